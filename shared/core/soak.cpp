#include "core/soak.h"

#include <algorithm>

#include "core/refusal.h"

namespace marshal::core {

SoakOdds soak_odds(const TraitRoll& vigor, int hit_wounds) {
  if (hit_wounds < 1 || hit_wounds > max_soak_wounds)
    throw Refusal(RefusalCode::out_of_range, "wounds", say("a hit's wounds to soak are 1 to {}", max_soak_wounds));
  SoakOdds odds;
  const bool chip_first = vigor.rules.soak == SoakRule::chip_then_tn8;
  odds.automatic = chip_first ? 1 : 0;
  odds.tn = chip_first ? soak_tn_after_chip : soak_tn;
  TraitRoll roll = vigor;
  roll.tn = odds.tn;  // the rule's, whatever the caller's roll held
  for (int k = 1; k <= hit_wounds; ++k) {
    if (k <= odds.automatic) {
      trait_odds(roll);  // the roll is judged all the same: a bad die is refused, not soaked
      odds.soak_at_least.push_back(1.0);
      continue;
    }
    // The k-th wound needs the (k - automatic - 1)-th raise: success, then one raise a wound.
    roll.tn = odds.tn + 4 * (k - odds.automatic - 1);
    odds.soak_at_least.push_back(trait_odds(roll).success);
  }
  return odds;
}

int soak_roll_tn(SoakRule rule) { return rule == SoakRule::chip_then_tn8 ? soak_tn_after_chip : soak_tn; }

int soaked_wounds(SoakRule rule, const RolledTrait& vigor, int hit_wounds) {
  if (hit_wounds < 1 || hit_wounds > max_soak_wounds)
    throw Refusal(RefusalCode::out_of_range, "wounds", say("a hit's wounds to soak are 1 to {}", max_soak_wounds));
  const int automatic = rule == SoakRule::chip_then_tn8 ? 1 : 0;
  const int by_roll = vigor.success ? 1 + vigor.raises : 0;
  return std::min(hit_wounds, automatic + by_roll);
}

}  // namespace marshal::core
