#pragma once
// The ledger's refusals in the player's language. The server says why it refused in English
// (error.reason, docs/server.md); a station words the codes it knows itself (docs/i18n.md, "What
// is translated"). The kiosk words every code it can meet, from the code, the field it names and
// the numbers the reason carries, so a player never reads the server's English in another
// language. In English the server's own sentence stands, as it always has.
#include <string>

#include "kiosk/kiosk_client.h"

namespace marshal::kiosk {

// Why `reply` was refused (or the ledger could not be reached), for a player, in the language of
// the screens: a clause as the server writes one (no full stop; "Wrong PIN: ..." starts with a
// capital, the rest do not). In English: the reason as the server or the kiosk's client gave it.
// In another language: the code's own words, or "The ledger refused this (CODE)." for a code the
// kiosk does not know. "" for a reply that was not refused.
std::string refusal_words(const KioskReply& reply);

}  // namespace marshal::kiosk
