#pragma once
// The options of The West That Wasn't's action time (seed 003, TABLETOP.md "The West That
// Wasn't (003): action time"): where the seed is ambiguous or a page is missing, the choice is a
// named option of the event, never a constant hidden in a formula. docs/tabletop.md lists them.
#include <optional>
#include <string_view>

namespace marshal::core::twtw {

// 003 has two wound tables (TABLETOP.md `wound_table`).
enum class WoundTable {
  five_level,  // 003 L533-538: Flesh -1/3, Light -2/5, Heavy -3/7, Serious -4/9, Critical -5/11
  four_level,  // 003 L554-558: Scratched -1/3, Light -1/5, Serious -2/7, Critical -3/9
};
std::string_view to_string(WoundTable option);  // "five_level", "four_level"
std::optional<WoundTable> wound_table_from_string(std::string_view text);

// 003 L141 "size 3 or less +1, two or less +2, and so on ... (increments at .5, .25 etc)".
enum class SizeSteps {
  halving,  // TABLETOP.md default: <= 3 +1, <= 1.5 +2, <= 0.75 +3, ... (each step half the last)
  literal,  // the words as written: <= 3 +1, <= 2 +2, <= 1 +3, then <= 0.5, <= 0.25, <= 0.125
};
std::string_view to_string(SizeSteps option);  // "halving", "literal"
std::optional<SizeSteps> size_steps_from_string(std::string_view text);

// Which row of the wound table gives a Stun check's TN (003 L542 and L583 can be read both ways;
// both say the previous wounds' penalty applies to the check and the new wound's does not).
enum class StunRow {
  after_hit,   // the row of the wound level the hit leaves the character at (default)
  before_hit,  // the row of the wound level before the hit (CT only: the first row, L565)
};
std::string_view to_string(StunRow option);  // "after_hit", "before_hit"
std::optional<StunRow> stun_row_from_string(std::string_view text);

// The seed's initiative page (003 L48) is missing, so how many phases an action of each speed
// takes is a table of the event. A character's declared actions run one after another from
// Phase I, and each lands (is resolved) in the last phase it takes. The default, 1 / 2 / 4,
// fits four phases to a round: four Fast actions (I, II, III, IV), two Normal (II, IV), or one
// Slow (IV). Free actions (003 L385) take no phase and are not in this table.
struct SpeedPhases {
  int fast = 1;
  int normal = 2;
  int slow = 4;
};

struct Options {
  WoundTable wound_table = WoundTable::five_level;
  SizeSteps size_steps = SizeSteps::halving;
  StunRow stun_row = StunRow::after_hit;
  SpeedPhases speed_phases{};
  bool bleeding = true;  // 003 L585 "Optional Bleeding Rules"
  bool risk =
      false;  // 003 L597-599: a critical head or torso wound counts as serious, out of action
};

// Refuses (out_of_range, `field`) a number outside low..high: every calculator's limit check.
void check_range(int value, int low, int high, const char* field);

}  // namespace marshal::core::twtw
