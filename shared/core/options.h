#pragma once
// Options an event may set where groups play differently (RULES.md). Defaults are RULES.md.
#include <string_view>
#include <optional>

#include "core/trait_roll.h"

namespace marshal::core {

enum class BrawlTieRule {
  redraw,   // the tied fighters draw again among themselves until one is lowest (default)
  all_out,  // every fighter tied for lowest is out (a tie of everyone still redraws)
};
std::string_view to_string(BrawlTieRule rule);
std::optional<BrawlTieRule> brawl_tie_rule_from_string(std::string_view text);

struct BrawlOptions {
  BrawlTieRule tie = BrawlTieRule::redraw;
};

struct ChaseOptions {
  int min_wait_s = 60;    // chase wait timer: random in [min, max] whole seconds unless set
  int max_wait_s = 180;
  int escape_after = 3;   // varmint cards in a row the posse does not match
  int base_hand = 5;      // hand = base + best rider's Riding + worst horse
};

// A Doctor heals "with time" (004 L248): the wound is gone this many minutes after the healing
// starts (an event option, heal_minutes); 0 heals at once.
inline constexpr int default_heal_minutes = 10;
inline constexpr int max_heal_minutes = 240;

struct EventOptions {
  BrawlOptions brawl;
  ChaseOptions chase;
  int heal_minutes = default_heal_minutes;
  // A tabletop game's ruleset (TABLETOP.md): its Bennies or chips (core/chips.h).
  Ruleset ruleset = Ruleset::savage;
};

}  // namespace marshal::core
