// The order of a round of TWTW action time (seed 003 L15-34): a worked round, surprise and its
// Bravery check, the speed table of the event, the refusals, and the property that every
// declared action is listed exactly once, in the right step.
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/refusal.h"
#include "core/twtw_order.h"
#include "test_helpers.h"

using namespace marshal::core::twtw;
using marshal::core::testing::refusal;

namespace {

Declaration who(std::string name, int reflex, std::vector<int> phases) {
  Declaration d;
  d.name = std::move(name);
  d.reflex = reflex;
  d.phases = std::move(phases);
  return d;
}

// "1 d10 Jonah,Hank" a step.
std::string text(const Step& s) {
  std::string out = std::to_string(s.phase) + " " + s.name;
  for (std::size_t i = 0; i < s.actors.size(); ++i) out += (i == 0 ? " " : ",") + s.actors[i];
  return out;
}

std::vector<std::string> texts(const RoundOrder& order) {
  std::vector<std::string> out;
  for (const Step& s : order.steps) out.push_back(text(s));
  return out;
}

}  // namespace

TEST_CASE("twtw order: a round with a dodge, a continuous action and a surprise (003 L15-34)",
          "[twtw]") {
  Declaration jonah = who("Jonah", 10, {1, 3});
  Declaration miranda = who("Miranda", 12, {1});  // her renowned reflexes: she goes first (L183)
  Declaration reuben = who("Reuben", 4, {});
  reuben.continuous = true;  // driving the wagon
  Declaration hank = who("Hank", 8, {2});
  hank.surprised = true;
  Declaration angus = who("Angus", 10, {3});
  angus.dodge = true;
  RoundOrder order = round_order({jonah, miranda, reuben, hank, angus});
  CHECK(texts(order) == std::vector<std::string>{"0 declaration Angus", "1 d12 Miranda",
                                                 "1 d10 Jonah", "1 continuous Reuben",
                                                 "2 continuous Reuben", "3 d10 Jonah,Angus",
                                                 "3 continuous Reuben", "4 continuous Reuben"});
  REQUIRE(order.idle.size() == 1);
  CHECK(order.idle[0].name == "Hank");
  CHECK(order.idle[0].why.find("surprised") != std::string::npos);
}

TEST_CASE(
    "twtw order: after a surprise, only an Easy (3) Bravery check lets a character act (003 L34)",
    "[twtw]") {
  CHECK(surprise_tn(true) == 5);   // Miranda, expecting danger (L36)
  CHECK(surprise_tn(false) == 9);  // Hank and Jonah
  CHECK(surprise_bravery_tn == 3);
  Declaration hank = who("Hank", 8, {2});
  hank.surprised_last_round = true;
  CHECK_FALSE(can_act(hank));
  CHECK(round_order({hank}).steps.empty());
  CHECK(round_order({hank}).idle.at(0).why.find("Bravery") != std::string::npos);
  hank.bravery_passed = true;
  CHECK(can_act(hank));
  CHECK(texts(round_order({hank})) == std::vector<std::string>{"2 d8 Hank"});
  hank.surprised = true;  // surprised again this round: Bravery does not help
  CHECK_FALSE(can_act(hank));
}

TEST_CASE("twtw order: the event's speed table puts actions in phases", "[twtw]") {
  using S = Speed;
  CHECK(phases_for({S::fast, S::fast, S::fast, S::fast}) == std::vector<int>{1, 2, 3, 4});
  CHECK(phases_for({S::normal, S::normal}) == std::vector<int>{2, 4});
  CHECK(phases_for({S::slow}) == std::vector<int>{4});
  CHECK(phases_for({S::fast, S::normal}) == std::vector<int>{1, 3});
  CHECK(phases_for({S::normal, S::fast, S::fast}) == std::vector<int>{2, 3, 4});
  CHECK(phases_for({}).empty());
  CHECK(refusal([] { phases_for({S::normal, S::slow}); }) == "out_of_range@actions");
  CHECK(refusal([] {
          phases_for({S::fast, S::fast, S::fast, S::fast, S::fast});
        }) == "out_of_range@actions");
  SpeedPhases quick{1, 1, 2};
  CHECK(phases_for({S::normal, S::slow, S::fast}, quick) == std::vector<int>{1, 3, 4});
  CHECK(refusal([] {
          phases_for({S::fast}, SpeedPhases{0, 2, 4});
        }) == "out_of_range@speed_phases");
  CHECK(refusal([] {
          phases_for({S::fast}, SpeedPhases{1, 2, 5});
        }) == "out_of_range@speed_phases");
}

