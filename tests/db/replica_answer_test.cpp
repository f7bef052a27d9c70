// A standby's two readers of a follow answer (ledger/replica_answer.h, issue 29): the fast one
// reads the primary's own text straight into rows, the slow one any JSON. Whatever the fast one
// accepts, the slow one accepts too and reads the same; what it is not sure of it declines, and
// read_follow_answer reads that the slow way. Checked on answers with every kind of string the
// ledger may hold (quotes, escapes, Cyrillic, emoji, control bytes) and on thousands of answers
// changed a byte at a time.
#include <catch2/catch.hpp>

#include <random>

#include "ledger/replica_answer.h"
#include "ledger/replica_wire.h"
#include "store/hash_chain.h"

using namespace marshal::db;
using marshal::protocol::InputError;

namespace {

// The strings an evening may hold, beside plain ones: what the primary's writer escapes, and
// UTF-8 of every length.
const std::vector<std::string> tricky_texts = {
    "saloon-gm",
    R"({"character":"KID-7","cards":["AS","10H"],"note":"he said \"draw\""})",
    "back\\slash and /slash",
    "tab\there, new line\nhere, bell\x07, nul\x01",
    "Малыш Билли стреляет первым",
    "ĉapelo ∑ 🤠 done",
    "",
};

EventRow event(std::int64_t seq, std::mt19937& random) {
  auto pick = [&] { return tricky_texts[random() % tricky_texts.size()]; };
  EventRow row;
  row.seq = seq;
  row.uuid = "0193c0de-0000-7000-8000-" + std::to_string(100000000000 + seq);
  row.station = pick();
  row.server_time_ms = 1'800'000'000'000 + seq;
  if (seq % 3 != 0) row.client_time_ms = 1'800'000'000'000 - seq;
  row.type = seq % 2 ? "duel_resolved" : "bystander_lost";
  row.payload = pick();
  row.prev_hash = seq == 1 ? genesis_hash() : Blob(hash_bytes, static_cast<unsigned char>(seq - 1));
  row.hash = event_hash(row);
  return row;
}

RefusalRow refusal(std::int64_t id, bool chained, std::mt19937& random) {
  auto pick = [&] { return tricky_texts[random() % tricky_texts.size()]; };
  RefusalRow row;
  row.id = id;
  row.server_time_ms = 1'800'000'000'000 + id;
  row.station = pick();
  if (id % 2) row.uuid = "0193c0de-0000-7000-8000-00000000000" + std::to_string(id % 10);
  row.type = "duel_resolved";
  row.code = "dead_man";
  row.field = "payload.winner";
  row.reason = pick();
  if (id % 3) row.payload = pick();
  row.repeats = 1 + id % 4;
  if (chained) {
    row.prev_hash = Blob(hash_bytes, static_cast<unsigned char>(id));
    row.hash = refusal_hash(row);
  }
  return row;
}

// A follow answer as the primary writes it (server/replica_routes.cpp, read_replica_in).
std::string primary_text(std::int64_t epoch, std::int64_t head, const std::vector<EventRow>& events,
                         const std::vector<RefusalRow>& refusals, bool synchronous) {
  std::string text = R"({"epoch":)" + std::to_string(epoch) + R"(,"head":)" + std::to_string(head) + R"(,"events":[)";
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (i > 0) text += ',';
    append_replica_event_text(events[i], text);
  }
  text += R"(],"refusals":[)";
  for (std::size_t i = 0; i < refusals.size(); ++i) {
    if (i > 0) text += ',';
    append_replica_refusal_text(refusals[i], text);
  }
  text += synchronous ? R"(],"synchronous":true})" : R"(],"synchronous":false})";
  return text;
}

std::string answer_text(std::mt19937& random, std::size_t events = 6, std::size_t refusals = 3) {
  std::vector<EventRow> rows;
  for (std::size_t i = 1; i <= events; ++i) rows.push_back(event(static_cast<std::int64_t>(40 + i), random));
  std::vector<RefusalRow> refused;
  for (std::size_t i = 1; i <= refusals; ++i) refused.push_back(refusal(static_cast<std::int64_t>(8 + i), i > 1, random));
  return primary_text(2, 40 + static_cast<std::int64_t>(events), rows, refused, events % 2 == 0);
}

