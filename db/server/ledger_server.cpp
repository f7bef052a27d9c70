#include "server/ledger_server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "audit/anchors.h"
#include "ledger/kiosk_pins.h"
#include "ledger/ledger.h"
#include "ledger/refusal_trail.h"
#include "ledger/station_events.h"
#include "ledger/town.h"
#include "protocol/json_fields.h"
#include "protocol/json_text.h"
#include "protocol/utf8.h"
#include "server/append_queue.h"
#include "server/connection_guard.h"
#include "server/kiosk_sign_ins.h"
#include "server/rate_limited_log.h"
#include "server/stations.h"
#include "server/table_view.h"
#include "server/twtw_view.h"
#include "server/views.h"
#include "store/hash_chain.h"
#include "store/schema.h"

namespace marshal::db {

namespace {

std::int64_t now_ms() { return db::unix_time_ms(); }

// Event types a kiosk may record: players handing cards to each other, and their ballots.
const std::set<std::string> kiosk_event_types{"secret_given", "horse_sold", "ballot_cast"};

struct Reply {
  Reply() = default;
  Reply(unsigned code, Json json) : status(code), body(std::move(json)) {}
  // A body already written as JSON text.
  static Reply text_of(unsigned status, std::string text) {
    Reply r;
    r.status = status;
    r.text = std::move(text);
    return r;
  }
  unsigned status = 200;
  Json body;
  std::string text;  // when not empty, sent instead of body
};

// Field and reason may quote what a client sent (a path, a name): made valid UTF-8 here, since
// JSON must be.
Reply error_reply(unsigned status, const std::string& code, const std::string& field,
                  const std::string& reason) {
  return {status,
          {{"error", {{"code", code}, {"field", protocol::valid_utf8(field)}, {"reason", protocol::valid_utf8(reason)}}}}};
}

// client_time_ms: the station's clock in milliseconds since 1970, a whole number in
// 0..max_client_time_ms (ledger.h).
std::int64_t client_time_from(const Json& t) {
  bool whole = t.is_number_integer();
  bool in_range = whole && (t.is_number_unsigned() ? t.get<std::uint64_t>() <= static_cast<std::uint64_t>(max_client_time_ms)
                                                   : t.get<std::int64_t>() >= 0 && t.get<std::int64_t>() <= max_client_time_ms);
  if (!in_range)
    throw protocol::InputError("client_time_ms", fmt::format("must be a whole number of milliseconds "
                                                             "since 1970, 0 to {}", max_client_time_ms));
  return t.get<std::int64_t>();
}

std::string client_address(MHD_Connection* c) {
  const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (!info || !info->client_addr || info->client_addr->sa_family != AF_INET) return "?";
  char text[INET_ADDRSTRLEN] = "?";
  inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(info->client_addr)->sin_addr, text, sizeof text);
  return text;
}

Reply append_reply(const AppendResult& r) {
  // Spliced from the text the ledger stored rather than copied and dumped again: every append
  // passes here.
  if (r.accepted)
    return Reply::text_of(200, fmt::format(R"({{"accepted":true,"seq":{},"hash":"{}","duplicate":{},"ledger":{}}})",
                                           r.seq, to_hex(r.hash).substr(0, anchor_short_hex_digits), r.duplicate,
                                           r.ledger_text));
  unsigned status = r.code == "bad_input" || r.code == "bad_code" ? 400
                    : r.code == "server_error"                     ? 503
                                                                   : 409;
  Reply reply = error_reply(status, r.code, r.field, r.reason);
  reply.body["accepted"] = false;
  return reply;
}

// One request from its first callback to its completion.
struct RequestState {
  std::string body;
  bool too_large = false;
  // Set when the request waits off the MHD threads (an append, a long-poll).
  bool suspended = false;
  std::optional<AppendResult> appended;  // set by the writer; the reply is made on resume
  std::optional<AppendRequest> sent;     // back from the writer, freed on this connection's thread
  // Long-poll
  bool polling = false;
  std::int64_t after = 0;
  std::int64_t limit = 500;
  Role role = Role::kiosk;
};

}  // namespace

