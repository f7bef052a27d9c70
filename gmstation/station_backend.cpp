#include "gmstation/station_backend.h"

#include "protocol/enrollment.h"

#include <chrono>
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "client/http.h"
#include "client/ledger_client.h"
#include "client/ledger_watch.h"
#include "i18n/translate.h"
#include "ledger/ledger.h"
#include "ledger/venue_zone.h"
#include "printables/print_jobs.h"
#include "server/table_view.h"
#include "server/twtw_view.h"
#include "protocol/refusal_json.h"
#include "server/views.h"

namespace marshal::gm {

using i18n::tr;

namespace {

std::int64_t now_ms() { return db::unix_time_ms(); }

std::string unknown_card_words(const std::string& code) {
  // TRANSLATORS: {} is a card's code, as scanned.
  return fmt::format(fmt::runtime(tr("the ledger knows no card {}")), code);
}

// A known card scanned where a badge was wanted, by its kind (the ledger's word).
std::string not_a_badge_words(const std::string& code, const std::string& kind) {
  // TRANSLATORS: {} is the card's code, as scanned.
  if (kind == "bystander") return fmt::format(fmt::runtime(tr("{} is a bystander card, not a character's badge")), code);
  if (kind == "trick") return fmt::format(fmt::runtime(tr("{} is a trick card, not a character's badge")), code);
  if (kind == "horse") return fmt::format(fmt::runtime(tr("{} is a horse card, not a character's badge")), code);
  if (kind == "secret") return fmt::format(fmt::runtime(tr("{} is a secret card, not a character's badge")), code);
  if (kind == "power") return fmt::format(fmt::runtime(tr("{} is a power card, not a character's badge")), code);
  if (kind == "token") return fmt::format(fmt::runtime(tr("{} is a token card, not a character's badge")), code);
  // TRANSLATORS: the card's code, then its kind as the ledger names it (an English word).
  return fmt::format(fmt::runtime(tr("{} is a {} card, not a character's badge")), code, kind);
}

class LocalLedger : public StationBackend {
 public:
  LocalLedger(const std::string& path, std::string station) : ledger_(path), station_(std::move(station)), path_(path) {
    // Times in the event's zone; a zone this machine lacks leaves its own (and says so on stderr).
    if (const std::string why = db::use_event_time_zone(ledger_.database()); !why.empty())
      std::fprintf(stderr, "%s\n", why.c_str());
  }

  // TRANSLATORS: in the status bar: where this station's ledger is; {} is the file's path.
  std::string describe() const override { return fmt::format(fmt::runtime(tr("local ledger {}")), path_); }
  bool online() override { return true; }

  Lookup character(const std::string& badge) override {
    Lookup l;
    try {
      auto view = db::character_view(ledger_.database(), badge, db::Role::gm, now_ms());
      if (view) {
        l.found = true;
        l.data = *view;
      } else {
        l.refusal = describe_unknown(badge);
      }
    } catch (const db::LedgerRefusal& r) {
      l.refusal = r.reason;
    }
    return l;
  }

  Lookup card(const std::string& code) override {
    Lookup l;
    try {
      auto view = db::card_view(ledger_.database(), code, db::Role::gm, std::nullopt);
      if (view) {
        l.found = true;
        l.data = *view;
      } else {
        l.refusal = unknown_card_words(code);
      }
    } catch (const db::LedgerRefusal& r) {
      l.refusal = r.reason;
    }
    return l;
  }

  // The definition never changes once the ledger exists: read it once.
  Lookup event() override {
    if (!event_.found) {
      event_.found = true;
      event_.data = db::event_view(ledger_.database());
    }
    return event_;
  }

  // Cards printed on demand go into print/ beside the ledger file, one PDF per card.
  std::optional<std::string> print_card(const std::string& code, std::string& why) override {
    try {
      std::filesystem::path dir = std::filesystem::absolute(path_).parent_path() / "print";
      std::filesystem::create_directories(dir);
      std::string file = (dir / (code + ".pdf")).string();
      printables::print_card(printables::load_print_model(path_), code, file, printables::Paper::a4);
      return file;
    } catch (const std::exception& e) {
      why = e.what();
      return std::nullopt;
    }
  }

  Lookup timers() override {
    Lookup l;
    l.found = true;
    l.data = db::timers_view(ledger_.database(), now_ms());
    return l;
  }

