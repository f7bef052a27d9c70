#pragma once
// Anchors: the ledger's head (the last event's seq and hash) kept outside the file, so that an
// audit can prove the file it is given still holds every event that was there when the anchor
// was taken. `marshal head` prints one as a short line to photograph or write down
// ("1234:3f2a9c7d1e0b4a55": the seq, a colon, the first 16 hex digits of the hash); the server
// logs one every 5 minutes. A file whose last events were deleted ends before the anchor's seq;
// a chain rewritten with fresh hashes has another hash at that seq. Either is caught.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "store/sqlite.h"

namespace marshal::db {

// 16 hex digits are 64 bits: rewriting a chain to meet them is out of anyone's reach. An anchor
// may give more, up to the whole hash (64).
inline constexpr std::size_t anchor_min_hex_digits = 16;
inline constexpr std::size_t anchor_short_hex_digits = 16;
inline constexpr std::int64_t head_log_interval_ms = 5 * 60 * 1000;  // the server's head line

// The refusal trail is chained too (store/hash_chain.h) and has its own head, written with an
// "r" before the row number: "r57:9a8b7c6d5e4f3a2b". `marshal head` prints both on one line.
struct Anchor {
  std::int64_t seq = 0;   // the event's seq, or the refusal row's id
  std::string hash_hex;   // lower case, anchor_min_hex_digits..64 digits
  bool refusals = false;  // an anchor of the refusal trail
};

// The ledger's head now; seq 0 for an empty file.
Anchor ledger_head(Database& db);
// The refusal trail's last chained row, if it has one.
std::optional<Anchor> refusal_head(Database& db);
// The events' head, then the refusal trail's if any: "1234:3f2a9c7d1e0b4a55 r57:9a8b7c6d5e4f3a2b".
std::string head_line(Database& db, bool full = false);
// "SEQ:HASH" (or "rID:HASH") with the hash cut to anchor_short_hex_digits (or whole when `full`).
std::string format_anchor(const Anchor& anchor, bool full = false);
// Reads "SEQ:HEX" or "rID:HEX" (spaces around and upper case forgiven); nullopt with the reason
// otherwise.
std::optional<Anchor> parse_anchor(std::string_view text, std::string& reason);

// Whether the ledger in `db` holds the anchor: "" when it does, else why not, in words (in the
// language tr() answers in, as parse_anchor's reason).
std::string check_anchor(Database& db, const Anchor& anchor);

}  // namespace marshal::db
