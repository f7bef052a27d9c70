#pragma once
// What the shootout tests share (shootout_test.cpp, shootout_bystanders_test.cpp): gunslingers
// with bystanders, orders, and a round declared, drawn and settled with given cards.
#include <optional>
#include <string>
#include <vector>

#include "core/shootout.h"

#include "test_helpers.h"

using namespace marshal::core;
using namespace marshal::core::testing;

// In an unnamed namespace like the helpers of every other test file: in a unity batch both
// shootout files see them once (the header is included once).
namespace {

using Actions = std::vector<std::optional<ShootoutAction>>;
constexpr std::nullopt_t no_card = std::nullopt;

inline Character gunslinger(const std::string& name, int accuracy) {
  Character c;
  c.name = name;
  c.base.accuracy = accuracy;
  c.bystanders = {name + "-b1", name + "-b2"};
  return c;
}

inline std::vector<Character> posse(const std::vector<std::string>& names, int accuracy = 0) {
  std::vector<Character> people;
  for (const auto& name : names) people.push_back(gunslinger(name, accuracy));
  return people;
}

inline ShootoutAction shoot_at(int target, ShotChoice choice_at_13 = ShotChoice::kill,
                        bool not_to_kill = false) {
  ShootoutAction a;
  a.kind = ShootoutAction::Kind::shoot;
  a.target = target;
  a.choice_at_13 = choice_at_13;
  a.not_to_kill = not_to_kill;
  return a;
}

inline ShootoutAction pin(int target) {
  ShootoutAction a;
  a.kind = ShootoutAction::Kind::pin;
  a.target = target;
  return a;
}

inline const ShootoutAction cover{};


// Declares and draws one round, then settles it with the given sacrifices.
inline const ShootoutRound& play(Shootout& s, const Actions& actions, const GivenCards& cards,
                                 const std::vector<Sacrifice>& sacrifices = {}) {
  DeckSupply deck({cards}, nullptr, &s.names());
  s.shoot(actions, deck);
  return s.settle(sacrifices);
}

}  // namespace
