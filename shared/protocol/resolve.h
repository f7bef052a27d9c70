#pragma once
// `marshal resolve KIND`: a conflict's JSON input (participants, choices, cards) in, every step
// and the final state out. Given all cards, the result is fully deterministic; a card left out
// is drawn with the CSPRNG and reported as "virtual". With rng == nullptr every card must be
// given (physical mode). The JSON forms are documented in docs/conflict-json.md.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/character.h"
#include "core/csprng.h"
#include "protocol/json_fields.h"

namespace marshal::protocol {

// duel, shootout, fistfight, brawl, accusation, chase
const std::vector<std::string>& conflict_kinds();

// Where a participant given as {"code": CODE} comes from (the ledger: a badge and its
// character as the ledger knows it now). `path` names the code in the input, for messages.
using CharacterLookup = std::function<core::Character(const Json& code, const std::string& path)>;

// How much a resolution tells.
//  full:    {"kind", "steps", "story", "record", "result"} (stations, `marshal resolve`).
//  outcome: {"kind", "result"} and, when shots hit innocent bystanders, "bystander_fates"
//           {card: the shot's result}. The result is the same as in full; this is what the
//           ledger needs to replay a resolution, and it costs a third less: the steps, story
//           and record are never built.
enum class Detail { full, outcome };

// Throws InputError for malformed input and core::Refusal (field path prefixed) for an
// illegal move. Without a lookup, every participant is given in full.
Json resolve(std::string_view kind, const Json& input, core::Csprng* rng,
             const CharacterLookup* lookup = nullptr, Detail detail = Detail::full);

Json resolve_duel(const Json& input, core::Csprng* rng, const CharacterLookup* lookup = nullptr,
                  Detail detail = Detail::full);
Json resolve_shootout(const Json& input, core::Csprng* rng, const CharacterLookup* lookup = nullptr,
                      Detail detail = Detail::full);
Json resolve_fistfight(const Json& input, core::Csprng* rng, const CharacterLookup* lookup = nullptr,
                       Detail detail = Detail::full);
Json resolve_brawl(const Json& input, core::Csprng* rng, const CharacterLookup* lookup = nullptr,
                   Detail detail = Detail::full);
Json resolve_accusation(const Json& input, core::Csprng* rng, const CharacterLookup* lookup = nullptr,
                        Detail detail = Detail::full);
Json resolve_chase(const Json& input, core::Csprng* rng, const CharacterLookup* lookup = nullptr,
                   Detail detail = Detail::full);

// Where a full resolution's action cards came from, in the order drawn: {"station": [values
// the station drew with its CSPRNG], "table": [values entered from physical cards]}. A station
// records it with the event (field "draws") for the audit's fairness check (docs/audit.md).
Json draw_sources(const Json& resolution);
// At most this many cards in each list of a recorded "draws" (a long shootout draws a few
// hundred): the ledger refuses more.
inline constexpr std::size_t max_recorded_draws = 2000;

// Rounds played after the given ones when "until_over" is true, before giving up.
inline constexpr int max_automatic_rounds = 100;

}  // namespace marshal::protocol
