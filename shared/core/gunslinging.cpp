#include "core/gunslinging.h"

namespace marshal::core {

std::string_view to_string(ShotResult result) {
  switch (result) {
    case ShotResult::miss: return "miss";
    case ShotResult::nicked: return "nicked";
    case ShotResult::wounded: return "wounded";
    case ShotResult::dead: return "dead";
    case ShotResult::shooters_choice: return "shooters_choice";
  }
  return "unknown";
}

ShotResult chart_row(int total) {
  if (total >= choice_from) return ShotResult::shooters_choice;
  if (total >= kill_from) return ShotResult::dead;
  if (total >= wound_from) return ShotResult::wounded;
  if (total >= nick_from) return ShotResult::nicked;
  return ShotResult::miss;
}

ShotResult step_down_for_not_to_kill(ShotResult result) {
  switch (result) {
    case ShotResult::dead: return ShotResult::wounded;
    case ShotResult::wounded: return ShotResult::nicked;
    case ShotResult::nicked: return ShotResult::miss;
    case ShotResult::miss: return ShotResult::miss;
    case ShotResult::shooters_choice: return ShotResult::shooters_choice;
  }
  return result;
}

ShotResult shot_result(int total, bool not_to_kill) {
  ShotResult row = chart_row(total);
  return not_to_kill ? step_down_for_not_to_kill(row) : row;
}

std::string_view to_string(ShotChoice choice) {
  switch (choice) {
    case ShotChoice::kill: return "kill";
    case ShotChoice::wound: return "wound";
    case ShotChoice::disable: return "disable";
  }
  return "unknown";
}

std::optional<ShotChoice> shot_choice_from_string(std::string_view text) {
  if (text == "kill") return ShotChoice::kill;
  if (text == "wound") return ShotChoice::wound;
  if (text == "disable") return ShotChoice::disable;
  return std::nullopt;
}

std::string_view to_string(Harm harm) {
  switch (harm) {
    case Harm::none: return "none";
    case Harm::wounded: return "wounded";
    case Harm::disabled: return "disabled";
    case Harm::dead: return "dead";
  }
  return "unknown";
}

Harm harm_of(ShotResult result, ShotChoice choice_at_13) {
  switch (result) {
    case ShotResult::miss:
    case ShotResult::nicked: return Harm::none;
    case ShotResult::wounded: return Harm::wounded;
    case ShotResult::dead: return Harm::dead;
    case ShotResult::shooters_choice:
      switch (choice_at_13) {
        case ShotChoice::kill: return Harm::dead;
        case ShotChoice::wound: return Harm::wounded;
        case ShotChoice::disable: return Harm::disabled;
      }
  }
  return Harm::none;
}

bool bystander_may_take(ShotResult result) {
  return result == ShotResult::wounded || result == ShotResult::dead;
}

Shot resolve_shot(int shooter, int target, int card, int accuracy, bool not_to_kill,
                  ShotChoice choice_at_13) {
  Shot shot;
  shot.shooter = shooter;
  shot.target = target;
  shot.card = card;
  shot.accuracy = accuracy;
  shot.total = card + accuracy;
  shot.not_to_kill = not_to_kill;
  shot.result = shot_result(shot.total, not_to_kill);
  if (shot.result == ShotResult::shooters_choice) shot.choice = choice_at_13;
  shot.harm = harm_of(shot.result, choice_at_13);
  return shot;
}

}  // namespace marshal::core
