// What a standby ledger reads of the primary (issue 29, plan step 3), against a real server on
// 127.0.0.1: GET /replica/follow gives the chain after the standby's head, exactly as stored, so
// that a replica made from the answers is the primary's chain; it waits for the next event like
// the feed; a head the primary does not hold is refused 409 chain_diverged naming the event;
// only a standby's token opens it. The wire form reads back exactly and refuses a bad row by name.
#include <future>

#include "ledger/replica_answer.h"
#include "ledger/replica_wire.h"
#include "protocol/json_text.h"
#include "server_test_helpers.h"
#include "store/hash_chain.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

struct FollowFixture {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 3}, 11);
  std::string gm_token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  std::string standby_token = enrolled_token(ledger.path, "laptop-b", db::Role::standby);
  InProcessServer server{ledger.path};

  client::HttpReply follow(const std::string& query, const std::string& token, long timeout_ms = 10'000) {
    client::HttpClient http(server.url());
    http.set_token(token);
    return http.get("/replica/follow?" + query, timeout_ms);
  }
  client::HttpReply record_lost_bystander() {
    client::HttpClient http(server.url());
    http.set_token(gm_token);
    return post_event(http, client::new_uuid_v7(now_ms()), "bystander_lost", {{"character", ledger.badge(ada)}});
  }
};

std::string head_query(db::Ledger& replica, long wait_ms = 0) {
  const db::ReplicaHead head = replica.replica_head();
  return "after=" + std::to_string(head.seq) + "&after_hash=" + db::to_hex(head.hash) +
         "&refusals_after=" + std::to_string(head.refusal_id) + "&wait_ms=" + std::to_string(wait_ms);
}

std::string chain_of(const std::string& path) {
  db::Database db(path, false);
  return db.scalar_text("SELECT group_concat(seq || ':' || hex(hash), ',') FROM (SELECT seq, hash FROM events ORDER BY seq)");
}

}  // namespace

TEST_CASE("a standby follows the chain: a replica of the answers is the primary's chain, and a follow waits for the "
          "next event",
          "[server][standby][replica]") {
  FollowFixture f;
  REQUIRE(f.record_lost_bystander().status == 200);
  const std::string replica_path = f.dir.file("standby.db");
  db::Ledger::create_replica(replica_path);
  db::Ledger replica(replica_path);
  client::HttpReply first = f.follow(head_query(replica), f.standby_token);
  INFO(describe(first));
  REQUIRE(first.status == 200);
  CHECK(first.body["epoch"] == 1);
  CHECK(first.body["head"] == event_count(f.ledger.path));
  replica.append_replicated(db::replica_batch_from_json(first.body));
  CHECK(chain_of(replica_path) == chain_of(f.ledger.path));

  // Asking from the primary's head, the standby is in step: the ledger says so in its chain.
  client::HttpReply in_step = f.follow(head_query(replica, 8000), f.standby_token);
  REQUIRE(in_step.body["events"].size() == 1);
  CHECK(in_step.body["events"][0]["type"] == "standby_in_sync");
  CHECK(in_step.body["events"][0]["payload"].get<std::string>().find("laptop-b") != std::string::npos);
  replica.append_replicated(db::replica_batch_from_json(in_step.body));

  // At the head, a follow waits until the next event is committed, then brings it.
  auto waiting = std::async(std::launch::async, [&] { return f.follow(head_query(replica, 8000), f.standby_token); });
  CHECK(waiting.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout);
  auto recorded = std::async(std::launch::async, [&] { return f.record_lost_bystander(); });
  client::HttpReply next = waiting.get();
  REQUIRE(next.status == 200);
  REQUIRE(next.body["events"].size() == 1);
  CHECK(next.body["events"][0]["type"] == "bystander_lost");
  replica.append_replicated(db::replica_batch_from_json(next.body));
  // The station's reply waits until the standby says it holds the event: its next follow's head.
  CHECK(recorded.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout);
  REQUIRE(f.follow(head_query(replica), f.standby_token).status == 200);
  REQUIRE(recorded.get().status == 200);
  CHECK(chain_of(replica_path) == chain_of(f.ledger.path));

  // A limit, and one event's hash for the bisection.
  client::HttpReply two = f.follow("after=0&after_hash=" + db::to_hex(db::genesis_hash()) + "&limit=2", f.standby_token);
  CHECK(two.body["events"].size() == 2);
  client::HttpClient http(f.server.url());
  http.set_token(f.standby_token);
  client::HttpReply hash = http.get("/replica/hash?seq=2");
  REQUIRE(hash.status == 200);
  CHECK(hash.body["hash"] == two.body["events"][1]["hash"]);
  CHECK(http.get("/replica/hash?seq=9999").status == 404);
  CHECK(error_code(http.get("/replica/hash?seq=two")) == "bad_input");

  // With the admin snapshot it holds, the standby's answer is the primary's own text, which it
  // reads without a JSON tree (ledger/replica_answer.h): the same as the JSON reader reads it.
  client::HttpReply text = http.get_text("/replica/follow?after=0&after_hash=" + db::to_hex(db::genesis_hash()) +
                                         "&limit=3&admin=" + first.body["admin"]["digest"].get<std::string>());
  REQUIRE(text.status == 200);
  CHECK(text.body.is_null());  // left as text
  const std::optional<db::FollowAnswer> fast = db::follow_answer_from_primary_text(text.text);
  REQUIRE(fast);
  const db::FollowAnswer slow = db::follow_answer_from_json(protocol::parse_json(text.text, "answer"));
  CHECK(fast->batch.events.size() == 3);
  CHECK_FALSE(fast->batch.admin);
  CHECK((fast->epoch == slow.epoch && fast->head == slow.head && fast->synchronous == slow.synchronous));
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(fast->batch.events[i].payload == slow.batch.events[i].payload);
    CHECK(fast->batch.events[i].hash == db::event_hash(fast->batch.events[i]));  // every byte as hashed
  }
}

