#pragma once
// `marshal odds KIND`: exact odds (shared/core/odds.h) and, where asked, a Monte Carlo estimate
// of the whole conflict, as JSON. Forms are documented in docs/conflict-json.md.
#include <string_view>

#include "core/csprng.h"
#include "protocol/json_fields.h"

namespace marshal::protocol {

// kinds: shot, duel, fistfight, brawl, shootout, accusation, chase
Json odds(std::string_view kind, const Json& input, core::Csprng& rng);

inline constexpr int default_monte_carlo_trials = 20'000;

}  // namespace marshal::protocol
