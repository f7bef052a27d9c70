// The JSON forms of every conflict kind, resolved in-process with all cards given.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "core/refusal.h"
#include "protocol/conflict_json.h"
#include "protocol/odds_json.h"
#include "protocol/resolve.h"

using namespace marshal;
using protocol::Json;

namespace {
Json resolve(const char* kind, const char* text) {
  return protocol::resolve(kind, Json::parse(text), nullptr);
}
core::RefusalCode refusal_of(const char* kind, const char* text, std::string* field = nullptr) {
  try {
    resolve(kind, text);
  } catch (const core::Refusal& r) {
    if (field) *field = r.field();
    return r.code();
  }
  FAIL("no refusal");
  return core::RefusalCode::finished;
}
}  // namespace

TEST_CASE("duel JSON: a tie in the draw makes the first round simultaneous", "[protocol][duel]") {
  Json out = resolve("duel", R"({
    "duelists": [{"name": "A", "speed": 2, "accuracy": 3}, {"name": "B", "speed": 3, "accuracy": 3}],
    "commit": {"A": 1},
    "draw_cards": {"A": 5, "B": 5},
    "rounds": [{"cards": {"A": 9, "B": 8}}]})");
  CHECK(out["steps"][0]["first"].is_null());
  CHECK(out["steps"][1]["simultaneous"] == true);
  // A shoots with Accuracy 3 - 1 committed: 9 + 2 = 11, dead; B with 3: 8 + 3 = 11, dead.
  CHECK(out["steps"][1]["shots"][0]["total"] == 11);
  CHECK(out["steps"][1]["shots"][1]["total"] == 11);
  CHECK(out["result"]["duelists"][0]["dead"] == true);
  CHECK(out["result"]["duelists"][1]["dead"] == true);
  CHECK(out["result"]["duelists"][0]["killing"] == "duel");
  CHECK(out["result"]["winner"].is_null());
}

TEST_CASE("duel JSON: joiners make a shootout that keeps the wounds", "[protocol][duel]") {
  Json out = resolve("duel", R"({
    "duelists": [{"name": "A", "accuracy": 2}, {"name": "B", "accuracy": 2}],
    "draw_cards": {"A": 9, "B": 1},
    "rounds": [{"cards": {"A": 7, "B": 2}}],
    "join": [{"name": "C", "accuracy": 1}]})");
  const Json& p = out["became_shootout"]["participants"];
  REQUIRE(p.size() == 3);
  CHECK(p[1]["name"] == "B");
  CHECK(p[1]["wounded"] == true);
  CHECK(p[2]["name"] == "C");
}

TEST_CASE("shootout JSON: a sacrifice by shooter and target, pins and the arrest list",
          "[protocol][shootout]") {
  Json out = resolve("shootout", R"({
    "participants": [{"name": "L", "accuracy": 3, "powers": ["lawman"]},
                     {"name": "O", "accuracy": 3, "bystanders": ["BY1"]},
                     {"name": "C", "accuracy": 1}],
    "rounds": [{"actions": {"L": {"shoot": "O"}, "O": {"shoot": "L"}, "C": "cover"},
                "cards": {"L": 8, "O": 2},
                "sacrifices": [{"shooter": "L", "target": "O", "card": "BY1"}]},
               {"actions": {"L": {"pin": "C"}, "O": "cover", "C": "cover"}}],
    "stop": true})");
  const Json& shot = out["steps"][0]["shots"][0];
  CHECK(shot["result"] == "dead");
  CHECK(shot["bystander"] == "BY1");
  CHECK(shot["harm"] == "none");
  CHECK(out["result"]["participants"][1]["bystanders"].empty());
  CHECK(out["result"]["participants"][1].value("dead", false) == false);
  CHECK(out["result"]["arrestable"] == Json::array({"C"}));
}

TEST_CASE("shootout JSON: a sacrifice for a shot that was not fired is bad input",
          "[protocol][shootout]") {
  CHECK_THROWS_AS(resolve("shootout", R"({
    "participants": [{"name": "A"}, {"name": "B", "bystanders": ["X"]}, {"name": "C"}],
    "rounds": [{"actions": {"A": "cover", "B": "cover", "C": "cover"},
                "sacrifices": [{"shooter": "A", "target": "B", "card": "X"}]}]})"),
                  protocol::InputError);
}

