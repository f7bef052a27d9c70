// The GM station's home screen as the town at a glance (issue 28, point 3; gmstation/town_glance.h):
// the words made from the ledger's timers and town, case by case, and the home screen of a real
// station on a ledger where someone is jailed and a vote is open, fitting 1024 x 600.
#include <catch2/catch.hpp>

#include "gmstation/town_glance.h"
#include "sample_town.h"

using namespace marshal;
using namespace gui_testing;
using protocol::Json;

namespace {

Json person(const std::string& name, bool dead, bool wounded, const std::string& limb, bool jailed, bool banished) {
  return {{"name", name}, {"badge", "B-" + name}, {"dead", dead},         {"wounded", wounded},
          {"limb", limb}, {"jailed", jailed},     {"banished", banished}};
}

Json timer(const std::string& kind, const std::string& who, std::int64_t remaining_ms) {
  return kind == "vote" ? Json{{"kind", kind}, {"office", who}, {"remaining_ms", remaining_ms}}
                        : Json{{"kind", kind}, {"character", who}, {"remaining_ms", remaining_ms}};
}

}  // namespace

TEST_CASE("the town at a glance: each state in words, the timers with their people, the vote, the last conflicts",
          "[glance]") {
  const Json timers{
      {"timers", {timer("healing", "Bo", 11 * 60'000 + 1), timer("knocked_out", "Dee", 90'000),
                  timer("jail", "Cy", 20 * 60'000), timer("vote", "Sheriff", 5 * 60'000)}},
      {"town",
       {{"people", {person("Ann", true, false, "", false, false), person("Bo", false, true, "left arm", false, false),
                    person("Cy", false, false, "", true, false), person("Eve", false, false, "", false, true)}}}}};
  const gm::TownGlance g = gm::town_glance(timers, {"#3 duel: Ann dies", "#5 brawl: Bo wins", "#9 fistfight: Cy wins"});
  REQUIRE(g.people.size() == 5);
  CHECK(g.people[0] == "Ann: DEAD");
  CHECK(g.people[1] == "Bo: Wounded (left arm); Healing: the wound is gone in 12 min");  // minutes rounded up
  CHECK(g.people[2] == "Cy: In jail; Jail sentence: free in 20 min");
  CHECK(g.people[3] == "Eve: BANISHED from the town");
  CHECK(g.people[4] == "Dee: Knocked out: 2 min left");  // awake otherwise: from the timers alone
  CHECK(g.vote == "A vote for Sheriff is open: 5 min left");
  REQUIRE(g.conflicts.size() == gm::glance_conflicts_shown);
  CHECK(g.conflicts[0] == "#9 fistfight: Cy wins");  // the newest first
  CHECK(g.conflicts[1] == "#5 brawl: Bo wins");
  const std::string text = gm::town_glance_text(g);
  CHECK(text.rfind("The town now", 0) == 0);
  CHECK(text.find("Last recorded:\n  #9 fistfight: Cy wins") != std::string::npos);
}

TEST_CASE("the town at a glance: nobody hurt says so, more people than fit are counted", "[glance]") {
  const gm::TownGlance calm = gm::town_glance(Json{{"timers", Json::array()}, {"town", {{"people", Json::array()}}}}, {});
  CHECK(calm.people.empty());
  CHECK(calm.vote.empty());
  CHECK(gm::town_glance_text(calm).find("Everyone is alive and well") != std::string::npos);
  // A kiosk's reply (no town) and an old ledger's: the timers alone.
  CHECK(gm::town_glance(Json{{"timers", Json::array({timer("headache", "Bo", 60'000)})}}, {}).people ==
        std::vector<std::string>{"Bo: Headache: 1 min left"});

  Json people = Json::array();
  for (std::size_t i = 0; i <= gm::glance_people_shown + 1; ++i)  // two more than are named
    people.push_back(person("P" + std::to_string(i), true, false, "", false, false));
  const gm::TownGlance crowd = gm::town_glance(Json{{"timers", Json::array()}, {"town", {{"people", people}}}}, {});
  REQUIRE(crowd.people.size() == gm::glance_people_shown + 1);
  CHECK(crowd.people.back() == "and 2 more (scan a badge to see them)");
  Json exactly = Json::array();
  for (std::size_t i = 0; i < gm::glance_people_shown; ++i) exactly.push_back(people[i]);
  CHECK(gm::town_glance(Json{{"timers", Json::array()}, {"town", {{"people", exactly}}}}, {}).people.size() ==
        gm::glance_people_shown);  // at the limit: all named, no count
}

TEST_CASE("the home screen shows the town at a glance from the ledger, refreshed, and it fits 1024 x 600",
          "[gui][glance]") {
  SampleTown town(1876);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  pump(300);
  CHECK(frame->home()->town_text().Contains("Everyone is alive and well"));
  {
    db::Ledger ledger(town.db);
    const std::int64_t now = db::unix_time_ms();
    for (const auto& [type, payload] : std::vector<std::pair<std::string, Json>>{
             {"vote_called", {{"character", town.badge("Zechariah Chamberlain")}, {"office", "Sheriff"}}},
             {"arrested", {{"character", town.badge("Kid Calloway")}, {"lawman", town.badge("Sheriff Amos Brady")}}},
             {"jailed", {{"character", town.badge("Kid Calloway")}}}}) {
      db::AppendResult r = ledger.append({db::make_uuid_v7(now), "saloon-gm", now, type, payload}, now);
      INFO(type << ": " << r.reason);
      REQUIRE(r.accepted);
    }
  }
  frame->refresh();
  pump(300);
  const wxString shown = frame->home()->town_text();
  INFO(shown.utf8_string());
  CHECK(shown.Contains("Kid Calloway: In jail"));
  CHECK(shown.Contains("A vote for Sheriff is open"));
  CHECK_FALSE(shown.Contains("Everyone is alive and well"));
  REQUIRE(frame->GetSize() == wxSize(1024, 600));
  for (const char* seen : {"F11", "The town now", "Kid Calloway: In jail", "A vote for Sheriff is open"})
    test_support::check_in_view(frame, seen, "home with the town at a glance");
  check_fits(frame, "home with the town at a glance");
  screenshot(frame, "gm-home-glance");
  // A badge scanned: its answer takes the page; Esc brings the glance back.
  wxUIActionSimulator sim;
  scan_burst(sim, town.badge("Kid Calloway"));
  pump(300);
  CHECK(frame->scan_answer().Contains("In jail"));
  CHECK_FALSE(frame->home()->town_shown());
  check_fits(frame, "home with a badge's answer");
  sim.Char(WXK_ESCAPE);
  pump(300);
  CHECK(frame->home()->town_shown());
  CHECK(frame->scan_answer().IsEmpty());
  frame->Destroy();
  pump(200);
}
