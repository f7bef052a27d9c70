// A TWTW action-card deck read from a group's CSV (issue 18; docs/twtw.md): the test deck (made
// up for these tests, not the game's cards) reads whole, copies counted; every broken cell is
// named with its file, line and column, and a deck with any problem gives no cards at all.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "import/twtw_deck.h"

using namespace marshal;
using namespace marshal::db;
using namespace marshal::db::testing;
using core::twtw::HitLocation;

namespace {
fs::path test_deck() { return fs::path(MARSHAL_SOURCE_DIR) / "tests" / "data" / "twtw-test-deck.csv"; }

std::string errors_of(const TwtwDeck& deck) {
  std::string text;
  for (const auto& e : deck.errors) text += e.to_string() + "\n";
  return text;
}

// The test deck with one line replaced (line 1 is the header), read back.
TwtwDeck with_line(const TempDir& dir, int line, const std::string& text) {
  std::istringstream in(read_text(test_deck()));
  std::string out, row;
  for (int n = 1; std::getline(in, row); ++n) out += (n == line ? text : row) + "\n";
  fs::path path = dir.path() / "deck.csv";
  write_text(path, out);
  return read_twtw_deck(path.string());
}
}  // namespace

TEST_CASE("the test deck reads whole: each card's face, copies counted", "[db][twtw]") {
  TwtwDeck deck = read_twtw_deck(test_deck().string());
  INFO(errors_of(deck));
  REQUIRE(deck.ok());
  CHECK(deck.cards.size() == 12);  // ten cards, T2 and T7 twice
  const core::twtw::ActionCard& t4 = deck.cards[4];  // T1, T2, T2, T3, T4
  CHECK(t4.name == "T4");
  CHECK(t4.result == 5);
  CHECK(t4.locations[0] == HitLocation::chest);
  CHECK(core::twtw::standard_location(t4) == HitLocation::left_arm);  // second from the bottom
  CHECK(core::twtw::wound_location(HitLocation::vitals) == core::twtw::Location::torso);
  CHECK(t4.effects == std::vector<int>{4, 5, 6, 7});
  CHECK(t4.failure == 9);
  CHECK(t4.scatter == 3);
  CHECK(t4.unintended == std::vector<int>{1, 3});
  CHECK(deck.cards[3].scatter == 6);                 // T3: straight back toward the thrower
  CHECK(deck.cards[0].scatter == 1);
  CHECK(deck.cards[7].name == "T7");
  CHECK(deck.cards[7].scatter == 0);                  // empty: the card shows no clock face
  CHECK(deck.cards.back().name == "T10");
  CHECK(deck.cards[1].name == "T2");
  CHECK(deck.cards[2].name == "T2");
}

TEST_CASE("a broken deck: every problem named with file, line and column, and no cards", "[db][twtw]") {
  TempDir dir;
  auto check = [&](int line, const std::string& text, const std::string& column, const std::string& words) {
    TwtwDeck deck = with_line(dir, line, text);
    INFO(text << "\n" << errors_of(deck));
    CHECK_FALSE(deck.ok());
    CHECK(deck.cards.empty());
    REQUIRE_FALSE(deck.errors.empty());
    CHECK(deck.errors.front().file == "deck.csv");
    CHECK(deck.errors.front().line == line);
    CHECK(deck.errors.front().column_name == column);
    CHECK(deck.errors.front().to_string().find(words) != std::string::npos);
  };
  check(2, "T1,two,head;chest;belly;left leg,1 2,2,1,,1,", "result", "'two' is not a whole number");
  check(3, "T2,41,head;chest;belly;left leg,1 2,2,1,,1,", "result", "41 is out of range 0 to 40");
  check(4, "T3,4,head;chest;belly,1 2,2,1,,1,", "locations", "has 3 locations");
  check(5, "T4,4,head;chest;belly;tail,1 2,2,1,,1,", "locations", "'tail' is not a location");
  check(6, "T5,4,head;chest;belly;left leg,1 x,2,1,,1,", "effects", "'x' is not a whole number");
  check(7, "T6,4,head;chest;belly;left leg,1 2,0,1,,1,", "failure", "0 is out of range 1 to 99");
  check(8, "T1,4,head;chest;belly;left leg,1 2,2,1,,1,", "card", "'T1' is in the deck twice");
  check(9, "T8,4,head;chest;belly;left leg,1 2,2,1,,11,", "copies", "11 is out of range 1 to 10");
  check(10, "T9,4,head;chest;belly;left leg,1 2 3 4 5 6 7 8 9 10 11,2,1,,1,", "effects", "at most 10");
  check(11, "T10,4,head;chest;belly;left leg,1 2,2,1,1;2;3;4;5;6;7,1,", "unintended", "at most 6");
  // The scatter is the clock face's hour (003 L476): 0 and 13 (a deck that held metres) refused.
  check(11, "T10,4,head;chest;belly;left leg,1 2,2,13,,1,", "scatter", "13 is out of range 1 to 12: the clock face's hour");
  check(11, "T10,4,head;chest;belly;left leg,1 2,2,0,,1,", "scatter", "0 is out of range 1 to 12");

  // A missing column, a missing file, an empty deck: said of the file as a whole.
  write_text(dir.path() / "no-failure.csv", "card,result,locations,effects\nT1,2,head;chest;belly;left leg,1\n");
  TwtwDeck no_column = read_twtw_deck((dir.path() / "no-failure.csv").string());
  CHECK_FALSE(no_column.ok());
  CHECK(errors_of(no_column).find("failure") != std::string::npos);
  CHECK_FALSE(read_twtw_deck((dir.path() / "absent.csv").string()).ok());
  write_text(dir.path() / "empty.csv", "card,result,locations,effects,failure\n");
  TwtwDeck empty = read_twtw_deck((dir.path() / "empty.csv").string());
  CHECK(errors_of(empty).find("has no cards") != std::string::npos);
}
