#pragma once
// 000 L200's rules for Healing rolls (issue 32; docs/ledger.md `healed`), kept in
// `heal_attempts` (migration 25) so that a replay, which has no events table, judges them alike:
// - a patient gets one Healing attempt an Action round (during a fight, the last round dealt);
// - a healer who failed tries that patient's wounds again only with a chip, a reroll of the
//   failed roll (in the same round too);
// - once a Healing succeeded, the wounds it treated are not improved by more treatment;
// - a fresh wound (a hit that wounds the patient after the attempts) permits new ones.
#include <cstdint>
#include <string>

#include "store/sqlite.h"

namespace marshal::db {

struct HealAttempt {
  std::int64_t patient = 0, healer = 0;
  std::string patient_name, healer_name;  // for the refusals
};
// Refused (LedgerRefusal): `illegal_move` at "patient" (healed already, or an attempt this round
// already), at "healer" (this healer failed these wounds: a chip's reroll only), `bad_input` at
// "chip" (a chip given with no failed attempt of this healer to reroll).
void check_heal_attempt(Database& db, const HealAttempt& attempt, bool chip);
// The attempt as judged, in the round under way (none outside a fight).
void record_heal_attempt(Database& db, std::int64_t seq, const HealAttempt& attempt, bool success);

}  // namespace marshal::db
