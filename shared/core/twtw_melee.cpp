#include "core/twtw_melee.h"

#include <fmt/format.h>

#include "core/refusal.h"
#include "core/twtw_options.h"
#include "core/twtw_order.h"
#include "i18n/translate.h"

namespace marshal::core::twtw {

using i18n::tr;

Advantage melee_advantage(int attacker_factors, int defender_factors) {
  check_range(attacker_factors, 0, max_advantage, "opponent_advantage");
  check_range(defender_factors, 0, max_advantage, "advantage");
  if (attacker_factors > defender_factors) return Advantage::attacker;
  if (defender_factors > attacker_factors) return Advantage::defender;
  return Advantage::none;
}

TnBreakdown melee_defense(const MeleeDefense& d) {
  check_range(d.skill, 0, max_skill, "skill");
  check_range(d.dodge, 0, max_dodge, "dodge");
  const Advantage adv = melee_advantage(d.opponent_advantage, d.advantage);
  TnBreakdown out;
  // Each reason reads as the rules word it, in the language tr() answers in (a station shows them).
  if (d.forgoes_defense) {
    // TRANSLATORS: a reason in a Target Number's breakdown: {} is the Easy TN; 003 L70 cites the rules.
    out.why.push_back({easy_tn, fmt::format(fmt::runtime(tr("{} forgoing defense: Defense 0, no advantage (003 L70)")),
                                            easy_tn)});
  } else {
    out.why.push_back(
        {melee_base_defense, fmt::format(fmt::runtime(tr("{} base Defense (003 L261)")), melee_base_defense)});
    if (d.skill > 0) out.why.push_back({d.skill, fmt::format(fmt::runtime(tr("+{} skill levels (L261)")), d.skill)});
    if (adv == Advantage::defender)
      // TRANSLATORS: {0} is the defender's advantage factors, {1} the attacker's.
      out.why.push_back({1, fmt::format(fmt::runtime(tr("+1 defender's advantage, {} factors to {} (L269)")),
                                        d.advantage, d.opponent_advantage)});
  }
  if (d.dodge > 0) {
    out.why.push_back({d.dodge, fmt::format(fmt::runtime(tr("+{} dodging (L359)")), d.dodge)});
    if (d.dodge_still) out.why.push_back({1, tr("+1 dodging without moving (L361)")});
  }
  for (const Modifier& m : out.why) out.tn += m.delta;
  return out;
}

int spend_skill_on_advantage(int skill, int spend) {
  check_range(skill, 1, max_skill, "skill");
  check_range(spend, 0, skill - 1, "spend");
  return skill - spend;
}

}  // namespace marshal::core::twtw
