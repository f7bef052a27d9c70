// The live panel's line for an event (gmstation/station_backend.h, summarize_event): a roll names
// its roller when the station knows the badge, the GM's own roll says so, and an unknown badge
// leaves the name out rather than showing a code.
#include <catch2/catch.hpp>

#include "gmstation/station_backend.h"

using namespace marshal;

TEST_CASE("the live panel names who rolled when the station knows the badge", "[gm][live]") {
  const gm::Json roll{{"by", "B1"}, {"trait", "Shooting"}, {"ledger", {{"result", 15}, {"success", true}}}};
  const gm::NameOf names = [](const std::string& badge) { return badge == "B1" ? std::string("Hannah Two Rivers") : ""; };
  CHECK(gm::summarize_event("roll_recorded", roll, names) == "roll: Hannah Two Rivers, Shooting 15, success");
  CHECK(gm::summarize_event("roll_recorded", roll) == "roll: Shooting 15, success");
  gm::Json stranger = roll;
  stranger["by"] = "B9";
  CHECK(gm::summarize_event("roll_recorded", stranger, names) == "roll: Shooting 15, success");
  gm::Json gm_roll = roll;
  gm_roll["by"] = "gm";
  gm_roll["ledger"] = {{"result", 1}, {"crit_fail", true}};
  CHECK(gm::summarize_event("roll_recorded", gm_roll, names) == "roll: the GM, Shooting 1, CRITICAL FAILURE");
}