TEST_CASE("a standby's head the primary does not hold is refused 409 chain_diverged, naming the event",
          "[server][standby][replica]") {
  FollowFixture f;
  const std::string last = std::to_string(event_count(f.ledger.path));
  client::HttpReply parted = f.follow("after=1&after_hash=" + std::string(64, 'e'), f.standby_token);
  INFO(describe(parted));
  CHECK(parted.status == 409);
  CHECK(error_code(parted) == "chain_diverged");
  CHECK(parted.body["error"]["seq"] == 1);
  CHECK(parted.body["error"]["primary_hash"].get<std::string>().size() == 64);
  client::HttpReply ahead = f.follow("after=999&after_hash=" + std::string(64, 'e'), f.standby_token);
  CHECK(ahead.status == 409);
  CHECK(ahead.body["error"]["seq"] == 999);
  CHECK(error_code(f.follow("after=-1", f.standby_token)) == "bad_input");
  CHECK(error_code(f.follow("after=0&after_hash=" + db::to_hex(db::genesis_hash()) + "&limit=1001", f.standby_token)) ==
        "bad_input");
}

TEST_CASE("only a standby's token follows the chain", "[server][standby][replica][access]") {
  FollowFixture f;
  const std::string kiosk_token = enrolled_token(f.ledger.path, "lobby", db::Role::kiosk);
  const std::string genesis = "after=0&after_hash=" + db::to_hex(db::genesis_hash());
  for (const std::string& token : {f.gm_token, kiosk_token}) {
    client::HttpReply r = f.follow(genesis, token);
    CHECK(r.status == 403);
    CHECK(error_code(r) == "not_allowed");
  }
  CHECK(f.follow(genesis, "").status == 401);
  CHECK(f.follow(genesis, f.standby_token).status == 200);
}