TEST_CASE("twtw order: bad declarations are refused by field", "[twtw]") {
  CHECK(refusal([] { round_order({who("A", 7, {1})}); }) == "out_of_range@characters[0].reflex");
  CHECK(refusal([] { round_order({who("A", 20, {1})}); }) == "out_of_range@characters[0].reflex");
  CHECK(refusal([] {
          round_order({who("A", 6, {1}), who("B", 6, {0})});
        }) == "out_of_range@characters[1].phases");
  CHECK(refusal([] { round_order({who("A", 6, {5})}); }) == "out_of_range@characters[0].phases");
  CHECK(refusal([] { round_order({who("A", 6, {2, 2})}); }) == "illegal_move@characters[0].phases");
  CHECK(refusal([] {
          round_order({who("A", 6, {}), who("A", 8, {})});
        }) == "illegal_move@characters[1].name");
  CHECK(refusal([] { round_order({who("", 6, {})}); }) == "out_of_range@characters[0].name");
  CHECK(round_order({}).steps.empty());
}

// Many random rounds: each declared action appears exactly once, in the count of its
// character's Reflex die; continuous actions once a phase; dodges once in the Declaration; no
// one who cannot act appears; no step is empty; the steps come in the seed's order.
TEST_CASE("twtw order: every declared action exactly once, in order", "[twtw][property]") {
  std::uint32_t state = 18;
  auto next = [&](std::uint32_t n) {
    state = state * 1103515245u + 12345u;
    return static_cast<int>((state >> 8) % n);
  };
  const int dice[] = {12, 10, 8, 6, 4};
  for (int round = 0; round < 500; ++round) {
    std::vector<Declaration> cast;
    const int n = next(9);
    for (int i = 0; i < n; ++i) {
      Declaration d = who("c" + std::to_string(i), dice[next(5)], {});
      for (int p = 1; p <= 4; ++p)
        if (next(2) == 1) d.phases.push_back(p);
      d.continuous = next(4) == 0;
      d.dodge = next(4) == 0;
      d.surprised = next(6) == 0;
      d.surprised_last_round = next(5) == 0;
      d.bravery_passed = next(2) == 1;
      cast.push_back(d);
    }
    RoundOrder order = round_order(cast);
    // (name, phase, step) -> times listed
    std::map<std::string, int> seen;
    int last_rank = -1;
    for (const Step& s : order.steps) {
      REQUIRE_FALSE(s.actors.empty());
      // The rank of a step in the seed's order: Declaration, then per phase d12..d4, continuous.
      int in_phase = s.name == "declaration"  ? 0
                     : s.name == "continuous" ? 6
                                              : 1 + (12 - std::stoi(s.name.substr(1))) / 2;
      int rank = s.phase * 7 + in_phase;
      CHECK(rank > last_rank);
      last_rank = rank;
      for (const std::string& a : s.actors)
        ++seen[a + "/" + std::to_string(s.phase) + "/" + s.name];
    }
    std::size_t expected = 0;
    for (const Declaration& d : cast) {
      const bool acts = !d.surprised && (!d.surprised_last_round || d.bravery_passed);
      if (!acts) continue;
      for (int p : d.phases) {
        CHECK(seen[d.name + "/" + std::to_string(p) + "/d" + std::to_string(d.reflex)] == 1);
        ++expected;
      }
      if (d.continuous)
        for (int p = 1; p <= 4; ++p) {
          CHECK(seen[d.name + "/" + std::to_string(p) + "/continuous"] == 1);
          ++expected;
        }
      if (d.dodge) {
        CHECK(seen[d.name + "/0/declaration"] == 1);
        ++expected;
      }
    }
    std::size_t listed = 0, idle = 0;
    for (const auto& [key, times] : seen) listed += static_cast<std::size_t>(times);
    CHECK(listed == expected);  // nothing listed that was not declared, nobody idle listed
    for (const Declaration& d : cast)
      idle += (d.surprised || (d.surprised_last_round && !d.bravery_passed)) ? 1 : 0;
    CHECK(order.idle.size() == idle);
  }
}
