// Debouncer: a code read again within 2 s counts once (a scanner that fires twice, a card held in
// front of a camera); after 2 s it counts again; different codes never hide each other.
#include <catch2/catch.hpp>

#include "scan/wedge.h"

using marshal::scan::Debouncer;

namespace {
const std::string a = "K3M0ZQ7RT2VX9BHCA";
const std::string b = "7XW2PQRS9ABCDEFGH";
}  // namespace

TEST_CASE("the same code twice within 2 s counts once") {
  Debouncer debouncer;
  CHECK(debouncer.accept(a, 10'000));
  CHECK_FALSE(debouncer.accept(a, 10'001));
  SECTION("just inside the window") { CHECK_FALSE(debouncer.accept(a, 11'999)); }
}

TEST_CASE("the same code 2 s later counts again") {
  Debouncer debouncer;
  CHECK(debouncer.accept(a, 10'000));
  CHECK(debouncer.accept(a, 12'000));
  CHECK_FALSE(debouncer.accept(a, 12'500));
  CHECK(debouncer.accept(a, 60'000));  // long after, when it has been forgotten
}

TEST_CASE("two different codes both count") {
  Debouncer debouncer;
  CHECK(debouncer.accept(a, 10'000));
  CHECK(debouncer.accept(b, 10'010));
  CHECK_FALSE(debouncer.accept(a, 10'020));
  CHECK_FALSE(debouncer.accept(b, 10'030));
}

TEST_CASE("a card held in front of the camera for 5 s counts once") {
  // Seen every 100 ms: each sighting renews the window, so it never counts again while held.
  Debouncer debouncer;
  int counted = 0;
  for (std::int64_t t = 0; t <= 5'000; t += 100) counted += debouncer.accept(a, t) ? 1 : 0;
  CHECK(counted == 1);
  CHECK(debouncer.accept(a, 5'000 + 2'000));  // taken away and shown again 2 s later
}

TEST_CASE("the window is an option") {
  Debouncer debouncer(500);
  CHECK(debouncer.accept(a, 0));
  CHECK_FALSE(debouncer.accept(a, 499));
  CHECK(debouncer.accept(a, 999));
}
