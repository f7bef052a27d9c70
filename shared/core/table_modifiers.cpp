#include "core/table_modifiers.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "core/refusal.h"

namespace marshal::core {

namespace {

constexpr int max_wounds = 20;
constexpr int max_actions = 20;
constexpr int cells_around = 8;       // 002 L42: the 8 neighbouring cells of the target
constexpr int multi_action_step = 2;  // 002 L40: -2

// `field` is the option that would give the rule.
[[noreturn]] void refuse_missing_rule(const char* field) {
  const std::string_view option = field;
  i18n::Sentence why;
  if (option == "multi_action_penalty")
    // TRANSLATORS: {} is the option's name in options.csv (multi_action_penalty).
    why = say("these rules have no multi-action rule: it is deadlands-ru's (seed 002); savage and "
              "deadlands-1876 have none unless an event sets the option {}",
              option);
  else if (option == "gang_up")
    // TRANSLATORS: {} is the option's name in options.csv (gang_up).
    why = say("these rules have no gang-up rule: it is deadlands-ru's (seed 002); savage and "
              "deadlands-1876 have none unless an event sets the option {}",
              option);
  else
    // TRANSLATORS: {} is the option's name in options.csv (shooting_past_allies).
    why = say("these rules have no shooting-past-allies rule: it is deadlands-ru's (seed 002); "
              "savage and deadlands-1876 have none unless an event sets the option {}",
              option);
  throw Refusal(RefusalCode::illegal_move, field, why);
}

}  // namespace

int wound_modifier(const TraitRules& rules, int wounds) {
  if (wounds < 0 || wounds > max_wounds)
    throw Refusal(RefusalCode::out_of_range, "wounds",
                  say("a count of wounds is 0..{}, not {}", max_wounds, wounds));
  return rules.wound_penalty == WoundPenalty::per_wound ? -wounds : 0;
}

MultiAction multi_action(const TraitRules& rules, int actions) {
  if (actions < 1 || actions > max_actions)
    throw Refusal(RefusalCode::out_of_range, "actions",
                  say("a turn has 1..{} declared actions, not {}", max_actions, actions));
  MultiAction turn;
  turn.actions = actions;
  if (actions == 1) return turn;
  switch (rules.multi_action_penalty) {
    case MultiActionPenalty::none:
      refuse_missing_rule("multi_action_penalty");
      break;
    case MultiActionPenalty::flat:
      turn.penalty = -multi_action_step;
      break;
    case MultiActionPenalty::per_extra_action:
      turn.penalty = -multi_action_step * (actions - 1);
      break;
  }
  if (actions >= 3) turn.agility_tn = 4 + multi_action_step * (actions - 2);  // 002 L41
  return turn;
}

TraitRoll multi_action_agility_check(const TraitRoll& agility, int actions) {
  const MultiAction turn = multi_action(agility.rules, actions);
  if (turn.agility_tn == 0)
    throw Refusal(
        RefusalCode::out_of_range, "actions",
        say("an Agility check comes with 3 or more actions (002 L41), not {}", actions));
  TraitRoll check = agility;
  check.tn = turn.agility_tn;
  return check;
}

int gang_up_bonus(const TraitRules& rules, int attacker_allies, int target_allies) {
  if (attacker_allies < 0 || attacker_allies > cells_around)
    throw Refusal(RefusalCode::out_of_range, "attacker_allies",
                  say("the attacker's allies around the target is 0..{}, not {}", cells_around,
                      attacker_allies));
  if (target_allies < 0 || target_allies > cells_around)
    throw Refusal(RefusalCode::out_of_range, "target_allies",
                  say("the target's allies around it is 0..{}, not {}", cells_around, target_allies));
  if (attacker_allies + target_allies > cells_around)
    throw Refusal(RefusalCode::out_of_range, "target_allies",
                  say("the target has 8 cells around it (002 L42), not {} allies in them",
                      attacker_allies + target_allies));
  if (!rules.gang_up) refuse_missing_rule("gang_up");
  return std::max(0, attacker_allies - target_allies);  // 002 L42, L44
}

TraitRoll past_allies_shot(const TraitRoll& shot) {
  if (!shot.rules.shooting_past_allies)
    refuse_missing_rule("shooting_past_allies");
  TraitRoll raised = shot;
  raised.tn = shot.tn + 1;                // 002 L51
  static_cast<void>(trait_odds(raised));  // refused as any roll is
  return raised;
}

std::string_view to_string(PastAlliesHit hit) {
  switch (hit) {
    case PastAlliesHit::target:
      return "target";
    case PastAlliesHit::ally:
      return "ally";
    case PastAlliesHit::miss:
      return "miss";
  }
  return "unknown";
}

PastAlliesHit judge_past_allies(const TraitRoll& shot, const RolledTrait& rolled) {
  if (!shot.rules.shooting_past_allies)
    refuse_missing_rule("shooting_past_allies");
  if (rolled.success) return PastAlliesHit::target;
  if (!rolled.crit_fail && rolled.result == shot.tn - 1) return PastAlliesHit::ally;  // 002 L51
  return PastAlliesHit::miss;
}

PastAlliesOdds past_allies_odds(const TraitRoll& shot) {
  if (!shot.rules.shooting_past_allies) refuse_missing_rule("shooting_past_allies");
  PastAlliesOdds odds;
  odds.target = trait_odds(shot).success;
  // P(result = TN - 1, no Critical Failure) = P(reaching TN - 1) - P(reaching TN), both counted
  // as trait_odds counts success (the shot's TN is at least 2: raised from 1 or more).
  TraitRoll one_less = shot;
  one_less.tn = shot.tn - 1;
  odds.ally = trait_odds(one_less).success - odds.target;
  // Success leaves out an Extra's natural 1 that fails whatever its total (002 L45); unless the
  // d6 after it shows 1 (a Critical Failure: 001 L23), its value may be exactly TN - 1.
  const int natural_one_value = shot.rules.natural_one ? std::min(1, 1 + shot.modifier) : 1 + shot.modifier;
  if (shot.wild_die == 0 && shot.rules.extra_one_always_fails && natural_one_value == shot.tn - 1)
    odds.ally += (1.0 / shot.trait_die) * (5.0 / 6.0);
  odds.miss = 1 - odds.target - odds.ally;
  return odds;
}

int melee_tn(int parry, bool full_defence) {
  if (parry < 0 || parry > max_parry)
    throw Refusal(RefusalCode::out_of_range, "parry", say("Parry is 0 to {}, not {}", max_parry, parry));
  return parry + (full_defence ? full_defence_bonus : 0);
}

std::string_view to_string(RandomVictim victim) {
  switch (victim) {
    case RandomVictim::none: return "none";
    case RandomVictim::anyone: return "anyone";
    case RandomVictim::no_enemy: return "no_enemy";
  }
  return "";
}

RandomVictim random_victim(const RolledTrait& attack, bool spray) {
  if (attack.success || attack.trait.empty()) return RandomVictim::none;
  int trait_total = 0;
  for (int face : attack.trait) trait_total += face;
  if (trait_total > (spray ? 2 : 1)) return RandomVictim::none;
  const bool snake_eyes = attack.crit_fail && !attack.wild.empty();  // a Wild Card's (L50)
  return snake_eyes ? RandomVictim::no_enemy : RandomVictim::anyone;
}

SituatedRoll with_table_rules(const TraitRoll& roll, const TableSituation& situation) {
  SituatedRoll s;
  s.roll = roll;
  s.wound_modifier = wound_modifier(roll.rules, situation.wounds);
  s.multi_action_modifier = multi_action(roll.rules, situation.actions).penalty;
  if (situation.attacker_allies != 0 || situation.target_allies != 0)
    s.gang_up_bonus = gang_up_bonus(roll.rules, situation.attacker_allies, situation.target_allies);
  s.roll.modifier += s.wound_modifier + s.multi_action_modifier + s.gang_up_bonus;
  if (situation.past_allies) {
    s.roll = past_allies_shot(s.roll);
    s.tn_raise = 1;
  }
  return s;
}

}  // namespace marshal::core
