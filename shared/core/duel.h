#pragma once
// Duel (RULES.md): exactly two gunslingers.
//   Draw: each commits 0..Accuracy (in use) to speed; total = card + Speed + committed. Higher
//   shoots first; a tie shoots simultaneously. The draw is its own round of use of the deck.
//   First round: the faster shoots with Accuracy - committed; the slower then shoots with its
//   own Accuracy - committed if still able. Later rounds: both shoot at once, full Accuracy.
//   Wound penalties apply from the moment of the wound. No bystanders. Deaths are lawful.
//   Ends at a death, a >=13 "disable" choice, when both stop, or when anyone else joins: then it
//   becomes a shootout carrying every wound over.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/action_deck.h"
#include "core/character.h"
#include "core/gunslinging.h"
#include "core/shootout.h"

namespace marshal::core {

struct DuelDraw {
  std::array<int, 2> committed{};
  std::array<int, 2> card{};
  std::array<int, 2> total{};
  int first = -1;  // 0 or 1; -1 for a tie (simultaneous)
  std::vector<std::vector<DrawnCard>> draws;
};

struct DuelShotChoices {
  std::array<bool, 2> not_to_kill{};
  std::array<ShotChoice, 2> choice_at_13{ShotChoice::kill, ShotChoice::kill};
};

struct DuelRound {
  int number = 0;  // 1 = the first round after the draw
  bool simultaneous = false;
  std::vector<Shot> shots;  // in firing order
  std::vector<std::vector<DrawnCard>> draws;
};

class Duel {
 public:
  enum class Phase { draw, first_round, later_rounds, over };

  Duel(Character a, Character b, std::int64_t now_ms);

  const DuelDraw& draw(std::array<int, 2> committed, DeckSupply& deck);
  const DuelRound& shoot(const DuelShotChoices& choices, DeckSupply& deck);
  void stop();  // both agree to stop
  // Someone else joins: the duel ends and a shootout starts with everybody, wounds carried over.
  Shootout into_shootout(std::vector<Character> joiners, std::int64_t now_ms);

  Phase phase() const { return phase_; }
  bool over() const { return phase_ == Phase::over; }
  bool able(int who) const { return !people_[who].dead() && !disabled_[who]; }
  const std::vector<Character>& people() const { return people_; }
  const std::vector<std::string>& names() const { return names_; }
  const std::optional<DuelDraw>& draw_result() const { return draw_; }
  const std::vector<DuelRound>& rounds() const { return rounds_; }

 private:
  Shot fire(int shooter, int accuracy, RoundDeck& cards, const DuelShotChoices& choices);
  void end_if_decided();

  std::vector<Character> people_;
  std::vector<std::string> names_;
  std::array<bool, 2> disabled_{};
  Phase phase_ = Phase::draw;
  std::optional<DuelDraw> draw_;
  std::vector<DuelRound> rounds_;
};

}  // namespace marshal::core