struct LedgerServer::Impl {
  ServerConfig config;
  RateLimitedLog log;
  ConnectionGuard guard;
  KioskSignIns sign_ins;
  Ledger ledger;
  std::shared_ptr<RefusalTrail> trail;
  std::unique_ptr<AppendQueue> queue;
  MHD_Daemon* daemon = nullptr;
  std::uint16_t bound_port = 0;

  // Read connections, one per MHD thread (SQLite connections are not shared across threads).
  std::mutex readers_mutex;
  std::map<std::thread::id, std::unique_ptr<Database>> readers;

  // Long-poll waiters and the thread that ends them at their deadline.
  struct Waiter {
    MHD_Connection* connection;
    RequestState* state;
    std::int64_t deadline_ms;
  };
  std::mutex waiters_mutex;
  std::condition_variable waiters_wake;
  std::list<Waiter> waiters;
  std::atomic<std::int64_t> last_seq{0};
  bool stopping = false;
  // Guards the queue while the server shuts down: after `closing`, nothing more is submitted.
  std::mutex closing_mutex;
  bool closing = false;
  std::thread deadline_thread;

  explicit Impl(const ServerConfig& c)
      : config(c), log(c.log), guard(c.connection_limits, log), ledger(c.db_path), trail(ledger.refusal_trail()) {
    last_seq = ledger.last_seq();
    if (last_seq == 0) throw std::runtime_error(c.db_path + " holds no event definition");
    // A ledger made before kiosk PINs existed gets them now (marshal pins prints them).
    if (int made = ensure_kiosk_pins(ledger.database(), now_ms()))
      log.say("pins", fmt::format("made kiosk PINs for {} characters: print them with marshal pins", made), now_ms());
    queue = std::make_unique<AppendQueue>(ledger, now_ms, [this](std::int64_t seq) {
      last_seq = seq;
      wake_waiters(false);
    });
    deadline_thread = std::thread([this] { run_deadlines(); });
  }

  Database& reader() {
    std::lock_guard lock(readers_mutex);
    auto& db = readers[std::this_thread::get_id()];
    if (!db) {
      db = std::make_unique<Database>(config.db_path, false);
      // A reader sees the file change with every commit and drops its page cache; through a
      // memory map it reads the pages again without a system call for each.
      db->exec("PRAGMA mmap_size=268435456");
    }
    return *db;
  }

  void wake_waiters(bool all) {
    std::lock_guard lock(waiters_mutex);
    std::int64_t now = now_ms();
    for (auto it = waiters.begin(); it != waiters.end();) {
      bool due = all || it->state->after < last_seq || it->deadline_ms <= now;
      if (!due) {
        ++it;
        continue;
      }
      MHD_resume_connection(it->connection);
      it = waiters.erase(it);
    }
  }

  // The ledger's head in the log: an anchor kept outside the file (docs/audit.md).
  void log_head(std::int64_t now) {
    try {
      log.say("head", "head " + head_line(reader()) + " (anchors for marshal audit)", now);
    } catch (const std::exception& e) {
      log.say("head", std::string("could not read the ledger's head: ") + e.what(), now);
    }
  }

  // Every 100 ms: long-polls past their time, connections past their deadline (ConnectionGuard),
  // the head every 5 minutes, and once a second the refusal trail's counts of minutes that are over.
  void run_deadlines() {
    std::unique_lock lock(waiters_mutex);
    std::int64_t last_flush = now_ms(), last_head = 0;
    while (!stopping) {
      waiters_wake.wait_for(lock, std::chrono::milliseconds(100));
      lock.unlock();
      wake_waiters(false);
      std::int64_t now = now_ms();
      guard.shed_overdue(now);
      if (now - last_head >= head_log_interval_ms) {  // an anchor for the audit, outside the file
        last_head = now;
        log_head(now);
      }
      if (now - last_flush >= 1000) {
        last_flush = now;
        try {
          trail->flush(reader(), now);
        } catch (const std::exception& e) {
          log.say("refusal trail", std::string("could not write the refusal trail's counts: ") + e.what(), now);
        }
      }
      lock.lock();
    }
  }

  // ---- routes -------------------------------------------------------------------------------