// Every field, in words: two answers read the same when these are equal.
std::string described(const FollowAnswer& a) {
  std::string out = std::to_string(a.epoch) + "/" + std::to_string(a.head) + "/" + (a.synchronous ? "sync" : "async");
  for (const EventRow& e : a.batch.events)
    out += "\nE " + std::to_string(e.seq) + "|" + e.uuid + "|" + e.station + "|" +
           (e.client_time_ms ? std::to_string(*e.client_time_ms) : "none") + "|" + std::to_string(e.server_time_ms) +
           "|" + e.type + "|" + e.payload + "|" + to_hex(e.prev_hash) + "|" + to_hex(e.hash);
  for (const RefusalRow& r : a.batch.refusals)
    out += "\nR " + std::to_string(r.id) + "|" + std::to_string(r.server_time_ms) + "|" + r.station + "|" +
           r.uuid.value_or("none") + "|" + r.type + "|" + r.code + "|" + r.field + "|" + r.reason + "|" +
           r.payload.value_or("none") + "|" + std::to_string(r.repeats) + "|" + to_hex(r.prev_hash) + "|" +
           to_hex(r.hash);
  out += a.batch.admin ? "\nadmin " + a.batch.admin->digest : "\nno admin";
  return out;
}

// The slow reader's result: the answer in words, or "refused".
std::string slow_read(const std::string& text) {
  try {
    return described(follow_answer_from_json(marshal::protocol::parse_json(text, "")));
  } catch (const InputError&) {
    return "refused";
  }
}

}  // namespace

TEST_CASE("the primary's own text is read fast, and as the JSON reader reads it", "[db][standby][replica]") {
  std::mt19937 random(1875);
  for (int round = 0; round < 50; ++round) {
    const std::string text = answer_text(random, round % 8, round % 4);
    INFO(text);
    const std::optional<FollowAnswer> fast = follow_answer_from_primary_text(text);
    REQUIRE(fast);
    CHECK(described(*fast) == slow_read(text));
    CHECK(described(read_follow_answer(text)) == described(*fast));
  }
}

TEST_CASE("what the fast reader accepts of a changed answer, the JSON reader accepts and reads the same",
          "[db][standby][replica]") {
  std::mt19937 random(29);
  // Bytes a change puts in: the answer's own syntax, digits, hex, escapes' letters, UTF-8 parts.
  const std::string alphabet = std::string("{}[],:\"\\/ 0123456789abcdefABCDEFnulltruefsbr.-+eE") + "\x01\x1f\x7f\x80\xbf\xc2\xd0\xe0\xed\xf0\xf4\xff";
  std::size_t accepted = 0, declined = 0;
  for (int round = 0; round < 4000; ++round) {
    std::string text = answer_text(random, 1 + round % 3, round % 2);
    const std::size_t at = random() % text.size();
    switch (random() % 3) {
      case 0: text[at] = alphabet[random() % alphabet.size()]; break;
      case 1: text.erase(at, 1 + random() % 3); break;
      default: text.insert(at, 1, alphabet[random() % alphabet.size()]); break;
    }
    INFO("round " << round << ": " << text);
    const std::optional<FollowAnswer> fast = follow_answer_from_primary_text(text);
    const std::string slow = slow_read(text);
    if (fast) {
      ++accepted;
      REQUIRE(described(*fast) == slow);
    } else {
      ++declined;
      if (slow == "refused") CHECK_THROWS_AS(read_follow_answer(text), InputError);
      else CHECK(described(read_follow_answer(text)) == slow);
    }
  }
  // Both ways taken often: the changes reach what the fast reader reads, not only its syntax.
  CHECK(accepted > 400);
  CHECK(declined > 400);
}

