#pragma once
// The town at a glance, on the GM station's home screen under its keys (issue 28): who is dead,
// wounded, in jail, banished, knocked out or aching, with their timers; the open vote; the last
// conflicts any station recorded. Made from what the station reads anyway: the ledger's timers
// with the town (GET /timers as a GM station, server/town_view.h), refreshed by the watch, and
// the live feed.
#include <cstddef>
#include <string>
#include <vector>

#include "protocol/json_fields.h"

namespace marshal::gm {

using protocol::Json;

// The people named at most (a larger count is said as "and N more"): the home screen fits
// 1024 x 600 with the keys above.
inline constexpr std::size_t glance_people_shown = 6;
// The last conflicts listed (the live panel beside lists every event).
inline constexpr std::size_t glance_conflicts_shown = 2;

struct TownGlance {
  std::vector<std::string> people;     // "Ann Boyd: Wounded (left arm); Healing: the wound is gone in 12 min"
  std::string vote;                    // empty: no vote open
  std::vector<std::string> conflicts;  // the newest first, as the live panel words them
};

// A running timer in words ("Knocked out: 3 min left"), its minutes rounded up: the same on the
// glance and in a character's view on the home screen.
std::string timer_words(const Json& timer);

// `timers`: GET /timers's reply ({"timers": [...], "town": {"people": [...]}}); `last_conflicts`:
// the newest last.
TownGlance town_glance(const Json& timers, const std::vector<std::string>& last_conflicts);
// The glance in lines, its heading first.
std::string town_glance_text(const TownGlance& glance);

}  // namespace marshal::gm
