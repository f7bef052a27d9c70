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
#include "core/group_roll.h"
#include "core/table_modifiers.h"
#include "core/trait_dice.h"
#include "core/trait_roll.h"

namespace marshal::cli {

namespace {

using core::die_sides;

std::string percent(double p) { return fmt::format("{:.2f}%", 100 * p); }

}  // namespace

bool is_tabletop_odds(const char* kind) {
  for (const char* k : {"trait", "fate", "serial", "luck", "marker", "group", "multi"})
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
  app.add_option("--wounds", args.wounds, "wounds, 0..20: -1 each on the roll in deadlands-ru (002 L6), none in "
                                          "savage and deadlands-1876 (default 0)")
      ->check(CLI::Range(0, 20));
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
  roll.modifier += core::wound_modifier(rules, args.wounds);
  return roll;
}

// The engine names its fields; the user knows the options.
int refused(const core::Refusal& r, const char* command, std::ostream& err) {
  const std::string& f = r.field();
  static const std::map<std::string, std::string> options{
      {"trait_die", "die"}, {"wild_die", "wild"}, {"modifier", "mod"}, {"members", "count"},
      {"multi_action_penalty", "penalty"}, {"shooting_past_allies", "past-allies"}};
  auto known = options.find(f);
  const std::string& option = known == options.end() ? f : known->second;
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
                                                        {"raise", "at least a raise"},
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

// "d8 with a d6 Wild Die, modifier +1 (savage)", and with the TN. The modifier holds the wounds'.
std::string describe_dice(const core::TraitRoll& roll, const TraitArgs& args) {
  std::string wild = roll.wild_die == 0 ? "no Wild Die" : fmt::format("a d{} Wild Die", roll.wild_die);
  std::string wounds;
  const std::string_view plural = args.wounds == 1 ? "" : "s";
  if (args.wounds > 0 && roll.rules.wound_penalty == core::WoundPenalty::none)
    wounds = fmt::format(", {} wound{} without penalty", args.wounds, plural);
  else if (args.wounds > 0)
    wounds = fmt::format(" of which {:+d} for {} wound{}", core::wound_modifier(roll.rules, args.wounds),
                         args.wounds, plural);
  return fmt::format("d{} with {}, modifier {:+d}{} ({})", roll.trait_die, wild, roll.modifier, wounds, args.rules);
}
std::string describe(const core::TraitRoll& roll, const TraitArgs& args) {
  return describe_dice(roll, args) + fmt::format(", TN {}", args.tn);
}

// The figures to print in words: a critical success only where the ruleset has one (000 L20).
nlohmann::ordered_json in_words(nlohmann::ordered_json result, const core::TraitRules& rules) {
  if (!rules.critical_success) result.erase("crit_success");
  return result;
}

// `odds group`: the group's one roll, then each member alone.
int print_group(const core::TraitRoll& roll, const TraitArgs& args, int members, std::ostream& out) {
  core::GroupOdds odds = core::group_roll_odds(roll, members);
  nlohmann::ordered_json result{{"success", odds.group.success},
                                {"raise", odds.group.raise},
                                {"crit_fail", odds.group.crit_fail},
                                {"crit_success", odds.group.crit_success},
                                {"members", members},
                                {"alone_success", odds.alone_success},
                                {"alone_expected", odds.alone_expected},
                                {"alone_at_least_one", odds.alone_at_least_one},
                                {"alone_majority", odds.alone_majority}};
  if (args.json) return print_odds(result, "", true, out);
  print_odds(in_words(result, roll.rules),
             fmt::format("a group of {} rolling ", members) + describe(roll, args) + ", one result for all", false,
             out);
  out << fmt::format("  each alone, no Wild Die: success {}, {:.2f} of {} expected, at least one {}, a majority {}\n",
                     percent(odds.alone_success), odds.alone_expected, members, percent(odds.alone_at_least_one),
                     percent(odds.alone_majority));
  return exit_ok;
}

// `odds multi`: the turn's penalty and, with 3 or more actions, the Agility check's odds.
int print_multi(const core::TraitRoll& agility, const TraitArgs& args, int actions, std::ostream& out) {
  core::MultiAction turn = core::multi_action(agility.rules, actions);
  nlohmann::ordered_json result{{"actions", actions}, {"penalty", turn.penalty}};
  result["agility_tn"] = turn.agility_tn == 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(turn.agility_tn);
  if (turn.agility_tn != 0) {
    core::TraitOdds odds = core::trait_odds(core::multi_action_agility_check(agility, actions));
    result["success"] = odds.success;
    result["raise"] = odds.raise;
    result["crit_fail"] = odds.crit_fail;
    result["crit_success"] = odds.crit_success;
  }
  if (args.json) return print_odds(result, "", true, out);
  out << fmt::format("{} action{} ({}, {}): {} on every check of the turn\n", actions, actions == 1 ? "" : "s",
                     args.rules, core::to_string(agility.rules.multi_action_penalty),
                     turn.penalty == 0 ? "no penalty" : fmt::format("{:+d}", turn.penalty));
  if (turn.agility_tn == 0) {
    out << "  no Agility check: it comes with 3 or more actions (002 L41)\n";
    return exit_ok;
  }
  return print_odds(in_words(result, agility.rules),
                    fmt::format("the Agility check first, {}, TN {}", describe_dice(agility, args), turn.agility_tn),
                    false, out);
}

}  // namespace

int run_tabletop_odds(int argc, char** argv, std::ostream& out, std::ostream& err) {
  const std::string kind = argv[0];
  const std::string command = "marshal odds " + kind;
  CLI::App app{"", command};
  TraitArgs args;
  int bennies = -1, named = 1, members = 0, actions = 0;
  std::string penalty;
  bool compound = false, past_allies = false;
  if (kind == "trait") {
    app.description("Exact odds of one Savage Worlds trait roll: the trait die and (for a Wild Card) the Wild "
                    "Die, both exploding, against a Target Number, from closed forms (docs/tabletop.md).");
    add_trait_options(app, args);
    app.add_option("--bennies", bennies, "also the odds with up to K rerolls (Bennies), 0..100")->check(CLI::Range(0, 100));
    app.add_flag("--past-allies", past_allies,
                 "a shot past allies (deadlands-ru, 002 L51): TN +1, and the odds of a result of exactly TN - 1, "
                 "which hits the ally in front (\"ally\")");
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
  } else if (kind == "group") {
    app.description("A group roll (001 L29): a group of like Extras rolls one trait die and a Wild Die, and the "
                    "result is every member's; beside it the odds of each member rolling alone.");
    add_trait_options(app, args);
    app.add_option("--count", members, "the Extras in the group, 1..100")->required()->check(CLI::Range(1, 100));
  } else if (kind == "multi") {
    app.description("Several actions in one turn (002 L40-41): the penalty on every check of the turn and, with "
                    "3 or more actions, the odds of the Agility check rolled first at TN 4 + 2 (n - 2). --die "
                    "is the Agility die; --tn is not used.");
    add_trait_options(app, args);
    app.add_option("--actions", actions, "the actions declared this turn, free ones not counted, 1..20")
        ->required()
        ->check(CLI::Range(1, 20));
    app.add_option("--penalty", penalty, "the multi-action penalty: flat (-2 with 2+ actions, deadlands-ru) or "
                                         "per_extra_action (-2 per action beyond the first)")
        ->check(CLI::IsMember({"flat", "per_extra_action"}));
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
    if (kind == "group") return print_group(*roll, args, members, out);
    if (kind == "multi") {
      if (!penalty.empty()) roll->rules.multi_action_penalty = *core::multi_action_penalty_from_string(penalty);
      if (actions >= 2 && roll->rules.multi_action_penalty == core::MultiActionPenalty::none) {
        err << fmt::format("{}: --rules: {} has no multi-action rule (seeds 001 and 000 give none; deadlands-ru's is "
                           "002 L40-41); give --rules deadlands-ru or --penalty flat|per_extra_action\n",
                           command, args.rules);
        return exit_usage;
      }
      return print_multi(*roll, args, actions, out);
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
    if (past_allies) *roll = core::past_allies_shot(*roll);
    core::TraitOdds odds = core::trait_odds(*roll);
    nlohmann::ordered_json result{{"success", odds.success},
                                  {"raise", odds.raise},
                                  {"crit_fail", odds.crit_fail},
                                  {"crit_success", odds.crit_success}};
    if (bennies >= 0) result["success_with_bennies"] = odds.success_with_bennies(bennies);
    if (past_allies) result["ally"] = core::past_allies_odds(*roll).ally;
    if (args.json) return print_odds(result, "", true, out);
    out << describe(*roll, args) << (past_allies ? fmt::format(" + 1 past allies = TN {}", roll->tn) : "") << ":\n";
    out << fmt::format("  success           {}\n  at least a raise  {}\n  critical failure  {}\n",
                       percent(odds.success), percent(odds.raise), percent(odds.crit_fail));
    if (roll->rules.critical_success) out << fmt::format("  critical success  {}\n", percent(odds.crit_success));
    if (bennies >= 0)
      out << fmt::format("  {:<17} {}\n", fmt::format("with {} Benn{}", bennies, bennies == 1 ? "y" : "ies"),
                         percent(odds.success_with_bennies(bennies)));
    if (past_allies) out << fmt::format("  hits the ally     {}  (a result of exactly {})\n", percent(result["ally"].get<double>()), roll->tn - 1);
    return exit_ok;
  } catch (const core::Refusal& r) {
    return refused(r, command.c_str(), err);
  }
}

int run_roll(const RollArgs& args, std::ostream& out, std::ostream& err) {
  const char* command = "marshal roll";
  try {
    auto roll = trait_roll_from(args.trait, command, err);
    if (!roll) return exit_usage;
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