  Lookup table() override {
    Lookup l;
    l.found = true;
    l.data = db::table_view(ledger_.database());
    return l;
  }

  Lookup twtw() override {
    Lookup l;
    l.found = true;
    l.data = db::twtw_view(ledger_.database());
    return l;
  }

  RecordOutcome record(const std::string& type, const Json& payload) override {
    std::int64_t now = now_ms();
    db::AppendResult r = ledger_.append({db::make_uuid_v7(now), station_, now, type, payload}, now);
    RecordOutcome o;
    o.status = r.accepted ? RecordOutcome::Status::accepted : RecordOutcome::Status::refused;
    o.seq = r.seq;
    o.code = r.code;
    o.reason = r.reason;
    o.ledger = r.ledger;
    return o;
  }

  std::vector<FeedEvent> feed(std::int64_t after) override {
    std::vector<FeedEvent> out;
    db::Statement s = ledger_.database().prepare(
        "SELECT seq, type, station, payload FROM events WHERE seq > ? ORDER BY seq LIMIT 200");
    s.bind(1, after);
    while (s.step())
      out.push_back({s.int64(0), s.text(1), s.text(2),
                     summarize_event(s.text(1), Json::parse(s.text(3)), [this](const std::string& badge) {
                       return name_of(badge);
                     })});
    return out;
  }

  // A badge's holder by name, revoked or not (a roll recorded before a badge was re-issued).
  std::string name_of(const std::string& badge) {
    db::Statement s = ledger_.database().prepare(
        "SELECT c.name FROM cards b JOIN characters c ON c.id = b.holder WHERE b.code = ? AND b.kind = 'badge'");
    s.bind(1, badge);
    return s.step() ? s.text(0) : std::string();
  }

  std::vector<std::string> provisional() override { return {}; }
  std::vector<std::string> refused_after_sync() override { return {}; }

 private:
  std::string describe_unknown(const std::string& code) {
    // A known card that is not a badge deserves a better answer than "unknown".
    auto c = db::card_view(ledger_.database(), code, db::Role::gm, std::nullopt);
    if (c) return not_a_badge_words(code, (*c)["kind"].get<std::string>());
    return unknown_card_words(code);
  }

  db::Ledger ledger_;
  std::string station_;
  std::string path_;
  Lookup event_;
};

class RemoteLedger : public StationBackend {
 public:
  RemoteLedger(const std::string& url, const std::string& cache)
      : config_{url, cache, request_timeout_ms}, client_(config_), url_(url) {}

  bool enroll(const std::string& code, std::string& error) {
    if (client_.enrolled()) return true;
    return client_.enroll(code, error);
  }
  // Once enrolled (the watch reads the token from the cache file): the ledger asked from now on
  // on the watch's thread, never the window's.
  void start_watch() { watch_ = std::make_unique<client::LedgerWatch>(config_); }
  void wait_for_ledger(long max_wait_ms) override {
    if (watch_) watch_->wait_for_turn(std::chrono::milliseconds(max_wait_ms));
  }
  std::string describe() const override {
    // TRANSLATORS: in the status bar: where this station's ledger is; {} is the server's address.
    return fmt::format(fmt::runtime(tr("ledger server {}")), protocol::split_pinned_url(url_).url);
  }
  // What the watch found last; before its first answer the ledger is taken to be there.
  bool online() override { return !watch_ || watch_->online().value_or(true); }
  bool wrong_key() override { return watch_ && watch_->wrong_key(); }

  Lookup character(const std::string& badge) override { return convert(offline_aware().character(badge)); }
  Lookup card(const std::string& code) override { return convert(offline_aware().card(code)); }
  // Asked of the server once (or found in the cache): every screen needs it on every start, and
  // the definition never changes, so an unreachable ledger costs one timeout, not one a screen.
  Lookup event() override {
    if (!event_.found) event_ = convert(offline_aware().event());
    return event_;
  }
  Lookup timers() override {
    if (watch_) {
      if (auto t = watch_->timers()) return {true, *t, "", watch_->known_offline()};
    }
    return convert(offline_aware().timers());
  }
  Lookup table() override { return convert(offline_aware().table()); }
  Lookup twtw() override { return convert(offline_aware().twtw()); }
  std::optional<std::string> print_card(const std::string& code, std::string& why) override {
    // TRANSLATORS: {} is the card's code; the rest of the command is typed as it is.
    why = fmt::format(fmt::runtime(tr("print it on the ledger's machine: marshal print card {}")), code);
    return std::nullopt;
  }

