#pragma once
// Cheating accusation (RULES.md). A trick is single-use for the evening and spent when flipped
// at the table, whether or not anyone accuses. Accuser and accused each draw (one fresh deck)
// and add Gambling in use; the accuser must be strictly higher to open the trick. Cheat: the
// accused loses a random bystander. Skill, or the accuser not higher: the accuser loses one.
// The trick's flag is revealed only when it is opened.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/action_deck.h"
#include "core/character.h"
#include "core/csprng.h"

namespace marshal::core {

enum class TrickFlag { cheat, skill };
std::string_view to_string(TrickFlag flag);
std::optional<TrickFlag> trick_flag_from_string(std::string_view text);

struct Trick {
  std::string code;
  std::string hand;  // e.g. "Full House": what the outside of the card shows
  TrickFlag flag = TrickFlag::skill;
  bool spent = false;
};

// Flipping spends the trick; refuses one already played this evening.
void flip_trick(Trick& trick);

struct AccusationOutcome {
  std::array<int, 2> card{};   // accuser, accused
  std::array<int, 2> total{};
  bool opened = false;
  std::optional<TrickFlag> revealed;   // only when opened
  int loser = 0;                       // 0 accuser, 1 accused
  std::optional<std::string> bystander_lost;  // nullopt: the loser had none left
  std::vector<std::vector<DrawnCard>> draws;
};

// people = {accuser, accused}; the trick must have been flipped. bystander_pick replays a
// recorded random pick; otherwise rng picks it.
AccusationOutcome resolve_accusation(std::vector<Character>& people, const Trick& trick,
                                     DeckSupply& deck, const std::optional<std::string>& bystander_pick,
                                     Csprng* rng, std::int64_t now_ms);

}  // namespace marshal::core
