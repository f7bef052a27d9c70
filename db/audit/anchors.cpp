#include "audit/anchors.h"

#include <cctype>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "store/hash_chain.h"

namespace marshal::db {

using i18n::tr;

Anchor ledger_head(Database& db) {
  Statement last = db.prepare("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1");
  if (!last.step()) return {0, to_hex(genesis_hash())};
  return {last.int64(0), to_hex(last.blob(1))};
}

std::optional<Anchor> refusal_head(Database& db) {
  Statement last = db.prepare("SELECT id, hash FROM refusals WHERE hash IS NOT NULL ORDER BY id DESC LIMIT 1");
  if (!last.step()) return std::nullopt;
  return Anchor{last.int64(0), to_hex(last.blob(1)), true};
}

std::string head_line(Database& db, bool full) {
  std::string line = format_anchor(ledger_head(db), full);
  if (auto trail = refusal_head(db)) line += " " + format_anchor(*trail, full);
  return line;
}

std::string format_anchor(const Anchor& anchor, bool full) {
  std::string hash = full ? anchor.hash_hex : anchor.hash_hex.substr(0, anchor_short_hex_digits);
  return fmt::format("{}{}:{}", anchor.refusals ? "r" : "", anchor.seq, hash);
}

std::optional<Anchor> parse_anchor(std::string_view text, std::string& reason) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  Anchor anchor;
  if (!text.empty() && (text.front() == 'r' || text.front() == 'R')) {
    anchor.refusals = true;
    text.remove_prefix(1);
  }
  auto colon = text.find(':');
  // Worded only for a reason: a station's cache passes every record it holds through here.
  auto example = [] { return tr("give SEQ:HASH or rID:HASH as `marshal head` prints them, e.g. 1234:3f2a9c7d1e0b4a55"); };
  if (colon == std::string_view::npos || colon == 0) {
    reason = example();
    return std::nullopt;
  }
  for (char c : text.substr(0, colon)) {
    if (!std::isdigit(static_cast<unsigned char>(c)) || anchor.seq > 1'000'000'000'000) {
      // TRANSLATORS: {0} is what was given before the colon, {1} how to give an anchor.
      reason = fmt::format(fmt::runtime(tr("'{}' is not an event number; {}")), text.substr(0, colon), example());
      return std::nullopt;
    }
    anchor.seq = anchor.seq * 10 + (c - '0');
  }
  for (char c : text.substr(colon + 1)) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) {
      // TRANSLATORS: {} is how to give an anchor.
      reason = fmt::format(fmt::runtime(tr("the hash may hold only hex digits 0-9 and a-f; {}")), example());
      return std::nullopt;
    }
    anchor.hash_hex += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (anchor.seq < 1 || anchor.hash_hex.size() < anchor_min_hex_digits || anchor.hash_hex.size() > 2 * hash_bytes) {
    // TRANSLATORS: {0} and {1} are the fewest and the most hex digits of the hash, {2} how to give an anchor.
    reason = fmt::format(fmt::runtime(tr("an anchor is an event number from 1 and {} to {} hex digits of its hash; {}")),
                         anchor_min_hex_digits, 2 * hash_bytes, example());
    return std::nullopt;
  }
  return anchor;
}

namespace {
std::string check_refusal_anchor(Database& db, const Anchor& anchor) {
  Statement s = db.prepare("SELECT hash FROM refusals WHERE id = ?");
  s.bind(1, anchor.seq);
  if (!s.step()) {
    std::int64_t last = db.scalar_int("SELECT COALESCE(MAX(id), 0) FROM refusals");
    // TRANSLATORS: {0} is the trail's last row, {1} the anchor's row, {2} the last row again.
    return fmt::format(fmt::runtime(tr("the refusal trail ends at row {}, but the anchor was taken at row {}: refusals "
                                       "after {} were deleted")),
                       last, anchor.seq, last);
  }
  std::string hash = s.is_null(0) ? std::string() : to_hex(s.blob(0));
  if (hash.compare(0, anchor.hash_hex.size(), anchor.hash_hex) != 0)
    // TRANSLATORS: {0} is a row's number, {1} and {2} the start of two hashes (hex digits).
    return fmt::format(fmt::runtime(tr("refusal row {} has the hash {}..., not the anchor's {}...: the trail up to it "
                                       "was rewritten")),
                       anchor.seq, hash.substr(0, anchor_short_hex_digits),
                       anchor.hash_hex.substr(0, anchor_short_hex_digits));
  return "";
}
}  // namespace

std::string check_anchor(Database& db, const Anchor& anchor) {
  if (anchor.refusals) return check_refusal_anchor(db, anchor);
  Statement s = db.prepare("SELECT hash FROM events WHERE seq = ?");
  s.bind(1, anchor.seq);
  if (!s.step()) {
    Anchor head = ledger_head(db);
    // TRANSLATORS: {0} is the ledger's last event, {1} the anchor's event, {2} the last event again.
    return fmt::format(fmt::runtime(tr("the ledger ends at event {}, but the anchor was taken at event {}: "
                                       "events after {} were deleted")),
                       head.seq, anchor.seq, head.seq);
  }
  std::string hash = to_hex(s.blob(0));
  if (hash.compare(0, anchor.hash_hex.size(), anchor.hash_hex) != 0)
    // TRANSLATORS: {0} is an event's number, {1} and {2} the start of two hashes (hex digits).
    return fmt::format(fmt::runtime(tr("event {} has the hash {}..., not the anchor's {}...: the chain up to it was "
                                       "rewritten")),
                       anchor.seq, hash.substr(0, anchor_short_hex_digits),
                       anchor.hash_hex.substr(0, anchor_short_hex_digits));
  return "";
}

}  // namespace marshal::db
