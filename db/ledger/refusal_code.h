#pragma once
// Every code a refusal of the ledger or its server carries, as one enum and one table: the code's
// text on the wire ({"error": {"code": ...}}, the refusal trail, the stations' outboxes) and the
// HTTP status the server answers it with. A misspelt code no longer compiles, and a code without
// its row fails the static_assert below. The texts are stable: stations, the audit and old
// ledgers' refusal trails read them (docs/ledger.md, docs/server.md).
#include <array>
#include <cstddef>
#include <string_view>

namespace marshal::db {

enum class RefusalCode {
  // The ledger's: an event (or a lookup) refused. Its HTTP status is the server's when it
  // refuses a request with the code itself; an event the ledger refused is a 409 conflict
  // with its state, but bad input stays 400 and a write that failed 503 (refused_event_status).
  bad_input,         // malformed: a field missing, of the wrong type or out of range
  bad_code,          // a card code that cannot be one (a typo, a wrong check letter)
  unknown_code,      // a well-formed code, badge or name the ledger does not know
  illegal_move,      // against the rules, or against what has already happened
  dead,              // a dead character does nothing
  knocked_out,       // unconscious, or sitting out a headache
  already_spent,     // a single-use card used again
  not_holder,        // a card given, sold or played by someone who does not hold it
  not_allowed,       // not this character's power, not this station's role, not this event's rules
  wrong_kind,        // a card of another kind than the field wants
  revoked,           // a card re-issued or withdrawn
  uuid_reused,       // a uuid already naming a different event
  outcome_mismatch,  // a claimed outcome the rules do not give for these inputs
  no_chip,           // a chip the character or the GM's pool does not have
  server_error,      // the ledger could not write; nothing was recorded
  // The server's own, before the ledger sees a request.
  too_large,         // a request body past ServerConfig::max_body_bytes
  method,            // a call asked with the wrong HTTP method
  not_found,         // no such call
  unauthenticated,   // no bearer token, or one that is not a live station's
  enroll_refused,    // an enrollment code unknown, used or revoked
  closing,           // the server is shutting down: nothing more is queued
  sign_in_needed,    // a kiosk records only for a player signed in at it
  sign_in_ended,     // a kiosk's X-Sign-In the server no longer knows
  not_yours,         // a kiosk acting for another player than the one signed in
  buyer_must_agree,  // a sale at a kiosk without the buyer's own sign-in
  wrong_pin,         // a kiosk sign-in with the wrong PIN
  pin_locked,        // too many wrong PINs: the badge is locked on kiosks
  // A standby ledger's (docs/server.md "A standby ledger").
  not_primary,       // a write sent to a standby: it only follows the primary's chain
  epoch_behind,      // a station has seen a later epoch (marshal promote): this server was replaced
  chain_diverged,    // a standby's chain differs from the primary's at the seq it names
};

struct RefusalCodeRow {
  RefusalCode code;
  std::string_view text;  // on the wire
  unsigned http_status;   // the server's answer when it refuses a request with the code
};

// One row a code, in the enum's order.
inline constexpr std::array refusal_codes{
    RefusalCodeRow{RefusalCode::bad_input, "bad_input", 400},
    RefusalCodeRow{RefusalCode::bad_code, "bad_code", 400},
    RefusalCodeRow{RefusalCode::unknown_code, "unknown_code", 404},
    RefusalCodeRow{RefusalCode::illegal_move, "illegal_move", 409},
    RefusalCodeRow{RefusalCode::dead, "dead", 409},
    RefusalCodeRow{RefusalCode::knocked_out, "knocked_out", 409},
    RefusalCodeRow{RefusalCode::already_spent, "already_spent", 409},
    RefusalCodeRow{RefusalCode::not_holder, "not_holder", 409},
    RefusalCodeRow{RefusalCode::not_allowed, "not_allowed", 403},
    RefusalCodeRow{RefusalCode::wrong_kind, "wrong_kind", 409},
    RefusalCodeRow{RefusalCode::revoked, "revoked", 409},
    RefusalCodeRow{RefusalCode::uuid_reused, "uuid_reused", 409},
    RefusalCodeRow{RefusalCode::outcome_mismatch, "outcome_mismatch", 409},
    RefusalCodeRow{RefusalCode::no_chip, "no_chip", 409},
    RefusalCodeRow{RefusalCode::server_error, "server_error", 503},
    RefusalCodeRow{RefusalCode::too_large, "too_large", 413},
    RefusalCodeRow{RefusalCode::method, "method", 405},
    RefusalCodeRow{RefusalCode::not_found, "not_found", 404},
    RefusalCodeRow{RefusalCode::unauthenticated, "unauthenticated", 401},
    RefusalCodeRow{RefusalCode::enroll_refused, "enroll_refused", 403},
    RefusalCodeRow{RefusalCode::closing, "closing", 503},
    RefusalCodeRow{RefusalCode::sign_in_needed, "sign_in_needed", 401},
    RefusalCodeRow{RefusalCode::sign_in_ended, "sign_in_ended", 401},
    RefusalCodeRow{RefusalCode::not_yours, "not_yours", 403},
    RefusalCodeRow{RefusalCode::buyer_must_agree, "buyer_must_agree", 403},
    RefusalCodeRow{RefusalCode::wrong_pin, "wrong_pin", 403},
    RefusalCodeRow{RefusalCode::pin_locked, "pin_locked", 423},
    RefusalCodeRow{RefusalCode::not_primary, "not_primary", 503},
    RefusalCodeRow{RefusalCode::epoch_behind, "epoch_behind", 421},
    RefusalCodeRow{RefusalCode::chain_diverged, "chain_diverged", 409},
};

// Each row sits at its code's place (so a lookup is an index), and the last code has one.
constexpr bool refusal_codes_in_order() {
  for (std::size_t i = 0; i < refusal_codes.size(); ++i)
    if (static_cast<std::size_t>(refusal_codes[i].code) != i) return false;
  return true;
}
static_assert(refusal_codes_in_order(), "one row a code, in the enum's order");  // i18n: not words (a build check)
// chain_diverged is the last code: one added after it needs its row, and this line.
static_assert(refusal_codes.back().code == RefusalCode::chain_diverged, "a code without its row");  // i18n: not words (a build check)

constexpr const RefusalCodeRow& row_of(RefusalCode code) { return refusal_codes[static_cast<std::size_t>(code)]; }
constexpr std::string_view to_string(RefusalCode code) { return row_of(code).text; }
constexpr unsigned http_status(RefusalCode code) { return row_of(code).http_status; }

// The status of a reply to an event the ledger refused (POST /events): a conflict with the
// ledger's state (409), but bad input stays 400 and a write that failed 503.
constexpr unsigned refused_event_status(RefusalCode code) {
  const unsigned status = http_status(code);
  return status == 400 || status == 503 ? status : 409;
}

}  // namespace marshal::db
