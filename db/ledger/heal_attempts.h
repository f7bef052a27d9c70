#pragma once
// 000 L200's rules for Healing rolls (issue 32; docs/ledger.md `healed`), kept in
// `heal_attempts` (migration 25) so that a replay, which has no events table, judges them alike:
// - a patient gets one Healing attempt an Action round (during a fight, the last round dealt);
// - a healer who failed tries that patient's wounds again only with a chip, a reroll of the
//   failed roll (in the same round too);
// - once a Healing succeeded, the wounds it treated are not improved by more treatment;
// - a fresh wound (a hit that wounds the patient after the attempts) permits new ones;
// - 000 L188's golden hour: the Healing skill treats a wound only within the hour after it, the
//   arcane Healing power at any time before natural healing. The ledger keeps no clock of the
//   table's time: the hour is past once the GM records `hour_passed` after the patient's last
//   wound; natural healing has come once a day's roll of theirs (natural_healing_rolled) follows
//   it. Both kept in `time_marks` (migration 26).
#include <cstdint>
#include <optional>
#include <string>

#include "store/sqlite.h"

namespace marshal::db {

// The event of the patient's last hit that left a wound after its Soak (0: none): attempts before
// it treated other wounds (000 L200: "the infliction of a fresh Wound always permits a new Healing roll").
std::int64_t last_wound(Database& db, std::int64_t patient);

struct HealAttempt {
  std::int64_t patient = 0, healer = 0;
  std::string patient_name, healer_name;  // for the refusals
  std::int64_t last_wound = 0;            // last_wound(patient): read once for both checks
};
// Refused (LedgerRefusal): `illegal_move` at "patient" (healed already, or an attempt this round
// already), at "healer" (this healer failed these wounds: a chip's reroll only), `bad_input` at
// "chip" (a chip given with no failed attempt of this healer to reroll).
void check_heal_attempt(Database& db, const HealAttempt& attempt, bool chip);
// Refused (LedgerRefusal, illegal_move, "patient") when a day's natural healing of the patient
// came after their last wound (neither skill nor power treats it now), or, for the skill
// (`power` false), when an hour passed after it (000 L188).
void check_golden_hour(Database& db, const HealAttempt& attempt, bool power);
enum class TimeMark { hour, day };
// An hour passed at the table (`character` none: for everyone), or `character`'s day of natural
// healing, recorded at event `seq`.
void record_time_mark(Database& db, std::int64_t seq, TimeMark mark, std::optional<std::int64_t> character);
// The attempt as judged, in the round under way (none outside a fight).
void record_heal_attempt(Database& db, std::int64_t seq, const HealAttempt& attempt, bool success);

}  // namespace marshal::db
