#pragma once
// What the ledger's events with trait dice share (roll_recorded, and a fight's Soak and Spirit
// rolls): a die named in a payload, the faces of its dice, and their judgement by the one judge
// of typed dice (core::roll_trait_from_dice), stored with the event so a replay compares it.
#include <string>
#include <vector>

#include "core/trait_dice.h"
#include "ledger/ledger.h"
#include "protocol/json_fields.h"

namespace marshal::db {

// The faces of one die's chain under `key` of a payload's object at `path` (none when absent):
// refused (bad_input, path.key, or key for the payload itself: path "") for anything but a list
// of at most max_ace_rolls whole numbers.
std::vector<int> payload_faces(protocol::Fields& dice, const std::string& key, const std::string& path);
// The sides of the die named under `key` ("d8"): d4..d12, and the unskilled coin (d2) where
// `coin`; refused (bad_input, the key's path) otherwise.
int payload_trait_die(protocol::Fields& f, const std::string& key, bool coin);
// The payload's `dice` object {"trait", "wild", "crit_check"} judged as `roll`: refused
// (bad_input, "dice.<field>") as roll_trait_from_dice refuses them.
core::RolledTrait judge_payload_dice(protocol::Fields& f, const core::TraitRoll& roll);
// What the ledger judged of a roll, written into its ledger part: result, success, raises,
// crit_fail, crit_success.
void put_judged_roll(protocol::Json& ledger, const core::RolledTrait& judged);

}  // namespace marshal::db