  RecordOutcome record(const std::string& type, const Json& payload) override {
    // Known out of reach: kept at once in the outbox; the watch sends it when the ledger is back.
    client::Record r = offline_aware().record(type, payload, now_ms());
    if (watch_) watch_->ask_now();  // the feed and the outbox, soon
    RecordOutcome o;
    o.seq = r.seq;
    if (r.status == client::RecordStatus::accepted) {
      o.status = RecordOutcome::Status::accepted;
      o.ledger = r.reply.value("ledger", Json::object());
    } else if (r.status == client::RecordStatus::provisional) {
      o.status = RecordOutcome::Status::provisional;
    } else {
      o.status = RecordOutcome::Status::refused;
      if (r.reply.is_object() && r.reply.contains("error") && r.reply["error"].is_object()) {
        o.code = r.reply["error"].value("code", "");
        o.reason = protocol::refusal_reason(r.reply["error"], "");
      }
    }
    return o;
  }

  std::vector<FeedEvent> feed(std::int64_t after) override {
    std::vector<FeedEvent> out;
    if (!watch_) return out;
    for (const auto& e : watch_->events_after(after))
      out.push_back({e["seq"], e.value("type", ""), e.value("station", ""),
                     summarize_event(e.value("type", ""), e.value("payload", Json::object()),
                                     [this](const std::string& badge) { return name_of(badge); })});
    return out;
  }

  // A badge's holder by name as this station last saw it (its cached views; never the network):
  // the character itself, or the tabletop table that lists everyone.
  std::string name_of(const std::string& badge) {
    if (auto c = client_.cached_view("character:" + badge)) return c->value("name", "");
    if (auto table = client_.cached_view("table"))
      for (const Json& c : table->value("characters", Json::array()))
        if (c.is_object() && c.value("badge", "") == badge) return c.value("name", "");
    return "";
  }

  std::vector<std::string> provisional() override {
    std::vector<std::string> out;
    for (const auto& r : client_.provisional()) out.push_back(summarize_event(r.type, r.payload));
    return out;
  }
  std::vector<std::string> refused_after_sync() override {
    std::vector<std::string> out;
    // The record's type, then why in the ledger's words ("refused" when it gave none).
    for (const auto& r : client_.refused())
      out.push_back(fmt::format("{}: {}", r.type, protocol::reply_refusal_reason(r.reply, tr("refused"))));
    return out;
  }

 private:
  static Lookup convert(const client::View& v) {
    return {v.found, v.data, v.error, v.from_cache};
  }
  // The window's client, told what the watch last found: when the ledger is known to be out of
  // reach, a scan is answered from the cache at once instead of after a timeout.
  client::LedgerClient& offline_aware() {
    client_.set_known_offline(watch_ && watch_->known_offline());
    return client_;
  }
  // A GM station's requests give up after this (ms): a venue network answers within it or is down.
  static constexpr long request_timeout_ms = 2000;
  client::ClientConfig config_;
  client::LedgerClient client_;
  std::unique_ptr<client::LedgerWatch> watch_;
  std::string url_;
  Lookup event_;
};

}  // namespace

std::unique_ptr<StationBackend> open_local_ledger(const std::string& db_path, const std::string& station) {
  return std::make_unique<LocalLedger>(db_path, station);
}

std::unique_ptr<StationBackend> connect_to_server(const std::string& url, const std::string& cache_path,
                                                  const std::string& enrollment_code) {
  auto remote = std::make_unique<RemoteLedger>(url, cache_path);
  std::string error;
  if (!remote->enroll(enrollment_code, error)) {
    // The shared client's words for a server with another key than the card's (client::wrong_key_words).
    if (error == client::wrong_key_words)
      error = tr("this is not your ledger: its key does not match the one on your enrolment card");
    throw std::runtime_error(fmt::format(fmt::runtime(tr("Not enrolled: {}")), error));
  }
  remote->start_watch();
  return remote;
}

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
  if (type == "night_started") return tr("night started");
  if (type == "night_ended") return tr("night ended");
  if (type == "chip_awarded") return tr("chip awarded");
  if (type == "chip_spent") return tr("chip spent");
  if (type == "jokers_wild") return tr("jokers wild");
  if (type == "roll_recorded") return tr("roll recorded");
  if (type == "token_issued") return tr("token issued");
  if (type == "token_played") return tr("token played");
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
