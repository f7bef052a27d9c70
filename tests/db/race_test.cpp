// Two stations racing for one single-use card (DESIGN.md: "two stations racing for one card get
// one success and one clear refusal"): two Ledger objects on one real file, in two threads.
#include <catch2/catch.hpp>

#include <latch>
#include <thread>

#include "db_test_helpers.h"
#include "ledger/verify.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

constexpr int races = 200;

// A small event whose card sharp holds one trick per race.
fs::path card_sharp_event(const TempDir& dir) {
  fs::path folder = dir.path() / "card-sharps";
  fs::create_directory(folder);
  write_text(folder / "characters.csv",
             "name,hth,speed,accuracy,gambling,riding\nAda Quickfingers,1,2,1,4,1\nBo Slowpoke,1,1,1,1,1\n");
  std::string tricks = "character,hand,flag\n";
  for (int i = 0; i < races; ++i) tricks += "Ada Quickfingers,Hand " + std::to_string(i) + (i % 2 ? ",cheat\n" : ",skill\n");
  write_text(folder / "tricks.csv", tricks);
  return folder;
}

}  // namespace

TEST_CASE("two stations flipping one trick at once: one succeeds, one is refused already_spent", "[db][race]") {
  TempDir events;
  TestLedger t(card_sharp_event(events));
  std::string ada = t.badge("Ada Quickfingers");
  std::vector<std::string> tricks = t.held("Ada Quickfingers", "trick");
  REQUIRE(tricks.size() == static_cast<std::size_t>(races));

  Ledger station_a(t.path(), seeded_randomness(11)), station_b(t.path(), seeded_randomness(12));
  int accepted_by_a = 0, accepted_by_b = 0, clean = 0;
  for (int i = 0; i < races; ++i) {
    const std::int64_t now = t.now_ms() + i;
    AppendRequest a{make_uuid_v7(now), "gm-a", now, "trick_flipped", {{"character", ada}, {"trick", tricks[i]}}};
    AppendRequest b{make_uuid_v7(now), "gm-b", now, "trick_flipped", {{"character", ada}, {"trick", tricks[i]}}};
    AppendResult result_a, result_b;
    std::string error_a, error_b;
    std::latch start(2);
    auto race = [&start, now](Ledger& ledger, const AppendRequest& request, AppendResult& result, std::string& error) {
      start.arrive_and_wait();
      try {
        result = ledger.append(request, now);
      } catch (const std::exception& e) {
        error = e.what();
      }
    };
    std::thread first(race, std::ref(station_a), std::cref(a), std::ref(result_a), std::ref(error_a));
    std::thread second(race, std::ref(station_b), std::cref(b), std::ref(result_b), std::ref(error_b));
    first.join();
    second.join();

    INFO("race " << i << ": a " << result_a.code << " " << error_a << ", b " << result_b.code << " " << error_b);
    REQUIRE(error_a.empty());
    REQUIRE(error_b.empty());
    REQUIRE(result_a.accepted != result_b.accepted);
    const AppendResult& loser = result_a.accepted ? result_b : result_a;
    CHECK(loser.code == "already_spent");
    CHECK(loser.field == "trick");
    (result_a.accepted ? accepted_by_a : accepted_by_b) += 1;
    clean += loser.code == "already_spent" ? 1 : 0;
  }
  CHECK(clean == races);
  CHECK(accepted_by_a + accepted_by_b == races);
  UNSCOPED_INFO("station a won " << accepted_by_a << " races, station b " << accepted_by_b);

  CHECK(t.count("SELECT COUNT(*) FROM events") == 1 + races);
  CHECK(t.count("SELECT COUNT(*) FROM events WHERE type = 'trick_flipped'") == races);
  // Each station's repeats of one refusal are counted, and written when the minute is over.
  for (Ledger* station : {&station_a, &station_b})
    station->refusal_trail()->flush(station->database(), t.now_ms() + races, true);
  CHECK(t.count("SELECT SUM(repeats) FROM refusals WHERE code = 'already_spent'") == races);
  CHECK(t.count("SELECT COUNT(*) FROM cards WHERE kind = 'trick' AND spent = 1") == races);
  VerifyReport report = verify_ledger(t.path());
  INFO(report.reason);
  CHECK(report.ok);
  CHECK(report.events == 1 + races);
}