  std::optional<Station> authenticate(MHD_Connection* c) {
    const char* header = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
    if (!header || std::strncmp(header, "Bearer ", 7) != 0) return std::nullopt;
    return station_for_token(reader(), header + 7);
  }

  static std::optional<std::string> query(MHD_Connection* c, const char* key) {
    const char* v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, key);
    if (!v) return std::nullopt;
    return std::string(v);
  }

  static bool parse_int(const std::optional<std::string>& text, std::int64_t min, std::int64_t max,
                        std::int64_t& out) {
    if (!text) return true;
    try {
      std::size_t used = 0;
      long long v = std::stoll(*text, &used);
      if (used != text->size() || v < min || v > max) return false;
      out = v;
      return true;
    } catch (...) {
      return false;
    }
  }

  void log_lookup_refusal(const Station& station, const std::string& type, const std::string& code,
                          const Reply& reply) {
    trail_refusal(station, type, protocol::truncate_utf8(code, 200), reply);
  }

  // A refusal made before the ledger saw the request, into the audit's refusal trail (which
  // counts repeats and cuts payloads: ledger/refusal_trail.h).
  void trail_refusal(const Station& station, const std::string& type, const std::string& payload,
                     const Reply& reply) {
    const Json& e = reply.body["error"];
    RefusalRecord r;
    r.server_time_ms = now_ms();
    r.station = station.name;
    r.type = type;
    r.code = e["code"].get<std::string>();
    r.field = e["field"].get<std::string>();
    r.reason = e["reason"].get<std::string>();
    r.payload = payload;
    trail->record(reader(), r);
  }

  // The player signed in at this kiosk (header X-Sign-In), if any.
  std::optional<KioskSignIn> kiosk_player(MHD_Connection* c, const Station& station, const char* header = "X-Sign-In") {
    if (station.role != Role::kiosk) return std::nullopt;
    const char* token = MHD_lookup_connection_value(c, MHD_HEADER_KIND, header);
    if (!token) return std::nullopt;
    return sign_ins.use(token, station.name, now_ms());
  }

  static std::string minutes_text(std::int64_t ms) {
    std::int64_t minutes = (ms + 59'999) / 60'000;
    return fmt::format("{} minute{}", minutes, minutes == 1 ? "" : "s");
  }

  // POST /kiosk/sign-in {"badge", "pin"}: a player at a kiosk (docs/kiosk.md).
  Reply kiosk_sign_in(const Station& station, const std::string& body_text) {
    Json body;
    try {
      body = protocol::parse_json(body_text, "body");
    } catch (const protocol::InputError& e) {
      return error_reply(400, "bad_input", "body", e.reason());
    }
    if (!body.is_object() || body.size() != 2 || !body.contains("badge") || !body["badge"].is_string() ||
        !body.contains("pin") || !body["pin"].is_string())
      return error_reply(400, "bad_input", "body", "send {\"badge\": BADGE, \"pin\": \"1234\"}");
    const std::string badge = body["badge"].get<std::string>(), pin = body["pin"].get<std::string>();
    if (!well_formed_pin(pin))
      return error_reply(400, "bad_input", "pin", fmt::format("a PIN is {} digits", kiosk_pin_digits));
    std::optional<std::int64_t> character;
    try {
      character = character_of_badge(reader(), badge);
    } catch (const LedgerRefusal& r) {
      return error_reply(400, r.code, "badge", r.reason);
    }
    if (!character) return error_reply(404, "unknown_code", "badge", "the ledger knows no such badge");
    const std::int64_t now = now_ms();
    SignInAttempt a = sign_ins.attempt(station.name, *character, kiosk_pin_matches(reader(), *character, pin), now);
    if (a.result == SignInAttempt::Result::signed_in)
      return {200, {{"sign_in", a.token}, {"name", Town(reader(), 0, now).name_of(*character)},
                    {"idle_ms", kiosk_sign_in_idle_ms}}};
    if (a.result == SignInAttempt::Result::locked)
      return error_reply(423, "pin_locked", "badge",
                         fmt::format("{} wrong PINs in {}: this badge is locked on kiosks for {} more (a GM "
                                     "station can still look)",
                                     pin_tries_before_lock, minutes_text(pin_try_window_ms), minutes_text(a.locked_for_ms)));
    return error_reply(403, "wrong_pin", "pin",
                       fmt::format("Wrong PIN: {} more tr{} before this badge is locked for {}", a.tries_left,
                                   a.tries_left == 1 ? "y" : "ies", minutes_text(pin_lock_ms)));
  }

  // A kiosk's record names its signed-in player as the giver or seller, and a sale the buyer's
  // own sign-in (X-Countersign): both players were at the kiosk and typed their PINs.
  std::optional<Reply> kiosk_record_refusal(MHD_Connection* c, const Station& station, const AppendRequest& request) {
    auto player = kiosk_player(c, station);
    if (!player)
      return error_reply(401, "sign_in_needed", "x-sign-in",
                         "a kiosk records only for a player signed in with badge and PIN (POST /kiosk/sign-in); "
                         "a sign-in ends after a minute without use");
    const Json& payload = request.payload;
    auto named = [&](const char* field) -> std::optional<std::int64_t> {
      if (!payload.is_object() || !payload.contains(field) || !payload[field].is_string()) return std::nullopt;
      try {
        return character_of_badge(reader(), payload[field].get<std::string>());
      } catch (const LedgerRefusal&) {
        return std::nullopt;  // a malformed badge names nobody
      }
    };
    const char* actor = request.type == "ballot_cast" ? "voter" : "from";
    if (named(actor) != player->character)
      return error_reply(403, "not_yours", actor,
                         "a kiosk gives, sells and votes only as the player signed in at it");
    if (request.type == "horse_sold") {
      auto buyer = kiosk_player(c, station, "X-Countersign");
      if (!buyer || named("to") != buyer->character)
        return error_reply(403, "buyer_must_agree", "to",
                           "a sale at a kiosk needs the buyer's sign-in too (X-Countersign): the buyer types "
                           "their PIN");
    }
    return std::nullopt;
  }

  Reply read_events(RequestState& s) {
    Json events = Json::array();
    Statement q = reader().prepare(
        "SELECT seq, uuid, station, server_time_ms, type, payload FROM events WHERE seq > ? "
        "ORDER BY seq LIMIT ?");
    q.bind(1, s.after).bind(2, s.limit);
    std::int64_t last = s.after;
    while (q.step()) {
      last = q.int64(0);
      Json e{{"seq", q.int64(0)}, {"type", q.text(4)}, {"server_time_ms", q.int64(3)}};
      if (s.role == Role::gm && q.text(4) != "event_defined") {
        e["uuid"] = q.text(1);
        e["station"] = q.text(2);
        e["payload"] = Json::parse(q.text(5));
        if (q.text(4) == "ballot_cast") e["payload"].erase("candidate");  // a ballot is secret
      }
      events.push_back(e);
    }
    return {200, {{"events", events}, {"last_seq", last}}};
  }

  // Returns true when the request was suspended (the reply comes later).
  bool route(MHD_Connection* c, const std::string& method, const std::string& url, RequestState& s,
             Reply& reply) {
    if (s.too_large) {
      reply = error_reply(413, "too_large", "body",
                          fmt::format("a request body is at most {} bytes", config.max_body_bytes));
      return false;
    }
    if (url == "/health" && method == "GET") {
      reply = {200, {{"ok", true}, {"events", last_seq.load()}}};
      return false;
    }
    if (url == "/enroll") {
      if (method != "POST") return (reply = error_reply(405, "method", "", "use POST")), false;
      Json body;
      try {
        body = protocol::parse_json(s.body, "body");
      } catch (const protocol::InputError& e) {
        return (reply = error_reply(400, "bad_input", "body", e.reason())), false;
      }
      if (!body.is_object() || body.size() != 1 || !body.contains("code") || !body["code"].is_string())
        return (reply = error_reply(400, "bad_input", "code", "send {\"code\": ENROLLMENT_CODE}")), false;
      // Enrollment writes; it is rare, so it takes the ledger's own connection via the queue's
      // lock-free path: a separate connection is enough (SQLite serialises the write).
      auto e = enroll_station(reader(), body["code"].get<std::string>(), now_ms());
      if (!e) return (reply = error_reply(403, "enroll_refused", "code", "unknown, used or revoked enrollment code")), false;
      reply = {200, {{"station", e->station.name}, {"role", to_string(e->station.role)}, {"token", e->token}}};
      if (!e->admin_check.empty()) reply.body["admin_check"] = e->admin_check;  // the kiosk's admin card, hashed
      return false;
    }
    auto station = authenticate(c);
    if (!station)
      return (reply = error_reply(401, "unauthenticated", "authorization",
                                  "send Authorization: Bearer TOKEN (from /enroll)")),
             false;
    if (url.rfind("/cards/", 0) == 0 || url.rfind("/characters/", 0) == 0) {
      if (method != "GET") return (reply = error_reply(405, "method", "", "use GET")), false;
      bool card = url[1] == 'c' && url[2] == 'a';
      std::string code = url.substr(card ? 7 : 12);
      try {
        std::optional<std::int64_t> player;
        if (auto signed_in = kiosk_player(c, *station)) player = signed_in->character;
        auto view = card ? card_view(reader(), code, station->role, player)
                         : character_view(reader(), code, station->role, now_ms(), player);
        if (view) {
          reply = {200, *view};
          return false;
        }
        reply = error_reply(404, "unknown_code", "code",
                            "the ledger knows no such " + std::string(card ? "card" : "badge"));
      } catch (const LedgerRefusal& r) {
        reply = error_reply(400, r.code, "code", r.reason);
      }
      // A code nobody knows may be a forgery or a misprint: it goes into the audit trail.
      log_lookup_refusal(*station, card ? "card_lookup" : "character_lookup", code, reply);
      return false;
    }
    if (url == "/kiosk/sign-in" || url == "/kiosk/sign-out") {
      if (method != "POST") return (reply = error_reply(405, "method", "", "use POST")), false;
      if (station->role != Role::kiosk)
        return (reply = error_reply(403, "not_allowed", "url", "players sign in at kiosks")), false;
      if (url == "/kiosk/sign-out") {
        if (const char* token = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Sign-In"))
          sign_ins.sign_out(token, station->name);
        reply = {200, {{"signed_out", true}}};
        return false;
      }
      reply = kiosk_sign_in(*station, s.body);
      // Wrong and locked PINs go into the audit trail, with the badge and never the PIN.
      if (reply.status != 200) {
        std::string badge;
        try {
          Json body = Json::parse(s.body);
          if (body.is_object() && body.contains("badge") && body["badge"].is_string()) badge = body["badge"];
        } catch (...) {
        }
        log_lookup_refusal(*station, "kiosk_sign_in", badge, reply);
      }
      return false;
    }
    if (url == "/vote") {
      if (method != "GET") return (reply = error_reply(405, "method", "", "use GET")), false;
      std::optional<std::int64_t> player;
      if (auto signed_in = kiosk_player(c, *station)) player = signed_in->character;
      reply = {200, vote_view(reader(), now_ms(), player)};
      return false;
    }
    if (url == "/timers") {
      if (method != "GET") return (reply = error_reply(405, "method", "", "use GET")), false;
      reply = {200, timers_view(reader(), now_ms())};
      return false;
    }
    if (url == "/table") {
      if (method != "GET") return (reply = error_reply(405, "method", "", "use GET")), false;
      // The GM's characters, pool and rolls are the GM's: a kiosk sees its player's own state.
      if (station->role != Role::gm)
        return (reply = error_reply(403, "not_allowed", "url", "the table is a GM station's")), false;
      reply = {200, table_view(reader())};
      return false;
    }
    if (url == "/twtw") {  // the TWTW round and its characters (server/twtw_view.h): the GM's screen
      if (method != "GET") return (reply = error_reply(405, "method", "", "use GET")), false;
      reply = station->role == Role::gm ? Reply{200, twtw_view(reader())}
                                        : error_reply(403, "not_allowed", "", "the round of action time is the GM's");
      return false;
    }
    if (url == "/event") {
      if (method != "GET") return (reply = error_reply(405, "method", "", "use GET")), false;
      reply = {200, event_view(reader())};
      return false;
    }
    if (url == "/events" && method == "GET") {
      s.role = station->role;
      std::int64_t wait_ms = 0;
      if (!parse_int(query(c, "after"), 0, INT64_MAX, s.after) ||
          !parse_int(query(c, "limit"), 1, 1000, s.limit) ||
          !parse_int(query(c, "wait_ms"), 0, config.max_wait_ms, wait_ms))
        return (reply = error_reply(400, "bad_input", "query",
                                    fmt::format("after >= 0, limit 1-1000, wait_ms 0-{}", config.max_wait_ms))),
               false;
      if (wait_ms == 0 || s.after < last_seq) {
        reply = read_events(s);
        return false;
      }
      s.polling = true;
      s.suspended = true;
      MHD_suspend_connection(c);
      std::lock_guard lock(waiters_mutex);
      waiters.push_back({c, &s, now_ms() + wait_ms});
      return true;
    }
    if (url == "/events" && method == "POST") {
      Json body;
      try {
        body = protocol::parse_json(s.body, "body");
      } catch (const protocol::InputError& e) {
        return (reply = error_reply(400, "bad_input", "body", e.reason())), false;
      }
      AppendRequest request;
      try {
        protocol::Fields f(body, "");
        request.uuid = f.text("uuid");
        request.type = f.text("type");
        f.required("payload");
        if (f.has("client_time_ms"))  // null too is refused: optional means left out
          request.client_time_ms = client_time_from(f.required("client_time_ms"));
        f.done();
        request.payload = std::move(body["payload"]);  // checked above; moved, not copied
        request.payload_text = protocol::compact_text(request.payload);  // here, not on the writer
      } catch (const protocol::InputError& e) {
        return (reply = error_reply(400, "bad_input", e.path(), e.reason())), false;
      }
      if (request.type == "event_defined" || is_station_event(request.type) ||
          (station->role == Role::kiosk && !kiosk_event_types.count(request.type)))
        return (reply = error_reply(403, "not_allowed", "type",
                                    "a " + to_string(station->role) + " station cannot record " + request.type)),
               false;
      // A kiosk hands over only what its signed-in player holds: the record names that player
      // as giver or seller, and the ledger checks they hold the card.
      if (station->role == Role::kiosk)
        if (auto refusal = kiosk_record_refusal(c, *station, request)) {
          trail_refusal(*station, request.type, request.payload_text, *refusal);
          return (reply = *refusal), false;
        }
      request.station = station->name;
      std::lock_guard closing_lock(closing_mutex);
      if (closing) return (reply = error_reply(503, "closing", "", "the server is shutting down")), false;
      s.suspended = true;
      MHD_suspend_connection(c);
      // The writer thread only hands the result over: the reply is made on this connection's
      // own thread when it resumes, so the writer goes on to the next batch at once.
      queue->submit(std::move(request), [c, &s](AppendRequest sent, AppendResult r) {
        r.ledger = nullptr;  // the reply is made from ledger_text: the tree is freed by its maker
        s.sent = std::move(sent);
        s.appended = std::move(r);
        MHD_resume_connection(c);
      });
      return true;
    }
    reply = error_reply(404, "not_found", "url", "no such endpoint: " + method + " " + url);
    return false;
  }

  // Never throws: a reply that cannot be written as JSON (invalid UTF-8 that slipped through)
  // has the bad bytes replaced.
  static MHD_Result send(MHD_Connection* c, const Reply& reply) {
    std::string dumped;
    if (reply.text.empty()) {
      try {
        dumped = protocol::compact_text(reply.body);
      } catch (const std::exception&) {
        dumped = reply.body.dump(-1, ' ', false, Json::error_handler_t::replace);
      }
    }
    const std::string& text = reply.text.empty() ? dumped : reply.text;
    // MUST_COPY: libmicrohttpd copies the bytes and never writes through the pointer.
    MHD_Response* response =
        MHD_create_response_from_buffer(text.size(), const_cast<char*>(text.data()), MHD_RESPMEM_MUST_COPY);
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
    MHD_Result r = MHD_queue_response(c, reply.status, response);
    MHD_destroy_response(response);
    return r;
  }

  // Says why a request was refused, in the server's log (rate-limited per code).
  void log_refusal(MHD_Connection* c, const char* method, const char* url, const Reply& reply) {
    if (reply.status < 400 || !reply.body.is_object() || !reply.body.contains("error")) return;
    const Json& e = reply.body["error"];
    std::string code = e.value("code", "");
    log.say("refused " + code,
            fmt::format("refused {} {} from {}: {} {} {}: {}", protocol::truncate_utf8(method, 16),
                        protocol::truncate_utf8(url, 120), client_address(c), reply.status, code,
                        e.value("field", ""), protocol::truncate_utf8(e.value("reason", ""), 200)),
            now_ms());
  }

  MHD_Result handle(MHD_Connection* c, const char* url, const char* method, const char* upload,
                    size_t* upload_size, void** con_cls) {
    // Nothing may escape into libmicrohttpd: whatever goes wrong is a reply.
    try {
      return handle_request(c, url, method, upload, upload_size, con_cls);
    } catch (const std::exception& e) {
      return send(c, error_reply(500, "server_error", "", e.what()));
    } catch (...) {
      return send(c, error_reply(500, "server_error", "", "unexpected error"));
    }
  }

  MHD_Result handle_request(MHD_Connection* c, const char* url, const char* method, const char* upload,
                            size_t* upload_size, void** con_cls) {
    auto* s = static_cast<RequestState*>(*con_cls);
    if (!s) {
      *con_cls = s = new RequestState();
      guard.head_received(c, now_ms());
      return MHD_YES;
    }
    if (*upload_size > 0) {
      if (s->body.size() + *upload_size > config.max_body_bytes) s->too_large = true;
      if (!s->too_large) s->body.append(upload, *upload_size);
      *upload_size = 0;
      return MHD_YES;
    }
    if (s->suspended) {  // resumed: an append finished or a long-poll ended
      if (s->polling) return send(c, read_events(*s));
      Reply reply = append_reply(*s->appended);
      log_refusal(c, method, url, reply);
      return send(c, reply);
    }
    guard.request_complete(c);
    Reply reply;
    try {
      if (route(c, method, url, *s, reply)) return MHD_YES;
    } catch (const std::exception& e) {
      reply = error_reply(500, "server_error", "", e.what());
    }
    log_refusal(c, method, url, reply);
    return send(c, reply);
  }
};

namespace {

MHD_Result access_handler(void* cls, MHD_Connection* c, const char* url, const char* method,
                          const char*, const char* upload, size_t* upload_size, void** con_cls) {
  return static_cast<LedgerServer::Impl*>(cls)->handle(c, url, method, upload, upload_size, con_cls);
}

void request_completed(void* cls, MHD_Connection* c, void** con_cls, MHD_RequestTerminationCode) {
  delete static_cast<RequestState*>(*con_cls);
  *con_cls = nullptr;
  static_cast<LedgerServer::Impl*>(cls)->guard.reply_sent(c, db::unix_time_ms());
}

MHD_Result accept_policy(void* cls, const sockaddr* addr, socklen_t) {
  char text[INET_ADDRSTRLEN] = "?";
  if (addr && addr->sa_family == AF_INET)
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(addr)->sin_addr, text, sizeof text);
  return static_cast<LedgerServer::Impl*>(cls)->guard.may_accept(text, db::unix_time_ms()) ? MHD_YES : MHD_NO;
}

void connection_notice(void* cls, MHD_Connection* c, void**, MHD_ConnectionNotificationCode code) {
  auto& guard = static_cast<LedgerServer::Impl*>(cls)->guard;
  if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
    guard.closed(c);
    return;
  }
  const MHD_ConnectionInfo* fd = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (fd) guard.opened(c, fd->connect_fd, client_address(c), db::unix_time_ms());
}

