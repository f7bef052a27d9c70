// The event's time zone (docs/event-format.md `timezone`, db/ledger/venue_zone.h): imported and
// checked against this machine's tzdata, kept in the definition and the ledger, used for every
// time a person reads; a zone the machine lacks leaves its own, with a warning.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "i18n/venue_time.h"
#include "ledger/venue_zone.h"

using namespace marshal::db;
using namespace marshal::db::testing;
namespace i18n = marshal::i18n;

namespace {

struct MachineZoneAfter {
  ~MachineZoneAfter() { i18n::use_time_zone("", nullptr); }
};

fs::path sample_in_zone(const TempDir& dir, const std::string& zone) {
  const fs::path event = copy_sample(dir);
  write_text(event / "options.csv", read_text(event / "options.csv") + "timezone," + zone + "\n");
  return event;
}

}  // namespace

TEST_CASE("an event in Moscow shows its times in Moscow, the ledger keeping UTC", "[db][time]") {
  MachineZoneAfter after;
  TempDir dir;
  TestLedger t(sample_in_zone(dir, "Europe/Moscow"));
  CHECK(t.definition().timezone == "Europe/Moscow");
  CHECK(definition_to_json(t.definition())["timezone"] == "Europe/Moscow");
  CHECK(definition_from_json(definition_to_json(t.definition())).timezone == "Europe/Moscow");
  CHECK(t.db().scalar_text("SELECT value FROM event_info WHERE key = 'timezone'") == "Europe/Moscow");
  CHECK(use_event_time_zone(t.db()).empty());
  CHECK(i18n::current_time_zone() == "Europe/Moscow");

  // A token played twice: the refusal says when in Moscow's time (UTC+3).
  const std::string kid = t.badge("Kid Calloway");
  AppendResult charm = t.accept("token_issued", {{"to", kid}, {"token", "luck_charm"}, {"text", "Shooting only"}});
  t.accept("token_played", {{"token", charm.ledger["code"]}, {"by", kid}});
  const std::int64_t played_ms = t.now_ms();
  AppendResult again = t.refuse("token_played", {{"token", charm.ledger["code"]}, {"by", kid}}, "already_spent");
  REQUIRE(i18n::use_time_zone("UTC", nullptr));
  const std::string utc = i18n::clock_text(played_ms);
  REQUIRE(i18n::use_time_zone("Europe/Moscow", nullptr));
  const std::string moscow = i18n::clock_text(played_ms);
  CHECK(utc != moscow);
  CHECK(again.reason.find(" at " + moscow + " ") != std::string::npos);
  // The ledger's own time of the event is UTC milliseconds, whatever the zone.
  CHECK(t.db().scalar_int("SELECT max(server_time_ms) FROM events") >= played_ms);
}

TEST_CASE("an event without a zone shows the machine's", "[db][time]") {
  MachineZoneAfter after;
  TestLedger t;
  CHECK(t.definition().timezone.empty());
  CHECK_FALSE(definition_to_json(t.definition()).contains("timezone"));
  REQUIRE(i18n::use_time_zone("Asia/Tokyo", nullptr));
  CHECK(use_event_time_zone(t.db()).empty());
  CHECK(i18n::current_time_zone().empty());
}

TEST_CASE("a zone that is no zone, or that this machine lacks, is refused at import by file and row", "[db][time]") {
  for (const std::string zone : {"Europe/Atlantis", "../../etc/passwd", "Moscow time"}) {
    TempDir dir;
    ImportResult r = import_event(sample_in_zone(dir, zone).string(), seeded_code_maker(1));
    INFO(zone);
    REQUIRE_FALSE(r.ok());
    const std::string errors = all_errors(r);
    CHECK(errors.find("options.csv") != std::string::npos);
    CHECK(errors.find(zone) != std::string::npos);
  }
  // A definition that names a zone in no zone's form is refused (its data may be missing here:
  // only the form is checked, so a ledger stays readable on any machine).
  TestLedger t;
  Json definition = definition_to_json(t.definition());
  definition["timezone"] = "Mars/Olympus_Mons";
  CHECK(definition_from_json(definition).timezone == "Mars/Olympus_Mons");
  definition["timezone"] = "../etc";
  CHECK_THROWS_WITH(definition_from_json(definition), Catch::Contains("time zone"));
}

TEST_CASE("a ledger whose zone this machine lacks shows the machine's, and says why", "[db][time]") {
  MachineZoneAfter after;
  TestLedger t;
  REQUIRE(i18n::use_time_zone("Asia/Tokyo", nullptr));
  t.db().prepare("INSERT INTO event_info(key, value) VALUES ('timezone', 'Mars/Olympus_Mons')").run();
  const std::string why = use_event_time_zone(t.db());
  CHECK(why.find("Mars/Olympus_Mons") != std::string::npos);
  CHECK(i18n::current_time_zone() == "Asia/Tokyo");  // as it was
}
