#include "client/ledger_client.h"

#include <sodium.h>

#include <array>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "protocol/enrollment.h"
#include "protocol/refusal_json.h"

namespace marshal::client {

using sqlite::Statement;
using sqlite::Transaction;

std::string to_string(RecordStatus status) {
  switch (status) {
    case RecordStatus::provisional: return "provisional";
    case RecordStatus::accepted: return "accepted";
    case RecordStatus::refused: return "refused";
  }
  return "unknown";
}

std::string new_uuid_v7(std::int64_t unix_ms) {
  std::array<unsigned char, 16> b;
  randombytes_buf(b.data(), b.size());
  for (int i = 0; i < 6; ++i) b[i] = static_cast<unsigned char>(unix_ms >> (40 - 8 * i));
  b[6] = static_cast<unsigned char>(0x70 | (b[6] & 0x0F));
  b[8] = static_cast<unsigned char>(0x80 | (b[8] & 0x3F));
  char hex[33];
  sodium_bin2hex(hex, sizeof hex, b.data(), b.size());
  std::string h(hex);
  return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) +
         "-" + h.substr(20);
}

namespace {
const char* cache_schema = R"sql(
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS records (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'provisional',
  seq INTEGER,
  reply TEXT
);
CREATE TABLE IF NOT EXISTS outbox (
  uuid TEXT PRIMARY KEY REFERENCES records(uuid),
  attempts INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS views (key TEXT PRIMARY KEY, json TEXT NOT NULL, fetched_ms INTEGER);
)sql";

std::string setting(sqlite::Database& db, const std::string& key) {
  Statement s = db.prepare("SELECT value FROM settings WHERE key = ?");
  s.bind(1, key);
  return s.step() ? s.text(0) : std::string();
}

void set_setting(sqlite::Database& db, const std::string& key, const std::string& value) {
  db.prepare("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)").bind(1, key).bind(2, value).run();
}
}  // namespace

namespace {
// The cache file, its tables made if new.
sqlite::Database& with_schema(sqlite::Database& cache) {
  cache.exec(cache_schema);
  return cache;
}
}  // namespace

LedgerClient::LedgerClient(ClientConfig config) : config_(std::move(config)), cache_(config_.cache_path, true) {
  if (sodium_init() < 0) throw std::runtime_error(i18n::tr("libsodium could not start"));
  with_schema(cache_);
  // The server this cache enrolled at, with its key's pin, when given without it.
  const std::string enrolled_at = setting(cache_, "server");
  const std::string given = protocol::address_to_use(config_.server_url, enrolled_at);
  servers_ = ServerList::from_settings(setting(cache_, "servers"), enrolled_at, setting(cache_, "server_current"));
  // A token belongs to the servers of the evening it was given for: a card naming another (a new
  // ledger key after a theft) enrols anew.
  token_fits_ = enrolled_at.empty() || servers_.contains(given);
  if (!token_fits_ || servers_.urls().empty()) servers_ = ServerList(given);
  try {
    known_epoch_ = std::stoll(setting(cache_, "epoch"));
  } catch (const std::exception&) {
    known_epoch_ = 0;  // none kept yet (or a hand-edited cache): learnt from the next reply
  }
  http_ = connect(servers_.current());
}

std::unique_ptr<HttpClient> LedgerClient::connect(const std::string& url) {
  auto http = std::make_unique<HttpClient>(url, config_.timeout_ms);
  // Sent even where it may not fit (enrolled() says so): the ledger answers 401 if it does not.
  http->set_token(setting(cache_, "token"));
  if (known_epoch_ > 0) http->set_header("X-Marshal-Epoch", std::to_string(known_epoch_));
  return http;
}

namespace {
// A reply after which another listed server is asked: no answer (or an old ledger's, or another
// key's), a standby that takes no writes, or a ledger that knows it was replaced.
bool worth_asking_another(const HttpReply& r) {
  if (!r.reached || r.status == 421) return true;
  return r.status == 503 && r.body.is_object() && r.body.contains("error") && r.body["error"].is_object() &&
         r.body["error"].value("code", "") == "not_primary";
}
}  // namespace

void LedgerClient::switch_to(const std::string& url, std::unique_ptr<HttpClient> http) {
  // The station talks to it from now on (and after a restart).
  servers_.make_current(url);
  set_setting(cache_, "server_current", url);
  last_health_ = Json();  // the other one's
  http_ = std::move(http);
  if (known_epoch_ > 0) http_->set_header("X-Marshal-Epoch", std::to_string(known_epoch_));  // as its reply said
}

