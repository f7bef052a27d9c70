#pragma once
// Fistfight (RULES.md): exactly two fighters. Each round both secretly split HtH (in use) into
// offense + defense, then both draw one card from one fresh deck:
//   total = card + own offense - opponent's defense; <=6 miss; 7-9 stun; >=10 knocked out.
// Both results of a round apply. A stunned fighter spends the next round as a free round for
// the opponent: no draw, no attack, defense 0. Stuns count in a row (a round without being
// stunned resets the count); the third stun in a row is a knock-out (5 minutes unconscious).
// Ends at a knock-out, when both stop, or when a third fighter joins: it becomes a brawl.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/action_deck.h"
#include "core/brawl.h"
#include "core/character.h"

namespace marshal::core {

inline constexpr int fist_stun_from = 7;
inline constexpr int fist_knock_out_from = 10;
inline constexpr int stuns_in_a_row_for_knock_out = 3;

enum class FistResult { miss, stun, knock_out };
std::string_view to_string(FistResult result);
FistResult fist_chart(int total);

struct FistSplit {
  int offense = 0;
  int defense = 0;
};

struct FistAttack {
  int attacker = 0;
  int card = 0;
  int offense = 0;
  int defense_against = 0;  // the defender's defense (0 while the defender is stunned)
  int total = 0;
  FistResult result = FistResult::miss;
};

struct FistRound {
  int number = 0;
  std::array<bool, 2> sat_out{};     // stunned: a free round for the opponent
  std::array<FistSplit, 2> splits{};
  std::vector<FistAttack> attacks;
  std::array<int, 2> stuns_in_a_row{};   // after the round
  std::array<bool, 2> knocked_out{};     // this round (by a hit or the third stun)
  std::vector<std::vector<DrawnCard>> draws;
};

class Fistfight {
 public:
  Fistfight(Character a, Character b, std::int64_t now_ms);

  // splits[i] is needed for a fighter who is not sitting out; ignored for one who is.
  const FistRound& round(const std::array<std::optional<FistSplit>, 2>& splits, DeckSupply& deck,
                         std::int64_t now_ms);
  void stop();
  // A third fighter (or more) joins: the fistfight ends and a brawl starts.
  Brawl into_brawl(std::vector<Character> joiners, BrawlOptions options, std::int64_t now_ms);

  bool over() const { return over_; }
  bool sits_out_next(int who) const { return stunned_[who]; }
  const std::vector<Character>& people() const { return people_; }
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<FistRound>& rounds() const { return rounds_; }

 private:
  std::vector<Character> people_;
  std::vector<std::string> names_;
  std::array<bool, 2> stunned_{};  // sits out the next round
  std::array<int, 2> stuns_in_a_row_{};
  std::vector<FistRound> rounds_;
  bool over_ = false;
};

}  // namespace marshal::core
