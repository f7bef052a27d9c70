#include "cli/tabletop_commands.h"

#include <ostream>
#include <string>

#include <CLI/CLI.hpp>
#include <sodium.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "core/refusal.h"
#include "core/csprng.h"
#include "core/trait_dice.h"
#include "core/trait_roll.h"

namespace marshal::cli {

namespace {

// "d8" -> 8; nullopt for anything else ("8", "d", "dx").
std::optional<int> die_sides(const std::string& text) {
  if (text.size() < 2 || (text[0] != 'd' && text[0] != 'D')) return std::nullopt;
  int sides = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9' || sides > 1000) return std::nullopt;
    sides = sides * 10 + (c - '0');
  }
  return sides;
}

std::string percent(double p) { return fmt::format("{:.2f}%", 100 * p); }

}  // namespace

void add_trait_options(CLI::App& app, TraitArgs& args) {
  app.add_option("--die", args.die, "the trait die: d4, d6, d8, d10, d12 (d2: the unskilled coin of deadlands-1876)")
      ->required();
  app.add_option("--wild", args.wild, "the Wild Die: d6 (default), d8, or none for an Extra");
  app.add_option("--mod", args.modifier, "the sum of the modifiers, -20..20 (default 0)")->check(CLI::Range(-20, 20));
  app.add_option("--tn", args.tn, "the Target Number, 1..99 (default 4)")->check(CLI::Range(1, 99));
  app.add_option("--rules", args.rules, "the ruleset: savage (default), deadlands-1876, deadlands-ru")
      ->check(CLI::IsMember({"savage", "deadlands-1876", "deadlands-ru"}));
}

namespace {

// The roll the options describe; nullopt after saying on `err` which option is wrong.
std::optional<core::TraitRoll> trait_roll_from(const TraitArgs& args, const char* command, std::ostream& err) {
  core::TraitRules rules = core::rules_for(*core::ruleset_from_string(args.rules));
  auto sides = die_sides(args.die);
  if (!sides) {
    err << fmt::format("{}: --die: '{}' is not a die; give d4, d6, d8, d10 or d12\n", command, args.die);
    return std::nullopt;
  }
  core::TraitRoll roll = core::wild_card_roll(rules, *sides, args.modifier, args.tn);
  if (!args.wild.empty()) {
    if (args.wild == "none") {
      roll.wild_die = 0;
    } else if (auto w = die_sides(args.wild); w && (*w == 6 || *w == 8)) {
      roll.wild_die = *w;
    } else {
      err << fmt::format("{}: --wild: '{}' is not a Wild Die; give d6, d8 or none\n", command, args.wild);
      return std::nullopt;
    }
  }
  if (*sides == 2 && args.wild.empty()) roll.wild_die = 0;  // the coin is rolled without a Wild Die
  return roll;
}

// The engine names its fields; the user knows the options.
int refused(const core::Refusal& r, const char* command, std::ostream& err) {
  const std::string& f = r.field();
  std::string option = f == "trait_die" ? "die" : f == "wild_die" ? "wild" : f == "modifier" ? "mod" : f;
  err << fmt::format("{}: --{}: {}\n", command, option, r.reason());
  return exit_usage;
}

core::Seed seed_for(const std::string& text) {
  if (!text.empty()) return core::seed_from_text(text);
  core::Seed seed;
  randombytes_buf(seed.data(), seed.size());
  return seed;
}

}  // namespace

int run_odds_trait(int argc, char** argv, std::ostream& out, std::ostream& err) {
  CLI::App app{"Exact odds of one Savage Worlds trait roll: the trait die and (for a Wild Card) "
               "the Wild Die, both exploding, against a Target Number, from closed forms "
               "(docs/tabletop.md).",
               "marshal odds trait"};
  TraitArgs args;
  int bennies = -1;
  add_trait_options(app, args);
  app.add_option("--bennies", bennies, "also the odds with up to K rerolls (Bennies), 0..100")->check(CLI::Range(0, 100));
  app.add_flag("--json", args.json, "print JSON: success, raise, crit_fail, crit_success (probabilities)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? exit_ok : exit_usage;
  }
  const char* command = "marshal odds trait";
  auto roll = trait_roll_from(args, command, err);
  if (!roll) return exit_usage;
  try {
    core::TraitOdds odds = core::trait_odds(*roll);
    nlohmann::ordered_json result{{"success", odds.success},
                                  {"raise", odds.raise},
                                  {"crit_fail", odds.crit_fail},
                                  {"crit_success", odds.crit_success}};
    if (bennies >= 0) result["success_with_bennies"] = odds.success_with_bennies(bennies);
    if (args.json) {
      out << result.dump() << "\n";
      return exit_ok;
    }
    std::string wild_text = roll->wild_die == 0 ? "no Wild Die" : fmt::format("a d{} Wild Die", roll->wild_die);
    out << fmt::format("d{} with {}, modifier {:+d}, TN {} ({}):\n", roll->trait_die, wild_text, args.modifier,
                       args.tn, args.rules);
    out << fmt::format("  success           {}\n  at least a raise  {}\n  critical failure  {}\n",
                       percent(odds.success), percent(odds.raise), percent(odds.crit_fail));
    if (roll->rules.critical_success) out << fmt::format("  critical success  {}\n", percent(odds.crit_success));
    if (bennies >= 0)
      out << fmt::format("  {:<17} {}\n", fmt::format("with {} Benn{}", bennies, bennies == 1 ? "y" : "ies"),
                         percent(odds.success_with_bennies(bennies)));
    return exit_ok;
  } catch (const core::Refusal& r) {
    return refused(r, command, err);
  }
}

int run_roll(const RollArgs& args, std::ostream& out, std::ostream& err) {
  const char* command = "marshal roll";
  auto roll = trait_roll_from(args.trait, command, err);
  if (!roll) return exit_usage;
  try {
    core::Csprng rng(seed_for(args.seed));
    for (int i = 0; i < args.times; ++i) {
      core::RolledTrait r = core::roll_trait(*roll, rng);
      nlohmann::ordered_json line{{"trait", r.trait}, {"wild", r.wild}};
      if (!r.crit_check.empty()) line["crit_check"] = r.crit_check;
      line["result"] = r.result;
      line["success"] = r.success;
      line["raises"] = r.raises;
      line["crit_fail"] = r.crit_fail;
      line["crit_success"] = r.crit_success;
      out << line.dump() << "\n";
    }
    return exit_ok;
  } catch (const core::Refusal& r) {
    return refused(r, command, err);
  }
}

}  // namespace marshal::cli