void LedgerClient::follow_cache() {
  if (!token_fits_) return;  // a station about to enrol anew: its list is the card's server only
  const std::string kept = setting(cache_, "servers"), current = setting(cache_, "server_current");
  if (!kept.empty() && kept != servers_.to_json())
    servers_ = ServerList::from_settings(kept, setting(cache_, "server"), servers_.current());
  if (servers_.contains(current) && current != servers_.current()) switch_to(current, connect(current));
  try {
    const std::int64_t epoch = std::stoll(setting(cache_, "epoch"));
    if (epoch > known_epoch_) {
      known_epoch_ = epoch;
      http_->set_header("X-Marshal-Epoch", std::to_string(known_epoch_));
    }
  } catch (const std::exception&) {
    // none kept yet
  }
}

HttpReply LedgerClient::ask(const std::function<HttpReply(HttpClient&)>& send) {
  follow_cache();
  HttpReply first = with_epoch(send(*http_));
  if (!worth_asking_another(first)) return first;
  for (const std::string& url : servers_.others()) {
    std::unique_ptr<HttpClient> other = connect(url);
    HttpReply r = with_epoch(send(*other));
    if (worth_asking_another(r)) continue;
    switch_to(url, std::move(other));
    return r;
  }
  return first;
}

void LedgerClient::prefer_primary() {
  for (const std::string& url : servers_.others()) {
    std::unique_ptr<HttpClient> other = connect(url);
    HttpReply h = with_epoch(other->get("/health"));
    if (!h.reached || h.status != 200 || !h.body.is_object() || h.body.value("role", "") != "primary") continue;
    switch_to(url, std::move(other));
    learn_servers(h.body);
    last_health_ = h.body;
    return;
  }
}

HttpReply LedgerClient::get(const std::string& path, long timeout_ms) {
  return ask([&](HttpClient& http) { return http.get(path, timeout_ms); });
}
HttpReply LedgerClient::post(const std::string& path, const Json& body) {
  return ask([&](HttpClient& http) { return http.post(path, body); });
}

bool LedgerClient::add_server(const std::string& url) {
  if (!servers_.add(url)) return false;
  set_setting(cache_, "servers", servers_.to_json());
  return true;
}

void LedgerClient::learn_servers(const Json& health) {
  if (!health.is_object()) return;
  if (health.contains("epoch_seq") && health["epoch_seq"].is_number_integer() &&
      health.value("epoch", std::int64_t{0}) == known_epoch_)
    epoch_seq_ = health["epoch_seq"].get<std::int64_t>();
  if (servers_.learn_from_health(health)) set_setting(cache_, "servers", servers_.to_json());
}

HttpReply LedgerClient::with_epoch(HttpReply reply) {
  if (!reply.reached || reply.epoch == 0) return reply;
  if (reply.epoch < known_epoch_) {
    HttpReply old;
    // TRANSLATORS: {0} and {1} are epochs (1, 2, ...).
    old.error = fmt::format(fmt::runtime(i18n::tr("an old ledger (epoch {}), replaced by a promoted standby at epoch {}")),
                            reply.epoch, known_epoch_);
    return old;
  }
  if (reply.epoch > known_epoch_) {
    known_epoch_ = reply.epoch;
    epoch_seq_ = 0;  // told by the next /health
    set_setting(cache_, "epoch", std::to_string(known_epoch_));
    http_->set_header("X-Marshal-Epoch", std::to_string(known_epoch_));
  }
  return reply;
}

bool LedgerClient::enroll(const std::string& code, std::string& error) {
  // At the address given (the card's), not through post(): a station enrolled at another ledger
  // (a new evening) takes that one's epoch and forgets the old one's servers.
  auto http = std::make_unique<HttpClient>(servers_.urls().empty() ? "" : servers_.urls().front(), config_.timeout_ms);
  HttpReply r = http->post("/enroll", Json{{"code", code}});
  online_ = r.reached;
  if (!r.reached) {
    error = r.wrong_key ? r.error : fmt::format(fmt::runtime(i18n::tr("the ledger cannot be reached: {}")), r.error);
    return false;
  }
  if (r.status != 200 || !r.body.is_object() || !r.body.contains("token")) {
    error = protocol::reply_refusal_reason(r.body, i18n::tr("enrollment refused"));
    return false;
  }
  servers_ = ServerList(http->base_url());  // with its key's pin
  Transaction tx(cache_);
  set_setting(cache_, "token", r.body["token"]);
  set_setting(cache_, "station", r.body["station"]);
  set_setting(cache_, "role", r.body["role"]);
  set_setting(cache_, "server", http->base_url());
  set_setting(cache_, "servers", servers_.to_json());
  set_setting(cache_, "server_current", http->base_url());
  known_epoch_ = r.epoch;
  set_setting(cache_, "epoch", std::to_string(known_epoch_));
  tx.commit();
  token_fits_ = true;
  epoch_seq_ = 0;
  http_ = connect(servers_.current());
  return true;
}

