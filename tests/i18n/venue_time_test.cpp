// Times in the venue's time zone (shared/i18n/venue_time.h), read from the machine's tzdata.
#include <catch2/catch.hpp>

#include <string>

#include "i18n/venue_time.h"

using namespace marshal::i18n;

namespace {

// The machine's zone again after each test.
struct MachineZoneAfter {
  ~MachineZoneAfter() { use_time_zone("", nullptr); }
};

// 2026-11-26 18:14:59.999 UTC.
constexpr std::int64_t evening_ms = 1'795'716'899'999;

}  // namespace

TEST_CASE("a time is shown in the venue's zone, the ledger's UTC kept inside", "[i18n][time]") {
  MachineZoneAfter after;
  std::string problem;
  REQUIRE(use_time_zone("UTC", &problem));
  CHECK(clock_text(evening_ms) == "18:14");
  CHECK(date_clock_text(evening_ms) == "2026-11-26 18:14");
  REQUIRE(use_time_zone("Europe/Moscow", &problem));
  CHECK(current_time_zone() == "Europe/Moscow");
  CHECK(clock_text(evening_ms) == "21:14");  // UTC+3, no summer time since 2014
  CHECK(date_clock_text(evening_ms) == "2026-11-26 21:14");
  CHECK(time_zone_label(evening_ms) == "Europe/Moscow");
  REQUIRE(use_time_zone("America/Denver", &problem));
  CHECK(clock_text(evening_ms) == "11:14");  // MST, UTC-7, in November
  CHECK(date_clock_text(evening_ms + 7 * 3'600'000) == "2026-11-26 18:14");
  // Across midnight in the venue: the venue's date.
  REQUIRE(use_time_zone("Asia/Tokyo", &problem));
  CHECK(date_clock_text(evening_ms) == "2026-11-27 03:14");
}

TEST_CASE("summer time moves the venue's clock, not the ledger's", "[i18n][time]") {
  MachineZoneAfter after;
  REQUIRE(use_time_zone("Europe/Berlin", nullptr));
  constexpr std::int64_t july_noon_utc = 1'783'339'200'000;  // 2026-07-06 12:00 UTC
  CHECK(clock_text(july_noon_utc) == "14:00");               // CEST
  CHECK(clock_text(evening_ms) == "19:14");                  // CET
}

TEST_CASE("a zone that is no zone is refused by name, and the zone in use stays", "[i18n][time]") {
  MachineZoneAfter after;
  REQUIRE(use_time_zone("Europe/Moscow", nullptr));
  std::string problem;
  CHECK_FALSE(use_time_zone("Europe/Atlantis", &problem));
  CHECK(problem.find("Europe/Atlantis") != std::string::npos);
  CHECK(problem.find("tzdata") != std::string::npos);
  CHECK(current_time_zone() == "Europe/Moscow");
  CHECK(clock_text(evening_ms) == "21:14");
  for (const char* bad : {"../../etc/passwd", "/etc/localtime", "Europe/", "Europe//Moscow", "Europe/Mos cow", "Europe/Moscow;rm",
                          "Europe"}) {
    INFO(bad);
    CHECK_FALSE(time_zone_problem(bad).empty());
  }
  CHECK(time_zone_problem(std::string(time_zone_name_max_bytes + 1, 'A')).find("not a time zone name") !=
        std::string::npos);
  CHECK(time_zone_problem("Europe/Moscow").empty());
  CHECK(time_zone_problem("Etc/GMT+3").empty());
}

TEST_CASE("the machine's own zone is used when the event names none", "[i18n][time]") {
  MachineZoneAfter after;
  REQUIRE(use_time_zone("", nullptr));
  CHECK(current_time_zone().empty());
  CHECK(clock_text(evening_ms).size() == 5);
  CHECK_FALSE(time_zone_label(evening_ms).empty());
}
