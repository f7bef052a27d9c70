#include "core/twtw_order.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/refusal.h"

namespace marshal::core::twtw {

int surprise_tn(bool action_time_or_expecting_danger) {
  return action_time_or_expecting_danger ? standard_tn : difficult_tn;
}

bool is_reflex_die(int sides) {
  return sides == 12 || sides == 10 || sides == 8 || sides == 6 || sides == 4;
}

std::vector<int> phases_for(const std::vector<Speed>& actions, const SpeedPhases& table) {
  for (int n : {table.fast, table.normal, table.slow})
    if (n < 1 || n > phases_per_round)
      throw Refusal(RefusalCode::out_of_range, "speed_phases",
                    say("an action takes 1 to {} phases, not {}", phases_per_round, n));
  std::vector<int> landed;
  int used = 0;
  for (Speed s : actions) {
    used += s == Speed::fast ? table.fast : s == Speed::normal ? table.normal : table.slow;
    if (used > phases_per_round)
      throw Refusal(
          RefusalCode::out_of_range, "actions",
          say("the actions take {} phases; a round has {}", used, phases_per_round));
    landed.push_back(used);
  }
  return landed;
}

bool can_act(const Declaration& d) {
  return !d.surprised && (!d.surprised_last_round || d.bravery_passed);
}

namespace {

void check(const std::vector<Declaration>& characters) {
  std::set<std::string> seen_names;
  for (std::size_t i = 0; i < characters.size(); ++i) {
    const Declaration& d = characters[i];
    std::string at = fmt::format("characters[{}]", i);
    if (d.name.empty())
      throw Refusal(RefusalCode::out_of_range, at + ".name", say("a character needs a name"));
    if (!seen_names.insert(d.name).second)
      throw Refusal(RefusalCode::illegal_move, at + ".name",
                    say("'{}' is declared twice", d.name));
    if (!is_reflex_die(d.reflex))
      throw Refusal(RefusalCode::out_of_range, at + ".reflex",
                    say("d{} is not a Reflex die; give d12, d10, d8, d6 or d4", d.reflex));
    std::set<int> seen;
    for (int p : d.phases) {
      if (p < 1 || p > phases_per_round)
        throw Refusal(RefusalCode::out_of_range, at + ".phases",
                      say("phase {} is not one of 1 to {}", p, phases_per_round));
      if (!seen.insert(p).second)
        throw Refusal(RefusalCode::illegal_move, at + ".phases",
                      say("phase {} is given twice; one action lands in a phase", p));
    }
  }
}

// English: the ledger stores it with the round (db/ledger/apply_twtw.cpp); a station can word it
// from the same marked sentence (tr of the text).
std::string why_idle(const Declaration& d) {
  if (d.surprised) return say("surprised: no action this round (003 L34)").english();
  return say("surprised last round and the Easy (3) Bravery check not made (003 L34)").english();
}

}  // namespace

RoundOrder round_order(const std::vector<Declaration>& characters) {
  check(characters);
  RoundOrder order;
  std::vector<const Declaration*> acting;
  for (const Declaration& d : characters) {
    if (can_act(d))
      acting.push_back(&d);
    else
      order.idle.push_back({d.name, why_idle(d)});
  }
  auto add = [&](int phase, std::string name, auto&& takes_part) {
    Step step{phase, std::move(name), {}};
    for (const Declaration* d : acting)
      if (takes_part(*d)) step.actors.push_back(d->name);
    if (!step.actors.empty()) order.steps.push_back(std::move(step));
  };
  add(0, "declaration", [](const Declaration& d) { return d.dodge; });
  for (int phase = 1; phase <= phases_per_round; ++phase) {
    for (int die : {12, 10, 8, 6, 4})
      add(phase, fmt::format("d{}", die), [&](const Declaration& d) {
        return d.reflex == die &&
               std::find(d.phases.begin(), d.phases.end(), phase) != d.phases.end();
      });
    add(phase, "continuous", [](const Declaration& d) { return d.continuous; });
  }
  return order;
}

}  // namespace marshal::core::twtw
