// ConflictSession (no window): the station resolves with the event's options, as the ledger
// will, and leaves the server's fields (options, time, locations) out of the record it sends.
#include <catch2/catch.hpp>

#include "gmstation/conflict_session.h"

using namespace marshal;
using protocol::Json;

namespace {
Json view(const std::string& name, int hth) {
  return {{"name", name},
          {"attributes", {{"hth", hth}, {"speed", 1}, {"accuracy", 1}, {"gambling", 1}, {"riding", 1}}},
          {"cards", Json::array()}};
}
}  // namespace

TEST_CASE("a station's brawl follows the event's tie rule and records no options", "[session]") {
  for (const char* tie : {"redraw", "all_out"}) {
    gm::ConflictSession session("brawl", Json{{"brawl_tie", tie}});
    std::string why;
    REQUIRE(session.add_participant("fighters", "BADGE-A", view("Ann", 1), why));
    REQUIRE(session.add_participant("fighters", "BADGE-B", view("Bob", 1), why));
    REQUIRE(session.add_participant("fighters", "BADGE-C", view("Cy", 3), why));
    session.input()["rounds"] = Json::array({{{"cards", {{"Ann", 4}, {"Bob", 4}, {"Cy", 9}}}}});
    gm::SessionOutcome o = session.resolve();
    if (std::string(tie) == "redraw") {
      CHECK_FALSE(o.ok);  // the tied two must redraw
      CHECK(o.field == "rounds[0].tiebreaks[0].Ann");
    } else {
      REQUIRE(o.ok);  // both tied are out: Cy wins
      CHECK(o.resolution["result"]["winner"] == "Cy");
      Json payload = session.record_payload(o);
      CHECK_FALSE(payload["input"].contains("options"));
      CHECK(payload["input"]["fighters"][0] == Json{{"code", "BADGE-A"}});
    }
  }
}
