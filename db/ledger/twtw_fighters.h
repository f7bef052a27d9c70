#pragma once
// What the ledger's action-time events (apply_twtw.cpp) share about The West That Wasn't's
// fighters and rounds: a row of twtw_characters read and written, the character a payload names,
// whether they can act, the event's options and the round that runs. Internal to db/ledger.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/refusal.h"
#include "core/twtw_order.h"
#include "core/twtw_wounds.h"
#include "ledger/apply.h"
#include "ledger/twtw_definition.h"

namespace marshal::db::twtw_ledger {

namespace tw = core::twtw;

inline constexpr std::size_t max_round_characters = 64;  // core twtw order reads at most 64 as well
inline constexpr std::size_t max_step_hits = 32;         // hits applied in one step (fan firing, a brawl)
inline constexpr std::size_t max_declared_actions = 4;   // four Fast actions fill a round's phases
inline constexpr std::size_t max_note = 200;             // characters of a GM's note

// A character's states, worst last: a hit never makes a character better.
const std::vector<std::string>& states();
std::string worse(const std::string& a, const std::string& b);

// One row of twtw_characters.
struct Fighter {
  std::int64_t id = 0;
  std::string name;
  int reflex = 0;
  int size = tw::max_size;
  int start_ct = 0;
  tw::WoundState w;
  int bleeding = 0;
  std::string state;
};

Json wounds_json(const tw::WoundState& w);
// What a step keeps of a fighter to put back on an Undo.
Json snapshot(const Fighter& f);
void save(Database& db, const Fighter& f);
std::optional<Fighter> load(Town& town, std::int64_t id);
// The character a payload names, who must take part in action time (twtw.csv).
Fighter fighter(Town& town, const Json& name, const std::string& field);
// A character who must be able to act: not dead, concussed or out of action.
void require_able(const Fighter& f, const std::string& field);
LedgerRefusal from_engine(const core::Refusal& r, const std::string& prefix);
tw::Options twtw_options(Database& db);

// The last round, if any.
struct Round {
  std::int64_t seq = 0;
  int number = 0;
  Json declarations;  // [{"character", "phases", "continuous", "dodge", "surprised", "acts"}]
  Json steps;         // as core twtw round_order judged them
  int done = 0;       // steps resolved
  bool ended = false;
};
std::optional<Round> last_round(Database& db);
Round running_round(Database& db);
const Json* declaration_of(const Round& round, const std::string& name);
bool in_list(const Json& names, const std::string& name);
tw::Speed speed_of(const Json& value, const std::string& field);

}  // namespace marshal::db::twtw_ledger

namespace marshal::db {
// twtw_cared (apply_twtw_care.cpp): concussion care, first aid, natural healing (003 L605-615).
void apply_twtw_care(ApplyContext& ctx, const core::twtw::Options& options);
}  // namespace marshal::db
