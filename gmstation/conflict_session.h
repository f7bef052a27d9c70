#pragma once
// The model behind a conflict screen (no wx here): the participants as scanned, the choices and
// cards entered so far, resolution through shared/protocol after every step, and the payload
// the ledger records. The screen shows what resolve() says; the ledger replays the same input.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/csprng.h"
#include "protocol/json_fields.h"

namespace marshal::gm {

using protocol::Json;

// Someone the conflict wounded: who asks them which limb they lose.
struct WoundedPerson {
  std::string badge, name;
};

struct SessionOutcome {
  bool ok = false;
  Json resolution;   // steps, story, record, result
  std::string field, error;
};

class ConflictSession {
 public:
  // options: the event's (GET /event), so the station resolves as the ledger will (a brawl's
  // tie rule, the attribute cap); they never go into the record: the ledger adds its own.
  explicit ConflictSession(std::string kind, const Json& options = nullptr) : kind_(std::move(kind)) {
    if (options.is_object()) input_["options"] = options;
  }

  // From a character view (docs/server.md): the character as the rules need it.
  static Json character_from_view(const Json& view);

  // Adds a participant under `list_key` (duelists, participants, fighters); refuses the same
  // badge twice.
  bool add_participant(const std::string& list_key, const std::string& badge, const Json& view,
                       std::string& why);
  // The same checks, for someone who enters later (a brawl's joiner): the character as the
  // rules need it, for the caller to place in the input; nullopt with `why` when refused.
  std::optional<Json> admit(const std::string& badge, const Json& view, std::string& why);
  int participants(const std::string& list_key) const;
  // Takes `name` back out of `list_key` (a joiner the ledger refused): scannable again.
  void forget(const std::string& list_key, const std::string& name);
  // The conflict this one became (a duel someone joined is a shootout, 004 L87): `people` as the
  // rules left them (wounds carried over), under `list_key`, each known by the badge scanned here;
  // the same event options.
  std::unique_ptr<ConflictSession> became(const std::string& kind, const std::string& list_key,
                                          const Json& people) const;
  const Json& character(const std::string& name) const;

  Json& input() { return input_; }
  const Json& input() const { return input_; }
  const std::string& kind() const { return kind_; }

  // A cheating accusation's trick, as the GM's view of the card shows it (with its flag).
  void set_trick(const std::string& code, const Json& card_view);

  // Resolves what has been entered: every card must be there. `rng` only makes the choices the
  // rules leave to chance that no card decides (the random bystander of an accusation); they
  // go into the record like the cards.
  SessionOutcome resolve(core::Csprng* rng = nullptr) const;
  // Everyone `outcome` leaves wounded who came into the conflict unwounded (into the duel it
  // became from, too), in the result's order.
  std::vector<WoundedPerson> newly_wounded(const SessionOutcome& outcome) const;
  // The conflict_resolved payload: the resolution's record with people named by their badges.
  Json record_payload(const SessionOutcome& outcome) const;

 private:
  std::string kind_;
  Json input_ = Json::object();
  std::map<std::string, std::string> badge_of_;  // name -> badge code
  std::set<std::string> came_unwounded_;          // names, as admitted
  std::string trick_code_;
};

}  // namespace marshal::gm
