#pragma once
// The West That Wasn't's action cards as data (TABLETOP.md "The West That Wasn't"; 003 L74,
// L106, L396-490): the card faces are not in the seed, so a group supplies its deck as a CSV
// (db/import/twtw_deck.h reads and checks it; docs/twtw.md lists its columns). One card here is
// what a drawn card shows: its result against the TN, its hit-location stack, its effect
// section, scatter, failure number and unintended-target icons.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/twtw_wounds.h"

namespace marshal::core::twtw {

// Where a hit lands as a card's location stack names it (L402-408): vitals, chest and belly
// are the torso for wounds (L406); a limb names its side.
enum class HitLocation { head, vitals, chest, belly, right_arm, left_arm, right_leg, left_leg };
std::string_view to_string(HitLocation location);            // "head", "right arm"...
std::optional<HitLocation> hit_location_from_string(std::string_view text);
Location wound_location(HitLocation location);                // vitals, chest, belly -> torso

inline constexpr int max_card_result = 40;     // a card's result (TNs run 3 to about 20)
inline constexpr int max_effect_rows = 10;     // rows of a card's effect section
inline constexpr int max_effect_value = 40;
inline constexpr int max_unintended_icons = 6; // figure icons in the unintended-targets section

struct ActionCard {
  std::string name;                       // as printed, unique in the deck ("17", "Q-spades")
  int result = 0;                         // compared with the TN (L74): it hits when >= TN
  std::array<HitLocation, 4> locations{};  // the stack top to bottom; [2] is the standard (L402)
  std::vector<int> effects;               // the effect section, one value a row, top first
  int scatter = 0;                        // the clock face's hour 1..12 (twtw_ancillary.h), 0: none
  int failure = 1;                        // the failure number (equipment_fails)
  std::vector<int> unintended;            // the numbers in the figure icons (L488-490)
};

// The standard hit location: the second from the bottom of the stack (L402).
inline HitLocation standard_location(const ActionCard& card) { return card.locations[2]; }

// The hit location bumped along the card's stack (L404, L410-417): up toward its top for each bump
// up (a punch, height in a fight, point blank), down for each down (a kick); from the standard
// location. Past the stack's top or bottom the hit stays at the end (a reading: the seed is
// silent). Refused (out_of_range, "bumps") outside -max_location_bumps..max_location_bumps.
inline constexpr int max_location_bumps = 3;  // L412-415 list three up and one down
HitLocation bumped_location(const ActionCard& card, int bumps_up);

// The damage bumps of where a hit lands (L427): the head 2, vitals 1, elsewhere none.
int damage_bumps(HitLocation where);
// The effect row a weapon's DMG reads once bumped: damage bumps "add directly to the effect row"
// (L458), so a weapon's (2)6 with the head's two reads row 4. Past the card's last row it reads the
// last (a reading: the seed is silent there). Refused (out_of_range, "row") for a weapon row
// outside 1..card_rows or card_rows outside 1..max_effect_rows, and (out_of_range, "bumps") for
// bumps below 0 or above max_effect_rows.
int bumped_row(int weapon_row, int bumps, int card_rows);

}  // namespace marshal::core::twtw
