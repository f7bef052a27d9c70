#include "gmstation/station_backend.h"
#include "gmstation/ledger_status.h"

#include "protocol/enrollment.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>

#include <fmt/format.h>

#include "client/http.h"
#include "client/ledger_client.h"
#include "client/ledger_watch.h"
#include "i18n/translate.h"
#include "ledger/ledger.h"
#include "ledger/venue_zone.h"
#include "printables/print_jobs.h"
#include "server/land_view.h"
#include "server/table_view.h"
#include "server/town_view.h"
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
    l.data["town"] = db::town_view(ledger_.database());  // as the server answers a GM station
    return l;
  }

  Lookup table() override {
    Lookup l;
    l.found = true;
    l.data = db::table_view(ledger_.database());
    return l;
  }

  Lookup land() override {
    Lookup l;
    l.found = true;
    l.data = db::land_view(ledger_.database());
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

  std::vector<FeedEvent> feed(client::FeedCursor& cursor) override {
    std::vector<FeedEvent> out;
    db::Statement s = ledger_.database().prepare(
        "SELECT seq, type, station, payload FROM events WHERE seq > ? ORDER BY seq LIMIT 200");
    s.bind(1, cursor.after);
    while (s.step())
      out.push_back({s.int64(0), s.text(1), s.text(2),
                     summarize_event(s.text(1), Json::parse(s.text(3)), [this](const std::string& badge) {
                       return name_of(badge);
                     })});
    if (!out.empty()) cursor.after = out.back().seq;
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

  // `standby_url`: the standby the enrolment card names (pinned), kept as a ledger to go on at.
  bool enroll(const std::string& code, std::string& error, const std::string& standby_url) {
    if (!client_.enrolled() && !client_.enroll(code, error)) return false;
    if (!standby_url.empty()) client_.add_server(standby_url);
    return true;
  }
  // Once enrolled (the watch reads the token from the cache file): the ledger asked from now on
  // on the watch's thread, never the window's.
  // The worker's client is made then too: a client reads its token from the cache file as it is made.
  void start_watch() {
    asking_ = std::make_unique<client::LedgerClient>(config_);
    watch_ = std::make_unique<client::LedgerWatch>(config_);
  }
  void wait_for_ledger(long max_wait_ms) override {
    if (watch_) watch_->wait_for_turn(std::chrono::milliseconds(max_wait_ms));
  }
  // The server the watch talks to now (another listed one when its card's stops answering) and
  // its standby's state (gmstation/ledger_status.h).
  std::string describe() const override {
    if (!watch_) return ledger_status_words(url_, Json());
    const std::string current = watch_->current_server();
    return ledger_status_words(current.empty() ? url_ : current, watch_->health());
  }
  // What the watch found last; before its first answer the ledger is taken to be there.
  bool online() override { return !watch_ || watch_->online().value_or(true); }
  bool asks_network() const override { return true; }
  bool wrong_key() override { return watch_ && watch_->wrong_key(); }

  Lookup character(const std::string& badge) override { return convert(offline_aware().character(badge)); }
  Lookup card(const std::string& code) override { return convert(offline_aware().card(code)); }
  // Asked of the server once (or found in the cache), by the window's worker as the window
  // opens: the definition never changes.
  Lookup event() override {
    {
      std::lock_guard lock(event_mutex_);
      if (event_.found) return event_;
    }
    Lookup event = convert(offline_aware().event());
    std::lock_guard lock(event_mutex_);
    if (event.found) event_ = event;
    return event;
  }
  Lookup event_as_known() override {
    {
      std::lock_guard lock(event_mutex_);
      if (event_.found) return event_;
    }
    if (auto cached = client_.cached_view("event")) return {true, *cached, "", true};
    return {};
  }
  // What the watch read last (the window never asks the network itself); before its first answer,
  // the timers of an evening before as cached.
  Lookup timers() override {
    if (watch_) {
      if (auto t = watch_->timers()) return {true, *t, "", watch_->known_offline()};
    }
    if (auto cached = client_.cached_view("timers")) return {true, *cached, "", true};
    return {};
  }
  Lookup table() override { return convert(offline_aware().table()); }
  Lookup land() override { return convert(offline_aware().land()); }
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

  std::vector<FeedEvent> feed(client::FeedCursor& cursor) override {
    std::vector<FeedEvent> out;
    if (!watch_) return out;
    for (const auto& e : watch_->events_after(cursor))
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
  // The worker's client, told what the watch last found: when the ledger is known to be out of
  // reach, a scan is answered from the cache at once instead of after a timeout.
  client::LedgerClient& offline_aware() {
    asking_->set_known_offline(watch_ && watch_->known_offline());
    return *asking_;
  }
  // A GM station's requests give up after this (ms): a venue network answers within it or is down.
  static constexpr long request_timeout_ms = 2000;
  client::ClientConfig config_;
  client::LedgerClient client_;  // the window's: the outbox and the cache, never the network
  std::unique_ptr<client::LedgerClient> asking_;  // the worker's: lookups and records (LedgerAsker)
  std::unique_ptr<client::LedgerWatch> watch_;
  std::string url_;
  std::mutex event_mutex_;  // event_ is written by the worker, read by the window
  Lookup event_;
};

}  // namespace

std::unique_ptr<StationBackend> open_local_ledger(const std::string& db_path, const std::string& station) {
  return std::make_unique<LocalLedger>(db_path, station);
}

std::unique_ptr<StationBackend> connect_to_server(const std::string& url, const std::string& cache_path,
                                                  const std::string& enrollment_code, const std::string& standby_url) {
  auto remote = std::make_unique<RemoteLedger>(url, cache_path);
  std::string error;
  if (!remote->enroll(enrollment_code, error, standby_url)) {
    // The shared client's words for a server with another key than the card's (client::wrong_key_words).
    if (error == client::wrong_key_words)
      error = tr("this is not your ledger: its key does not match the one on your enrolment card");
    throw std::runtime_error(fmt::format(fmt::runtime(tr("Not enrolled: {}")), error));
  }
  remote->start_watch();
  return remote;
}

}  // namespace marshal::gm