bool LedgerClient::enrolled() { return token_fits_ && !setting(cache_, "token").empty(); }

std::string LedgerClient::station_name() { return setting(cache_, "station"); }
std::string LedgerClient::role() { return setting(cache_, "role"); }

Record LedgerClient::record(const std::string& type, const Json& payload, std::int64_t now_ms) {
  Record rec;
  rec.uuid = new_uuid_v7(now_ms);
  rec.type = type;
  rec.payload = payload;
  rec.created_ms = now_ms;
  {
    // The record and its outbox entry land together or not at all.
    Transaction tx(cache_);
    cache_.prepare("INSERT INTO records(uuid, type, payload, created_ms) VALUES (?,?,?,?)")
        .bind(1, rec.uuid)
        .bind(2, type)
        .bind(3, payload.dump())
        .bind(4, now_ms)
        .run();
    cache_.prepare("INSERT INTO outbox(uuid) VALUES (?)").bind(1, rec.uuid).run();
    tx.commit();
  }
  if (!known_offline_) sync();
  return find(rec.uuid).value_or(rec);
}

void LedgerClient::store_reply(const std::string& uuid, const HttpReply& reply) {
  bool accepted = reply.body.is_object() && reply.body.value("accepted", false);
  Transaction tx(cache_);
  cache_.prepare("UPDATE records SET status = ?, seq = ?, reply = ? WHERE uuid = ?")
      .bind(1, accepted ? "accepted" : "refused")
      .bind(2, accepted ? std::optional<std::int64_t>(reply.body["seq"].get<std::int64_t>()) : std::nullopt)
      .bind(3, reply.body.dump())
      .bind(4, uuid)
      .run();
  cache_.prepare("DELETE FROM outbox WHERE uuid = ?").bind(1, uuid).run();
  tx.commit();
}

SyncReport LedgerClient::sync() {
  std::lock_guard one_sender(*config_.sync_lock);
  SyncReport report;
  const std::int64_t epoch_before = known_epoch_;
  std::vector<std::pair<std::string, Json>> pending;
  {
    Statement s = cache_.prepare(
        "SELECT r.uuid, r.type, r.payload, r.created_ms FROM outbox o JOIN records r ON r.uuid = o.uuid "
        "ORDER BY r.id");
    while (s.step())
      pending.push_back({s.text(0), Json{{"uuid", s.text(0)},
                                         {"type", s.text(1)},
                                         {"payload", Json::parse(s.text(2))},
                                         {"client_time_ms", s.int64(3)}}});
  }
  report.online = true;
  for (const auto& [uuid, body] : pending) {
    cache_.prepare("UPDATE outbox SET attempts = attempts + 1 WHERE uuid = ?").bind(1, uuid).run();
    HttpReply r = post("/events", body);
    // No answer: offline. The server could not write (5xx), does not know this station's token
    // (401), or is an old ledger replaced by a promoted standby (421 epoch_behind): keep it, in
    // order, for a later sync.
    if (!r.reached) {
      report.online = false;
      report.wrong_key = r.wrong_key;
      break;
    }
    if (r.status >= 500 || r.status == 401 || r.status == 421) break;
    ++report.sent;
    store_reply(uuid, r);
    if (r.body.is_object() && r.body.value("accepted", false))
      ++report.accepted;
    else
      ++report.refused;
  }
  // The health: whether the ledger answers when nothing was sent, and after a new epoch where it
  // began (the feed starts again there: client/ledger_watch.h).
  if (pending.empty() || known_epoch_ != epoch_before) {
    HttpReply r = get("/health");
    const bool answers = r.reached && r.status == 200;
    if (pending.empty()) {
      report.online = answers;
      report.wrong_key = r.wrong_key;
    }
    if (answers) {
      learn_servers(r.body);
      last_health_ = r.body;
      // A standby answered (the ledger was out of reach a moment ago): back to a primary if one
      // answers now, so that the station does not read from the standby while its ledger is up.
      if (r.body.is_object() && r.body.value("role", "") == "standby") prefer_primary();
    }
  }
  online_ = report.online;
  report.left = static_cast<int>(cache_.scalar_int("SELECT COUNT(*) FROM outbox"));
  return report;
}

