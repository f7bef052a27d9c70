#pragma once
// Brawl (RULES.md): 3 or more. Each round everyone standing draws from one fresh deck and adds
// HtH in use; the lowest total is out (unconscious until the brawl ends, then 5 minutes of
// headache). A tie for lowest: the tied fighters draw again among themselves, each time from a
// fresh deck, until one is lowest (option all_out: every tied fighter is out). Between rounds
// anyone may flee (and may not come back) and anyone who has not fled may join. Ends when one
// fighter is left standing. Brawls are never fatal.
#include <cstdint>
#include <vector>

#include "core/action_deck.h"
#include "core/character.h"
#include "core/options.h"

namespace marshal::core {

struct BrawlDraw {
  std::vector<int> fighters;  // who drew in this use of the deck
  std::vector<int> totals;    // card + HtH, same order
};

struct BrawlRound {
  int number = 0;
  std::vector<int> fled;    // before this round
  std::vector<int> joined;  // before this round
  std::vector<BrawlDraw> draws_by_use;  // the round's draw, then any tie-break redraws
  std::vector<int> out;     // knocked out of the room this round
  std::vector<std::vector<DrawnCard>> draws;
};

class Brawl {
 public:
  Brawl(std::vector<Character> people, BrawlOptions options, std::int64_t now_ms);

  void flee(int who, std::int64_t now_ms);
  // Returns the newcomer's index.
  int join(Character joiner, std::int64_t now_ms);
  // now_ms: when the round is played; if the brawl ends, the losers' headaches start then.
  const BrawlRound& round(DeckSupply& deck, std::int64_t now_ms);

  bool over() const { return over_; }
  bool standing(int who) const { return state_[who] == State::standing; }
  bool fled(int who) const { return state_[who] == State::fled; }
  bool out(int who) const { return state_[who] == State::out; }
  std::vector<int> standing_fighters() const;
  int winner() const;  // -1 until over with one left standing
  const std::vector<Character>& people() const { return people_; }
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<BrawlRound>& rounds() const { return rounds_; }

 private:
  enum class State { standing, fled, out };
  void check_between_rounds(const std::string& field) const;
  void end_if_decided(std::int64_t now_ms);

  std::vector<Character> people_;
  std::vector<std::string> names_;
  std::vector<State> state_;
  BrawlOptions options_;
  std::vector<int> pending_fled_, pending_joined_;
  std::vector<BrawlRound> rounds_;
  bool over_ = false;
};

}  // namespace marshal::core
