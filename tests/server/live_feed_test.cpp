// The live feed: GET /events?after=N&wait_ms=W is a long-poll. It answers as soon as an event
// after N is committed, and with an empty list when W passes with nothing new.
#include <future>

#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

struct FeedFixture {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 2}, 5);
  std::string watcher_token = enrolled_token(ledger.path, "board-gm", db::Role::gm);
  std::string writer_token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  InProcessServer server{ledger.path};
};

struct TimedReply {
  client::HttpReply reply;
  std::int64_t elapsed_ms = 0;
};

TimedReply timed_get(const std::string& url, const std::string& token, const std::string& path) {
  client::HttpClient http(url, 3000);
  http.set_token(token);
  auto start = Clock::now();
  TimedReply t;
  t.reply = http.get(path, 10'000);
  t.elapsed_ms = ms_since(start);
  return t;
}

}  // namespace

TEST_CASE("a long-poll returns as soon as another station appends", "[server][feed]") {
  FeedFixture f;
  std::int64_t last = event_count(f.ledger.path);
  // The poller is waiting on the server before the event is written.
  auto poll = std::async(std::launch::async, timed_get, f.server.url(), f.watcher_token,
                         "/events?after=" + std::to_string(last) + "&wait_ms=5000");
  REQUIRE(poll.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout);

  client::HttpClient writer(f.server.url());
  writer.set_token(f.writer_token);
  std::string uuid = client::new_uuid_v7(now_ms());
  auto appended_at = Clock::now();
  client::HttpReply appended = post_event(
      writer, uuid, "trick_flipped",
      {{"character", f.ledger.badge(ada)}, {"trick", f.ledger.cards("trick", ada).at(0)}});
  INFO(describe(appended));
  REQUIRE(appended.status == 200);

  REQUIRE(poll.wait_for(std::chrono::seconds(8)) == std::future_status::ready);
  std::int64_t answered_after_ms = ms_since(appended_at);
  TimedReply t = poll.get();
  INFO(describe(t.reply) << " after " << t.elapsed_ms << " ms");
  REQUIRE(t.reply.status == 200);
  const Json& events = t.reply.body["events"];
  REQUIRE(events.size() == 1);
  CHECK(events[0]["seq"] == last + 1);
  CHECK(events[0]["type"] == "trick_flipped");
  CHECK(events[0]["uuid"] == uuid);
  CHECK(events[0]["station"] == "saloon-gm");
  CHECK(t.reply.body["last_seq"] == last + 1);
  // Woken by the append, not by its 5 s deadline (that it waited before the append is the
  // wait_for(300 ms) above: two clocks, so no exact lower bound here).
  CHECK(t.elapsed_ms < 3'000);
  CHECK(answered_after_ms < 2'500);
}

TEST_CASE("a long-poll with nothing new returns an empty list at its deadline", "[server][feed]") {
  FeedFixture f;
  std::int64_t last = event_count(f.ledger.path);
  TimedReply t = timed_get(f.server.url(), f.watcher_token,
                           "/events?after=" + std::to_string(last) + "&wait_ms=300");
  INFO(describe(t.reply) << " after " << t.elapsed_ms << " ms");
  REQUIRE(t.reply.status == 200);
  CHECK(t.reply.body["events"] == Json::array());
  CHECK(t.reply.body["last_seq"] == last);
  CHECK(t.elapsed_ms >= 290);
  CHECK(t.elapsed_ms < 2'000);
  CHECK(event_count(f.ledger.path) == last);

  SECTION("a poll for events already there answers at once") {
    TimedReply now = timed_get(f.server.url(), f.watcher_token, "/events?after=0&wait_ms=5000");
    REQUIRE(now.reply.status == 200);
    CHECK(now.reply.body["events"].size() == static_cast<std::size_t>(last));
    CHECK(now.elapsed_ms < 2'500);
  }
  SECTION("a wait beyond the server's longest is refused") {
    TimedReply too_long = timed_get(f.server.url(), f.watcher_token,
                                    "/events?after=" + std::to_string(last) + "&wait_ms=30001");
    CHECK(too_long.reply.status == 400);
    CHECK(error_code(too_long.reply) == "bad_input");
  }
}
