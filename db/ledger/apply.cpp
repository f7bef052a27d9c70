#include "ledger/apply.h"

#include <algorithm>
#include <cassert>
#include <map>

#include "ledger/station_events.h"

namespace marshal::db {

namespace {

// How the ledger applies one event type: by a group's function (apply.h), given the type.
using ApplyFunction = void (*)(const std::string& type, ApplyContext& ctx);

struct EventType {
  const char* type;  // i18n: not words (the event type)
  ApplyFunction apply;
};

void group_cards(const std::string& type, ApplyContext& ctx) { apply_card_event(type, ctx); }
void group_people(const std::string& type, ApplyContext& ctx) { apply_person_event(type, ctx); }
void group_votes(const std::string& type, ApplyContext& ctx) { apply_vote_event(type, ctx); }
void group_offices(const std::string& type, ApplyContext& ctx) { apply_office_event(type, ctx); }
void group_notes(const std::string& type, ApplyContext& ctx) { apply_note_event(type, ctx); }
void group_chips(const std::string& type, ApplyContext& ctx) { apply_chip_event(type, ctx); }
void group_tokens(const std::string& type, ApplyContext& ctx) { apply_token_event(type, ctx); }
void group_twtw(const std::string& type, ApplyContext& ctx) { apply_twtw_event(type, ctx); }
void group_conflict(const std::string&, ApplyContext& ctx) { apply_conflict_resolved(ctx); }
void group_land(const std::string&, ApplyContext& ctx) { apply_land_transfer(ctx); }
void group_roll(const std::string&, ApplyContext& ctx) { apply_roll_event(ctx); }
void group_fight(const std::string& type, ApplyContext& ctx) { apply_fight_event(type, ctx); }
void group_harm(const std::string& type, ApplyContext& ctx) { apply_harm_event(type, ctx); }
void group_injury(const std::string&, ApplyContext& ctx) { apply_injury_drawn(ctx); }

// Every event type a station may record, with the function that applies it: the one list
// (event_types() and the dispatch below read it; docs/ledger.md describes each). event_defined
// and the admin's station events are applied apart.
const std::vector<EventType>& recorded_types() {
  static const std::vector<EventType> types{
      {"conflict_resolved", group_conflict}, {"bystander_lost", group_cards}, {"bystander_docked", group_cards},
      {"bystander_bestowed", group_cards}, {"bystander_sacrificed", group_cards}, {"trick_flipped", group_cards},
      {"horse_sold", group_cards}, {"horse_stolen", group_cards}, {"horse_borrowed", group_cards},
      {"horse_returned", group_cards}, {"secret_given", group_cards}, {"card_reissued", group_cards},
      {"card_revoked", group_cards}, {"wound_limb_named", group_people}, {"wound_healed", group_people},
      {"arrested", group_people}, {"jailed", group_people}, {"released", group_people},
      {"correction", group_people}, {"vote_called", group_votes}, {"ballot_cast", group_votes},
      {"vote_counted", group_votes}, {"vote_overridden", group_votes}, {"deputized", group_offices},
      {"deputy_released", group_offices}, {"sentenced", group_offices}, {"decision_overridden", group_offices},
      {"dispute_settled", group_offices}, {"prize_given", group_offices}, {"land_transferred", group_land},
      {"note_issued", group_notes}, {"note_passed", group_notes}, {"note_paid", group_notes},
      {"night_started", group_chips}, {"night_ended", group_chips}, {"chip_awarded", group_chips},
      {"chip_spent", group_chips}, {"jokers_wild", group_chips}, {"roll_recorded", group_roll},
      {"token_issued", group_tokens}, {"token_played", group_tokens}, {"twtw_round_started", group_twtw},
      {"twtw_step_resolved", group_twtw}, {"twtw_step_undone", group_twtw}, {"twtw_round_ended", group_twtw},
      {"twtw_cared", group_twtw},
      {"fight_started", group_fight}, {"cards_dealt", group_fight}, {"card_redrawn", group_fight}, {"fight_ended", group_fight}, {"damage_rolled", group_harm},
      {"soaked", group_harm}, {"unshaken", group_harm}, {"incapacitation_rolled", group_harm},
      {"healed", group_harm}, {"natural_healing_rolled", group_harm}, {"hour_passed", group_harm},
      {"injury_drawn", group_injury}};
  return types;
}

ApplyFunction apply_function(const std::string& type) {
  static const std::map<std::string, ApplyFunction> by_type = [] {
    std::map<std::string, ApplyFunction> m;
    for (const auto& t : recorded_types()) {
      [[maybe_unused]] const bool listed_once = m.emplace(t.type, t.apply).second;
      assert(listed_once);  // a type listed twice would be applied by its first function only
    }
    return m;
  }();
  auto found = by_type.find(type);
  return found == by_type.end() ? nullptr : found->second;
}

}  // namespace

const std::vector<std::string>& event_types() {
  static const std::vector<std::string> types = [] {
    std::vector<std::string> all{"event_defined"};
    for (const auto& t : recorded_types()) all.emplace_back(t.type);
    for (const std::string& admin : station_event_types()) all.push_back(admin);
    return all;
  }();
  return types;
}

void Ledger::apply(const std::string& type, const Json& payload, Json& ledger, std::int64_t seq,
                   std::int64_t server_time_ms, const Json* recorded) {
  Town town(db_, seq, server_time_ms);
  static const Json no_options = Json::object(), nothing_recorded = Json::object();
  const bool replaying = recorded != nullptr;
  ApplyContext ctx{town, payload, ledger, replaying, recorded ? *recorded : nothing_recorded, randomness_,
                   type == "conflict_resolved" || type == "wound_healed" ? event_options() : no_options};
  try {
    // Healings and jail terms that ended since the last event take effect first
    // (Town::settle_timers): the event then meets the town as it stands at its own time, on a
    // replay too.
    if (type != "event_defined") town.settle_timers();
    if (type == "event_defined") {
      apply_event_defined(town, payload);
    } else if (ApplyFunction group = apply_function(type)) {
      group(type, ctx);
    } else if (is_station_event(type)) {
      // Written by the admin and /enroll beside the stations table (station_events.h); a
      // station that sends one is refused. The replay checks its form.
      if (!replaying)
        throw LedgerRefusal(RefusalCode::not_allowed, "type", say("{} is written by the ledger's admin, never recorded", type));
      // A promotion follows the epoch before it: the file's before this event (a standby
      // replaying the primary's events, which may hold later ones), or the last one applied here
      // (a replay into a fresh file).
      const std::int64_t epoch_then = std::max(epoch_before(db_, seq).epoch, applied_epoch_);
      check_station_event(type, payload, epoch_then);
      if (type == ledger_promoted_event) applied_epoch_ = epoch_then + 1;
    } else {
      throw LedgerRefusal(RefusalCode::bad_input, "type", say("unknown event type '{}'", type));
    }
  } catch (const protocol::InputError& e) {
    throw LedgerRefusal(RefusalCode::bad_input, e.path(), e.sentence());
  }
}

const Json& Ledger::event_options() {
  // Set once by the event's definition and never changed: read once.
  if (!options_)
    options_ = Json::parse(db_.scalar_text("SELECT value FROM event_info WHERE key = 'options'"));
  return *options_;
}

}  // namespace marshal::db
