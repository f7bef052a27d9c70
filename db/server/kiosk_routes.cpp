// Players at kiosks: signing in with badge and PIN, and what a kiosk may record for them
// (docs/kiosk.md). Part of the ledger server (server/server_internals.h).
#include <cassert>

#include <fmt/format.h>

#include "ledger/kiosk_pins.h"
#include "ledger/town.h"
#include "protocol/json_fields.h"
#include "server/server_internals.h"
#include "server/views.h"

namespace marshal::db {

using serving::error_reply;
using serving::now_ms;
using serving::Reply;

namespace {

// Whole minutes, rounded up: a lock of 4 min 10 s is "5 minutes" to the player.
std::int64_t whole_minutes(std::int64_t ms) { return (ms + 59'999) / 60'000; }

// The sentences below say "{} minutes" of these two.
static_assert(pin_try_window_ms > 60'000 && pin_lock_ms > 60'000);

}  // namespace

void LedgerServer::Impl::log_lookup_refusal(const Station& station, const std::string& type, const std::string& code,
                        const Reply& reply) {
  trail_refusal(station, type, protocol::truncate_utf8(code, 200), reply);
}

// A refusal made before the ledger saw the request, into the audit's refusal trail (which
// counts repeats and cuts payloads: ledger/refusal_trail.h).
void LedgerServer::Impl::trail_refusal(const Station& station, const std::string& type, const std::string& payload,
                   const Reply& reply) {
  assert(reply.status >= 400 && reply.body.contains("error"));  // a refusal made by error_reply
  if (standby) return;  // a standby's trail is a copy of the primary's; its log says it (log_refusal)
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
std::optional<Reply> LedgerServer::Impl::ended_sign_in(MHD_Connection* c, const Station& station) {
  if (station.role != Role::kiosk || !MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Sign-In")) return std::nullopt;
  if (kiosk_player(c, station)) return std::nullopt;
  return error_reply(RefusalCode::sign_in_ended, "x-sign-in",
                     say("this player's sign-in has ended (the ledger restarted, or a minute went by without use): "
                         "the player signs in again with badge and PIN"));
}

std::optional<KioskSignIn> LedgerServer::Impl::kiosk_player(MHD_Connection* c, const Station& station, const char* header) {
  if (station.role != Role::kiosk) return std::nullopt;
  const char* token = MHD_lookup_connection_value(c, MHD_HEADER_KIND, header);
  if (!token) return std::nullopt;
  return sign_ins.use(token, station.name, now_ms());
}

// POST /kiosk/sign-out (header X-Sign-In): the kiosk's idle reset ends the sign-in at once.
LedgerServer::Impl::Answer LedgerServer::Impl::post_kiosk_sign_out(Call& call) {
  if (const char* token = MHD_lookup_connection_value(call.connection, MHD_HEADER_KIND, "X-Sign-In"))
    sign_ins.sign_out(token, call.station().name);
  return Reply{200, {{"signed_out", true}}};
}

// POST /kiosk/sign-in: wrong and locked PINs go into the audit trail, with the badge and never
// the PIN.
LedgerServer::Impl::Answer LedgerServer::Impl::post_kiosk_sign_in(Call& call) {
  Reply reply = kiosk_sign_in(call.station(), call.state.body);
  if (reply.status != 200) {
    std::string badge;
    try {
      Json body = Json::parse(call.state.body);
      if (body.is_object() && body.contains("badge") && body["badge"].is_string()) badge = body["badge"];
    } catch (...) {
    }
    log_lookup_refusal(call.station(), "kiosk_sign_in", badge, reply);
  }
  return reply;
}

// POST /kiosk/sign-in {"badge", "pin"}: a player at a kiosk (docs/kiosk.md).
Reply LedgerServer::Impl::kiosk_sign_in(const Station& station, const std::string& body_text) {
  Reply refusal;
  std::optional<Json> parsed = serving::json_body(body_text, refusal);
  if (!parsed) return refusal;
  const Json& body = *parsed;
  if (!body.is_object() || body.size() != 2 || !body.contains("badge") || !body["badge"].is_string() ||
      !body.contains("pin") || !body["pin"].is_string())
    return error_reply(RefusalCode::bad_input, "body", say("send {{\"badge\": BADGE, \"pin\": \"1234\"}}"));
  const std::string badge = body["badge"].get<std::string>(), pin = body["pin"].get<std::string>();
  if (!well_formed_pin(pin))
    return error_reply(RefusalCode::bad_input, "pin", say("a PIN is {} digits", kiosk_pin_digits));
  std::optional<std::int64_t> character;
  try {
    character = character_of_badge(reader(), badge);
  } catch (const LedgerRefusal& r) {
    return error_reply(r.refusal, "badge", r.sentence);  // bad_code: 400
  }
  if (!character) return error_reply(RefusalCode::unknown_code, "badge", say("the ledger knows no such badge"));
  const std::int64_t now = now_ms();
  SignInAttempt a = sign_ins.attempt(station.name, *character, kiosk_pin_matches(reader(), *character, pin), now);
  if (a.result == SignInAttempt::Result::signed_in)
    return {200, {{"sign_in", a.token}, {"name", Town(reader(), 0, now).name_of(*character)},
                  {"idle_ms", kiosk_sign_in_idle_ms}}};
  if (a.result == SignInAttempt::Result::locked) {
    const std::int64_t locked = whole_minutes(a.locked_for_ms), window = whole_minutes(pin_try_window_ms);
    return error_reply(RefusalCode::pin_locked, "badge",
        locked == 1
            // TRANSLATORS: {0} is how many wrong PINs lock a badge, {1} in how many minutes
            ? say("{} wrong PINs in {} minutes: this badge is locked on kiosks for 1 minute more (a GM station can "
                  "still look)",
                  pin_tries_before_lock, window)
            // TRANSLATORS: {0} is how many wrong PINs lock a badge, {1} in how many minutes, {2} the minutes left
            : say("{} wrong PINs in {} minutes: this badge is locked on kiosks for {} minutes more (a GM station can "
                  "still look)",
                  pin_tries_before_lock, window, locked),
        Json{{"locked_minutes", locked}});
  }
  const std::int64_t lock = whole_minutes(pin_lock_ms);
  return error_reply(RefusalCode::wrong_pin, "pin",
                     a.tries_left == 1
                         // TRANSLATORS: {} is how many minutes the badge is locked for
                         ? say("Wrong PIN: 1 more try before this badge is locked for {} minutes", lock)
                         // TRANSLATORS: {0} is how many tries are left, {1} how many minutes the badge is locked for
                         : say("Wrong PIN: {} more tries before this badge is locked for {} minutes", a.tries_left, lock),
                     Json{{"tries_left", a.tries_left}, {"lock_minutes", lock}});
}

// A kiosk's record names its signed-in player as the giver or seller, and a sale the buyer's
// own sign-in (X-Countersign): both players were at the kiosk and typed their PINs.
std::optional<Reply> LedgerServer::Impl::kiosk_record_refusal(MHD_Connection* c, const Station& station, const AppendRequest& request) {
  auto player = kiosk_player(c, station);
  if (!player)
    return error_reply(RefusalCode::sign_in_needed, "x-sign-in",
                       say("a kiosk records only for a player signed in with badge and PIN (POST /kiosk/sign-in); "
                           "a sign-in ends after a minute without use"));
  const Json& payload = request.payload;
  auto named = [&](const char* field) -> std::optional<std::int64_t> {
    if (!payload.is_object() || !payload.contains(field) || !payload[field].is_string()) return std::nullopt;
    try {
      return character_of_badge(reader(), payload[field].get<std::string>());
    } catch (const LedgerRefusal&) {
      return std::nullopt;  // a malformed badge names nobody
    }
  };
  const char* actor = request.type == "ballot_cast"     ? "voter"
                      : request.type == "trick_flipped" ? "character"
                                                        : "from";
  if (named(actor) != player->character)
    return error_reply(RefusalCode::not_yours, actor,
                       say("a kiosk gives, sells, votes and plays tricks only as the player signed in at it"));
  if (request.type == "horse_sold") {
    auto buyer = kiosk_player(c, station, "X-Countersign");
    if (!buyer || named("to") != buyer->character)
      return error_reply(RefusalCode::buyer_must_agree, "to",
                         say("a sale at a kiosk needs the buyer's sign-in too (X-Countersign): the buyer types "
                             "their PIN"));
  }
  return std::nullopt;
}

}  // namespace marshal::db
