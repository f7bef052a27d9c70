#include "core/monte_carlo.h"

#include <cmath>

#include "core/refusal.h"
#include "core/shootout.h"
#include "core/brawl.h"

namespace marshal::core {

namespace {

class Tally {
 public:
  explicit Tally(std::vector<std::string> outcomes) : outcomes_(std::move(outcomes)) {
    counts_.assign(outcomes_.size(), 0);
  }
  void count(std::size_t outcome) { ++counts_[outcome]; }
  MonteCarloResult result(int trials) const {
    MonteCarloResult r;
    r.trials = trials;
    for (std::size_t i = 0; i < outcomes_.size(); ++i) {
      double p = trials > 0 ? static_cast<double>(counts_[i]) / trials : 0.0;
      r.estimates.push_back({outcomes_[i], p, trials > 0 ? std::sqrt(p * (1 - p) / trials) : 0.0});
    }
    return r;
  }

 private:
  std::vector<std::string> outcomes_;
  std::vector<long> counts_;
};

void check_trials(int trials) {
  if (trials < 1 || trials > 100'000'000)
    throw Refusal(RefusalCode::out_of_range, "trials", say("trials must be between 1 and 100000000"));
}

}  // namespace

const Estimate& MonteCarloResult::at(const std::string& outcome) const {
  for (const auto& e : estimates)
    if (e.outcome == outcome) return e;
  throw Refusal(RefusalCode::unknown_participant, "outcome", say("no outcome '{}'", outcome));
}

MonteCarloResult duel_monte_carlo(const std::array<Character, 2>& duelists,
                                  std::array<int, 2> committed, const DuelShotChoices& choices,
                                  int trials, Csprng& rng) {
  check_trials(trials);
  const std::string& a = duelists[0].name;
  const std::string& b = duelists[1].name;
  enum { win_a, win_b, both, undecided, dead_a, dead_b };
  // The outcomes are keys of the odds' JSON (protocol/odds_json.cpp), read by programs.
  Tally tally({a + " wins", b + " wins", "both fall", "undecided", a + " dead", b + " dead"});  // i18n: not words
  for (int t = 0; t < trials; ++t) {
    Duel duel(duelists[0], duelists[1], 0);
    DeckSupply draw_deck({}, &rng, &duel.names());
    duel.draw(committed, draw_deck);
    for (int round = 0; round < monte_carlo_max_rounds && !duel.over(); ++round) {
      DeckSupply deck({}, &rng, &duel.names());
      duel.shoot(choices, deck);
    }
    bool able_a = duel.able(0), able_b = duel.able(1);
    if (able_a && able_b) tally.count(undecided);
    else if (!able_a && !able_b) tally.count(both);
    else tally.count(able_a ? win_a : win_b);
    if (duel.people()[0].dead()) tally.count(dead_a);
    if (duel.people()[1].dead()) tally.count(dead_b);
  }
  return tally.result(trials);
}

MonteCarloResult fistfight_monte_carlo(const std::array<Character, 2>& fighters,
                                       std::array<FistSplit, 2> splits, int trials, Csprng& rng) {
  check_trials(trials);
  enum { ko_a, ko_b, both, undecided };
  Tally tally({fighters[0].name + " knocked out", fighters[1].name + " knocked out",  // i18n: not words
               "both knocked out", "undecided"});                                   // i18n: not words
  for (int t = 0; t < trials; ++t) {
    Fistfight fight(fighters[0], fighters[1], 0);
    const FistRound* last = nullptr;
    for (int round = 0; round < monte_carlo_max_rounds && !fight.over(); ++round) {
      DeckSupply deck({}, &rng, &fight.names());
      last = &fight.round({splits[0], splits[1]}, deck, 0);
    }
    if (!fight.over() || !last) {
      tally.count(undecided);
    } else if (last->knocked_out[0] && last->knocked_out[1]) {
      tally.count(both);
    } else {
      tally.count(last->knocked_out[0] ? ko_a : ko_b);
    }
  }
  return tally.result(trials);
}

MonteCarloResult brawl_monte_carlo(const std::vector<Character>& fighters, BrawlOptions options,
                                   int trials, Csprng& rng) {
  check_trials(trials);
  std::vector<std::string> outcomes;
  for (const auto& f : fighters) outcomes.push_back(f.name + " wins");
  Tally tally(outcomes);
  for (int t = 0; t < trials; ++t) {
    Brawl brawl(fighters, options, 0);
    while (!brawl.over()) {
      DeckSupply deck({}, &rng, &brawl.names());
      brawl.round(deck, 0);
    }
    tally.count(static_cast<std::size_t>(brawl.winner()));
  }
  return tally.result(trials);
}

MonteCarloResult shootout_monte_carlo(const std::vector<Character>& people,
                                      const std::vector<int>& targets, bool not_to_kill,
                                      int trials, Csprng& rng) {
  check_trials(trials);
  const int n = static_cast<int>(people.size());
  if (static_cast<int>(targets.size()) != n)
    throw Refusal(RefusalCode::missing_input, "targets", say("every participant needs a target"));
  std::vector<std::string> outcomes;
  for (const auto& p : people) outcomes.push_back(p.name + " dead");
  for (const auto& p : people) outcomes.push_back(p.name + " wounded");
  Tally tally(outcomes);
  for (int t = 0; t < trials; ++t) {
    Shootout fight(people, {}, 0);
    for (int round = 0; round < monte_carlo_max_rounds && !fight.over(); ++round) {
      std::vector<std::optional<ShootoutAction>> actions(n);
      for (int i = 0; i < n; ++i) {
        if (!fight.present(i)) continue;
        ShootoutAction a;
        if (fight.can_shoot(i)) {
          int target = targets[i];
          if (target < 0 || target >= n || target == i || !fight.present(target)) {
            target = -1;
            for (int j = 0; j < n && target < 0; ++j)
              if (j != i && fight.present(j)) target = j;
          }
          if (target >= 0) a = {ShootoutAction::Kind::shoot, target, not_to_kill, ShotChoice::kill};
        }
        actions[i] = a;
      }
      DeckSupply deck({}, &rng, &fight.names());
      fight.shoot(actions, deck);
      fight.settle({});
    }
    for (int i = 0; i < n; ++i) {
      if (fight.people()[i].dead()) tally.count(static_cast<std::size_t>(i));
      else if (fight.people()[i].wounded) tally.count(static_cast<std::size_t>(n + i));
    }
  }
  return tally.result(trials);
}

MonteCarloResult chase_monte_carlo(const LocationMap& map, const std::vector<ChaseRider>& varmint,
                                   const std::vector<ChaseRider>& posse,
                                   const ChaseOptions& options, int trials, Csprng& rng) {
  check_trials(trials);
  enum { escaped, caught, varmint_stuck, posse_stuck };
  Tally tally({"escaped", "caught", "varmint stuck in town", "posse stuck in town"});  // i18n: not words
  const int varmint_size = chase_hand_size(varmint, options);
  const int posse_size = chase_hand_size(posse, options);
  for (int t = 0; t < trials; ++t) {
    Chase::Hands hands = Chase::deal(map, varmint_size, posse_size, rng);
    Chase chase(map, hands.varmint, hands.posse, std::nullopt, options);
    while (chase.status() == ChaseStatus::running) chase.play_automatic_turn(rng);
    tally.count(chase.status() == ChaseStatus::escaped ? escaped : caught);
    if (chase.varmint_stuck_in_town()) tally.count(varmint_stuck);
    if (chase.posse_stuck_in_town()) tally.count(posse_stuck);
  }
  return tally.result(trials);
}

}  // namespace marshal::core
