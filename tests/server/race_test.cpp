// Single-use cards under a race (DESIGN.md "The ledger is the truth"): two GM stations send the
// same trick or bystander at the same instant; the ledger spends it once, so one station gets
// the card and the other a clear refusal, every time.
#include <barrier>

#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

struct Outcome {
  bool won = false;   // 200, accepted, not a duplicate
  bool lost = false;  // 409 already_spent, not accepted
};

Outcome outcome_of(const client::HttpReply& r) {
  Outcome o;
  o.won = r.reached && r.status == 200 && r.body.value("accepted", false) &&
          !r.body.value("duplicate", true);
  o.lost = r.reached && r.status == 409 && error_code(r) == "already_spent" &&
           !r.body.value("accepted", true);
  return o;
}

// Both stations' clients, each on its own thread; `request(i, station)` is sent by both at
// once in round i. Stops early (and the test fails) if the rounds take longer than deadline_ms.
struct RaceRun {
  std::vector<client::HttpReply> first, second;
  int rounds_done = 0;
};

RaceRun race(client::HttpClient& a, client::HttpClient& b, int rounds, std::int64_t deadline_ms,
             const std::function<std::pair<std::string, Json>(int round, int station)>& request) {
  RaceRun run;
  run.first.resize(static_cast<std::size_t>(rounds));
  run.second.resize(static_cast<std::size_t>(rounds));
  auto start = Clock::now();
  bool stop = false;
  // Runs once per round while both threads wait, so both read the same `stop`.
  auto check_time = [&]() noexcept { stop = ms_since(start) > deadline_ms; };
  std::barrier round_start(2, check_time);
  auto station = [&](int which) {
    client::HttpClient& http = which == 0 ? a : b;
    auto& replies = which == 0 ? run.first : run.second;
    for (int i = 0; i < rounds; ++i) {
      round_start.arrive_and_wait();
      if (stop) return;
      auto [type, payload] = request(i, which);
      replies[static_cast<std::size_t>(i)] =
          post_event(http, client::new_uuid_v7(now_ms()), type, payload);
      if (which == 0) run.rounds_done = i + 1;
    }
  };
  std::thread t0(station, 0), t1(station, 1);
  t0.join();
  t1.join();
  return run;
}

}  // namespace

TEST_CASE("two GM stations racing for the same card: one wins, one gets already_spent",
          "[server][race]") {
  constexpr int tricks = 1000;
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = tricks, .bystanders = 3}, 1);
  std::string token_a = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  std::string token_b = enrolled_token(ledger.path, "jail-gm", db::Role::gm);
  InProcessServer server(ledger.path);
  client::HttpClient a(server.url()), b(server.url());
  a.set_token(token_a);
  b.set_token(token_b);
  // Both keep-alive connections are open before the first round.
  REQUIRE(a.get("/health").status == 200);
  REQUIRE(b.get("/health").status == 200);
  std::int64_t events_before = event_count(ledger.path);
  std::string badge = ledger.badge(ada);

  SECTION("1000 tricks, each flipped by both stations at once") {
    std::vector<std::string> codes = ledger.cards("trick", ada);
    REQUIRE(codes.size() == tricks);
    RaceRun run = race(a, b, tricks, 120'000, [&](int i, int) {
      return std::pair<std::string, Json>{
          "trick_flipped", {{"character", badge}, {"trick", codes[static_cast<std::size_t>(i)]}}};
    });
    REQUIRE(run.rounds_done == tricks);

    int clean_rounds = 0, reported = 0;
    for (std::size_t i = 0; i < tricks; ++i) {
      Outcome x = outcome_of(run.first[i]), y = outcome_of(run.second[i]);
      bool clean = (x.won && y.lost) || (x.lost && y.won);
      clean_rounds += clean;
      if (!clean && reported++ < 5)
        FAIL_CHECK("round " << i << ": " << describe(run.first[i]) << " / "
                            << describe(run.second[i]));
    }
    CHECK(clean_rounds == tricks);
    // Each trick was spent once: one event per trick, and one refusal on record for each loser.
    CHECK(event_count(ledger.path) == events_before + tricks);
    CHECK(count_rows(ledger.path, "SELECT COUNT(*) FROM events WHERE type = 'trick_flipped'") ==
          tricks);
    CHECK(count_rows(ledger.path,
                     "SELECT COUNT(*) FROM cards WHERE kind = 'trick' AND spent = 1") == tricks);
    server.stop();  // writes the trail's repeat counts
    CHECK(refusals_counted(ledger.path, "code = 'already_spent'") == tricks);
    CHECK(db::verify_ledger(ledger.path).ok);
  }

  SECTION("a bystander docked by both stations at once") {
    std::string card = ledger.cards("bystander", ada).at(1);
    RaceRun run = race(a, b, 1, 10'000, [&](int, int) {
      return std::pair<std::string, Json>{"bystander_docked",
                                          {{"character", badge}, {"card", card}}};
    });
    REQUIRE(run.rounds_done == 1);
    Outcome x = outcome_of(run.first[0]), y = outcome_of(run.second[0]);
    INFO(describe(run.first[0]) << " / " << describe(run.second[0]));
    CHECK(((x.won && y.lost) || (x.lost && y.won)));
    CHECK(event_count(ledger.path) == events_before + 1);
    CHECK(count_rows(ledger.path,
                     "SELECT COUNT(*) FROM cards WHERE kind = 'bystander' AND spent = 1") == 1);
  }
}
