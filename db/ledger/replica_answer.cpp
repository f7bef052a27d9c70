#include "ledger/replica_answer.h"

#include <cstdint>

#include "i18n/sentence.h"
#include "i18n/utf8_text.h"
#include "ledger/replica_wire.h"
#include "protocol/utf8.h"

namespace marshal::db {

FollowAnswer follow_answer_from_json(const protocol::Json& answer) {
  FollowAnswer read;
  protocol::Fields f(answer, "");
  read.epoch = f.int64_or("epoch", 1, INT64_MAX, 0);
  read.head = f.int64_or("head", 0, INT64_MAX, -1);
  read.synchronous = f.boolean_or("synchronous", false);
  if (read.epoch < 1 || read.head < 0) throw protocol::InputError("head", i18n::say("the answer has no epoch or head"));
  read.batch = replica_batch_from_json(answer);
  return read;
}

namespace {

// A cursor over the primary's text. Each read moves past what it read, or says false: then the
// text is not in the primary's form, or holds something this reader leaves to the JSON parser.
// What each read accepts is what follow_answer_from_json accepts there, never more.
class PrimaryText {
 public:
  explicit PrimaryText(std::string_view text) : text_(text) {}

  bool at_end() const { return at_ == text_.size(); }

  bool literal(std::string_view expected) {
    if (text_.substr(at_, expected.size()) != expected) return false;
    at_ += expected.size();
    return true;
  }

  // Digits only, at least `min`: the slow reader's whole number. A sign, a fraction, an exponent
  // or a 19th digit (past what int64 surely holds) is left to it.
  bool whole(std::int64_t min, std::int64_t& out) {
    constexpr std::size_t max_digits = 18;
    const std::size_t start = at_;
    std::int64_t value = 0;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') {
      if (at_ - start == max_digits) return false;
      value = value * 10 + (text_[at_++] - '0');
    }
    const std::size_t digits = at_ - start;
    if (digits == 0 || (digits > 1 && text_[start] == '0')) return false;  // JSON has no leading zero
    if (at_ < text_.size() && (text_[at_] == '.' || text_[at_] == 'e' || text_[at_] == 'E')) return false;
    if (value < min) return false;
    out = value;
    return true;
  }

  bool whole_or_null(std::int64_t min, std::optional<std::int64_t>& out) {
    if (literal("null")) {
      out.reset();
      return true;
    }
    std::int64_t value = 0;
    if (!whole(min, value)) return false;
    out = value;
    return true;
  }

  bool boolean(bool& out) {
    if (literal("true")) out = true;
    else if (literal("false")) out = false;
    else return false;
    return true;
  }

  // A JSON string, its escapes decoded as nlohmann decodes them. Declined: a \u escape of a
  // surrogate (a pair is left to nlohmann), a control byte, a byte that is not UTF-8.
  bool text(std::string& out) {
    out.clear();
    if (!literal("\"")) return false;
    std::size_t run = at_;  // the start of bytes copied as they are
    while (at_ < text_.size()) {
      const auto byte = static_cast<unsigned char>(text_[at_]);
      if (byte == '"') {
        out.append(text_, run, at_ - run);
        ++at_;
        return true;
      }
      if (byte == '\\') {
        out.append(text_, run, at_ - run);
        if (!escape(out)) return false;
        run = at_;
      } else if (byte < 0x20) {
        return false;
      } else if (byte < 0x80) {
        ++at_;
      } else {
        // One well-formed character (as nlohmann's lexer checks it: no overlong form, no
        // surrogate, nothing past U+10FFFF), stepped over.
        const std::size_t length = protocol::utf8_character_length(text_.substr(at_));
        if (length == 0) return false;
        at_ += length;
      }
    }
    return false;  // no closing quote
  }

  bool text_or_null(std::optional<std::string>& out) {
    if (literal("null")) {
      out.reset();
      return true;
    }
    std::string value;
    if (!text(value)) return false;
    out = std::move(value);
    return true;
  }

  // 64 lower-case hex digits (to_hex's form).
  bool hash(Blob& out) {
    std::string hex;
    if (!text(hex)) return false;
    std::optional<Blob> bytes = hash_from_hex(hex);
    if (!bytes) return false;
    out = std::move(*bytes);
    return true;
  }

