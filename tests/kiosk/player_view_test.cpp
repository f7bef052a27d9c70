// What the kiosk says of a player's state, from the ledger's character view (kiosk/player_view.h).
#include <catch2/catch.hpp>

#include <algorithm>

#include "kiosk/player_view.h"

using marshal::kiosk::clock_text;
using marshal::kiosk::Json;
using marshal::kiosk::player_view;

TEST_CASE("clock_text rounds up to the second and never goes below 0:00", "[kiosk][view]") {
  CHECK(clock_text(-5) == "0:00");
  CHECK(clock_text(0) == "0:00");
  CHECK(clock_text(1) == "0:01");
  CHECK(clock_text(1000) == "0:01");
  CHECK(clock_text(1001) == "0:02");
  CHECK(clock_text(59'001) == "1:00");
  CHECK(clock_text(60'000) == "1:00");
  CHECK(clock_text(5 * 60'000) == "5:00");
  CHECK(clock_text(61 * 60'000) == "61:00");
}

TEST_CASE("a player's view: standing, timers counting down, cards by kind, nothing of a flag", "[kiosk][view]") {
  Json view = Json::parse(R"({
    "name": "Kid Calloway", "dead": false, "wounded": true, "wounded_limb": "left arm",
    "attributes": {"hth": 2, "speed": 4, "accuracy": 4, "gambling": 1, "riding": 3},
    "in_use": {"hth": 1, "speed": 3, "accuracy": 3, "gambling": 0, "riding": 2},
    "timers": [{"kind": "headache", "remaining_ms": 65000}, {"kind": "knocked_out", "remaining_ms": 2000}],
    "bystanders_left": 2, "jailed": true, "powers": ["lawman", "doctor"],
    "cards": [
      {"code": "AAAA", "kind": "trick", "title": "Royal Flush", "detail": {}},
      {"code": "BBBB", "kind": "horse", "title": "Lightning", "owner": "Kid Calloway", "holder": "Kid Calloway", "detail": {"rating": 2}},
      {"code": "CCCC", "kind": "horse", "title": "Brimstone", "owner": "Sheriff Amos Brady", "holder": "Kid Calloway", "detail": {"rating": 3}},
      {"code": "DDDD", "kind": "secret", "title": "The Locket", "detail": {"text": "A picture inside."}}
    ]})");
  auto p = player_view(view, 1'000'000, 1'000'000 + 3'000);  // read 3 s ago
  CHECK(p.name == "Kid Calloway");
  CHECK(p.standing == "WOUNDED (left arm): every attribute -1 until a Doctor heals you. IN JAIL");
  CHECK(p.attributes == "Hand-to-hand 1    Speed 3    Accuracy 3    Gambling 0    Riding 2");  // in use
  REQUIRE(p.timers.size() == 1);  // the knock-out ended a second ago
  CHECK(p.timers[0] == "Headache: 1:02 left");
  CHECK(p.lines[0] == "Innocent bystanders left: 2");
  CHECK(p.lines[1] == "Poker tricks to play: Royal Flush");
  CHECK(p.lines[2] == "Horses with you: Lightning, Brimstone (owned by Sheriff Amos Brady)");
  CHECK(p.lines[3] == "Powers: Lawman, Doctor");
  REQUIRE(p.horses.size() == 2);
  CHECK(p.horses[0].sellable);        // Lightning: owned and held
  CHECK_FALSE(p.horses[1].sellable);  // Brimstone: borrowed from the Sheriff
  REQUIRE(p.secrets.size() == 1);
  CHECK(p.secrets[0].title == "The Locket");
  CHECK(p.secrets[0].text == "A picture inside.");
  // The trick, by its code: scanned at the kiosk, it is played.
  REQUIRE(p.tricks.size() == 1);
  CHECK(p.tricks[0].code == "AAAA");
  CHECK(p.tricks[0].title == "Royal Flush");

  view["dead"] = true;
  view["jailed"] = false;
  view["cards"] = Json::array();
  view["powers"] = Json::array();
  p = player_view(view, 0, 0);
  CHECK(p.standing == "DEAD: dead is final for the evening");
  CHECK(p.lines[1] == "Poker tricks to play: none");
  CHECK(p.lines[2] == "Horses with you: none");
  CHECK(p.lines.size() == 3);  // no powers line
  CHECK(p.secrets.empty());
}

TEST_CASE("a player's view: a Doctor's healing counts down beside the wound, the limb in the reader's words",
          "[kiosk][view]") {
  Json view = Json::parse(R"({
    "name": "Cole Varney", "dead": false, "wounded": true, "wounded_limb": "right leg",
    "attributes": {"hth": 3, "speed": 3, "accuracy": 3, "gambling": 2, "riding": 3},
    "timers": [{"kind": "healing", "remaining_ms": 600000}], "bystanders_left": 1, "cards": []})");
  auto p = player_view(view, 0, 60'000);  // read a minute ago
  CHECK(p.standing == "WOUNDED (right leg): every attribute -1 until a Doctor heals you");
  REQUIRE(p.timers.size() == 1);
  CHECK(p.timers[0] == "Healing: the wound is gone in 9:00");
}

TEST_CASE("a tabletop player's view: the fights' condition as the standing, traits as dice, chips and tokens, no "
          "Lincoln lines",
          "[kiosk][view]") {
  Json view = Json::parse(R"({
    "name": "Hannah Two Rivers", "dead": false, "bystanders_left": 0, "cards": [],
    "attributes": {"hth": 0, "speed": 0, "accuracy": 0, "gambling": 0, "riding": 0},
    "combat": {"wounds": 2, "shaken": true, "state": "fighting", "injury_owed": null,
               "injuries": [{"card": "QH", "injury": "Broken ribs", "permanent": false, "days": 6}]},
    "tabletop": {"traits": [{"trait": "Agility", "die": "d8"}, {"trait": "Shooting", "die": "d12+1"}],
                 "colours": ["white", "red", "blue"], "chips": {"white": 2, "red": 0, "blue": 1},
                 "tokens": [{"code": "T1", "title": "Hole Card: Survival d6"}]}})");
  auto p = player_view(view, 0, 0);
  CHECK(p.tabletop);
  CHECK(p.standing == "2 wounds, SHAKEN, Broken ribs (6 days)");
  CHECK(p.attributes == "Agility d8    Shooting d12+1");
  auto has = [&](const std::string& line) { return std::find(p.lines.begin(), p.lines.end(), line) != p.lines.end(); };
  CHECK(has("Chips: 2 white, 1 blue"));
  CHECK(has("Tokens: Hole Card: Survival d6"));
  for (const auto& l : p.lines) {
    INFO(l);
    CHECK(l.find("bystanders") == std::string::npos);
    CHECK(l.find("Poker tricks") == std::string::npos);
    CHECK(l.find("Horses") == std::string::npos);
  }
  // Unhurt, no chips, no tokens: said so, the tokens' line left out.
  view["combat"] = Json{{"wounds", 0}, {"shaken", false}, {"state", "fighting"}};
  view["tabletop"]["chips"] = Json{{"white", 0}};
  view["tabletop"]["tokens"] = Json::array();
  p = player_view(view, 0, 0);
  CHECK(p.standing == "Unhurt");
  CHECK(has("Chips: none"));
  CHECK(std::none_of(p.lines.begin(), p.lines.end(), [](const std::string& l) { return l.rfind("Tokens", 0) == 0; }));
  // The dead are dead, whatever the fight's words.
  view["dead"] = true;
  CHECK(player_view(view, 0, 0).standing == "DEAD: dead is final for the evening");
  // A Lincoln character (no `tabletop`) keeps the Lincoln lines.
  view.erase("tabletop");
  view["dead"] = false;
  p = player_view(view, 0, 0);
  CHECK_FALSE(p.tabletop);
  CHECK(p.standing == "Alive and well");
  CHECK(has("Innocent bystanders left: 0"));
}

TEST_CASE("a player's view: a jail sentence counts down, a deputy's task, banishment and Fair prizes are said",
          "[kiosk][view]") {
  Json jailed = Json::parse(R"({
    "name": "Black Jack Mulroney", "dead": false, "wounded": false, "jailed": true, "arrested": true,
    "attributes": {"hth": 3, "speed": 4, "accuracy": 3, "gambling": 2, "riding": 4},
    "timers": [{"kind": "jail", "remaining_ms": 1800000}], "bystanders_left": 2, "cards": [],
    "sentence": {"seq": 7, "sentence": "jail", "charge": "stage robbery", "minutes": 30,
                 "judge": "Judge Cornelius Whitlock", "overridden": false},
    "banished": false, "prizes": []})");
  auto p = player_view(jailed, 0, 60'000);
  CHECK(p.standing == "Alive and well. IN JAIL");
  REQUIRE(p.timers.size() == 1);
  CHECK(p.timers[0] == "Jail sentence: free in 29:00");
  CHECK(std::find(p.lines.begin(), p.lines.end(),
                  "Sentenced: jail for stage robbery (by Judge Cornelius Whitlock)") != p.lines.end());

  // Overridden, the sentence is no longer said; a deputy's task, banishment and prizes are.
  Json deputy = jailed;
  deputy["jailed"] = false;
  deputy["arrested"] = false;
  deputy["timers"] = Json::array();
  deputy["sentence"]["overridden"] = true;
  deputy["deputy"] = {{"seq", 9}, {"task", "arrest Dutch Hennessey"}, {"judge", "Judge Horace Pennington"}};
  deputy["banished"] = true;
  deputy["prizes"] = Json::parse(R"([{"seq": 11, "prize": "best horse"}, {"seq": 12, "prize": "a silver buckle"}])");
  p = player_view(deputy, 0, 0);
  CHECK(p.standing == "Alive and well. BANISHED from the town");
  for (const auto& line : p.lines) CHECK(line.find("Sentenced") == std::string::npos);
  CHECK(std::find(p.lines.begin(), p.lines.end(),
                  "Deputized by Judge Horace Pennington: arrest Dutch Hennessey. One arrest, then the task ends") !=
        p.lines.end());
  CHECK(std::find(p.lines.begin(), p.lines.end(), "Territory Fair prizes: best horse, a silver buckle") != p.lines.end());
}
