#pragma once
// The tabletop verbs of the `marshal` command line (docs/tabletop.md): the exact odds of a
// Savage Worlds trait roll, and rolling one, under one of the three rulesets.
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace marshal::cli {

// The options that describe one trait roll, shared by `odds trait` and `roll`.
struct TraitArgs {
  std::string die, wild, rules = "savage";
  int modifier = 0, tn = 4;
  int wounds = 0;  // -1 each where the ruleset has wound penalties (002 L6)
  bool json = false;
};
void add_trait_options(CLI::App& app, TraitArgs& args);

// The tabletop kinds of `marshal odds`: trait, fate, serial, luck, marker, group, multi.
bool is_tabletop_odds(const char* kind);
// `marshal odds KIND ...`: argv holds the words after "odds" (KIND, then its options).
int run_tabletop_odds(int argc, char** argv, std::ostream& out, std::ostream& err);

struct RollArgs {
  TraitArgs trait;
  std::string seed;  // empty: the operating system's randomness
  int times = 1;
};
// `marshal roll ...`: one JSON object a line, each die's rolls with its Aces.
int run_roll(const RollArgs& args, std::ostream& out, std::ostream& err);

}  // namespace marshal::cli
