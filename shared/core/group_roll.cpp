#include "core/group_roll.h"

#include <cmath>
#include <string>
#include <utility>

#include "core/refusal.h"

namespace marshal::core {

namespace {

constexpr int max_members = 100;

void check_group(const TraitRoll& group, int members) {
  static_cast<void>(trait_odds(group));  // refused as any roll is
  if (group.wild_die == 0)
    throw Refusal(RefusalCode::out_of_range, "wild_die",
                  say("a group roll is one trait die and a Wild Die (001 L29), so it needs a Wild Die"));
  if (members < 1 || members > max_members)
    throw Refusal(RefusalCode::out_of_range, "members",
                  say("a group has 1..{} members, not {}", max_members, members));
}

RolledGroup judged(int members, RolledTrait roll) {
  RolledGroup group;
  group.members = members;
  group.successes = roll.success ? members : 0;
  group.roll = std::move(roll);
  return group;
}

}  // namespace

TraitRoll group_roll(const TraitRules& rules, int trait_die, int modifier, int tn) {
  return wild_card_roll(rules, trait_die, modifier, tn);
}

GroupOdds group_roll_odds(const TraitRoll& group, int members) {
  check_group(group, members);
  GroupOdds odds;
  odds.members = members;
  odds.group = trait_odds(group);
  TraitRoll alone = group;
  alone.wild_die = 0;
  const double p = trait_odds(alone).success, q = 1 - p;
  odds.alone_success = p;
  odds.alone_expected = members * p;
  odds.alone_at_least_one = 1 - std::pow(q, members);
  // P(k successes) = C(n, k) p^k q^(n-k), summed over k > n/2; C(n, k) built up from k = 0.
  double choose = 1;
  for (int k = 0; k <= members; ++k) {
    if (2 * k > members) odds.alone_majority += choose * std::pow(p, k) * std::pow(q, members - k);
    choose = choose * (members - k) / (k + 1);
  }
  return odds;
}

RolledGroup roll_group(const TraitRoll& group, int members, Csprng& rng) {
  check_group(group, members);
  return judged(members, roll_trait(group, rng));
}

RolledGroup group_from_dice(const TraitRoll& group, int members, std::vector<int> trait,
                            std::vector<int> wild) {
  check_group(group, members);
  return judged(members, roll_trait_from_dice(group, std::move(trait), std::move(wild)));
}

}  // namespace marshal::core
