#include "kiosk/kiosk_client.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include <sodium.h>

#include <fmt/format.h>

#include "client/ledger_client.h"
#include "i18n/translate.h"
#include "kiosk/refusal_words.h"
#include "protocol/enrollment.h"
#include "protocol/refusal_json.h"

namespace marshal::kiosk {

using i18n::tr;

namespace {

// The cache file holds the kiosk's station token and name and the server's address: nothing of
// any player.
const char* cache_schema = "CREATE TABLE IF NOT EXISTS kiosk_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)";

std::string setting(sqlite::Database& db, const std::string& key) {
  sqlite::Statement s = db.prepare("SELECT value FROM kiosk_settings WHERE key = ?");
  s.bind(1, key);
  return s.step() ? s.text(0) : std::string();
}

// A path segment from a scanned or typed code: letters, digits, spaces and dashes pass (the
// ledger reads them); anything else is percent-escaped so a code cannot reach another endpoint.
std::string path_segment(const std::string& code) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : code) {
    if (std::isalnum(c) || c == '-') out += static_cast<char>(c);
    else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace

KioskClient::KioskClient(const std::string& server_url, const std::string& cache_path, long timeout_ms)
    : cache_(cache_path, true), timeout_ms_(timeout_ms) {
  cache_.exec(cache_schema);
  const std::string remembered = setting(cache_, "server");  // with its key's pin
  const std::string url = protocol::address_to_use(server_url, remembered);
  servers_ = client::ServerList::from_settings(setting(cache_, "servers"), remembered, setting(cache_, "server_current"));
  // A token belongs to the servers of the ledger that gave it: elsewhere the kiosk enrolls anew.
  const bool token_fits = url == remembered || (!remembered.empty() && servers_.contains(url));
  if (!token_fits || servers_.urls().empty()) servers_ = client::ServerList(url);
  remember_identity(token_fits ? setting(cache_, "token") : std::string(), setting(cache_, "station"),
                    setting(cache_, "admin_check"));
  try {
    known_epoch_ = token_fits ? std::stoll(setting(cache_, "epoch")) : 0;
  } catch (const std::exception&) {
    known_epoch_ = 0;  // none kept yet: learnt from the next reply
  }
  saved_epoch_ = known_epoch_;
  http_ = std::make_unique<client::HttpClient>(servers_.current(), timeout_ms_);
  http_->set_token(token_);
  if (known_epoch_ > 0) http_->set_header("X-Marshal-Epoch", std::to_string(known_epoch_));
  follow_server();
  health_watch_ = std::make_unique<client::Repeater>(health_every, [this] { check_health(); });
}

KioskClient::~KioskClient() { health_watch_.reset(); }  // stopped before what it uses goes

bool KioskClient::enroll_at(const std::string& server_url, const std::string& code, std::string& error,
                            const std::string& standby_url) {
  auto previous = std::move(http_);
  http_ = std::make_unique<client::HttpClient>(server_url, timeout_ms_);
  if (enroll(code, error)) {
    if (!standby_url.empty()) {
      std::lock_guard lock(health_mutex_);
      servers_learnt_ = servers_.add(standby_url) || servers_learnt_;  // kept by the next request
    }
    follow_server();
    health_ = Health::unknown;
    health_watch_->ask_now();
    return true;
  }
  http_ = std::move(previous);
  return false;
}

bool KioskClient::enroll(const std::string& code, std::string& error) {
  client::HttpReply r = http_->post("/enroll", Json{{"code", code}});
  KioskReply a = answer(r);
  if (!a.ok) {
    error = refusal_words(a);
    return false;
  }
  if (a.body.value("role", "") != "kiosk") {
    // TRANSLATORS: {} is a station's role as the ledger names it: gm (a GM station) or kiosk.
    error = fmt::format(fmt::runtime(tr("this enrollment code is for a {} station, not a kiosk")),
                        a.body.value("role", std::string("?")));
    return false;
  }
  sqlite::Transaction tx(cache_);
  for (const char* key : {"token", "station"})
    cache_.prepare("INSERT OR REPLACE INTO kiosk_settings(key, value) VALUES (?, ?)")
        .bind(1, key)
        .bind(2, a.body[key].get<std::string>())
        .run();
  cache_.prepare("INSERT OR REPLACE INTO kiosk_settings(key, value) VALUES ('server', ?)").bind(1, http_->base_url()).run();
  {
    std::lock_guard lock(health_mutex_);
    servers_ = client::ServerList(http_->base_url());
    servers_learnt_ = false;
    switch_to_.clear();
  }
  set_setting("servers", client::ServerList(http_->base_url()).to_json());
  set_setting("server_current", http_->base_url());
  known_epoch_ = r.epoch;  // this ledger's: a kiosk enrolled at a new evening forgets the old one's
  saved_epoch_ = r.epoch;
  set_setting("epoch", std::to_string(r.epoch));
  const std::string admin_check = a.body.value("admin_check", "");
  cache_.prepare("INSERT OR REPLACE INTO kiosk_settings(key, value) VALUES ('admin_check', ?)").bind(1, admin_check).run();
  tx.commit();
  remember_identity(a.body["token"], a.body["station"], admin_check);
  http_->set_token(a.body["token"].get<std::string>());
  http_->set_header("X-Marshal-Epoch", r.epoch > 0 ? std::to_string(r.epoch) : "");
  return true;
}

void KioskClient::set_setting(const std::string& key, const std::string& value) {
  cache_.prepare("INSERT OR REPLACE INTO kiosk_settings(key, value) VALUES (?, ?)").bind(1, key).bind(2, value).run();
}

void KioskClient::remember_identity(std::string token, std::string station, std::string admin_check) {
  std::lock_guard lock(identity_mutex_);
  token_ = std::move(token);
  station_ = std::move(station);
  admin_check_ = std::move(admin_check);
}

bool KioskClient::enrolled() const {
  std::lock_guard lock(identity_mutex_);
  return !token_.empty();
}

std::string KioskClient::station_name() const {
  std::lock_guard lock(identity_mutex_);
  return station_;
}

std::string KioskClient::server_url() const {
  std::lock_guard lock(identity_mutex_);
  return url_;
}

KioskReply KioskClient::answer(const client::HttpReply& reply) const {
  if (observer_ && reply.reached) observer_(reply.body);
  KioskReply a;
  a.reached = reply.reached;
  if (!reply.reached) {
    a.code = reply.wrong_key ? "wrong_key" : "unreachable";
    // The key's words are the shared client's (refusal_words gives them in the reader's language).
    a.reason = reply.wrong_key ? reply.error
                               : fmt::format(fmt::runtime(tr("the ledger cannot be reached ({})")), reply.error);
    return a;
  }
  if (reply.status == 200 && reply.body.is_object()) {
    a.ok = true;
    a.body = reply.body;
    return a;
  }
  const Json& e = reply.body.is_object() && reply.body.contains("error") ? reply.body["error"] : Json::object();
  a.code = e.is_object() ? e.value("code", "refused") : "refused";
  a.field = e.is_object() ? e.value("field", "") : "";
  if (e.is_object()) a.error = e;
  // The server's sentence in the kiosk's language where it sent one unworded (refusal_words
  // words the codes it knows in the player's terms).
  a.reason = protocol::refusal_reason(e, tr("refused by the ledger"));
  return a;
}

void KioskClient::forget_enrollment() {
  sign_out();
  cache_.exec("DELETE FROM kiosk_settings WHERE key IN ('token', 'station', 'admin_check')");
  remember_identity("", "", "");
  http_->set_token("");
}

bool KioskClient::admin_ok(const std::string& code, const std::string& pin) const {
  std::lock_guard lock(identity_mutex_);
  if (admin_check_.empty()) return false;
  const std::string given = protocol::admin_check(code, pin);
  return given.size() == admin_check_.size() && sodium_memcmp(given.data(), admin_check_.data(), given.size()) == 0;
}

bool KioskClient::online() {
  // Only the first call may wait (for the watch's first answer); later ones read the last.
  if (health_ == Health::unknown) health_watch_->wait_for_turn(std::chrono::milliseconds(health_timeout_ms + 500));
  return health_ == Health::answers;
}

bool KioskClient::usable_health(const client::HttpReply& reply) const {
  return reply.reached && reply.status == 200 && reply.body.is_object() && reply.epoch >= known_epoch_;
}

void KioskClient::learn_servers(const Json& health) {
  if (servers_.learn_from_health(health)) servers_learnt_ = true;
}

void KioskClient::check_health() {
  std::string url;
  std::vector<std::string> others;
  {
    std::lock_guard lock(health_mutex_);
    url = health_url_;
    others = servers_.others();
  }
  if (url.empty()) {  // not enrolled anywhere yet: nobody to ask
    health_ = Health::out_of_reach;
    return;
  }
  if (!health_http_ || health_http_->base_url() != url)
    health_http_ = std::make_unique<client::HttpClient>(url, health_timeout_ms);
  client::HttpReply r = health_http_->get("/health", health_timeout_ms);
  health_wrong_key_ = r.wrong_key;
  const bool answers = usable_health(r);
  if (answers) {
    raise_epoch(r.epoch);
    std::lock_guard lock(health_mutex_);
    learn_servers(r.body);
  }
  // The ledger gone, or only its standby answering (it takes no sign-in, no vote): another
  // listed server that answers as the primary is the kiosk's from the next request on.
  if (!answers || r.body.value("role", "primary") != "primary") {
    for (const std::string& other : others) {
      client::HttpReply o = client::HttpClient(other, health_timeout_ms).get("/health", health_timeout_ms);
      if (!usable_health(o) || o.body.value("role", "primary") != "primary") continue;
      std::lock_guard lock(health_mutex_);
      // Enrolled anew meanwhile (another evening's list): this answer is not the kiosk's.
      if (health_url_ != url || !servers_.contains(other)) return;
      raise_epoch(o.epoch);
      learn_servers(o.body);
      servers_.make_current(other);
      health_url_ = other;
      switch_to_ = other;
      health_ = Health::answers;
      return;
    }
  }
  health_ = answers ? Health::answers : Health::out_of_reach;
}

void KioskClient::take_switch() {
  std::string to, learnt;
  {
    std::lock_guard lock(health_mutex_);
    to.swap(switch_to_);
    if (servers_learnt_) learnt = servers_.to_json();
    servers_learnt_ = false;
  }
  if (!learnt.empty()) set_setting("servers", learnt);
  if (known_epoch_ > saved_epoch_) {  // raised by the health thread: kept for the next start
    saved_epoch_ = known_epoch_;
    set_setting("epoch", std::to_string(saved_epoch_));
  }
  if (known_epoch_ > 0) http_->set_header("X-Marshal-Epoch", std::to_string(known_epoch_));
  if (to.empty() || to == http_->base_url()) return;
  auto next = std::make_unique<client::HttpClient>(to, timeout_ms_);
  next->set_token(token_);
  if (known_epoch_ > 0) next->set_header("X-Marshal-Epoch", std::to_string(known_epoch_));
  // The player's sign-in was made at the old server: the new one answers sign_in_ended, and the
  // kiosk asks for the badge and PIN again, as after an idle reset.
  if (!sign_in_.empty()) next->set_header("X-Sign-In", sign_in_);
  http_ = std::move(next);
  set_setting("server_current", to);
  std::lock_guard lock(identity_mutex_);
  url_ = to;
}

client::HttpReply KioskClient::with_epoch(client::HttpReply reply) {
  if (!reply.reached || reply.epoch == 0) return reply;
  if (reply.epoch < known_epoch_) {
    client::HttpReply old;
    // TRANSLATORS: {0} and {1} are epochs (1, 2, ...).
    old.error = fmt::format(fmt::runtime(tr("an old ledger (epoch {}), replaced by a promoted standby at epoch {}")),
                            reply.epoch, known_epoch_.load());
    return old;
  }
  if (reply.epoch > saved_epoch_) {
    raise_epoch(reply.epoch);
    saved_epoch_ = reply.epoch;
    set_setting("epoch", std::to_string(reply.epoch));
    http_->set_header("X-Marshal-Epoch", std::to_string(reply.epoch));
  }
  return reply;
}

void KioskClient::raise_epoch(std::int64_t epoch) {
  std::int64_t known = known_epoch_.load();
  while (epoch > known && !known_epoch_.compare_exchange_weak(known, epoch)) {
  }
}

void KioskClient::follow_server() {
  {
    std::lock_guard lock(identity_mutex_);
    url_ = http_->base_url();
  }
  std::lock_guard lock(health_mutex_);
  health_url_ = http_->base_url();
}

client::HttpReply KioskClient::get(const std::string& path) {
  take_switch();
  if (health_ == Health::out_of_reach) return known_out_of_reach();
  return with_epoch(http_->get(path));
}

client::HttpReply KioskClient::post(const std::string& path, const Json& body) {
  take_switch();
  if (health_ == Health::out_of_reach) return known_out_of_reach();
  return with_epoch(http_->post(path, body));
}

client::HttpReply KioskClient::known_out_of_reach() {
  health_watch_->ask_now();  // perhaps it is back: the next request will know
  client::HttpReply r;
  r.wrong_key = health_wrong_key_;
  r.error = r.wrong_key ? std::string(client::wrong_key_words) : tr("no answer to its last health check");
  return r;
}

KioskReply KioskClient::event() { return answer(get("/event")); }
KioskReply KioskClient::timers() { return answer(get("/timers")); }
KioskReply KioskClient::character(const std::string& badge) {
  return answer(get("/characters/" + path_segment(badge)));
}
KioskReply KioskClient::card(const std::string& code) { return answer(get("/cards/" + path_segment(code))); }

KioskReply KioskClient::sign_in(const std::string& badge, const std::string& pin) {
  sign_out();
  KioskReply a = answer(post("/kiosk/sign-in", Json{{"badge", badge}, {"pin", pin}}));
  if (a.ok) {
    sign_in_ = a.body.value("sign_in", "");
    http_->set_header("X-Sign-In", sign_in_);
    a.body.erase("sign_in");  // the token stays in here
  }
  return a;
}

KioskReply KioskClient::countersign(const std::string& badge, const std::string& pin) {
  sign_out_buyer();
  client::HttpClient buyer(http_->base_url());  // the buyer's sign-in, not the seller's header
  buyer.set_token(token_);
  KioskReply a = answer(health_ == Health::out_of_reach ? known_out_of_reach()
                                                        : buyer.post("/kiosk/sign-in", Json{{"badge", badge}, {"pin", pin}}));
  if (a.ok) {
    countersign_ = a.body.value("sign_in", "");
    a.body.erase("sign_in");
  }
  return a;
}

void KioskClient::sign_out_buyer() {
  if (countersign_.empty()) return;
  client::HttpClient buyer(http_->base_url());
  buyer.set_token(token_);
  buyer.set_header("X-Sign-In", countersign_);
  buyer.post("/kiosk/sign-out", Json::object());  // best effort: it ends by itself in a minute
  countersign_.clear();
}

KioskReply KioskClient::sell_horse(const std::string& horse, const std::string& from_badge,
                                   const std::string& to_badge, std::int64_t now_ms) {
  Json event{{"uuid", client::new_uuid_v7(now_ms)},
             {"type", "horse_sold"},
             {"payload", {{"horse", horse}, {"from", from_badge}, {"to", to_badge}}},
             {"client_time_ms", now_ms}};
  take_switch();  // first: a move to another ledger makes a new client, without this header
  http_->set_header("X-Countersign", countersign_);
  KioskReply a = answer(post("/events", event));
  http_->set_header("X-Countersign", "");
  sign_out_buyer();
  return a;
}

void KioskClient::sign_out() {
  sign_out_buyer();
  if (sign_in_.empty()) return;
  post("/kiosk/sign-out", Json::object());  // best effort: it ends by itself in a minute
  sign_in_.clear();
  http_->set_header("X-Sign-In", "");
}

KioskReply KioskClient::vote() { return answer(get("/vote")); }

KioskReply KioskClient::cast_ballot(const std::string& voter_badge, const std::string& candidate_badge,
                                    std::int64_t now_ms) {
  Json event{{"uuid", client::new_uuid_v7(now_ms)},
             {"type", "ballot_cast"},
             {"payload", {{"voter", voter_badge}, {"candidate", candidate_badge}}},
             {"client_time_ms", now_ms}};
  return answer(post("/events", event));
}

KioskReply KioskClient::give_secret(const std::string& secret, const std::string& from_badge,
                                    const std::string& to_badge, std::int64_t now_ms) {
  Json event{{"uuid", client::new_uuid_v7(now_ms)},
             {"type", "secret_given"},
             {"payload", {{"secret", secret}, {"from", from_badge}, {"to", to_badge}}},
             {"client_time_ms", now_ms}};
  return answer(post("/events", event));
}

KioskReply KioskClient::play_trick(const std::string& trick, const std::string& badge, std::int64_t now_ms) {
  Json event{{"uuid", client::new_uuid_v7(now_ms)},
             {"type", "trick_flipped"},
             {"payload", {{"character", badge}, {"trick", trick}}},
             {"client_time_ms", now_ms}};
  return answer(post("/events", event));
}

}  // namespace marshal::kiosk