 private:
  // At a backslash: its escape, decoded.
  bool escape(std::string& out) {
    if (at_ + 1 >= text_.size()) return false;
    const char kind = text_[at_ + 1];
    at_ += 2;
    switch (kind) {
      case '"': out += '"'; return true;
      case '\\': out += '\\'; return true;
      case '/': out += '/'; return true;
      case 'b': out += '\b'; return true;
      case 'f': out += '\f'; return true;
      case 'n': out += '\n'; return true;
      case 'r': out += '\r'; return true;
      case 't': out += '\t'; return true;
      case 'u': break;
      default: return false;
    }
    if (at_ + 4 > text_.size()) return false;
    std::uint32_t code = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[at_++];
      code <<= 4;
      if (c >= '0' && c <= '9') code |= static_cast<std::uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') code |= static_cast<std::uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') code |= static_cast<std::uint32_t>(c - 'A' + 10);
      else return false;
    }
    if (code >= 0xD800 && code <= 0xDFFF) return false;
    i18n::append_utf8(out, code);
    return true;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

// Keys in append_replica_event_text's order.
bool read_event(PrimaryText& t, EventRow& row) {
  return t.literal(R"({"seq":)") && t.whole(1, row.seq) && t.literal(R"(,"uuid":)") && t.text(row.uuid) &&
         t.literal(R"(,"station":)") && t.text(row.station) && t.literal(R"(,"server_time_ms":)") &&
         t.whole(0, row.server_time_ms) && t.literal(R"(,"type":)") && t.text(row.type) &&
         t.literal(R"(,"payload":)") && t.text(row.payload) && t.literal(R"(,"prev_hash":)") &&
         t.hash(row.prev_hash) && t.literal(R"(,"hash":)") && t.hash(row.hash) &&
         t.literal(R"(,"client_time_ms":)") && t.whole_or_null(0, row.client_time_ms) && t.literal("}");
}

// Keys in append_replica_refusal_text's order. Both hashes, or a null hash: a row from before
// the trail was chained, whose prev_hash the slow reader reads as any string or null, and drops.
bool read_refusal(PrimaryText& t, RefusalRow& row) {
  std::optional<std::string> prev_hash, hash;
  if (!(t.literal(R"({"id":)") && t.whole(1, row.id) && t.literal(R"(,"server_time_ms":)") &&
        t.whole(0, row.server_time_ms) && t.literal(R"(,"station":)") && t.text(row.station) &&
        t.literal(R"(,"type":)") && t.text(row.type) && t.literal(R"(,"code":)") && t.text(row.code) &&
        t.literal(R"(,"field":)") && t.text(row.field) && t.literal(R"(,"reason":)") && t.text(row.reason) &&
        t.literal(R"(,"repeats":)") && t.whole(1, row.repeats) && t.literal(R"(,"uuid":)") &&
        t.text_or_null(row.uuid) && t.literal(R"(,"payload":)") && t.text_or_null(row.payload) &&
        t.literal(R"(,"prev_hash":)") && t.text_or_null(prev_hash) && t.literal(R"(,"hash":)") &&
        t.text_or_null(hash) && t.literal("}")))
    return false;
  if (!hash) return true;
  std::optional<Blob> prev_bytes = prev_hash ? hash_from_hex(*prev_hash) : std::nullopt;
  std::optional<Blob> bytes = hash_from_hex(*hash);
  if (!prev_bytes || !bytes) return false;
  row.prev_hash = std::move(*prev_bytes);
  row.hash = std::move(*bytes);
  return true;
}

template <class Row, class ReadRow>
bool read_rows(PrimaryText& t, std::vector<Row>& rows, ReadRow read_row) {
  if (!t.literal("[")) return false;
  if (t.literal("]")) return true;
  do {
    if (!read_row(t, rows.emplace_back())) return false;
  } while (t.literal(","));
  return t.literal("]");
}

}  // namespace

std::optional<FollowAnswer> follow_answer_from_primary_text(std::string_view text) {
  PrimaryText t(text);
  FollowAnswer read;
  if (t.literal(R"({"epoch":)") && t.whole(1, read.epoch) && t.literal(R"(,"head":)") && t.whole(0, read.head) &&
      t.literal(R"(,"events":)") && read_rows(t, read.batch.events, read_event) && t.literal(R"(,"refusals":)") &&
      read_rows(t, read.batch.refusals, read_refusal) && t.literal(R"(,"synchronous":)") &&
      t.boolean(read.synchronous) && t.literal("}") && t.at_end())
    return read;
  return std::nullopt;
}

FollowAnswer read_follow_answer(const std::string& text) {
  if (std::optional<FollowAnswer> fast = follow_answer_from_primary_text(text)) return std::move(*fast);
  return follow_answer_from_json(protocol::parse_json(text, ""));
}

}  // namespace marshal::db
