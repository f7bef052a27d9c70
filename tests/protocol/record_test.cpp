// Every resolution outputs a "record": its input with every card as drawn, every automatic
// choice made explicit. Resolved again in physical mode (no generator) it must give the very
// same steps and result: that is what a station sends to the ledger. The ledger resolves it
// for the outcome alone (Detail::outcome): the same result, and the same bystander fates as
// the shots in the steps.
#include <catch2/catch.hpp>

#include "protocol/doc_examples.h"

#include <fstream>
#include <sstream>

#include "protocol/resolve.h"

using namespace marshal;
using protocol::Json;

namespace {

// The same steps, except that every card is now "entered" where it was "virtual".
Json without_draw_mode(Json j) {
  if (j.is_object()) {
    j.erase("drawn");
    for (auto& [key, value] : j.items()) value = without_draw_mode(value);
  } else if (j.is_array()) {
    for (auto& value : j) value = without_draw_mode(value);
  }
  return j;
}

// Every shot at an innocent bystander among the steps: {card: the shot's result}.
void shots_at_bystanders(const Json& node, Json& fates) {
  if (node.is_object() && node.contains("bystander") && node.contains("result"))
    fates[node["bystander"].get<std::string>()] = node["result"];
  if (node.is_structured())
    for (const auto& child : node) shots_at_bystanders(child, fates);
}

int resolutions_with_bystanders_shot = 0;

void check_replays(const std::string& kind, Json input, std::uint64_t seed) {
  core::Csprng rng(core::seed_from_number(seed));
  Json first = protocol::resolve(kind, input, &rng);
  REQUIRE(first.contains("record"));
  INFO(first["record"].dump());
  Json again = protocol::resolve(kind, first["record"], nullptr);
  CHECK(without_draw_mode(again["steps"]) == without_draw_mode(first["steps"]));
  CHECK(again["result"] == first["result"]);
  CHECK(again["record"] == first["record"]);

  Json outcome = protocol::resolve(kind, first["record"], nullptr, nullptr, protocol::Detail::outcome);
  CHECK(outcome["kind"] == kind);
  CHECK(outcome["result"] == first["result"]);
  for (const char* told : {"steps", "story", "record"}) CHECK_FALSE(outcome.contains(told));
  if (first.contains("became_brawl"))
    CHECK(outcome["became_brawl"]["result"] == first["became_brawl"]["result"]);
  Json fates = Json::object();
  shots_at_bystanders(first["steps"], fates);
  CHECK(outcome.value("bystander_fates", Json::object()) == fates);
  if (!fates.empty()) ++resolutions_with_bystanders_shot;
}

}  // namespace

TEST_CASE("records replay exactly: every example with its missing cards drawn", "[protocol][record]") {
  for (const char* kind : {"duel", "shootout", "fistfight", "brawl", "accusation", "chase"})
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      INFO(kind << " seed " << seed);
      check_replays(kind, doc_example(std::string("resolve-") + kind + ".json"), seed);
    }
}

TEST_CASE("records replay exactly: whole conflicts played to the end", "[protocol][record]") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    INFO("seed " << seed);
    check_replays("duel", Json::parse(R"({"duelists":[{"name":"A","speed":2,"accuracy":3},
      {"name":"B","speed":3,"accuracy":2}],"commit":{"A":1},"until_over":true})"), seed);
    check_replays("shootout", Json::parse(R"({"participants":[
      {"name":"A","accuracy":2,"bystanders":["A1","A2"]},{"name":"B","accuracy":3,"bystanders":["B1"]},
      {"name":"C","accuracy":1}],"targets":{"A":"B","B":"A"},
      "sacrifice_when_allowed":["A","B"],"until_over":true})"), seed);
    check_replays("fistfight", Json::parse(R"({"fighters":[{"name":"A","hth":3},{"name":"B","hth":2}],
      "splits":{"A":{"offense":2,"defense":1},"B":{"offense":1,"defense":1}},"until_over":true})"), seed);
    check_replays("brawl", Json::parse(R"({"fighters":[{"name":"A","hth":1},{"name":"B","hth":1},
      {"name":"C","hth":1},{"name":"D"}],"until_over":true})"), seed);
    check_replays("accusation", Json::parse(R"({"accuser":{"name":"A","gambling":2,"bystanders":["A1","A2"]},
      "accused":{"name":"B","gambling":2,"bystanders":["B1","B2","B3"]},
      "trick":{"code":"T","hand":"Flush","flag":"cheat"}})"), seed);
  }
  CHECK(resolutions_with_bystanders_shot > 0);  // the fates above were compared, not just empty
}

TEST_CASE("a chase dealt and played by the station replays from its record", "[protocol][record]") {
  Json chase = doc_example("resolve-chase.json");
  chase.erase("hands");
  chase.erase("turns");
  chase["until_over"] = true;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    INFO("seed " << seed);
    check_replays("chase", chase, seed);
  }
}
