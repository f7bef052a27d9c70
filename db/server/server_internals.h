#pragma once
// The ledger server's inside, shared by its files, one purpose each: ledger_server.cpp (the
// daemon, its threads, TLS and limits), server_routes.cpp (the table of calls, its handlers, replies),
// kiosk_routes.cpp (players signing in and handing cards over at kiosks). Nothing here is seen
// outside db/server.
#include <microhttpd.h>

#include <atomic>
#include <chrono>
#include <cassert>
#include <condition_variable>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "ledger/ledger.h"
#include "ledger/refusal_trail.h"
#include "ledger/replica_admin.h"
#include "protocol/json_fields.h"
#include "protocol/json_text.h"
#include "protocol/utf8.h"
#include "server/append_queue.h"
#include "server/connection_guard.h"
#include "server/kiosk_sign_ins.h"
#include "server/ledger_server.h"
#include "server/rate_limited_log.h"
#include "server/standby_link.h"
#include "server/stations.h"
#include "store/schema.h"

namespace marshal::db {

namespace serving {

inline std::int64_t now_ms() { return db::unix_time_ms(); }
// For what waits a time (the standby link's held replies): a wall clock set back at the venue
// (NTP once the Wi-Fi returns) would hold them until the standby answered, however long.
inline std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
// A steady time as the wall clock's (what /health shows).
inline std::int64_t wall_ms_of_steady(std::int64_t steady) { return now_ms() - (steady_ms() - steady); }

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
// `data`: the refusal's numbers beside its code, so that a station words it in its own language
// without reading the English reason ({"tries_left": 4, "lock_minutes": 5}).
// `status`: where the code's own (ledger/refusal_code.h) is not the answer: an event the ledger
// refused (refused_event_status), a lookup's refusal, an error inside a handler.
inline Reply error_reply(unsigned status, RefusalCode code, const std::string& field, const std::string& reason,
                         const Json& data = Json::object()) {
  Json error{{"code", to_string(code)}, {"field", protocol::valid_utf8(field)}, {"reason", protocol::valid_utf8(reason)}};
  for (const auto& [key, value] : data.items()) error[key] = value;
  return {status, {{"error", error}}};
}
// The same with the reason unworded beside its English: "words": {"text", "args"} (the marked
// English text and its arguments), which a station words in its own language
// (protocol::refusal_reason).
inline Reply error_reply(unsigned status, RefusalCode code, const std::string& field, const i18n::Sentence& reason,
                         const Json& data = Json::object()) {
  if (reason.text.empty()) return error_reply(status, code, field, std::string(), data);
  Reply reply = error_reply(status, code, field, reason.english(), data);
  Json args = Json::array();
  for (const auto& a : reason.args) args.push_back(protocol::valid_utf8(a));
  reply.body["error"]["words"] = Json{{"text", reason.text}, {"args", std::move(args)}};
  return reply;
}
// A refusal with its code's own status (http_status, ledger/refusal_code.h).
inline Reply error_reply(RefusalCode code, const std::string& field, const i18n::Sentence& reason,
                         const Json& data = Json::object()) {
  return error_reply(http_status(code), code, field, reason, data);
}
// An error inside a handler (an exception): 500, where the ledger's failed write is 503.
inline Reply unexpected_error_reply(const std::string& what) {
  return error_reply(500, RefusalCode::server_error, "", what);
}

// A request body that must be JSON: nullopt, with `refusal` saying why (400 bad_input), when it
// is not.
inline std::optional<Json> json_body(const std::string& text, Reply& refusal) {
  try {
    return protocol::parse_json(text, "body");
  } catch (const protocol::InputError& e) {
    refusal = error_reply(RefusalCode::bad_input, "body", e.sentence());
    return std::nullopt;
  }
}

// A query parameter of the request's URL, if given.
inline std::optional<std::string> query(MHD_Connection* c, const char* key) {
  const char* v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, key);
  if (!v) return std::nullopt;
  return std::string(v);
}

// A whole number within [min, max] into `out`; true also when `text` is absent (out unchanged).
inline bool parse_int(const std::optional<std::string>& text, std::int64_t min, std::int64_t max, std::int64_t& out) {
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

// The client's IPv4 address as text ("?" when unknown).
std::string client_address(MHD_Connection* c);

// One request from its first callback to its completion.
struct RequestState {
  std::string body;
  bool too_large = false;
  // Set when the request waits off the MHD threads (an append, a long-poll).
  bool suspended = false;
  std::optional<AppendResult> appended;  // set by the writer; the reply is made on resume
  std::optional<AppendRequest> sent;     // back from the writer, freed on this connection's thread
  bool unacknowledged = false;  // held for the standby, then let go unheld (server/standby_link.h)
  // Long-poll
  bool polling = false;
  std::int64_t after = 0;
  std::int64_t limit = 500;
  Role role = Role::kiosk;
  // A standby's follow (replica_routes.cpp): the refusal rows it has, and that it is one.
  bool replica = false;
  std::int64_t refusals_after = 0;
  std::string admin_digest;  // the admin snapshot it holds (ledger/replica_admin.h)
};

}  // namespace serving

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
    serving::RequestState* state;
    std::int64_t deadline_ms;
  };
  std::mutex waiters_mutex;
  std::condition_variable waiters_wake;
  std::list<Waiter> waiters;
  std::atomic<std::int64_t> last_seq{0};
  // The last event committed, on disk or about to be (AppendQueue's on_readable): what a standby
  // is sent, so that its disk writes a batch while this one does (replica_routes.cpp). Stations'
  // long-polls wake at last_seq, and no reply says "recorded" before the batch is durable.
  std::atomic<std::int64_t> readable_seq{0};
  // The ledger's epoch (ledger/station_events.h), and the last seq searched for a promotion.
  std::atomic<std::int64_t> epoch{1};
  std::atomic<std::int64_t> epoch_seq{0};  // the seq of the promotion that began it (0: none)
  std::mutex epoch_check_mutex;
  std::int64_t epoch_checked_seq = 0;  // under epoch_check_mutex
  // Where stations reach this primary's standby (pinned URL, from the chain's last standby_joined
  // since the last promotion): /health names it, so that stations learn it (issue 29).
  std::mutex standby_url_mutex;
  std::string standby_url;
  std::string standby_url_refused;  // the last address refused (logged once)
  // The PINs, admin checks and codes as a standby copies them (ledger/replica_admin.h), read
  // at most every admin_snapshot_every_ms: not on every follow (hundreds a second under load).
  std::mutex admin_snapshot_mutex;
  std::optional<AdminSnapshot> admin_snapshot;
  std::int64_t admin_snapshot_read_ms = 0;
  // A follow request's X-Marshal-Standby-Url, when it names another address than the one known.
  void note_standby_url(const std::string& name, const std::string& url);
  std::atomic<bool> fenced{false};
  // A standby (config.standby_of): follows the primary, writes nothing of its own, until promoted.
  std::atomic<bool> standby{false};
  std::unique_ptr<ReplicaFollower> follower;  // while standby; stopped by the writer at a promotion
  std::atomic<bool> promotion_begun{false};   // marshal promote seen: the writer takes it over
  // A primary's standby: replies held until it holds their events (server/standby_link.h).
  std::unique_ptr<StandbyLink> standby_link;
  // The enrolment events already matched to a station's token (server/stations.h): each request
  // reads the station's row, not its event again.
  EnrolmentsChecked enrolments_checked;
  bool stopping = false;
  // Guards the queue while the server shuts down: after `closing`, nothing more is submitted.
  std::mutex closing_mutex;
  bool closing = false;
  std::thread deadline_thread;


  explicit Impl(const ServerConfig& c);

  Database& reader();  // this MHD thread's read connection
  void wake_waiters(bool all);
  void log_head(std::int64_t now);
  void run_deadlines();

  // server_routes.cpp: the calls are one table (`routes` there), read by route(). A handler
  // answers its call, or nullopt when it suspended the connection (the reply comes later).
  struct Call {
    MHD_Connection* connection;
    const std::string& method;
    const std::string& url;
    serving::RequestState& state;
    std::optional<Station> caller;  // authenticated: every row but those for anyone
    const Station& station() const {
      assert(caller);  // route() authenticates before it calls such a row's handler
      return *caller;
    }
  };
  using Answer = std::optional<serving::Reply>;  // nullopt: suspended, answered later
  std::optional<Station> authenticate(MHD_Connection* c);
  serving::Reply read_events(serving::RequestState& s);
  Answer route(MHD_Connection* c, const std::string& method, const std::string& url, serving::RequestState& s);
  Answer get_health(Call& call);
  Answer post_enroll(Call& call);
  Answer get_card(Call& call);       // GET /cards/CODE
  Answer get_character(Call& call);  // GET /characters/BADGE
  Answer lookup(Call& call, bool card);
  Answer get_vote(Call& call);
  Answer get_timers(Call& call);
  Answer get_table(Call& call);
  Answer get_land(Call& call);
  Answer get_twtw(Call& call);
  Answer get_event(Call& call);
  Answer get_events(Call& call);  // the feed, a long-poll with wait_ms
  // Suspends a long-poll until an event after s.after is committed or wait_ms pass (wake_waiters);
  // it is answered as it resumes (read_events, or read_replica for a standby's follow).
  Answer wait_for_next(MHD_Connection* c, serving::RequestState& s, std::int64_t wait_ms);
  Answer post_events(Call& call);  // an event for the ledger, through the writer thread
  // replica_routes.cpp: what a standby reads (docs/plans/standby-ledger.md §1).
  Answer get_replica_follow(Call& call);  // the chain after the standby's head, a long-poll
  Answer get_replica_hash(Call& call);    // one event's hash, to find where two chains part
  serving::Reply read_replica(serving::RequestState& s);
  // read_replica's answer, read inside the caller's read transaction, which began after
  // readable_seq was `readable`.
  serving::Reply read_replica_in(serving::RequestState& s, std::int64_t readable);
  // Every reply carries this ledger's epoch (X-Marshal-Epoch): a station remembers the highest.
  MHD_Result send(MHD_Connection* c, const serving::Reply& reply);
  // An authenticated request whose X-Marshal-Epoch is past this ledger's: a station has seen a
  // promotion, so this server was replaced. 421 epoch_behind (fenced_off), and from then on
  // every write (any POST) is refused too, until the server is restarted.
  std::optional<serving::Reply> fenced_reply(MHD_Connection* c);
  serving::Reply fenced_off() const;
  void mark_restart();  // a primary starting: ledger_alone "restart" when its standby was in step
  void check_epoch();  // a promotion committed while serving (run_deadlines, once a second)
  void replay_before_serving();  // a primary's start: what its file holds but has not replayed
  void check_promoted();  // a standby promoted while serving (marshal promote) takes writes
  void take_writes_after_promotion();  // on the writer's thread: the follower stopped, the rest replayed
  std::unique_ptr<StandbyLink> make_standby_link();
  void log_standby_state(std::int64_t now);  // "NO STANDBY ..." while alone
  serving::Reply not_primary() const;  // a write sent to a standby
  void log_refusal(MHD_Connection* c, const char* method, const char* url, const serving::Reply& reply);
  MHD_Result handle(MHD_Connection* c, const char* url, const char* method, const char* upload,
                    size_t* upload_size, void** con_cls);
  MHD_Result handle_request(MHD_Connection* c, const char* url, const char* method, const char* upload,
                            size_t* upload_size, void** con_cls);

  // kiosk_routes.cpp
  Answer post_kiosk_sign_in(Call& call);
  Answer post_kiosk_sign_out(Call& call);
  void log_lookup_refusal(const Station& station, const std::string& type, const std::string& code,
                          const serving::Reply& reply);
  void trail_refusal(const Station& station, const std::string& type, const std::string& payload,
                     const serving::Reply& reply);
  std::optional<KioskSignIn> kiosk_player(MHD_Connection* c, const Station& station, const char* header = "X-Sign-In");
  serving::Reply kiosk_sign_in(const Station& station, const std::string& body_text);
  // A kiosk's request naming a sign-in (X-Sign-In) the server no longer knows (a restart, the
  // idle expiry, a sign-out): 401 sign_in_ended, so the kiosk ends that player's session at once.
  std::optional<serving::Reply> ended_sign_in(MHD_Connection* c, const Station& station);
  std::optional<serving::Reply> kiosk_record_refusal(MHD_Connection* c, const Station& station,
                                                     const AppendRequest& request);
};

}  // namespace marshal::db
