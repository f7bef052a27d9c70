#include "cli/tabletop_commands.h"

#include <map>
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>
#include <sodium.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "core/refusal.h"
#include "core/chance_odds.h"
#include "core/csprng.h"
#include "core/trait_dice.h"
#include "core/trait_roll.h"

namespace marshal::cli {

namespace {

using core::die_sides;

std::string percent(double p) { return fmt::format("{:.2f}%", 100 * p); }

}  // namespace

bool is_tabletop_odds(const char* kind) {
  for (const char* k : {"trait", "fate", "serial", "luck", "marker"})
    if (std::string(kind) == k) return true;
  return false;
}

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

namespace {

// Prints a JSON object, or the same figures in words as percentages.
int print_odds(const nlohmann::ordered_json& result, const std::string& heading, bool json, std::ostream& out) {
  if (json) {
    out << result.dump() << "\n";
    return exit_ok;
  }
  // The probabilities in words; other figures (a ladder, a mean) are the caller's to print.
  static const std::map<std::string, std::string> words{{"success", "success"},
                                                        {"crit_fail", "critical failure"},
                                                        {"crit_success", "critical success"},
                                                        {"bad_luck", "bad luck"},
                                                        {"failure", "Last Chance missed"}};
  out << heading << ":\n";
  for (auto it = result.begin(); it != result.end(); ++it)
    if (auto w = words.find(it.key()); w != words.end())
      out << fmt::format("  {:<21} {}\n", w->second, percent(it.value().get<double>()));
  return exit_ok;
}

// "d8 with a d6 Wild Die, modifier +1 (savage)", and with the TN.
std::string describe_dice(const core::TraitRoll& roll, const TraitArgs& args) {
  std::string wild = roll.wild_die == 0 ? "no Wild Die" : fmt::format("a d{} Wild Die", roll.wild_die);
  return fmt::format("d{} with {}, modifier {:+d} ({})", roll.trait_die, wild, args.modifier, args.rules);
}
std::string describe(const core::TraitRoll& roll, const TraitArgs& args) {
  return describe_dice(roll, args) + fmt::format(", TN {}", args.tn);
}

}  // namespace

int run_tabletop_odds(int argc, char** argv, std::ostream& out, std::ostream& err) {
  const std::string kind = argv[0];
  const std::string command = "marshal odds " + kind;
  CLI::App app{"", command};
  TraitArgs args;
  int bennies = -1, named = 1;
  bool compound = false;
  if (kind == "trait") {
    app.description("Exact odds of one Savage Worlds trait roll: the trait die and (for a Wild Card) the Wild "
                    "Die, both exploding, against a Target Number, from closed forms (docs/tabletop.md).");
    add_trait_options(app, args);
    app.add_option("--bennies", bennies, "also the odds with up to K rerolls (Bennies), 0..100")->check(CLI::Range(0, 100));
  } else if (kind == "fate") {
    app.description("A Fate Roll (Deadlands, 000 L62): the TN from a drawn card (2-10 face value, J/Q/K 10, "
                    "Ace 11; the red Joker a critical success, the black a critical failure), averaged over "
                    "the 54 cards. --tn is not used.");
    add_trait_options(app, args);
  } else if (kind == "serial") {
    app.description("A serial roll (000 L44): rolled until it succeeds, a critical failure ends it. With "
                    "--compound (000 L46) the TN rises by 2 after each failure up to a last roll at TN 12.");
    add_trait_options(app, args);
    app.add_flag("--compound", compound, "a compound serial roll: TN +2 after each failure, the last at TN 12");
  } else if (kind == "luck") {
    app.description("A Luck Draw (000 L58) from a 54-card deck: a named card or either Joker succeeds; the Ace "
                    "of Spades is always bad luck.");
    app.add_option("--named", named, "named cards that succeed, not counting Jokers or the Ace of Spades, 1..51 "
                                     "(default 1; \"Queen or higher\" is 11)")
        ->check(CLI::Range(1, 51));
  } else {
    app.description("A Connection Marker (000 L88-90): its die, no Wild Die, against TN 4; it steps down "
                    "d12 > d10 > d8 > d6 > d4 > spent after each use.");
    app.add_option("--die", args.die, "the marker's die: d4, d6, d8, d10, d12")->required();
  }
  app.add_flag("--json", args.json, "print JSON (probabilities) rather than words");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? exit_ok : exit_usage;
  }
  try {
    if (kind == "luck") {
      core::LuckOdds odds = core::luck_draw_odds(named);
      return print_odds({{"success", odds.success}, {"bad_luck", odds.bad_luck}},
                        fmt::format("a Luck Draw with {} named card{}", named, named == 1 ? "" : "s"), args.json, out);
    }
    if (kind == "marker") {
      auto sides = die_sides(args.die);
      if (!sides) {
        err << fmt::format("{}: --die: '{}' is not a die; give d4, d6, d8, d10 or d12\n", command, args.die);
        return exit_usage;
      }
      nlohmann::ordered_json result{{"success", core::marker_odds(*sides)}};
      int next = core::marker_step_down(*sides);
      result["next_die"] = next == 0 ? "spent" : fmt::format("d{}", next);
      result["expected_favors"] = core::marker_expected_favors(*sides);
      if (args.json) return print_odds(result, "", true, out);
      out << fmt::format("a d{} Connection Marker against TN 4:\n  success  {}\n  then     {}\n  favours  {:.3f} "
                         "expected before it is spent\n",
                         *sides, percent(result["success"].get<double>()), result["next_die"].get<std::string>(),
                         result["expected_favors"].get<double>());
      return exit_ok;
    }
    auto roll = trait_roll_from(args, command.c_str(), err);
    if (!roll) return exit_usage;
    if (kind == "fate") {
      core::FateOdds odds = core::fate_roll_odds(*roll);
      return print_odds({{"success", odds.success}, {"crit_fail", odds.crit_fail}, {"crit_success", odds.crit_success}},
                        "a Fate Roll of " + describe_dice(*roll, args) + ", the TN from a drawn card",
                        args.json, out);
    }
    if (kind == "serial") {
      core::SerialOdds odds = core::serial_roll_odds(*roll, compound);
      nlohmann::ordered_json result{{"success", odds.success}, {"crit_fail", odds.crit_fail}, {"failure", odds.failure},
                                    {"expected_rolls", odds.expected_rolls}, {"ladder", odds.ladder}};
      if (args.json) return print_odds(result, "", true, out);
      print_odds(result, std::string(compound ? "a compound" : "a") + " serial roll of " + describe(*roll, args), false, out);
      std::string ladder;
      for (int tn : odds.ladder) ladder += (ladder.empty() ? "" : ", ") + std::to_string(tn);
      out << fmt::format("  TNs                   {}\n  rolls expected        {:.2f}\n", ladder, odds.expected_rolls);
      return exit_ok;
    }
    core::TraitOdds odds = core::trait_odds(*roll);
    nlohmann::ordered_json result{{"success", odds.success},
                                  {"raise", odds.raise},
                                  {"crit_fail", odds.crit_fail},
                                  {"crit_success", odds.crit_success}};
    if (bennies >= 0) result["success_with_bennies"] = odds.success_with_bennies(bennies);
    if (args.json) return print_odds(result, "", true, out);
    out << describe(*roll, args) << ":\n";
    out << fmt::format("  success           {}\n  at least a raise  {}\n  critical failure  {}\n",
                       percent(odds.success), percent(odds.raise), percent(odds.crit_fail));
    if (roll->rules.critical_success) out << fmt::format("  critical success  {}\n", percent(odds.crit_success));
    if (bennies >= 0)
      out << fmt::format("  {:<17} {}\n", fmt::format("with {} Benn{}", bennies, bennies == 1 ? "y" : "ies"),
                         percent(odds.success_with_bennies(bennies)));
    return exit_ok;
  } catch (const core::Refusal& r) {
    return refused(r, command.c_str(), err);
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