TEST_CASE("what the fast reader leaves to the JSON reader is read by it, or refused naming why",
          "[db][standby][replica]") {
  std::mt19937 random(7);
  const std::string text = answer_text(random, 2, 1);
  auto with = [&](const std::string& from, const std::string& to) {
    std::string changed = text;
    const std::size_t at = changed.find(from);
    REQUIRE(at != std::string::npos);
    return changed.replace(at, from.size(), to);
  };
  SECTION("another form of the same answer: read the slow way, the same") {
    for (const std::string& other : {with(R"("epoch":2)", R"("epoch": 2)"), with(R"("head":)", R"("h\u0065ad":)"),
                                     with(R"("synchronous":true})", R"("synchronous":true,"later":1})")}) {
      INFO(other);
      CHECK_FALSE(follow_answer_from_primary_text(other));
      CHECK(described(read_follow_answer(other)) == described(read_follow_answer(text)));
    }
  }
  SECTION("an escape the fast reader reads, and a surrogate pair it leaves") {
    const std::string escaped = with(R"("type":"duel_resolved")", R"("type":"d\u0075el_\/\u00e9\u20ac")");
    REQUIRE(follow_answer_from_primary_text(escaped));
    CHECK(follow_answer_from_primary_text(escaped)->batch.events[0].type == "duel_/é€");
    const std::string pair = with(R"("type":"duel_resolved")", R"("type":"\ud83e\udd20")");
    CHECK_FALSE(follow_answer_from_primary_text(pair));
    CHECK(read_follow_answer(pair).batch.events[0].type == "🤠");
  }
  SECTION("escapes and bytes a one-byte change rarely makes: read alike, or declined and refused") {
    const std::string type = R"("type":"duel_resolved")";
    for (const std::string& same : {std::string(R"("type":"nul\u0000here")"), std::string("\"type\":\"del\x7f\""),
                                    std::string("\"type\":\"\xf0\x9f\xa4\xa0\xf4\x8f\xbf\xbf\"")}) {
      const std::string changed = with(type, same);
      INFO(changed);
      REQUIRE(follow_answer_from_primary_text(changed));
      CHECK(described(*follow_answer_from_primary_text(changed)) == slow_read(changed));
    }
    CHECK(follow_answer_from_primary_text(with(type, R"("type":"nul\u0000here")"))->batch.events[0].type ==
          std::string("nul\0here", 8));
    // A lone surrogate escaped or encoded, an overlong form, a character past U+10FFFF, a raw
    // control byte: the fast reader declines, the JSON reader refuses.
    for (const std::string& refused :
         {std::string(R"("type":"\udc00")"), std::string(R"("type":"\ud83e-")"), std::string("\"type\":\"\xc0\x80\""),
          std::string("\"type\":\"\xed\xa0\x80\""), std::string("\"type\":\"\xf4\x90\x80\x80\""),
          std::string("\"type\":\"tab\there\"")}) {
      const std::string changed = with(type, refused);
      INFO(changed);
      CHECK_FALSE(follow_answer_from_primary_text(changed));
      CHECK(slow_read(changed) == "refused");
    }
  }
  SECTION("numbers the slow reader refuses or reads otherwise are declined") {
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {R"("seq":41)", R"("seq":0)"},
             {R"("seq":41)", R"("seq":-41)"},
             {R"("seq":41)", R"("seq":041)"},
             {R"("seq":41)", R"("seq":41.0)"},
             {R"("seq":41)", R"("seq":4e1)"},
             {R"("seq":41)", R"("seq":18446744073709551615)"},
             {R"("epoch":2)", R"("epoch":0)"},
             {R"("repeats":)", R"("repeats":0,"x":)"}}) {
      const std::string changed = with(from, to);
      INFO(changed);
      CHECK_FALSE(follow_answer_from_primary_text(changed));
      CHECK(slow_read(changed) == "refused");
      CHECK_THROWS_AS(read_follow_answer(changed), InputError);
    }
    // 18 digits are read fast; 19 are left to the slow reader, which reads them the same.
    const std::string eighteen = with(R"("head":42)", R"("head":999999999999999999)");
    REQUIRE(follow_answer_from_primary_text(eighteen));
    CHECK(follow_answer_from_primary_text(eighteen)->head == 999'999'999'999'999'999);
    const std::string nineteen = with(R"("head":42)", R"("head":1000000000000000000)");
    CHECK_FALSE(follow_answer_from_primary_text(nineteen));
    CHECK(read_follow_answer(nineteen).head == 1'000'000'000'000'000'000);
  }
  SECTION("an answer that is not JSON is refused naming the byte") {
    try {
      read_follow_answer(text.substr(0, 30));
      FAIL("a cut answer was read");
    } catch (const InputError& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).find("byte 31") != std::string::npos);
    }
  }
}
