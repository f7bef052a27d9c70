#include "ledger/apply.h"

#include <algorithm>

#include "ledger/station_events.h"

namespace marshal::db {

namespace {
bool is_chip_event(const std::string& type) {
  return type == "night_started" || type == "night_ended" || type == "chip_awarded" || type == "chip_spent" ||
         type == "jokers_wild";
}
}  // namespace

const std::vector<std::string>& event_types() {
  static const std::vector<std::string> types{
      "event_defined",    "conflict_resolved", "bystander_lost",   "bystander_docked",
      "bystander_bestowed", "bystander_sacrificed", "trick_flipped", "horse_sold",
      "horse_stolen",     "horse_borrowed",    "horse_returned",   "secret_given",
      "card_reissued",    "card_revoked",      "wound_limb_named", "wound_healed",
      "arrested",         "jailed",            "released",         "correction",
      "vote_called",      "ballot_cast",       "vote_counted",     "vote_overridden",
      "deputized",        "deputy_released",   "sentenced",        "decision_overridden",
      "dispute_settled",  "prize_given",       "land_transferred", "note_issued",
      "note_passed",      "note_paid",
      "night_started",    "night_ended",       "chip_awarded",     "chip_spent",       "jokers_wild",
      "roll_recorded",    "token_issued",      "token_played",
      "twtw_round_started", "twtw_step_resolved", "twtw_step_undone", "twtw_round_ended",
      station_enrolled_event, station_revoked_event, station_token_rotated_event, ledger_key_made_event};
  return types;
}

void Ledger::apply(const std::string& type, const Json& payload, Json& ledger, std::int64_t seq,
                   std::int64_t server_time_ms, bool replaying) {
  Town town(db_, seq, server_time_ms);
  static const Json no_options = Json::object();
  ApplyContext ctx{town, payload, ledger, replaying, randomness_,
                   type == "conflict_resolved" || type == "wound_healed" ? event_options() : no_options};
  try {
    // Healings and jail terms that ended since the last event take effect first
    // (Town::settle_timers): the event then meets the town as it stands at its own time, on a
    // replay too.
    if (type != "event_defined") town.settle_timers();
    if (type == "event_defined") {
      apply_event_defined(town, payload);
    } else if (type == "conflict_resolved") {
      apply_conflict_resolved(ctx);
    } else if (type.rfind("bystander_", 0) == 0 || type.rfind("horse_", 0) == 0 ||
               type == "trick_flipped" || type == "secret_given" || type == "card_reissued" ||
               type == "card_revoked") {
      apply_card_event(type, ctx);
    } else if (type == "wound_limb_named" || type == "wound_healed" || type == "arrested" ||
               type == "jailed" || type == "released" || type == "correction") {
      apply_person_event(type, ctx);
    } else if (type == "vote_called" || type == "ballot_cast" || type == "vote_counted" || type == "vote_overridden") {
      apply_vote_event(type, ctx);
    } else if (is_office_event(type)) {
      apply_office_event(type, ctx);
    } else if (type == "land_transferred") {
      apply_land_transfer(ctx);
    } else if (is_note_event(type)) {
      apply_note_event(type, ctx);
    } else if (is_chip_event(type)) {
      apply_chip_event(type, ctx);
    } else if (type == "roll_recorded") {
      apply_roll_event(ctx);
    } else if (type == "token_issued" || type == "token_played") {
      apply_token_event(type, ctx);
    } else if (is_twtw_event(type)) {
      apply_twtw_event(type, ctx);
    } else if (is_station_event(type)) {
      // Written by the admin and /enroll beside the stations table (station_events.h); a
      // station that sends one is refused. The replay checks its form.
      if (!replaying)
        throw LedgerRefusal("not_allowed", "type", say("{} is written by the ledger's admin, never recorded", type));
      check_station_event(type, payload);
    } else {
      throw LedgerRefusal("bad_input", "type", say("unknown event type '{}'", type));
    }
  } catch (const protocol::InputError& e) {
    throw LedgerRefusal("bad_input", e.path(), e.sentence());
  }
}

const Json& Ledger::event_options() {
  // Set once by the event's definition and never changed: read once.
  if (!options_)
    options_ = Json::parse(db_.scalar_text("SELECT value FROM event_info WHERE key = 'options'"));
  return *options_;
}

}  // namespace marshal::db
