#include "kiosk/refusal_words.h"

#include <cstdint>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "protocol/refusal_json.h"

namespace marshal::kiosk {

namespace {

using i18n::tr;
using i18n::trn;

std::uint64_t count_of(std::int64_t n) { return n < 0 ? 0 : static_cast<std::uint64_t>(n); }

// Whether the server's English sentence (its unworded text, or its reason when it sent none: r.reason
// is in the kiosk's language once worded) has `words` in it.
bool says(const KioskReply& r, const char* words) {
  const auto sent = r.error.find("words");
  if (sent != r.error.end() && sent->is_object() && sent->contains("text") && (*sent)["text"].is_string())
    return (*sent)["text"].get_ref<const std::string&>().find(words) != std::string::npos;
  const auto reason = r.error.find("reason");
  return reason != r.error.end() && reason->is_string() &&
         reason->get_ref<const std::string&>().find(words) != std::string::npos;
}

bool names_a_badge(const std::string& field) {
  return field == "badge" || field == "from" || field == "to" || field == "voter" || field == "candidate";
}

// The code's words in the language of the screens (not English: there the server's reason stands).
std::string worded(const KioskReply& r) {
  const std::string& code = r.code;
  const std::string& field = r.field;
  // The refusal's numbers, as the server sends them beside its code (db/server/kiosk_routes.cpp).
  auto number = [&](const char* key) -> std::optional<std::int64_t> {
    const auto it = r.error.find(key);
    if (it == r.error.end() || !it->is_number_integer()) return std::nullopt;
    return it->get<std::int64_t>();
  };
  if (code == "wrong_pin") {
    const auto tries = number("tries_left"), minutes = number("lock_minutes");
    if (!tries || !minutes) return tr("Wrong PIN: type it again");
    // TRANSLATORS: shown alone under the PIN field. The second {} is a number of minutes (5).
    return fmt::format(fmt::runtime(trn("Wrong PIN: {} more try before this badge is locked for {} minutes",
                                        "Wrong PIN: {} more tries before this badge is locked for {} minutes",
                                        count_of(*tries))),
                       *tries, *minutes);
  }
  if (code == "pin_locked") {
    const auto minutes = number("locked_minutes");
    if (!minutes) return tr("this badge is locked on kiosks for a few minutes (a GM station can still look)");
    return fmt::format(
        fmt::runtime(trn("this badge is locked on kiosks for {} more minute (a GM station can still look)",
                         "this badge is locked on kiosks for {} more minutes (a GM station can still look)",
                         count_of(*minutes))),
        *minutes);
  }
  if (code == "sign_in_ended")
    return tr("this player's sign-in has ended (the ledger restarted, or a minute went by without use): sign in "
              "again with badge and PIN");
  if (code == "sign_in_needed")
    return tr("sign in with badge and PIN first; a sign-in ends after a minute without use");
  if (code == "not_yours") return tr("a kiosk gives, sells, votes and plays tricks only as the player signed in at it");
  if (code == "buyer_must_agree") return tr("a sale at a kiosk needs the buyer's agreement: the buyer types their PIN");
  if (code == "unauthenticated")
    return tr("the ledger does not know this kiosk (its enrollment was revoked?): tell an organiser");
  if (code == "enroll_refused") return tr("unknown, used or revoked enrollment code");
  if (code == "not_allowed") return tr("a kiosk may not do this");
  if (code == "bad_input") return tr("the ledger could not read what this kiosk sent: tell an organiser");
  if (code == "bad_code") return tr("this code is damaged or is not a Marshal card's: scan it again");
  if (code == "unknown_code") return tr("the ledger does not know this code");
  if (code == "revoked") return tr("this card was revoked (re-issued or withdrawn)");
  if (code == "wrong_kind") {
    if (field == "secret") return tr("that card is not a secret");
    if (field == "horse") return tr("that card is not a horse");
    if (names_a_badge(field)) return tr("that card is not a badge");
    return tr("that card is of another kind");
  }
  if (code == "not_holder") {
    if (field == "secret") return tr("that secret is not held by you: only its holder can give it");
    if (field == "from") return tr("that horse is not with you: only the one who has it can sell it");
    return tr("that card is not held by you");
  }
  if (code == "dead") {
    if (field == "from" || field == "voter") return tr("you are dead: the dead do nothing this evening");
    if (field == "to") return tr("the receiver is dead: the dead receive nothing");
    if (field == "candidate") return tr("that candidate is dead: no ballot goes to the dead");
    return tr("someone named here is dead");
  }
  if (code == "knocked_out") {
    if (field == "voter") return tr("you are knocked out or nursing a headache: try again when it is over");
    if (field == "candidate") return tr("that candidate is knocked out or nursing a headache");
    if (field == "to") return tr("the buyer is knocked out or nursing a headache");
    return tr("someone named here is knocked out or nursing a headache");
  }
  if (code == "illegal_move") {
    // The field says which rule; where one field has two rules, the server's reason tells them apart.
    if (field == "horse") return tr("only a horse in its owner's hands can be sold");
    if (field == "to" && says(r, "already has"))  // i18n: not words (the server's English)
      return tr("the buyer already has this horse");
    if (field == "to") return tr("a card is handed to someone else, never to yourself");
    if (field == "voter" && says(r, "already"))
      return tr("you have cast your ballot in this vote already: one ballot each");
    if (field == "voter") return tr("no vote is open: ballots are cast in the 15 minutes after the Mayor calls one");
    return tr("the ledger does not allow this now");
  }
  if (code == "closing") return tr("the ledger is shutting down: try again in a minute");
  if (code == "server_error") return tr("the ledger had a fault: try again, or tell an organiser");
  // Any other code: the server's sentence, worded here from its unworded form when it sent one.
  // TRANSLATORS: {} is the ledger's refusal code, such as uuid_reused: a word for an organiser.
  return protocol::refusal_reason(r.error, fmt::format(fmt::runtime(tr("The ledger refused this ({}).")), code));
}

}  // namespace

std::string refusal_words(const KioskReply& r) {
  if (r.ok) return "";
  // The kiosk's own words for a ledger out of reach are in the language of the screens already.
  if (r.code == "unreachable") return r.reason;
  if (i18n::current_language() == "en") return r.reason;
  if (r.code == "refused") return tr("refused by the ledger");  // a reply without the server's error
  // The shared client's words for another key than the pinned one (client::wrong_key_words).
  if (r.code == "wrong_key")
    return tr("this is not your ledger: its key does not match the one on your enrolment card");
  return worded(r);
}
}  // namespace marshal::kiosk
