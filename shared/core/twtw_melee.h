#pragma once
// Melee in The West That Wasn't (003 L255-273, L70, L359): the Defense that is the TN to hit, and
// who holds the advantage.
#include "core/twtw_ranged.h"

namespace marshal::core::twtw {

constexpr int melee_base_defense = 3;  // L261
constexpr int max_skill = 10;          // skill levels run 1-5 (L329); room for house rules
constexpr int max_advantage = 20;

// Who wins the advantage (L269): the side with more factors; a tie gives it to no one.
enum class Advantage { none, attacker, defender };
Advantage melee_advantage(int attacker_factors, int defender_factors);

struct MeleeDefense {
  int skill = 0;               // the defender's level in the skill used (weapon or Fighting), 0..10
  int advantage = 0;           // the defender's advantage factors, 0..20
  int opponent_advantage = 0;  // the attacker's, 0..20
  bool forgoes_defense = false;  // moving 50% further: Defense 0, TN 3, no advantage (L70)
  int dodge = 0;                 // the Dodge attribute when a dodge is declared (L359), 0..20
  bool dodge_still = false;      // and not moving: +1 (L361)
};

// Defense = 3 + skill (Hank, Brawl 1: 4, L263), +1 when the defender has the advantage, plus the
// dodge; forgoing defense, TN 3 and no advantage (L70; the dodge still applies). The attacker's
// advantage is +1 to its result, not to this TN (L269). Refused (out_of_range, field named)
// outside the limits.
TnBreakdown melee_defense(const MeleeDefense& d);

// Skill levels spent on advantage (L273): one factor each, not used for the result, and the
// skill may not drop below 1. Returns the skill left; refused (out_of_range, "spend") otherwise.
int spend_skill_on_advantage(int skill, int spend);

}  // namespace marshal::core::twtw