TEST_CASE("the replica's wire form reads back exactly, and a bad row is refused by name", "[server][standby][replica]") {
  db::EventRow row;
  row.seq = 7;
  row.uuid = "0190a0b0-0000-7000-8000-000000000007";
  row.station = "saloon-gm";
  row.server_time_ms = 1234;
  row.type = "bystander_lost";
  row.payload = R"({"character":"Ёжик \u00e9","note":"a \"quote\""})";
  row.prev_hash = db::Blob(32, 1);
  row.hash = db::event_hash(row);
  const db::EventRow back = db::replica_event_from_json(Json::parse(db::replica_event_json(row).dump()), "events[0]");
  CHECK(back.payload == row.payload);  // byte for byte: the hash covers it
  CHECK(back.client_time_ms == std::nullopt);
  CHECK(db::event_hash(back) == row.hash);
  row.client_time_ms = 1200;
  CHECK(db::replica_event_from_json(db::replica_event_json(row), "e").client_time_ms == 1200);

  db::RefusalRow unchained;  // from before the trail was chained: no hashes
  unchained.id = 1;
  unchained.station = "kiosk";
  unchained.type = "ballot_cast";
  unchained.reason = "no";
  const db::RefusalRow refusal_back = db::replica_refusal_from_json(db::replica_refusal_json(unchained), "refusals[0]");
  CHECK(refusal_back.hash.empty());
  CHECK(refusal_back.reason == "no");

  Json bad = db::replica_event_json(row);
  bad["hash"] = "ab";
  try {
    db::replica_batch_from_json(Json{{"events", Json::array({db::replica_event_json(row), bad})}});
    FAIL("accepted");
  } catch (const protocol::InputError& e) {
    CHECK(e.path() == "events[1].hash");
  }
  bad = db::replica_event_json(row);
  bad.erase("uuid");
  CHECK_THROWS_AS(db::replica_event_from_json(bad, "events[0]"), protocol::InputError);
  bad = db::replica_event_json(row);
  bad["extra"] = 1;
  CHECK_THROWS_AS(db::replica_event_from_json(bad, "events[0]"), protocol::InputError);
}

TEST_CASE("a follow answer's rows written as text are the bytes of their JSON form", "[server][standby][replica]") {
  // read_replica writes the rows straight as text (no JSON tree): the standby must read the
  // same thing, quotes, control characters, Cyrillic, nulls and all.
  db::EventRow row;
  row.seq = 12;
  row.uuid = "0190a0b0-0000-7000-8000-00000000000c";
  row.station = "салун-gm";
  row.server_time_ms = 1764400000000;
  row.type = "bystander_lost";
  row.payload = "{\"character\":\"Ёжик\",\"note\":\"a \\\"quote\\\" \\\\ \\n\",\"x\":\"\x01\x7f\"}";
  row.prev_hash = db::Blob(32, 0xab);
  for (const std::optional<std::int64_t> client : {std::optional<std::int64_t>(), std::optional<std::int64_t>(5)}) {
    row.client_time_ms = client;
    row.hash = db::event_hash(row);
    std::string text;
    db::append_replica_event_text(row, text);
    CHECK(text == protocol::compact_text(db::replica_event_json(row)));
    const db::EventRow back = db::replica_event_from_json(Json::parse(text), "events[0]");
    CHECK(back.payload == row.payload);
    CHECK(db::event_hash(back) == row.hash);
  }
  db::RefusalRow unchained;  // null uuid, payload and hashes
  unchained.id = 3;
  unchained.server_time_ms = 99;
  unchained.station = "kiosk \"2\"";
  unchained.type = "ballot_cast";
  unchained.code = "not_allowed";
  unchained.field = "candidate";
  unchained.reason = "голос уже подан\tтут";
  unchained.repeats = 4;
  db::RefusalRow chained = unchained;
  chained.uuid = "0190a0b0-0000-7000-8000-000000000003";
  chained.payload = R"({"candidate":"GM-1"})";
  chained.prev_hash = db::Blob(32, 1);
  chained.hash = db::Blob(32, 2);
  for (const db::RefusalRow& refusal : {unchained, chained}) {
    std::string text;
    db::append_replica_refusal_text(refusal, text);
    CHECK(text == protocol::compact_text(db::replica_refusal_json(refusal)));
    CHECK(db::replica_refusal_from_json(Json::parse(text), "refusals[0]").reason == refusal.reason);
  }
}