TEST_CASE("fistfight JSON: a third fighter turns it into a brawl", "[protocol][fistfight]") {
  Json out = resolve("fistfight", R"({
    "fighters": [{"name": "A", "hth": 2}, {"name": "B", "hth": 2}],
    "splits": {"A": {"offense": 1, "defense": 1}, "B": {"offense": 2, "defense": 0}},
    "rounds": [{"cards": {"A": 2, "B": 3}}],
    "join": [{"name": "C", "hth": 1}],
    "brawl_rounds": [{"cards": {"A": 5, "B": 6, "C": 1}}, {"cards": {"A": 9, "B": 2}}]})");
  CHECK(out["steps"][0]["attacks"][1]["total"] == 4);  // 3 + 2 - 1
  const Json& brawl = out["became_brawl"];
  CHECK(brawl["steps"][0]["out"] == Json::array({"C"}));
  CHECK(brawl["steps"][1]["out"] == Json::array({"B"}));
  CHECK(brawl["result"]["winner"] == "A");
}

TEST_CASE("brawl JSON: tie-breaks are read in order", "[protocol][brawl]") {
  Json out = resolve("brawl", R"({
    "fighters": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
    "rounds": [{"cards": {"A": 2, "B": 2, "C": 5},
                "tiebreaks": [{"A": 4, "B": 4}, {"A": 1, "B": 3}]}]})");
  CHECK(out["steps"][0]["totals"].size() == 3);
  CHECK(out["steps"][0]["out"] == Json::array({"A"}));
}

TEST_CASE("brawl JSON: a missing redraw card is named as a tie-break's, not the round's", "[protocol][brawl]") {
  std::string field;
  CHECK(refusal_of("brawl", R"({
    "fighters": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
    "rounds": [{"cards": {"A": 2, "B": 2, "C": 5}}]})", &field) == core::RefusalCode::missing_input);
  CHECK(field == "rounds[0].tiebreaks[0].A");
  CHECK(refusal_of("brawl", R"({
    "fighters": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
    "rounds": [{"cards": {"A": 2, "B": 2, "C": 5}, "tiebreaks": [{"A": 4, "B": 4}]}]})", &field) ==
        core::RefusalCode::missing_input);
  CHECK(field == "rounds[0].tiebreaks[1].A");
  CHECK(refusal_of("brawl", R"({
    "fighters": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
    "rounds": [{"cards": {"A": 2, "C": 5}}]})", &field) == core::RefusalCode::missing_input);
  CHECK(field == "rounds[0].cards.B");  // the round's own draw keeps its name
}

TEST_CASE("accusation JSON: a refused pick names the field", "[protocol][accusation]") {
  std::string field;
  CHECK(refusal_of("accusation", R"({
    "accuser": {"name": "A", "gambling": 4}, "accused": {"name": "B", "bystanders": ["K1"]},
    "trick": {"code": "T", "hand": "Flush", "flag": "cheat"},
    "cards": {"A": 9, "B": 1}, "bystander_pick": "NOT-HELD"})", &field) ==
        core::RefusalCode::already_spent);
  CHECK(field == "bystander_pick");
}

TEST_CASE("chase JSON: an unknown location in a turn names the turn", "[protocol][chase]") {
  const char* input = R"({
    "locations": [{"name": "Road", "road": true, "copies": 2, "links": ["Gulch"]},
                  {"name": "Gulch", "copies": 2}],
    "varmint": [{"character": {"name": "V"}, "horse": 0}],
    "posse": [{"character": {"name": "P"}, "horse": 0}],
    "hands": {"varmint": ["Road", "Gulch"], "posse": ["Road"]},
    "turns": [{"varmint": "Road", "posse": ["Road"]}, {"varmint": "Mesa", "posse": []}]})";
  std::string field;
  CHECK(refusal_of("chase", input, &field) == core::RefusalCode::unknown_participant);
  CHECK(field == "turns[1].varmint");
}

TEST_CASE("chase JSON: the posse catches a varmint with nowhere to go", "[protocol][chase]") {
  Json out = resolve("chase", R"({
    "locations": [{"name": "Road", "road": true, "copies": 2, "links": ["Gulch"]},
                  {"name": "Gulch", "copies": 2}],
    "varmint": [{"character": {"name": "V"}, "horse": 0}],
    "posse": [{"character": {"name": "P"}, "horse": 0}],
    "hands": {"varmint": ["Road", "Gulch"], "posse": ["Road", "Gulch"]},
    "turns": [{"varmint": "Road", "posse": ["Road"]}, {"varmint": "Gulch", "posse": ["Gulch"]}]})");
  CHECK(out["result"]["status"] == "caught");
  CHECK(out["result"]["caught_at"] == "Gulch");
  CHECK(out["result"]["fight"] == "duel");
}

