// Which call of the ledger server does what (docs/server.md lists them): the `routes` table, one
// row a call, read by route(); the handlers; and how a reply is sent. Part of the ledger server
// (server/server_internals.h).
#include <cassert>
#include <cstring>
#include <set>

#include <fmt/format.h>

#include "audit/anchors.h"
#include "ledger/station_events.h"
#include "i18n/translate.h"
#include "protocol/json_fields.h"
#include "protocol/refusal_json.h"
#include "server/server_internals.h"
#include "server/land_view.h"
#include "server/table_view.h"
#include "server/town_view.h"
#include "server/twtw_view.h"
#include "server/views.h"
#include "store/hash_chain.h"

namespace marshal::db {

using i18n::tr;
using serving::client_address;
using serving::error_reply;
using serving::json_body;
using serving::parse_int;
using serving::query;
using serving::unexpected_error_reply;
using serving::now_ms;
using serving::steady_ms;
using serving::wall_ms_of_steady;
using serving::Reply;
using serving::RequestState;

namespace {

// Event types a kiosk may record: players handing cards to each other, their ballots, and their
// own poker tricks played.
const std::set<std::string> kiosk_event_types{"secret_given", "horse_sold", "ballot_cast", "trick_flipped"};

// client_time_ms: the station's clock in milliseconds since 1970, a whole number in
// 0..max_client_time_ms (ledger.h).
std::int64_t client_time_from(const Json& t) {
  bool whole = t.is_number_integer();
  bool in_range = whole && (t.is_number_unsigned() ? t.get<std::uint64_t>() <= static_cast<std::uint64_t>(max_client_time_ms)
                                                   : t.get<std::int64_t>() >= 0 && t.get<std::int64_t>() <= max_client_time_ms);
  if (!in_range)
    throw protocol::InputError("client_time_ms",
                               say("must be a whole number of milliseconds since 1970, 0 to {}", max_client_time_ms));
  return t.get<std::int64_t>();
}

Reply append_reply(const AppendResult& r) {
  // Spliced from the text the ledger stored rather than copied and dumped again: every append
  // passes here.
  if (r.accepted)
    return Reply::text_of(200, fmt::format(R"({{"accepted":true,"seq":{},"hash":"{}","duplicate":{},"ledger":{}}})",
                                           r.seq, to_hex(r.hash).substr(0, anchor_short_hex_digits), r.duplicate,
                                           r.ledger_text));
  const unsigned status = refused_event_status(r.refusal);
  Reply reply = r.sentence.text.empty() ? error_reply(status, r.refusal, r.field, r.reason)
                                        : error_reply(status, r.refusal, r.field, r.sentence);
  reply.body["accepted"] = false;
  return reply;
}

}  // namespace

std::optional<Station> LedgerServer::Impl::authenticate(MHD_Connection* c) {
  const char* header = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
  if (!header || std::strncmp(header, "Bearer ", 7) != 0) return std::nullopt;
  return station_for_token(reader(), header + 7, &enrolments_checked);
}

Reply LedgerServer::Impl::read_events(RequestState& s) {
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

namespace {

using Impl = LedgerServer::Impl;

// Who may make a call.
enum class Caller {
  anyone,   // no token needed
  station,  // any enrolled station (Authorization: Bearer TOKEN), else 401 unauthenticated
  gm,       // a GM station; a kiosk gets 403 not_allowed with the row's field and sentence
  kiosk,    // a kiosk; a GM station is refused the same way
  standby,  // a standby ledger following this one (issue 29); every station is refused the same way
};

// One call of the ledger server (docs/server.md lists them). route() reads the rows in order:
// the token first (unless the call is for anyone), then the method, the role, a kiosk's sign-in,
// and only then the handler.
struct Route {
  std::string_view method;  // "GET" or "POST"
  std::string_view path;    // exact; or, ending in '/', every path it begins ("/cards/CODE")
  Caller caller;
  Impl::Answer (Impl::*handler)(Impl::Call&);
  // Another method on this path: 405 "use GET"/"use POST"; false: 404, as an unknown path.
  bool other_methods_refused = true;
  // A kiosk's X-Sign-In, when sent, must still be live (401 sign_in_ended): the calls that
  // show a player's own state.
  bool live_sign_in = false;
  // A gm, kiosk or standby row: the refusal's field and sentence for the other roles.
  std::string_view refused_field = "";
  i18n::Sentence refused_why = {};
};

const i18n::Sentence kiosks_only = say("players sign in at kiosks");

const Route routes[] = {
    {.method = "GET", .path = "/health", .caller = Caller::anyone, .handler = &Impl::get_health,
     .other_methods_refused = false},
    {.method = "POST", .path = "/enroll", .caller = Caller::anyone, .handler = &Impl::post_enroll},
    {.method = "GET", .path = "/cards/", .caller = Caller::station, .handler = &Impl::get_card, .live_sign_in = true},
    {.method = "GET", .path = "/characters/", .caller = Caller::station, .handler = &Impl::get_character,
     .live_sign_in = true},
    {.method = "POST", .path = "/kiosk/sign-in", .caller = Caller::kiosk, .handler = &Impl::post_kiosk_sign_in,
     .refused_field = "url", .refused_why = kiosks_only},
    {.method = "POST", .path = "/kiosk/sign-out", .caller = Caller::kiosk, .handler = &Impl::post_kiosk_sign_out,
     .refused_field = "url", .refused_why = kiosks_only},
    {.method = "GET", .path = "/vote", .caller = Caller::station, .handler = &Impl::get_vote, .live_sign_in = true},
    {.method = "GET", .path = "/timers", .caller = Caller::station, .handler = &Impl::get_timers},
    // The GM's characters, pool and rolls are the GM's: a kiosk sees its player's own state.
    {.method = "GET", .path = "/table", .caller = Caller::gm, .handler = &Impl::get_table, .refused_field = "url",
     .refused_why = say("the table is a GM station's")},
    {.method = "GET", .path = "/land", .caller = Caller::gm, .handler = &Impl::get_land, .refused_field = "url",
     .refused_why = say("the land register is a GM station's")},
    {.method = "GET", .path = "/twtw", .caller = Caller::gm, .handler = &Impl::get_twtw,
     .refused_why = say("the round of action time is the GM's")},
    {.method = "GET", .path = "/event", .caller = Caller::station, .handler = &Impl::get_event},
    {.method = "GET", .path = "/events", .caller = Caller::station, .handler = &Impl::get_events,
     .other_methods_refused = false},
    {.method = "POST", .path = "/events", .caller = Caller::station, .handler = &Impl::post_events,
     .other_methods_refused = false},
    {.method = "GET", .path = "/replica/follow", .caller = Caller::standby, .handler = &Impl::get_replica_follow,
     .refused_field = "url", .refused_why = say("only a standby ledger follows the chain")},
    {.method = "GET", .path = "/replica/hash", .caller = Caller::standby, .handler = &Impl::get_replica_hash,
     .refused_field = "url", .refused_why = say("only a standby ledger follows the chain")},
};

bool matches(const Route& route, const std::string& url) {
  return route.path.back() == '/' ? url.starts_with(route.path) : url == route.path;
}

}  // namespace

std::optional<Reply> Impl::fenced_reply(MHD_Connection* c) {
  std::int64_t seen = 0;
  const char* header = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Marshal-Epoch");
  if (!header || !parse_int(std::string(header), 1, INT64_MAX, seen) || seen <= epoch) return std::nullopt;
  if (!fenced.exchange(true))
    // TRANSLATORS: the server's log: {0} the epoch a station has seen, {1} this ledger's.
    log.write("fenced",  // i18n: not words (a key)
              fmt::format(fmt::runtime(tr("a station has seen epoch {}, and this ledger is at {}: it was replaced "
                                          "(marshal promote). It takes no more writes (docs/server.md)")),
                          seen, epoch.load()),
              now_ms());
  return fenced_off();
}

Reply Impl::not_primary() const {
  return error_reply(RefusalCode::not_primary, "url",
                     say("this is a standby ledger: it takes no writes (the primary is {})", config.standby_of->primary),
                     Json{{"primary", config.standby_of->primary}});
}

Reply Impl::fenced_off() const {
  return error_reply(RefusalCode::epoch_behind, "X-Marshal-Epoch",
                     say("this ledger was replaced by a promoted standby: it takes no writes"),
                     Json{{"epoch", epoch.load()}});
}

Impl::Answer Impl::route(MHD_Connection* c, const std::string& method, const std::string& url, RequestState& s) {
  if (fenced && method == "POST") return fenced_off();  // no write once a station has seen a later epoch
  if (standby && method == "POST") return not_primary();
  if (s.too_large)
    return error_reply(RefusalCode::too_large, "body", say("a request body is at most {} bytes", config.max_body_bytes));
  const Route* row = nullptr;       // this path and method
  const Route* path_row = nullptr;  // this path, another method: refused with 405
  for (const Route& r : routes) {
    if (!matches(r, url)) continue;
    if (r.method == method) {
      row = &r;
      break;
    }
    if (r.other_methods_refused && !path_row) path_row = &r;
  }
  const Route* found = row ? row : path_row;
  Call call{c, method, url, s, std::nullopt};
  if (!found || found->caller != Caller::anyone) {
    call.caller = authenticate(c);
    if (!call.caller)
      return error_reply(RefusalCode::unauthenticated, "authorization",
                         say("send Authorization: Bearer TOKEN (from /enroll)"));
    // Only a live station's or standby's word counts: anyone on the Wi-Fi could send the header.
    if (auto behind = fenced_reply(c)) return behind;
  }
  if (!found) return error_reply(RefusalCode::not_found, "url", say("no such endpoint: {} {}", method, url));
  if (!row) return error_reply(RefusalCode::method, "", found->method == "GET" ? say("use GET") : say("use POST"));
  // A standby's token only follows the chain: it opens none of the stations' calls.
  if ((found->caller == Caller::station || found->caller == Caller::gm || found->caller == Caller::kiosk) &&
      call.station().role == Role::standby)
    return error_reply(RefusalCode::not_allowed, "authorization", say("a standby only follows the chain"));
  if (found->caller == Caller::gm || found->caller == Caller::kiosk || found->caller == Caller::standby) {
    assert(!found->refused_why.text.empty());  // a row for one role says why the others are refused
    const Role role = found->caller == Caller::gm ? Role::gm : found->caller == Caller::kiosk ? Role::kiosk : Role::standby;
    if (call.station().role != role)
      return error_reply(RefusalCode::not_allowed, std::string(found->refused_field), found->refused_why);
  }
  if (found->live_sign_in)
    if (auto ended = ended_sign_in(c, call.station())) return ended;
  return (this->*found->handler)(call);
}

Impl::Answer Impl::get_health(Call&) {
  Json health{{"ok", true}, {"events", last_seq.load()}, {"epoch", epoch.load()}, {"epoch_seq", epoch_seq.load()},
              {"role", "primary"}};
  if (!standby) {
    {
      std::lock_guard lock(standby_url_mutex);
      if (!standby_url.empty()) health["standby_url"] = standby_url;  // stations add it to their list
    }
    const StandbyLink::LinkStatus link = standby_link->status();
    health["standby"] = link.state == StandbyLink::State::none
                            ? Json()
                            : Json{{"name", link.standby}, {"state", to_string(link.state)},
                                   {"acked_seq", link.acked_seq},
                                   {"since_ms", wall_ms_of_steady(link.since_ms)}};
    return Reply{200, health};
  }
  const ReplicaFollower::FollowStatus follow = follower->status();
  health["role"] = "standby";
  health["following"] = config.standby_of->primary;
  health["in_sync"] = follow.in_sync;
  health["primary_head"] = follow.primary_head;
  health["replayed_seq"] = follow.replayed_seq;  // its views are as of this event
  health["last_contact_ms"] = follow.last_contact_ms;
  health["problem"] = follow.problem;
  return Reply{200, health};
}

Impl::Answer Impl::post_enroll(Call& call) {
  Reply refusal;
  std::optional<Json> body = json_body(call.state.body, refusal);
  if (!body) return refusal;
  if (!body->is_object() || body->size() != 1 || !body->contains("code") || !(*body)["code"].is_string())
    return error_reply(RefusalCode::bad_input, "code", say("send {{\"code\": ENROLLMENT_CODE}}"));
  // Enrollment writes; it is rare, so it takes the ledger's own connection via the queue's
  // lock-free path: a separate connection is enough (SQLite serialises the write).
  auto e = enroll_station(reader(), (*body)["code"].get<std::string>(), now_ms());
  if (!e) return error_reply(RefusalCode::enroll_refused, "code", say("unknown, used or revoked enrollment code"));
  Reply reply{200, {{"station", e->station.name}, {"role", to_string(e->station.role)}, {"token", e->token}}};
  if (!e->admin_check.empty()) reply.body["admin_check"] = e->admin_check;  // the kiosk's admin card, hashed
  return reply;
}

Impl::Answer Impl::get_card(Call& call) { return lookup(call, true); }
Impl::Answer Impl::get_character(Call& call) { return lookup(call, false); }

// A card by its code, or a character by the code of its badge, as the station may see it.
Impl::Answer Impl::lookup(Call& call, bool card) {
  const Station& station = call.station();
  std::string code = call.url.substr(card ? std::string_view("/cards/").size() : std::string_view("/characters/").size());
  Reply reply;
  try {
    std::optional<std::int64_t> player;
    if (auto signed_in = kiosk_player(call.connection, station)) player = signed_in->character;
    auto view = card ? card_view(reader(), code, station.role, player)
                     : character_view(reader(), code, station.role, now_ms(), player);
    if (view) return Reply{200, *view};
    reply = error_reply(RefusalCode::unknown_code, "code",
                        card ? say("the ledger knows no such card") : say("the ledger knows no such badge"));
  } catch (const LedgerRefusal& r) {
    reply = error_reply(400, r.refusal, "code", r.sentence);  // a malformed code
  }
  // A code nobody knows may be a forgery or a misprint: it goes into the audit trail.
  log_lookup_refusal(station, card ? "card_lookup" : "character_lookup", code, reply);
  return reply;
}

// The views every station reads as they are (server/views.h), and the GM's own.
Impl::Answer Impl::get_vote(Call& call) {
  std::optional<std::int64_t> player;
  if (auto signed_in = kiosk_player(call.connection, call.station())) player = signed_in->character;
  return Reply{200, vote_view(reader(), now_ms(), player)};
}
// A GM station's reply holds the town at a glance too (server/town_view.h): who is dead,
// wounded, jailed or banished is the GM's, not a kiosk's.
Impl::Answer Impl::get_timers(Call& call) {
  Json body = timers_view(reader(), now_ms());
  if (call.station().role == Role::gm) body["town"] = town_view(reader());
  return Reply{200, body};
}
Impl::Answer Impl::get_table(Call&) { return Reply{200, table_view(reader())}; }
// The land register (server/land_view.h): who owns what, every deal.
Impl::Answer Impl::get_land(Call&) { return Reply{200, land_view(reader())}; }
// The TWTW round and its characters (server/twtw_view.h): the GM's screen.
Impl::Answer Impl::get_twtw(Call&) { return Reply{200, twtw_view(reader())}; }
Impl::Answer Impl::get_event(Call&) { return Reply{200, event_view(reader())}; }

Impl::Answer Impl::get_events(Call& call) {
  RequestState& s = call.state;
  s.role = call.station().role;
  std::int64_t wait_ms = 0;
  if (!parse_int(query(call.connection, "after"), 0, INT64_MAX, s.after) ||
      !parse_int(query(call.connection, "limit"), 1, 1000, s.limit) ||
      !parse_int(query(call.connection, "wait_ms"), 0, config.max_wait_ms, wait_ms))
    return error_reply(RefusalCode::bad_input, "query", say("after >= 0, limit 1-1000, wait_ms 0-{}", config.max_wait_ms));
  if (wait_ms == 0 || s.after < last_seq) return read_events(s);
  return wait_for_next(call.connection, s, wait_ms);
}

Impl::Answer Impl::wait_for_next(MHD_Connection* c, RequestState& s, std::int64_t wait_ms) {
  {
    std::lock_guard lock(waiters_mutex);
    // A server stopping answers at once: MHD_stop_daemon must find no connection suspended (a
    // standby asks again the moment its last follow was answered). Committed since the caller
    // looked (wake_waiters found no waiter then): answered now too, read outside the lock (the
    // writer takes it to wake the waiters of its next commit).
    if (!stopping && s.after >= (s.replica ? readable_seq : last_seq)) {
      s.polling = true;
      s.suspended = true;
      MHD_suspend_connection(c);
      waiters.push_back({c, &s, now_ms() + wait_ms});
      return std::nullopt;
    }
  }
  return s.replica ? read_replica(s) : read_events(s);
}

Impl::Answer Impl::post_events(Call& call) {
  const Station& station = call.station();
  Reply refusal;
  std::optional<Json> body = json_body(call.state.body, refusal);
  if (!body) return refusal;
  AppendRequest request;
  try {
    protocol::Fields f(*body, "");
    request.uuid = f.text("uuid");
    request.type = f.text("type");
    f.required("payload");
    if (f.has("client_time_ms"))  // null too is refused: optional means left out
      request.client_time_ms = client_time_from(f.required("client_time_ms"));
    f.done();
    request.payload = std::move((*body)["payload"]);  // checked above; moved, not copied
    request.payload_text = protocol::compact_text(request.payload);  // here, not on the writer
  } catch (const protocol::InputError& e) {
    return error_reply(RefusalCode::bad_input, e.path(), e.sentence());
  }
  if (request.type == "event_defined" || is_station_event(request.type) ||
      (station.role == Role::kiosk && !kiosk_event_types.count(request.type)))
    return error_reply(RefusalCode::not_allowed, "type",
                       station.role == Role::gm ? say("a gm station cannot record {}", request.type)
                                                : say("a kiosk station cannot record {}", request.type));
  // A kiosk hands over only what its signed-in player holds: the record names that player
  // as giver or seller, and the ledger checks they hold the card.
  if (station.role == Role::kiosk)
    if (auto refused = kiosk_record_refusal(call.connection, station, request)) {
      trail_refusal(station, request.type, request.payload_text, *refused);
      return refused;
    }
  request.station = station.name;
  std::lock_guard closing_lock(closing_mutex);
  if (closing) return error_reply(RefusalCode::closing, "", say("the server is shutting down"));
  RequestState& s = call.state;
  s.suspended = true;
  MHD_suspend_connection(call.connection);
  // The writer thread only hands the result over: the reply is made on this connection's
  // own thread when it resumes, so the writer goes on to the next batch at once.
  // An accepted event's reply waits until the standby holds it (server/standby_link.h).
  queue->submit(std::move(request), [this, c = call.connection, &s](AppendRequest sent, AppendResult r) {
    r.ledger = nullptr;  // the reply is made from ledger_text: the tree is freed by its maker
    const std::int64_t seq = r.accepted ? r.seq : 0;
    s.sent = std::move(sent);
    s.appended = std::move(r);
    standby_link->hold(
        seq,
        [c, &s](bool acknowledged) {
          s.unacknowledged = !acknowledged;
          MHD_resume_connection(c);
        },
        steady_ms());
  });
  return std::nullopt;
}

// Never throws: a reply that cannot be written as JSON (invalid UTF-8 that slipped through)
// has the bad bytes replaced.
MHD_Result LedgerServer::Impl::send(MHD_Connection* c, const Reply& reply) {
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
  MHD_add_response_header(response, "X-Marshal-Epoch", std::to_string(epoch.load()).c_str());
  MHD_Result r = MHD_queue_response(c, reply.status, response);
  MHD_destroy_response(response);
  return r;
}

// Says why a request was refused, in the server's log (rate-limited per code).
void LedgerServer::Impl::log_refusal(MHD_Connection* c, const char* method, const char* url, const Reply& reply) {
  if (reply.status < 400 || !reply.body.is_object() || !reply.body.contains("error")) return;
  const Json& e = reply.body["error"];
  std::string code = e.value("code", "");
  // TRANSLATORS: the server's log: {0} the HTTP method, {1} the URL, {2} the client's address, {3} the
  // HTTP status, {4} the refusal's code, {5} its field, {6} why (refused POST /events from 10.0.0.5: 409
  // dead character: Ann is dead)
  log.write("refused " + code,
          fmt::format(fmt::runtime(i18n::tr("refused {} {} from {}: {} {} {}: {}")), protocol::truncate_utf8(method, 16),
                      protocol::truncate_utf8(url, 120), client_address(c), reply.status, code, e.value("field", ""),
                      protocol::truncate_utf8(protocol::refusal_reason(e, ""), 200)),
          now_ms());
}

MHD_Result LedgerServer::Impl::handle(MHD_Connection* c, const char* url, const char* method, const char* upload,
                  size_t* upload_size, void** con_cls) {
  // Nothing may escape into libmicrohttpd: whatever goes wrong is a reply.
  try {
    return handle_request(c, url, method, upload, upload_size, con_cls);
  } catch (const std::exception& e) {
    return send(c, unexpected_error_reply(e.what()));
  } catch (...) {
    return send(c, error_reply(500, RefusalCode::server_error, "", say("unexpected error")));
  }
}

MHD_Result LedgerServer::Impl::handle_request(MHD_Connection* c, const char* url, const char* method, const char* upload,
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
    if (s->polling) return send(c, s->replica ? read_replica(*s) : read_events(*s));
    assert(s->appended);  // the writer hands the result over before it resumes the connection
    Reply reply = s->unacknowledged ? error_reply(RefusalCode::closing, "",
                                                  say("the server stopped before its standby held this record: "
                                                      "send it again"))
                                    : append_reply(*s->appended);
    log_refusal(c, method, url, reply);
    return send(c, reply);
  }
  guard.request_complete(c);
  Answer reply;
  try {
    reply = route(c, method, url, *s);
    if (!reply) return MHD_YES;  // suspended: the reply comes when it resumes
  } catch (const std::exception& e) {
    reply = unexpected_error_reply(e.what());
  }
  log_refusal(c, method, url, *reply);
  return send(c, *reply);
}

}  // namespace marshal::db