// Raises this process's open-files limit to its hard limit (a venue's stations and a hostile
// client's idle connections each hold a descriptor); the connections it leaves room for.
unsigned connection_room(RateLimitedLog& log) {
  constexpr rlim_t descriptors_kept_back = 64;  // the ledger's files, the listening socket, logs
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1000;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
  }
  rlim_t room = limit.rlim_cur > 2 * descriptors_kept_back ? limit.rlim_cur - descriptors_kept_back : descriptors_kept_back;
  if (room < max_connections_total)
    log.say("open files",
            fmt::format("the open-files limit is {}: at most {} connections (raise it with ulimit -n)",
                        limit.rlim_cur, room),
            db::unix_time_ms());
  return static_cast<unsigned>(std::min<rlim_t>(room, max_connections_total));
}

}  // namespace

bool parse_listen_address(const std::string& text, std::string& host, std::uint16_t& port,
                          std::string& reason) {
  auto colon = text.rfind(':');
  if (colon == std::string::npos) {
    reason = "give HOST:PORT, e.g. 0.0.0.0:8080";
    return false;
  }
  host = text.substr(0, colon);
  in_addr addr{};
  if (inet_pton(AF_INET, host.c_str(), &addr) != 1) {
    reason = "'" + host + "' is not an IPv4 address (e.g. 0.0.0.0 or 127.0.0.1)";
    return false;
  }
  std::string p = text.substr(colon + 1);
  try {
    std::size_t used = 0;
    long v = std::stol(p, &used);
    if (used != p.size() || v < 0 || v > 65535) throw std::out_of_range("port");
    port = static_cast<std::uint16_t>(v);
  } catch (...) {
    reason = "'" + p + "' is not a port number (0-65535)";
    return false;
  }
  return true;
}

