// The decks read back from their PDFs: the action deck holds the 50 cards of the rules (Ace x2,
// 2 x4, 3 x4, 4 x6, 5 x6, 6 x8, 7 x6, 8 x6, 9 x4, 10 x4), the location deck every location of the
// event with its copies.
#include "printables_test_helpers.h"

#include "printables/print_jobs.h"

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

TEST_CASE("decks: the action deck decodes to 50 cards and the location deck to the event's locations",
          "[printables][qr]") {
  TestLedger t;
  const fs::path out = t.dir().path() / "decks";
  PrintResult r = print_decks(t.model(), out.string(), Paper::a4);
  REQUIRE(r.files.size() == 2);
  CHECK(r.files[0] == (out / "action-deck.pdf").string());
  CHECK(r.files[1] == (out / "location-deck.pdf").string());
  CHECK(files_in(out) == std::vector<std::string>{"action-deck.pdf", "location-deck.pdf"});

  // The rules' deck, written out here rather than taken from the code under test.
  const int copies[] = {2, 4, 4, 6, 6, 8, 6, 6, 4, 4};
  std::map<std::string, int> action;
  for (int v = 1; v <= 10; ++v) action[(v < 10 ? "ACT0" : "ACT") + std::to_string(v)] = copies[v - 1];
  // The sample's locations in the order of locations.csv, each with its copies.
  const auto& locations = t.definition().locations;
  REQUIRE(locations.size() >= 10);
  std::map<std::string, int> location;
  int location_cards = 0;
  for (std::size_t i = 0; i < locations.size(); ++i) {
    CHECK((locations[i].copies >= 2 && locations[i].copies <= 4));
    location[(i < 10 ? "LOC0" : "LOC") + std::to_string(i)] = locations[i].copies;
    location_cards += locations[i].copies;
  }
  CHECK(r.cards == 50 + location_cards);

  auto read = decode_pdfs({r.files[0], r.files[1]}, 150, t.dir().path() / "png");
  int action_total = 0;
  for (const auto& [text, n] : read[0].counts) action_total += n;
  INFO("action deck decoded:\n" << describe_counts(read[0].counts));
  CHECK(action_total == 50);
  CHECK(read[0].counts == action);
  INFO("location deck decoded:\n" << describe_counts(read[1].counts));
  CHECK(read[1].counts == location);
  // Two rows of four cards a page.
  CHECK(read[0].pages == 7);
  CHECK(read[1].pages == (location_cards + 7) / 8);
}

TEST_CASE("decks: an event without locations gets the action deck only", "[printables]") {
  TempDir dir;
  fs::path event = dir.path() / "event";
  fs::copy(sample_event_dir(), event, fs::copy_options::recursive);
  fs::remove(event / "locations.csv");
  TestLedger t(event);
  REQUIRE(t.model().locations.empty());
  PrintResult r = print_decks(t.model(), (dir.path() / "decks").string(), Paper::letter);
  CHECK(r.files == std::vector<std::string>{(dir.path() / "decks" / "action-deck.pdf").string()});
  CHECK(r.cards == 50);
  CHECK(r.placements.size() == 50);
  CHECK(files_in(dir.path() / "decks") == std::vector<std::string>{"action-deck.pdf"});
}
