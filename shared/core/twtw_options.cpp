#include "core/twtw_options.h"

#include <fmt/format.h>

#include "core/refusal.h"

namespace marshal::core::twtw {

std::string_view to_string(WoundTable option) {
  return option == WoundTable::four_level ? "four_level" : "five_level";
}

std::optional<WoundTable> wound_table_from_string(std::string_view text) {
  if (text == "five_level") return WoundTable::five_level;
  if (text == "four_level") return WoundTable::four_level;
  return std::nullopt;
}

std::string_view to_string(SizeSteps option) {
  return option == SizeSteps::literal ? "literal" : "halving";
}

std::optional<SizeSteps> size_steps_from_string(std::string_view text) {
  if (text == "halving") return SizeSteps::halving;
  if (text == "literal") return SizeSteps::literal;
  return std::nullopt;
}

std::string_view to_string(StunRow option) {
  return option == StunRow::before_hit ? "before_hit" : "after_hit";
}

std::optional<StunRow> stun_row_from_string(std::string_view text) {
  if (text == "after_hit") return StunRow::after_hit;
  if (text == "before_hit") return StunRow::before_hit;
  return std::nullopt;
}

void check_range(int value, int low, int high, const char* field) {
  if (value < low || value > high)
    throw Refusal(RefusalCode::out_of_range, field,
                  // TRANSLATORS: {0} is the number given, {1} and {2} the lowest and highest allowed.
                  say("{} is not in {}..{}", value, low, high));
}

}  // namespace marshal::core::twtw
