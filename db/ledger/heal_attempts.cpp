#include "ledger/heal_attempts.h"

#include "ledger/apply.h"
#include "ledger/combatants.h"

namespace marshal::db {

std::int64_t last_wound(Database& db, std::int64_t patient) {
  return db.scalar_int("SELECT COALESCE(MAX(seq), 0) FROM hits WHERE wounds > soaked AND target = " + std::to_string(patient));
}

namespace {

std::int64_t attempts(Database& db, const std::string& where) {
  return db.scalar_int("SELECT COUNT(*) FROM heal_attempts WHERE " + where);
}

}  // namespace

void check_heal_attempt(Database& db, const HealAttempt& a, bool chip) {
  const std::string since = "patient = " + std::to_string(a.patient) + " AND seq > " + std::to_string(a.last_wound);  // i18n: not words (SQL)
  if (attempts(db, since + " AND success = 1") > 0)  // i18n: not words (SQL)
    throw LedgerRefusal(RefusalCode::illegal_move, "patient",
                        // TRANSLATORS: {} is a character's name (000 L200).
                        say("{}'s wounds were healed already: more treatment does not improve them; a fresh wound permits a new "
                            "Healing roll (000 L200)",
                            a.patient_name));
  const bool failed_before = attempts(db, since + " AND success = 0 AND healer = " + std::to_string(a.healer)) > 0;  // i18n: not words (SQL)
  if (chip) {
    if (!failed_before)
      // TRANSLATORS: {0} a healer's name, {1} the patient's (000 L200).
      throw LedgerRefusal(RefusalCode::bad_input, "chip", say("a chip rerolls a failed Healing roll: {} has not failed {}'s yet",
                                                              a.healer_name, a.patient_name));
    return;  // the failed attempt rerolled: the same attempt, in its round
  }
  if (failed_before)
    throw LedgerRefusal(RefusalCode::illegal_move, "healer",
                        // TRANSLATORS: {0} a healer's name, {1} the patient's (000 L200).
                        say("{} failed to heal {} already: only a chip buys another try (000 L200)", a.healer_name, a.patient_name));
  const std::int64_t round = open_round(db);
  if (round != 0 && attempts(db, "patient = " + std::to_string(a.patient) + " AND round = " + std::to_string(round)) > 0)  // i18n: not words (SQL)
    throw LedgerRefusal(RefusalCode::illegal_move, "patient",
                        // TRANSLATORS: {} is a character's name (000 L200: one Healing attempt each Action round).
                        say("{} had a Healing attempt this round already: one a round (000 L200)", a.patient_name));
}

void check_golden_hour(Database& db, const HealAttempt& a, bool power) {
  const std::string since = " AND seq > " + std::to_string(a.last_wound);  // i18n: not words (SQL)
  if (db.scalar_int("SELECT EXISTS (SELECT 1 FROM time_marks WHERE kind = 'day' AND character = " +  // i18n: not words (SQL)
                    std::to_string(a.patient) + since + ")") != 0)
    throw LedgerRefusal(RefusalCode::illegal_move, "patient",
                        // TRANSLATORS: {} is a character's name (000 L188: Healing only before natural healing).
                        say("{} has had a day's natural healing since the last wound: no Healing roll treats it now (000 L188)",
                            a.patient_name));
  if (!power && db.scalar_int("SELECT EXISTS (SELECT 1 FROM time_marks WHERE kind = 'hour'" + since + ")") != 0)  // i18n: not words (SQL)
    throw LedgerRefusal(RefusalCode::illegal_move, "patient",
                        // TRANSLATORS: {} is a character's name (000 L188: the golden hour after a wound).
                        say("the golden hour after {}'s last wound is past: the Healing skill no longer treats it, the "
                            "arcane Healing power still may (000 L188)",
                            a.patient_name));
}

void record_time_mark(Database& db, std::int64_t seq, TimeMark mark, std::optional<std::int64_t> character) {
  db.prepare("INSERT INTO time_marks(seq, kind, character) VALUES (?,?,?)")
      .bind(1, seq)
      .bind(2, std::string(mark == TimeMark::hour ? "hour" : "day"))
      .bind(3, character)
      .run();
}

void record_heal_attempt(Database& db, std::int64_t seq, const HealAttempt& a, bool success) {
  const std::int64_t round = open_round(db);
  db.prepare("INSERT INTO heal_attempts(seq, patient, healer, round, success) VALUES (?,?,?,?,?)")
      .bind(1, seq)
      .bind(2, a.patient)
      .bind(3, a.healer)
      .bind(4, round == 0 ? std::optional<std::int64_t>() : std::optional<std::int64_t>(round))
      .bind(5, success)
      .run();
}

}  // namespace marshal::db