Record LedgerClient::read_record(Statement& s) {
  Record r;
  r.uuid = s.text(0);
  r.type = s.text(1);
  r.payload = Json::parse(s.text(2));
  r.created_ms = s.int64(3);
  std::string status = s.text(4);
  r.status = status == "accepted" ? RecordStatus::accepted
             : status == "refused" ? RecordStatus::refused
                                   : RecordStatus::provisional;
  if (!s.is_null(5)) r.seq = s.int64(5);
  if (!s.is_null(6)) r.reply = Json::parse(s.text(6), nullptr, false);
  return r;
}

std::vector<Record> LedgerClient::provisional() {
  Statement s = cache_.prepare(
      "SELECT uuid, type, payload, created_ms, status, seq, reply FROM records WHERE status = "
      "'provisional' ORDER BY id");
  std::vector<Record> out;
  while (s.step()) out.push_back(read_record(s));
  return out;
}

std::vector<Record> LedgerClient::refused() {
  Statement s = cache_.prepare(
      "SELECT uuid, type, payload, created_ms, status, seq, reply FROM records WHERE status = "
      "'refused' ORDER BY id");
  std::vector<Record> out;
  while (s.step()) out.push_back(read_record(s));
  return out;
}

std::optional<Record> LedgerClient::find(const std::string& uuid) {
  Statement s = cache_.prepare(
      "SELECT uuid, type, payload, created_ms, status, seq, reply FROM records WHERE uuid = ?");
  s.bind(1, uuid);
  if (!s.step()) return std::nullopt;
  return read_record(s);
}

View LedgerClient::view(const std::string& path, const std::string& cache_key) {
  View v;
  HttpReply r;
  if (known_offline_) r.error = i18n::tr("known to be out of reach");
  else r = get(path);
  online_ = r.reached;
  if (r.reached && r.status == 200) {
    v.data = r.body;
    v.found = true;
    cache_.prepare("INSERT OR REPLACE INTO views(key, json) VALUES (?, ?)").bind(1, cache_key).bind(2, r.body.dump()).run();
    return v;
  }
  if (r.reached) {
    v.error = protocol::reply_refusal_reason(r.body, fmt::format(fmt::runtime(i18n::tr("the ledger answered {}")), r.status));
    return v;
  }
  if (auto cached = cached_view(cache_key)) {
    v.data = std::move(*cached);
    v.found = true;
    v.from_cache = true;
  } else {
    v.error = i18n::tr("the ledger cannot be reached and this was never seen here");
  }
  return v;
}

std::optional<Json> LedgerClient::cached_view(const std::string& cache_key) {
  Statement s = cache_.prepare("SELECT json FROM views WHERE key = ?");
  s.bind(1, cache_key);
  if (!s.step()) return std::nullopt;
  Json data = Json::parse(s.text(0), nullptr, false);
  if (data.is_discarded()) return std::nullopt;
  return data;
}

View LedgerClient::card(const std::string& code, const std::optional<std::string>& as_badge) {
  std::string path = "/cards/" + code + (as_badge ? "?as=" + *as_badge : "");
  return view(path, "card:" + code + (as_badge ? ":" + *as_badge : ""));
}

View LedgerClient::character(const std::string& badge) {
  return view("/characters/" + badge, "character:" + badge);
}

View LedgerClient::event() { return view("/event", "event"); }

View LedgerClient::timers() { return view("/timers", "timers"); }

View LedgerClient::table() { return view("/table", "table"); }
View LedgerClient::twtw() { return view("/twtw", "twtw"); }
View LedgerClient::land() { return view("/land", "land"); }

std::optional<Json> LedgerClient::feed(std::int64_t after, long wait_ms) {
  HttpReply r = get("/events?after=" + std::to_string(after) + "&wait_ms=" + std::to_string(wait_ms),
                          wait_ms + config_.timeout_ms);
  online_ = r.reached;
  if (!r.reached || r.status != 200) return std::nullopt;
  set_setting(cache_, "last_seq", std::to_string(r.body.value("last_seq", after)));
  return r.body;
}

}  // namespace marshal::client
