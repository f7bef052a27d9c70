#include "core/options.h"

namespace marshal::core {

std::string_view to_string(BrawlTieRule rule) {
  return rule == BrawlTieRule::all_out ? "all_out" : "redraw";
}

std::optional<BrawlTieRule> brawl_tie_rule_from_string(std::string_view text) {
  if (text == "redraw") return BrawlTieRule::redraw;
  if (text == "all_out") return BrawlTieRule::all_out;
  return std::nullopt;
}

}  // namespace marshal::core