LedgerServer::LedgerServer(const ServerConfig& config) : impl_(std::make_unique<Impl>(config)) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(config.port);
  if (inet_pton(AF_INET, config.host.c_str(), &addr.sin_addr) != 1)
    throw std::runtime_error("'" + config.host + "' is not an IPv4 address");
  unsigned connections = connection_room(impl_->log);
  impl_->daemon = MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME, 0, &accept_policy,
      impl_.get(), &access_handler, impl_.get(), MHD_OPTION_SOCK_ADDR, &addr,
      MHD_OPTION_THREAD_POOL_SIZE, config.threads, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
      config.connection_memory_bytes, MHD_OPTION_CONNECTION_TIMEOUT, config.idle_timeout_s,
      // The default limit is select()'s FD_SETSIZE - 4 (1020), which idle connections once filled.
      MHD_OPTION_CONNECTION_LIMIT, connections,
      MHD_OPTION_NOTIFY_CONNECTION, &connection_notice, impl_.get(),
      MHD_OPTION_NOTIFY_COMPLETED, &request_completed, impl_.get(),
      // A server restarted after a crash takes its port back at once.
      MHD_OPTION_LISTENING_ADDRESS_REUSE, static_cast<unsigned int>(1), MHD_OPTION_END);
  if (!impl_->daemon)
    throw std::runtime_error(fmt::format("cannot listen on {}:{} (in use, or not this machine's address?)",
                                         config.host, config.port));
  const MHD_DaemonInfo* info = MHD_get_daemon_info(impl_->daemon, MHD_DAEMON_INFO_BIND_PORT);
  impl_->bound_port = info ? info->port : config.port;
}

LedgerServer::~LedgerServer() {
  {
    std::lock_guard lock(impl_->closing_mutex);
    impl_->closing = true;
  }
  impl_->queue.reset();  // finishes what was submitted; those connections resume
  {
    std::lock_guard lock(impl_->waiters_mutex);
    impl_->stopping = true;
  }
  impl_->waiters_wake.notify_all();
  impl_->deadline_thread.join();
  impl_->wake_waiters(true);
  MHD_stop_daemon(impl_->daemon);
  try {  // the counts of refusals not yet written: the minute is over for this server
    impl_->trail->flush(impl_->ledger.database(), now_ms(), true);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "marshal serve: could not write the refusal trail's last counts: %s\n", e.what());
  }
}

std::uint16_t LedgerServer::port() const { return impl_->bound_port; }

AppendQueue::Stats LedgerServer::writer_stats() const { return impl_->queue->stats(); }

}  // namespace marshal::db