TEST_CASE("odds JSON: a brawl's round odds sum to one", "[protocol][odds]") {
  core::Csprng rng(core::seed_from_number(1));
  Json out = protocol::odds("brawl", Json::parse(R"({
    "fighters": [{"name": "A", "hth": 3}, {"name": "B", "hth": 1}, {"name": "C"}, {"name": "D", "hth": 4}],
    "trials": 0})"), rng);
  double sum = 0;
  for (const auto& [name, p] : out["out_this_round"].items()) sum += p.get<double>();
  CHECK(sum == Approx(1.0).margin(1e-5));
  CHECK_FALSE(out.contains("whole_brawl_monte_carlo"));
}

TEST_CASE("odds JSON: exact stuck-in-town odds agree with the chase Monte Carlo",
          "[protocol][odds][chase]") {
  // 15 cards, 6 ROAD: the varmint takes 11, the posse gets the 4 left (a short deck).
  core::Csprng rng(core::seed_from_number(3));
  Json out = protocol::odds("chase", Json::parse(R"({
    "locations": [
      {"name": "North Road", "road": true, "copies": 3, "links": ["Dry Gulch", "Two-horn Rock"]},
      {"name": "South Road", "road": true, "copies": 3, "links": ["Ol' River Bed", "Dry Gulch"]},
      {"name": "Dry Gulch", "copies": 3, "links": ["Two-horn Rock", "Ol' River Bed", "Box Canyon"]},
      {"name": "Two-horn Rock", "copies": 2, "links": ["Box Canyon"]},
      {"name": "Ol' River Bed", "copies": 2, "links": ["Box Canyon"]},
      {"name": "Box Canyon", "copies": 2}],
    "varmint": [{"character": {"name": "V", "riding": 3}, "horse": 3}],
    "posse": [{"character": {"name": "P", "riding": 2}, "horse": 1}],
    "trials": 20000})"), rng);
  CHECK(out["posse"]["hand_size"] == 8);
  CHECK(out["posse"]["dealt"] == 4);
  double exact = out["posse"]["stuck_in_town"];
  CHECK(exact == Approx(126.0 / 1365).margin(1e-6));  // C(9,4) / C(15,4)
  const Json& mc = out["whole_chase_monte_carlo"]["estimates"]["posse stuck in town"];
  CHECK(std::abs(mc["p"].get<double>() - exact) < 4 * mc["standard_error"].get<double>());
  CHECK(out["varmint"]["stuck_in_town"] == 0.0);  // 11 cards cannot all avoid 6 ROAD of 15
}

TEST_CASE("participants given by code come from the lookup, and resolve as if given in full",
          "[protocol][lookup]") {
  const char* in_full = R"({
    "duelists": [{"name": "A", "speed": 1, "accuracy": 2, "bystanders": ["X1"]},
                 {"name": "B", "accuracy": 2, "powers": ["lawman"]}],
    "draw_cards": {"A": 9, "B": 1},
    "rounds": [{"cards": {"A": 7, "B": 2}}],
    "join": [{"name": "C", "accuracy": 1}]})";
  Json by_code = Json::parse(in_full);
  std::map<std::string, Json> badges{{"BADGE-A", by_code["duelists"][0]},
                                     {"BADGE-B", by_code["duelists"][1]},
                                     {"BADGE-C", by_code["join"][0]}};
  by_code["duelists"] = {{{"code", "BADGE-A"}}, {{"code", "BADGE-B"}}};
  by_code["join"] = {{{"code", "BADGE-C"}}};
  std::vector<std::string> asked;
  protocol::CharacterLookup lookup = [&](const Json& code, const std::string& path) {
    asked.push_back(path + "=" + code.get<std::string>());
    protocol::ReadContext ctx;
    return protocol::read_character(badges.at(code.get<std::string>()), path, ctx);
  };
  Json expected = resolve("duel", in_full);
  Json got = protocol::resolve("duel", by_code, nullptr, &lookup);
  REQUIRE(expected["became_shootout"]["participants"].size() == 3);
  CHECK(got["result"] == expected["result"]);
  CHECK(got["steps"] == expected["steps"]);
  CHECK(got["became_shootout"] == expected["became_shootout"]);
  CHECK(asked == std::vector<std::string>{"duelists[0].code=BADGE-A", "duelists[1].code=BADGE-B",
                                          "join[0].code=BADGE-C"});
  // Without a lookup a code is no character: bad input that names the field.
  try {
    protocol::resolve("duel", by_code, nullptr);
    FAIL("a code was read as a character without a lookup");
  } catch (const protocol::InputError& e) {
    CHECK(e.path() == "duelists[0].name");
  }
}
