// Which call of the ledger server does what (docs/server.md lists them), and how a reply is
// sent. Part of the ledger server (server/server_internals.h).
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
#include "server/twtw_view.h"
#include "server/views.h"
#include "store/hash_chain.h"

namespace marshal::db {

using serving::client_address;
using serving::error_reply;
using serving::now_ms;
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
  unsigned status = r.code == "bad_input" || r.code == "bad_code" ? 400
                    : r.code == "server_error"                     ? 503
                                                                   : 409;
  Reply reply = r.sentence.text.empty() ? error_reply(status, r.code, r.field, r.reason)
                                        : error_reply(status, r.code, r.field, r.sentence);
  reply.body["accepted"] = false;
  return reply;
}

std::optional<std::string> query(MHD_Connection* c, const char* key) {
  const char* v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, key);
  if (!v) return std::nullopt;
  return std::string(v);
}

bool parse_int(const std::optional<std::string>& text, std::int64_t min, std::int64_t max,
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

}  // namespace

std::optional<Station> LedgerServer::Impl::authenticate(MHD_Connection* c) {
  const char* header = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
  if (!header || std::strncmp(header, "Bearer ", 7) != 0) return std::nullopt;
  return station_for_token(reader(), header + 7);
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

bool LedgerServer::Impl::route(MHD_Connection* c, const std::string& method, const std::string& url, RequestState& s,
           Reply& reply) {
  if (s.too_large) {
    reply = error_reply(413, "too_large", "body",
                        say("a request body is at most {} bytes", config.max_body_bytes));
    return false;
  }
  if (url == "/health" && method == "GET") {
    reply = {200, {{"ok", true}, {"events", last_seq.load()}}};
    return false;
  }
  if (url == "/enroll") {
    if (method != "POST") return (reply = error_reply(405, "method", "", say("use POST"))), false;
    Json body;
    try {
      body = protocol::parse_json(s.body, "body");
    } catch (const protocol::InputError& e) {
      return (reply = error_reply(400, "bad_input", "body", e.sentence())), false;
    }
    if (!body.is_object() || body.size() != 1 || !body.contains("code") || !body["code"].is_string())
      return (reply = error_reply(400, "bad_input", "code", say("send {{\"code\": ENROLLMENT_CODE}}"))), false;
    // Enrollment writes; it is rare, so it takes the ledger's own connection via the queue's
    // lock-free path: a separate connection is enough (SQLite serialises the write).
    auto e = enroll_station(reader(), body["code"].get<std::string>(), now_ms());
    if (!e) return (reply = error_reply(403, "enroll_refused", "code", say("unknown, used or revoked enrollment code"))), false;
    reply = {200, {{"station", e->station.name}, {"role", to_string(e->station.role)}, {"token", e->token}}};
    if (!e->admin_check.empty()) reply.body["admin_check"] = e->admin_check;  // the kiosk's admin card, hashed
    return false;
  }
  auto station = authenticate(c);
  if (!station)
    return (reply = error_reply(401, "unauthenticated", "authorization",
                                say("send Authorization: Bearer TOKEN (from /enroll)"))),
           false;
  if (url.rfind("/cards/", 0) == 0 || url.rfind("/characters/", 0) == 0) {
    if (method != "GET") return (reply = error_reply(405, "method", "", say("use GET"))), false;
    if (auto ended = ended_sign_in(c, *station)) return (reply = *ended), false;
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
                          card ? say("the ledger knows no such card") : say("the ledger knows no such badge"));
    } catch (const LedgerRefusal& r) {
      reply = error_reply(400, r.code, "code", r.sentence);
    }
    // A code nobody knows may be a forgery or a misprint: it goes into the audit trail.
    log_lookup_refusal(*station, card ? "card_lookup" : "character_lookup", code, reply);
    return false;
  }
  if (url == "/kiosk/sign-in" || url == "/kiosk/sign-out") {
    if (method != "POST") return (reply = error_reply(405, "method", "", say("use POST"))), false;
    if (station->role != Role::kiosk)
      return (reply = error_reply(403, "not_allowed", "url", say("players sign in at kiosks"))), false;
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
    if (method != "GET") return (reply = error_reply(405, "method", "", say("use GET"))), false;
    if (auto ended = ended_sign_in(c, *station)) return (reply = *ended), false;
    std::optional<std::int64_t> player;
    if (auto signed_in = kiosk_player(c, *station)) player = signed_in->character;
    reply = {200, vote_view(reader(), now_ms(), player)};
    return false;
  }
  if (url == "/timers") {
    if (method != "GET") return (reply = error_reply(405, "method", "", say("use GET"))), false;
    reply = {200, timers_view(reader(), now_ms())};
    return false;
  }
  if (url == "/table") {
    if (method != "GET") return (reply = error_reply(405, "method", "", say("use GET"))), false;
    // The GM's characters, pool and rolls are the GM's: a kiosk sees its player's own state.
    if (station->role != Role::gm)
      return (reply = error_reply(403, "not_allowed", "url", say("the table is a GM station's"))), false;
    reply = {200, table_view(reader())};
    return false;
  }
  if (url == "/land") {  // the land register (server/land_view.h): who owns what, every deal
    if (method != "GET") return (reply = error_reply(405, "method", "", say("use GET"))), false;
    if (station->role != Role::gm)
      return (reply = error_reply(403, "not_allowed", "url", say("the land register is a GM station's"))), false;
    reply = {200, land_view(reader())};
    return false;
  }
  if (url == "/twtw") {  // the TWTW round and its characters (server/twtw_view.h): the GM's screen
    if (method != "GET") return (reply = error_reply(405, "method", "", say("use GET"))), false;
    reply = station->role == Role::gm ? Reply{200, twtw_view(reader())}
                                      : error_reply(403, "not_allowed", "", say("the round of action time is the GM's"));
    return false;
  }
  if (url == "/event") {
    if (method != "GET") return (reply = error_reply(405, "method", "", say("use GET"))), false;
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
                                  say("after >= 0, limit 1-1000, wait_ms 0-{}", config.max_wait_ms))),
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
      return (reply = error_reply(400, "bad_input", "body", e.sentence())), false;
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
      return (reply = error_reply(400, "bad_input", e.path(), e.sentence())), false;
    }
    if (request.type == "event_defined" || is_station_event(request.type) ||
        (station->role == Role::kiosk && !kiosk_event_types.count(request.type)))
      return (reply = error_reply(403, "not_allowed", "type",
                                  station->role == Role::gm ? say("a gm station cannot record {}", request.type)
                                                            : say("a kiosk station cannot record {}", request.type))),
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
    if (closing) return (reply = error_reply(503, "closing", "", say("the server is shutting down"))), false;
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
  reply = error_reply(404, "not_found", "url", say("no such endpoint: {} {}", method, url));
  return false;
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
    return send(c, error_reply(500, "server_error", "", e.what()));
  } catch (...) {
    return send(c, error_reply(500, "server_error", "", say("unexpected error")));
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

}  // namespace marshal::db
