#pragma once
// The Gunslingin' chart (total = card + Accuracy in use):
//   <=6 miss; 7-8 nicked (no damage); 9-10 wounded; 11-12 dead;
//   >=13 shooter's choice (kill, or a wound of the shooter's choosing).
// "Trying not to kill", declared before the draw, moves a result one step down
// (dead->wounded, wounded->nicked, nicked->miss), except at >=13.
#include <optional>
#include <string>
#include <string_view>

namespace marshal::core {

enum class ShotResult { miss, nicked, wounded, dead, shooters_choice };
std::string_view to_string(ShotResult result);

inline constexpr int nick_from = 7;
inline constexpr int wound_from = 9;
inline constexpr int kill_from = 11;
inline constexpr int choice_from = 13;

ShotResult chart_row(int total);
ShotResult step_down_for_not_to_kill(ShotResult result);
// The chart row after not-to-kill.
ShotResult shot_result(int total, bool not_to_kill);

// What the shooter decides at >=13.
enum class ShotChoice {
  kill,
  wound,    // a wound of the shooter's choosing; the target fights on
  disable,  // a wound that ends the target's part in this fight (the gun arm, a knee-cap)
};
std::string_view to_string(ShotChoice choice);
std::optional<ShotChoice> shot_choice_from_string(std::string_view text);

// What a shot does to its target.
enum class Harm { none, wounded, disabled, dead };
std::string_view to_string(Harm harm);
Harm harm_of(ShotResult result, ShotChoice choice_at_13);

// Whether an innocent bystander may take this shot: only a wounding or killing result,
// never at >=13, never in a duel (the caller knows that).
bool bystander_may_take(ShotResult result);

// One shot as recorded.
struct Shot {
  int shooter = 0;
  int target = 0;
  int card = 0;
  int accuracy = 0;  // Accuracy used for this shot (after wound and commitment)
  int total = 0;
  bool not_to_kill = false;
  ShotResult result = ShotResult::miss;     // after not-to-kill
  std::optional<ShotChoice> choice;         // only at >=13
  std::optional<std::string> bystander;     // the card that took the bullet
  Harm harm = Harm::none;                   // to the target, after any bystander
};

// Resolves the chart part of a shot (not the bystander).
Shot resolve_shot(int shooter, int target, int card, int accuracy, bool not_to_kill,
                  ShotChoice choice_at_13);

}  // namespace marshal::core
