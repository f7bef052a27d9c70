#include "gmstation/event_summary.h"

#include <optional>

#include <fmt/format.h>

#include "core/offices.h"
#include "gmstation/action_time_model.h"
#include "i18n/translate.h"

namespace marshal::gm {

using i18n::tr;
using protocol::Json;

namespace {

// Where a hit of The West That Wasn't landed (the ledger's location), with its wounds and CT.
std::string twtw_hit_words(const Json& hit) {
  const std::string target = hit.value("target", "?"), location = hit.value("location", "?");
  const std::string what = hit.value("stunned", false)
                               // TRANSLATORS: what a hit did, in brackets after where it landed: wounds,
                               // then CT (The West That Wasn't's stun points; keep the abbreviation).
                               ? fmt::format(fmt::runtime(tr("{} wounds, {} CT, stunned")), hit.value("wounds", 0),
                                             hit.value("ct", 0))
                               : fmt::format(fmt::runtime(tr("{} wounds, {} CT")), hit.value("wounds", 0),
                                             hit.value("ct", 0));
  // TRANSLATORS: a character hit in The West That Wasn't; the bracket says what the hit did.
  if (location == "head") return fmt::format(fmt::runtime(tr("{} hit in the head ({})")), target, what);
  if (location == "torso") return fmt::format(fmt::runtime(tr("{} hit in the torso ({})")), target, what);
  if (location == "right_arm") return fmt::format(fmt::runtime(tr("{} hit in the right_arm ({})")), target, what);
  if (location == "left_arm") return fmt::format(fmt::runtime(tr("{} hit in the left_arm ({})")), target, what);
  if (location == "right_leg") return fmt::format(fmt::runtime(tr("{} hit in the right_leg ({})")), target, what);
  if (location == "left_leg") return fmt::format(fmt::runtime(tr("{} hit in the left_leg ({})")), target, what);
  // TRANSLATORS: the character, where the hit landed as the ledger names it, what the hit did.
  return fmt::format(fmt::runtime(tr("{} hit in the {} ({})")), target, location, what);
}

// Care after action time (db/ledger/apply_twtw_care.cpp): who, which care, where, and whether it took.
std::string twtw_care_words(const Json& payload) {
  const std::string who = payload.value("character", ""), care = payload.value("care", "");
  const bool passed = payload.value("passed", false);
  const std::string where = action_time::location_words(payload.value("location", ""));
  if (care == "concussion")
    // TRANSLATORS: a line of the live panel: TWTW is The West That Wasn't, {} a character's name.
    return fmt::format(fmt::runtime(passed ? tr("TWTW {}: concussion cared for, all CT back") : tr("TWTW {}: concussion care failed")), who);
  if (care == "first_aid")
    // TRANSLATORS: a line of the live panel: {0} a character's name, {1} where (head, torso, right arm...).
    return fmt::format(fmt::runtime(passed ? tr("TWTW {}: first aid to the {}, a wound less") : tr("TWTW {}: first aid to the {} failed")),
                       who, where);
  // TRANSLATORS: a line of the live panel: {0} a character's name, {1} where; a week's natural healing.
  return fmt::format(fmt::runtime(passed ? tr("TWTW {}: the {} healed a level in a week") : tr("TWTW {}: the {} did not heal this week")),
                     who, where);
}

// Action time in The West That Wasn't (db/ledger/apply_twtw.cpp): the round, the step, its hits.
std::string summarize_twtw_event(const std::string& type, const Json& payload) {
  const Json ledger = payload.value("ledger", Json::object());
  // The round as the ledger numbered it; a record it has not seen yet has none.
  const bool numbered = ledger.contains("round");
  const std::string round = numbered ? ledger["round"].dump() : std::string();
  if (type == "twtw_round_started")
    // TRANSLATORS: a line of the live panel; TWTW is The West That Wasn't, {} the round's number.
    return numbered ? fmt::format(fmt::runtime(tr("TWTW round {} declared")), round) : tr("TWTW a round declared");
  if (type == "twtw_round_ended")
    return numbered ? fmt::format(fmt::runtime(tr("TWTW round {} ended")), round) : tr("TWTW a round ended");
  if (type == "twtw_cared") return twtw_care_words(payload);
  const std::string step = payload.value("step", Json(0)).dump();
  if (type == "twtw_step_undone")
    // TRANSLATORS: the round's number, then the step's.
    return numbered ? fmt::format(fmt::runtime(tr("TWTW round {}: step {} undone")), round, step)
                    : fmt::format(fmt::runtime(tr("TWTW a round: step {} undone")), step);
  std::string text = numbered ? fmt::format(fmt::runtime(tr("TWTW round {}: step {} resolved")), round, step)
                              : fmt::format(fmt::runtime(tr("TWTW a round: step {} resolved")), step);
  for (const Json& hit : ledger.value("hits", Json::array()))
    if (hit.is_object()) text += ", " + twtw_hit_words(hit);
  return text;
}

// A conflict's line in the live panel: who won, how it ended (a chase's status), or that it was
// resolved; by the conflict's kind (the ledger's word).
std::string conflict_winner_words(const std::string& kind, const std::string& winner) {
  // TRANSLATORS: a line of the live panel: a conflict's kind, then who won it.
  if (kind == "duel") return fmt::format(fmt::runtime(tr("duel: {} wins")), winner);
  if (kind == "shootout") return fmt::format(fmt::runtime(tr("shootout: {} wins")), winner);
  if (kind == "fistfight") return fmt::format(fmt::runtime(tr("fistfight: {} wins")), winner);
  if (kind == "brawl") return fmt::format(fmt::runtime(tr("brawl: {} wins")), winner);
  if (kind == "accusation") return fmt::format(fmt::runtime(tr("accusation: {} wins")), winner);
  if (kind == "chase") return fmt::format(fmt::runtime(tr("chase: {} wins")), winner);
  // TRANSLATORS: a conflict of a kind the station does not know (its English word), then who won.
  return fmt::format(fmt::runtime(tr("{}: {} wins")), kind, winner);
}

std::string conflict_status_words(const std::string& kind, const std::string& status) {
  // TRANSLATORS: a line of the live panel: how a chase ended (the varmint escaped, or was caught).
  if (kind == "chase" && status == "escaped") return tr("chase: escaped");
  if (kind == "chase" && status == "caught") return tr("chase: caught");
  if (kind == "chase" && status == "running") return tr("chase: running");
  return fmt::format("{}: {}", kind, status);  // the ledger's own words
}

std::string conflict_resolved_words(const std::string& kind) {
  // TRANSLATORS: a line of the live panel: a conflict was recorded.
  if (kind == "duel") return tr("duel resolved");
  if (kind == "shootout") return tr("shootout resolved");
  if (kind == "fistfight") return tr("fistfight resolved");
  if (kind == "brawl") return tr("brawl resolved");
  if (kind == "accusation") return tr("accusation resolved");
  if (kind == "chase") return tr("chase resolved");
  if (kind == "conflict") return tr("conflict resolved");
  // TRANSLATORS: a conflict of a kind the station does not know, its English word.
  return fmt::format(fmt::runtime(tr("{} resolved")), kind);
}

// A tabletop roll's outcome, at the end of its line.
std::string roll_outcome_words(const Json& ledger) {
  // TRANSLATORS: the end of a roll's line in the live panel: how the roll went.
  if (ledger.value("crit_fail", false)) return tr("CRITICAL FAILURE");
  return ledger.value("success", false) ? tr("success") : tr("failure");
}

// Any other event by its type (the ledger's event type names, docs/event-format.md).
std::string event_type_words(const std::string& type) {
  // TRANSLATORS: a line of the live panel: what a station recorded, by the record's type.
  if (type == "conflict_resolved") return tr("conflict resolved");
  if (type == "bystander_lost") return tr("bystander lost");
  if (type == "bystander_docked") return tr("bystander docked");
  if (type == "bystander_bestowed") return tr("bystander bestowed");
  if (type == "bystander_sacrificed") return tr("bystander sacrificed");
  if (type == "trick_flipped") return tr("trick flipped");
  if (type == "horse_sold") return tr("horse sold");
  if (type == "horse_stolen") return tr("horse stolen");
  if (type == "horse_borrowed") return tr("horse borrowed");
  if (type == "horse_returned") return tr("horse returned");
  if (type == "secret_given") return tr("secret given");
  if (type == "card_reissued") return tr("card reissued");
  if (type == "card_revoked") return tr("card revoked");
  if (type == "wound_limb_named") return tr("wound limb named");
  if (type == "wound_healed") return tr("wound healed");
  if (type == "arrested") return tr("arrested");
  if (type == "jailed") return tr("jailed");
  if (type == "released") return tr("released");
  if (type == "correction") return tr("correction");
  if (type == "vote_called") return tr("vote called");
  if (type == "ballot_cast") return tr("ballot cast");
  if (type == "vote_counted") return tr("vote counted");
  if (type == "vote_overridden") return tr("vote overridden");
  if (type == "deputized") return tr("deputized");
  if (type == "deputy_released") return tr("a deputy's task ended");
  if (type == "sentenced") return tr("sentenced");
  if (type == "decision_overridden") return tr("decision overridden");
  if (type == "dispute_settled") return tr("dispute settled");
  if (type == "prize_given") return tr("Fair prize given");
  if (type == "land_transferred") return tr("land deal notarized");
  if (type == "night_started") return tr("night started");
  if (type == "night_ended") return tr("night ended");
  if (type == "chip_awarded") return tr("chip awarded");
  if (type == "chip_spent") return tr("chip spent");
  if (type == "jokers_wild") return tr("jokers wild");
  if (type == "roll_recorded") return tr("roll recorded");
  if (type == "token_issued") return tr("token issued");
  if (type == "token_played") return tr("token played");
  if (type == "fight_started") return tr("fight started");
  if (type == "cards_dealt") return tr("Action Cards dealt");
  if (type == "card_redrawn") return tr("a new Action Card for a chip");
  if (type == "incapacitation_rolled") return tr("Incapacitation rolled");
  if (type == "injury_drawn") return tr("Injury card drawn");
  if (type == "healed") return tr("healing rolled");
  if (type == "natural_healing_rolled") return tr("a day's natural healing rolled");
  if (type == "hour_passed") return tr("an hour passed (the golden hour over)");
  if (type == "fight_ended") return tr("fight ended");
  if (type == "damage_rolled") return tr("damage rolled");
  if (type == "soaked") return tr("wounds soaked");
  if (type == "unshaken") return tr("Shaken ended");
  if (type == "station_enrolled") return tr("station enrolled");
  if (type == "station_revoked") return tr("station revoked");
  if (type == "station_token_rotated") return tr("station token rotated");
  if (type == "ledger_key_made") return tr("ledger key made");
  // A type this station does not know: its name, in words.
  std::string words = type;
  for (auto& c : words)
    if (c == '_') c = ' ';
  return words;
}


// The offices' decisions (db/ledger/apply_offices.cpp): who, and the words typed.
std::optional<std::string> summarize_office_event(const std::string& type, const Json& payload, const NameOf& name_of) {
  if (!payload.is_object()) return std::nullopt;
  auto name = [&](const char* key) {
    const Json& badge = payload.value(key, Json());
    std::string known = badge.is_string() && name_of ? name_of(badge.get<std::string>()) : "";
    // TRANSLATORS: someone whose name this station does not know yet.
    return known.empty() ? tr("someone") : known;
  };
  const std::string words = payload.value("ruling", payload.value("task", payload.value("prize", "")));
  const std::string decision = payload.value("decision", Json(0)).dump();
  // TRANSLATORS: lines of the live panel: {0} the deputy, {1} their task as the Judge typed it.
  if (type == "deputized") return fmt::format(fmt::runtime(tr("{} deputized: {}")), name("character"), words);
  if (type == "sentenced") {
    const std::string sentence = core::sentence_words(payload.value("sentence", ""));
    const std::string charge = payload.value("charge", "");
    if (payload.contains("minutes"))
      // TRANSLATORS: {0} the one sentenced, {1} the sentence (jail), {2} its minutes, {3} the charge.
      return fmt::format(fmt::runtime(tr("{} sentenced: {} {} min ({})")), name("character"), sentence,
                         payload.value("minutes", Json(0)).dump(), charge);
    if (payload.contains("fine"))
      return fmt::format(fmt::runtime(tr("{} sentenced: {} {} ({})")), name("character"), sentence,
                         payload.value("fine", ""), charge);
    // TRANSLATORS: {0} the one sentenced, {1} the sentence (banishment, hanging), {2} the charge.
    return fmt::format(fmt::runtime(tr("{} sentenced: {} ({})")), name("character"), sentence, charge);
  }
  // TRANSLATORS: {0} the decision's number, {1} the Judge's ruling.
  if (type == "decision_overridden") return fmt::format(fmt::runtime(tr("#{} overridden by a Judge: {}")), decision, words);
  // TRANSLATORS: {0} the dispute's number, {1} the Mayor's ruling.
  if (type == "dispute_settled") return fmt::format(fmt::runtime(tr("#{} settled by the Mayor: {}")), decision, words);
  if (type == "land_transferred")
    // TRANSLATORS: a line of the live panel: {0} the deal (sale, mortgage, redemption), {1} the price.
    return fmt::format(fmt::runtime(tr("land {} notarized: {}")), core::land_deal_words(payload.value("how", "")),
                       payload.value("price", ""));
  // TRANSLATORS: {0} the winner, {1} the prize.
  if (type == "prize_given") return fmt::format(fmt::runtime(tr("Fair prize to {}: {}")), name("winner"), words);
  return std::nullopt;
}
}  // namespace

std::string summarize_event(const std::string& type, const Json& payload, const NameOf& name_of) {
  if (type == "conflict_resolved" && payload.is_object()) {
    const Json& result = payload.value("ledger", Json::object()).value("result", Json::object());
    std::string kind = payload.value("kind", "conflict");
    if (result.contains("winner") && result["winner"].is_string())
      return conflict_winner_words(kind, result["winner"].get<std::string>());
    if (result.contains("status")) return conflict_status_words(kind, result["status"].get<std::string>());
    return conflict_resolved_words(kind);
  }
  if (type == "roll_recorded" && payload.is_object()) {
    const Json ledger = payload.value("ledger", Json::object());
    const Json by = payload.value("by", Json());
    // TRANSLATORS: who rolled, in a roll's line of the live panel.
    const std::string who = by == "gm" ? tr("the GM") : by.is_string() && name_of ? name_of(by.get<std::string>()) : "";
    // TRANSLATORS: a trait rolled when the record names none.
    const std::string trait = payload.value("trait", tr("a trait"));
    if (ledger.contains("result")) {
      if (!who.empty())
        // TRANSLATORS: a roll's line in the live panel: who rolled, the trait, the total, how it went.
        return fmt::format(fmt::runtime(tr("roll: {}, {} {}, {}")), who, trait, ledger.value("result", 0),
                           roll_outcome_words(ledger));
      // TRANSLATORS: a roll's line in the live panel: the trait, the total, how it went.
      return fmt::format(fmt::runtime(tr("roll: {} {}, {}")), trait, ledger.value("result", 0),
                         roll_outcome_words(ledger));
    }
  }
  if (auto office = summarize_office_event(type, payload, name_of)) return *office;
  if (type == "event_defined") return tr("the event was set up");
  if (type.rfind("twtw_", 0) == 0 && payload.is_object()) return summarize_twtw_event(type, payload);
  if (type == "station_enrolled" && payload.is_object())
    // TRANSLATORS: a line of the live panel: a station's name, then its role as the ledger names
    // it (gm or kiosk).
    return fmt::format(fmt::runtime(tr("station {} enrolled ({})")), payload.value("name", "?"), payload.value("role", "?"));
  if (type == "station_revoked" && payload.is_object())
    return fmt::format(fmt::runtime(tr("station {} revoked")), payload.value("name", "?"));
  return event_type_words(type);
}

}  // namespace marshal::gm
