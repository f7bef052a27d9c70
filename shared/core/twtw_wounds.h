#pragma once
// Wounds by location in The West That Wasn't (003 L425-429, L510-591, L605-615): six locations
// of five wounds each, the character's wound level (the highest location), the penalty and
// the Stun TN by the event's wound table, bleeding, and the TNs of healing.
#include <array>
#include <optional>
#include <string_view>

#include "core/twtw_damage.h"
#include "core/twtw_options.h"

namespace marshal::core::twtw {

constexpr int wounds_to_disable = 5;  // L429: the 5th wound disables the location
constexpr int max_ct = 999;
constexpr int first_aid_ct_tn = 3;  // L607: Simple (3) Medicine restores all CT

enum class Location { head, torso, right_arm, left_arm, right_leg, left_leg };
constexpr int location_count = 6;
std::string_view to_string(Location l);  // "head", "torso", "right_arm", ...
std::optional<Location> location_from_string(std::string_view text);  // to_string's words back
bool is_limb(Location l);

// One row of a wound table. `penalty` is the table's modifier as a positive number, the amount
// it raises every TN of the character (L531, L540).
struct WoundRow {
  int level = 0;
  std::string_view name;
  int penalty = 0;
  int stun_tn = 0;
};
// The row of wound level 1..5. The four-level table has four rows (L554-558); its level 5 (the
// disabling 5th wound) is read as its last row, Critical. Level 0 is no wound: penalty 0, and
// the first row's Stun TN, which also holds for damage that is only CT (L565).
// Refused (out_of_range, "level") outside 0..5.
WoundRow wound_row(WoundTable table, int level);

struct WoundState {
  std::array<int, location_count> wounds{};  // 0..5 in each location
  int ct = 0;                                // concussion left; 0 or less: concussed (L548)
  bool stunned = false;
  int& at(Location l) { return wounds[static_cast<std::size_t>(l)]; }
  int at(Location l) const { return wounds[static_cast<std::size_t>(l)]; }
};
// The highest wound of any location (L525, L569).
int wound_level(const WoundState& s);

struct Hit {
  WoundState after;
  int level_before = 0;
  int level_after = 0;
  bool stun_check = false;  // false when already stunned (L583)
  int stun_tn = 0;          // the Fortitude check's TN (0 without a check)
  int stun_penalty = 0;     // the previous wounds' penalty on that check (L542)
  bool disabled = false;    // the location took its 5th wound (L429): a limb is destroyed
  bool dead = false;        // head or torso disabled (L429)
  bool out_of_action =
      false;               // the risk option turned a critical head or torso wound serious (L599)
  bool concussed = false;  // CT at 0 or less (L548)
};
// Damage to one location. Wounds beyond a limb's 5th are ignored but its CT is not (L527). With
// options.risk a head or torso wound that would be critical stays at serious and the hero is out
// of action (L599). Refused (out_of_range, "wounds", "ct") for a state or damage out of limits.
Hit apply_hit(const WoundState& before, Location where, const Damage& damage,
              const Options& options = {});

// The TN of a recovery check from stun (L591): the Stun TN of the current wound level.
int recovery_tn(const WoundState& s, WoundTable table);

// CT lost each round to bleeding (L587, optional): 1 from a location's 3rd wound (heavy), 2 from
// its 4th (serious), 3 for a limb with its 5th (critical); the worst location counts. The wound
// count is read the same way under both tables. 0 when options.bleeding is off.
int bleeding_ct(const WoundState& s, const Options& options = {});
// Bled to death: CT at minus the starting CT or lower (L587).
bool bled_to_death(int ct, int starting_ct);

// The TN of first aid on one location (L609-615): 3, 5, 7, 9 for 1..4 wounds (the table's four
// rows). Refused: (illegal_move, "wounds") for a location without wounds or a disabled one (L521).
int heal_tn(int wounds_in_location);

// Care after action time (L605-615): concussion care (a Simple (3) Medicine check restores all
// CT), first aid (Medicine, once per healer for each wounded area, within the hour of the injury:
// one wound less), a week's natural healing (Fortitude, each area apart: one level less). Both
// wound cares check against heal_tn of the location.
enum class Care { concussion, first_aid, natural };
std::string_view to_string(Care c);  // "concussion", "first_aid", "natural"
std::optional<Care> care_from_string(std::string_view text);

}  // namespace marshal::core::twtw
