#include "cli/tabletop_commands.h"

#include <algorithm>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <sodium.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "cli/cli_words.h"
#include "cli/odds_output.h"
#include "core/refusal.h"
#include "core/chance_odds.h"
#include "core/csprng.h"
#include "core/group_roll.h"
#include "core/table_modifiers.h"
#include "core/trait_dice.h"
#include "core/trait_roll.h"
#include "i18n/translate.h"
#include "i18n/utf8_text.h"

namespace marshal::cli {

using i18n::tr;
using i18n::trn;

namespace {

using core::die_sides;

}  // namespace

bool is_tabletop_odds(const char* kind) {
  for (const char* k : {"trait", "fate", "serial", "luck", "marker", "group", "multi"})
    if (std::string(kind) == k) return true;
  return false;
}

void add_trait_options(CLI::App& app, TraitArgs& args) {
  app.add_option("--die", args.die, tr("the trait die: d4, d6, d8, d10, d12 (d2: the unskilled coin of deadlands-1876)"))
      ->required();
  app.add_option("--wild", args.wild, tr("the Wild Die: d6 (default), d8, or none for an Extra"));
  app.add_option("--mod", args.modifier, tr("the sum of the modifiers, -20..20 (default 0)"))->check(CLI::Range(-20, 20));
  app.add_option("--tn", args.tn, tr("the Target Number, 1..99 (default 4)"))->check(CLI::Range(1, 99));
  app.add_option("--rules", args.rules, tr("the ruleset: savage (default), deadlands-1876, deadlands-ru"))
      ->check(CLI::IsMember({"savage", "deadlands-1876", "deadlands-ru"}));
  app.add_option("--wounds", args.wounds, tr("wounds, 0..20: -1 each on the roll in deadlands-ru (002 L6), none in "
                                             "savage and deadlands-1876 (default 0)"))
      ->check(CLI::Range(0, 20));
}

namespace {

// The roll the options describe; nullopt after saying on `err` which option is wrong.
std::optional<core::TraitRoll> trait_roll_from(const TraitArgs& args, const char* command, std::ostream& err) {
  core::TraitRules rules = core::rules_for(*core::ruleset_from_string(args.rules));
  auto sides = die_sides(args.die);
  if (!sides) {
    err << command << ": "
        << fmt::format(fmt::runtime(tr("--die: '{}' is not a die; give d4, d6, d8, d10 or d12")), args.die) << "\n";
    return std::nullopt;
  }
  core::TraitRoll roll = core::wild_card_roll(rules, *sides, args.modifier, args.tn);
  if (!args.wild.empty()) {
    if (args.wild == "none") {
      roll.wild_die = 0;
    } else if (auto w = die_sides(args.wild); w && (*w == 6 || *w == 8)) {
      roll.wild_die = *w;
    } else {
      err << command << ": "
          << fmt::format(fmt::runtime(tr("--wild: '{}' is not a Wild Die; give d6, d8 or none")), args.wild) << "\n";
      return std::nullopt;
    }
  }
  if (*sides == 2 && args.wild.empty()) roll.wild_die = 0;  // the coin is rolled without a Wild Die
  roll.modifier += core::wound_modifier(rules, args.wounds);
  return roll;
}

core::Seed seed_for(const std::string& text) {
  if (!text.empty()) return core::seed_from_text(text);
  core::Seed seed;
  randombytes_buf(seed.data(), seed.size());
  return seed;
}

}  // namespace

namespace {

// The column of the figures' names in words: 21, or wider for a longer name (a translation).
int odds_width() {
  int width = 21;
  for (const std::string& name : {tr("success"), tr("at least a raise"), tr("critical failure"), tr("critical success"),
                                  tr("bad luck"), tr("Last Chance missed"), tr("TNs"), tr("rolls expected")})
    width = std::max(width, static_cast<int>(i18n::characters_in(name)));
  return width;
}

// Prints a JSON object, or the same figures in words as percentages.
int print_odds(const nlohmann::ordered_json& result, const std::string& heading, bool json, std::ostream& out) {
  if (json) {
    out << result.dump() << "\n";
    return exit_ok;
  }
  // The probabilities in words; other figures (a ladder, a mean) are the caller's to print.
  const std::map<std::string, std::string> words{{"success", tr("success")},
                                                 {"raise", tr("at least a raise")},
                                                 {"crit_fail", tr("critical failure")},
                                                 {"crit_success", tr("critical success")},
                                                 {"bad_luck", tr("bad luck")},
                                                 {"failure", tr("Last Chance missed")}};
  const int width = odds_width();
  out << heading << ":\n";
  for (auto it = result.begin(); it != result.end(); ++it)
    if (auto w = words.find(it.key()); w != words.end())
      out << figure_line(w->second, percent(it.value().get<double>()), width);
  return exit_ok;
}

// "d8 with a d6 Wild Die, modifier +1 (savage)", and with the TN. The modifier holds the wounds'.
std::string describe_dice(const core::TraitRoll& roll, const TraitArgs& args) {
  const auto wounds = static_cast<std::uint64_t>(args.wounds);
  const bool wild = roll.wild_die != 0;
  if (args.wounds == 0 && wild)
    // TRANSLATORS: {0} the trait die's sides (8 for d8), {1} the Wild Die's sides, {2} the modifier (+1), {3} the
    // ruleset (savage), as typed.
    return fmt::format(fmt::runtime(tr("d{} with a d{} Wild Die, modifier {:+d} ({})")), roll.trait_die, roll.wild_die,
                       roll.modifier, args.rules);
  if (args.wounds == 0)
    // TRANSLATORS: {0} the trait die's sides, {1} the modifier (+1), {2} the ruleset (savage).
    return fmt::format(fmt::runtime(tr("d{} with no Wild Die, modifier {:+d} ({})")), roll.trait_die, roll.modifier,
                       args.rules);
  if (roll.rules.wound_penalty == core::WoundPenalty::none && wild)
    // TRANSLATORS: {0} the trait die's sides, {1} the Wild Die's, {2} the modifier, {3} the wounds, {4} the ruleset.
    return fmt::format(fmt::runtime(trn("d{} with a d{} Wild Die, modifier {:+d}, {} wound without penalty ({})",
                                        "d{} with a d{} Wild Die, modifier {:+d}, {} wounds without penalty ({})",
                                        wounds)),
                       roll.trait_die, roll.wild_die, roll.modifier, args.wounds, args.rules);
  if (roll.rules.wound_penalty == core::WoundPenalty::none)
    // TRANSLATORS: {0} the trait die's sides, {1} the modifier, {2} the wounds, {3} the ruleset.
    return fmt::format(fmt::runtime(trn("d{} with no Wild Die, modifier {:+d}, {} wound without penalty ({})",
                                        "d{} with no Wild Die, modifier {:+d}, {} wounds without penalty ({})", wounds)),
                       roll.trait_die, roll.modifier, args.wounds, args.rules);
  const int penalty = core::wound_modifier(roll.rules, args.wounds);
  if (wild)
    // TRANSLATORS: {0} the trait die's sides, {1} the Wild Die's, {2} the whole modifier, {3} the part of it the
    // wounds make (-2), {4} the wounds, {5} the ruleset.
    return fmt::format(fmt::runtime(trn("d{} with a d{} Wild Die, modifier {:+d} of which {:+d} for {} wound ({})",
                                        "d{} with a d{} Wild Die, modifier {:+d} of which {:+d} for {} wounds ({})",
                                        wounds)),
                       roll.trait_die, roll.wild_die, roll.modifier, penalty, args.wounds, args.rules);
  // TRANSLATORS: {0} the trait die's sides, {1} the whole modifier, {2} the part of it the wounds make (-2), {3} the
  // wounds, {4} the ruleset.
  return fmt::format(fmt::runtime(trn("d{} with no Wild Die, modifier {:+d} of which {:+d} for {} wound ({})",
                                      "d{} with no Wild Die, modifier {:+d} of which {:+d} for {} wounds ({})", wounds)),
                     roll.trait_die, roll.modifier, penalty, args.wounds, args.rules);
}
std::string describe(const core::TraitRoll& roll, const TraitArgs& args) {
  // TRANSLATORS: {0} describes the dice (d8 with a d6 Wild Die, modifier +1 (savage)), {1} the Target Number.
  return fmt::format(fmt::runtime(tr("{}, TN {}")), describe_dice(roll, args), args.tn);
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
             // TRANSLATORS: {0} is how many Extras are in the group, {1} describes the dice and the TN.
             fmt::format(fmt::runtime(tr("a group of {} rolling {}, one result for all")), members, describe(roll, args)),
             false, out);
  // TRANSLATORS: each member's odds alone: success, the members expected to succeed of all, at least one, a
  // majority.
  const std::string alone = tr("each alone, no Wild Die: success {}, {:.2f} of {} expected, at least one {}, a majority {}");
  out << "  "
      << fmt::format(fmt::runtime(alone), percent(odds.alone_success), odds.alone_expected, members,
                     percent(odds.alone_at_least_one), percent(odds.alone_majority))
      << "\n";
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
  const auto n = static_cast<std::uint64_t>(actions);
  const std::string penalty_rule(core::to_string(agility.rules.multi_action_penalty));
  if (turn.penalty == 0)
    // TRANSLATORS: {0} is how many actions, {1} the ruleset (savage), {2} the penalty rule (flat), as typed.
    out << fmt::format(fmt::runtime(trn("{} action ({}, {}): no penalty on every check of the turn",
                                        "{} actions ({}, {}): no penalty on every check of the turn", n)),
                       actions, args.rules, penalty_rule);
  else
    // TRANSLATORS: {0} is how many actions, {1} the ruleset, {2} the penalty rule (flat), {3} the penalty (-2).
    out << fmt::format(fmt::runtime(trn("{} action ({}, {}): {:+d} on every check of the turn",
                                        "{} actions ({}, {}): {:+d} on every check of the turn", n)),
                       actions, args.rules, penalty_rule, turn.penalty);
  out << "\n";
  if (turn.agility_tn == 0) {
    out << "  " << tr("no Agility check: it comes with 3 or more actions (002 L41)") << "\n";
    return exit_ok;
  }
  return print_odds(in_words(result, agility.rules),
                    // TRANSLATORS: {0} describes the Agility dice, {1} the check's Target Number.
                    fmt::format(fmt::runtime(tr("the Agility check first, {}, TN {}")), describe_dice(agility, args),
                                turn.agility_tn),
                    false, out);
}

}  // namespace

int run_tabletop_odds(int argc, char** argv, std::ostream& out, std::ostream& err) {
  const std::string kind = argv[0];
  const std::string command = "marshal odds " + kind;  // i18n: not words (the command)
  CLI::App app{"", command};
  speak_words(app);
  TraitArgs args;
  int bennies = -1, named = 1, members = 0, actions = 0;
  std::string penalty;
  bool compound = false, past_allies = false;
  if (kind == "trait") {
    app.description(tr("Exact odds of one Savage Worlds trait roll: the trait die and (for a Wild Card) the Wild "
                       "Die, both exploding, against a Target Number, from closed forms (docs/tabletop.md)."));
    add_trait_options(app, args);
    app.add_option("--bennies", bennies, tr("also the odds with up to K rerolls (Bennies), 0..100"))
        ->check(CLI::Range(0, 100));
    app.add_flag("--past-allies", past_allies,
                 tr("a shot past allies (deadlands-ru, 002 L51): TN +1, and the odds of a result of exactly TN - 1, "
                    "which hits the ally in front (\"ally\")"));
  } else if (kind == "fate") {
    app.description(tr("A Fate Roll (Deadlands, 000 L62): the TN from a drawn card (2-10 face value, J/Q/K 10, "
                       "Ace 11; the red Joker a critical success, the black a critical failure), averaged over "
                       "the 54 cards. --tn is not used."));
    add_trait_options(app, args);
  } else if (kind == "serial") {
    app.description(tr("A serial roll (000 L44): rolled until it succeeds, a critical failure ends it. With "
                       "--compound (000 L46) the TN rises by 2 after each failure up to a last roll at TN 12."));
    add_trait_options(app, args);
    app.add_flag("--compound", compound, tr("a compound serial roll: TN +2 after each failure, the last at TN 12"));
  } else if (kind == "luck") {
    app.description(tr("A Luck Draw (000 L58) from a 54-card deck: a named card or either Joker succeeds; the Ace "
                       "of Spades is always bad luck."));
    app.add_option("--named", named, tr("named cards that succeed, not counting Jokers or the Ace of Spades, 1..51 "
                                        "(default 1; \"Queen or higher\" is 11)"))
        ->check(CLI::Range(1, 51));
  } else if (kind == "group") {
    app.description(tr("A group roll (001 L29): a group of like Extras rolls one trait die and a Wild Die, and the "
                       "result is every member's; beside it the odds of each member rolling alone."));
    add_trait_options(app, args);
    app.add_option("--count", members, tr("the Extras in the group, 1..100"))->required()->check(CLI::Range(1, 100));
  } else if (kind == "multi") {
    app.description(tr("Several actions in one turn (002 L40-41): the penalty on every check of the turn and, with "
                       "3 or more actions, the odds of the Agility check rolled first at TN 4 + 2 (n - 2). --die "
                       "is the Agility die; --tn is not used."));
    add_trait_options(app, args);
    app.add_option("--actions", actions, tr("the actions declared this turn, free ones not counted, 1..20"))
        ->required()
        ->check(CLI::Range(1, 20));
    app.add_option("--penalty", penalty, tr("the multi-action penalty: flat (-2 with 2+ actions, deadlands-ru) or "
                                            "per_extra_action (-2 per action beyond the first)"))
        ->check(CLI::IsMember({"flat", "per_extra_action"}));
  } else {
    app.description(tr("A Connection Marker (000 L88-90): its die, no Wild Die, against TN 4; it steps down "
                       "d12 > d10 > d8 > d6 > d4 > spent after each use."));
    app.add_option("--die", args.die, tr("the marker's die: d4, d6, d8, d10, d12"))->required();
  }
  app.add_flag("--json", args.json, tr("print JSON (probabilities) rather than words"));
  word_groups(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? exit_ok : exit_usage;
  }
  try {
    if (kind == "luck") {
      core::LuckOdds odds = core::luck_draw_odds(named);
      return print_odds({{"success", odds.success}, {"bad_luck", odds.bad_luck}},
                        fmt::format(fmt::runtime(trn("a Luck Draw with {} named card", "a Luck Draw with {} named cards",
                                                     static_cast<std::uint64_t>(named))),
                                    named),
                        args.json, out);
    }
    if (kind == "marker") {
      auto sides = die_sides(args.die);
      if (!sides) {
        err << command << ": "
            << fmt::format(fmt::runtime(tr("--die: '{}' is not a die; give d4, d6, d8, d10 or d12")), args.die) << "\n";
        return exit_usage;
      }
      nlohmann::ordered_json result{{"success", core::marker_odds(*sides)}};
      int next = core::marker_step_down(*sides);
      result["next_die"] = next == 0 ? "spent" : fmt::format("d{}", next);
      result["expected_favors"] = core::marker_expected_favors(*sides);
      if (args.json) return print_odds(result, "", true, out);
      // TRANSLATORS: {0} the marker die's sides (8 for d8), {1} the odds of success, {2} the die it steps down to
      // (d6, or the word for spent), {3} the favours expected.
      out << fmt::format(fmt::runtime(tr("a d{} Connection Marker against TN 4:\n  success  {}\n  then     {}\n"
                                         "  favours  {:.3f} expected before it is spent\n")),
                         *sides, percent(result["success"].get<double>()),
                         next == 0 ? tr("spent") : result["next_die"].get<std::string>(),
                         result["expected_favors"].get<double>());
      return exit_ok;
    }
    auto roll = trait_roll_from(args, command.c_str(), err);
    if (!roll) return exit_usage;
    if (kind == "fate") {
      core::FateOdds odds = core::fate_roll_odds(*roll);
      return print_odds({{"success", odds.success}, {"crit_fail", odds.crit_fail}, {"crit_success", odds.crit_success}},
                        // TRANSLATORS: {} describes the dice (d8 with a d6 Wild Die, modifier +1 (savage)).
                        fmt::format(fmt::runtime(tr("a Fate Roll of {}, the TN from a drawn card")),
                                    describe_dice(*roll, args)),
                        args.json, out);
    }
    if (kind == "group") return print_group(*roll, args, members, out);
    if (kind == "multi") {
      if (!penalty.empty()) roll->rules.multi_action_penalty = *core::multi_action_penalty_from_string(penalty);
      if (actions >= 2 && roll->rules.multi_action_penalty == core::MultiActionPenalty::none) {
        // TRANSLATORS: {} is the ruleset given (savage).
        const std::string none = tr("--rules: {} has no multi-action rule (seeds 001 and 000 give none; deadlands-ru's "
                                    "is 002 L40-41); give --rules deadlands-ru or --penalty flat|per_extra_action");
        err << command << ": " << fmt::format(fmt::runtime(none), args.rules) << "\n";
        return exit_usage;
      }
      return print_multi(*roll, args, actions, out);
    }
    if (kind == "serial") {
      core::SerialOdds odds = core::serial_roll_odds(*roll, compound);
      nlohmann::ordered_json result{{"success", odds.success}, {"crit_fail", odds.crit_fail}, {"failure", odds.failure},
                                    {"expected_rolls", odds.expected_rolls}, {"ladder", odds.ladder}};
      if (args.json) return print_odds(result, "", true, out);
      // TRANSLATORS: {} describes the dice and the TN.
      std::string heading = tr("a serial roll of {}");
      // TRANSLATORS: {} describes the dice and the TN.
      if (compound) heading = tr("a compound serial roll of {}");
      print_odds(result, fmt::format(fmt::runtime(heading), describe(*roll, args)), false, out);
      std::string ladder;
      for (int tn : odds.ladder) ladder += (ladder.empty() ? "" : ", ") + std::to_string(tn);
      // TRANSLATORS: the Target Numbers of a serial roll, one after another.
      out << figure_line(tr("TNs"), ladder, odds_width())
          << figure_line(tr("rolls expected"), fmt::format("{:.2f}", odds.expected_rolls), odds_width());
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
    // TRANSLATORS: {0} describes the dice and the TN, {1} the TN one higher for the shot past allies.
    out << (past_allies ? fmt::format(fmt::runtime(tr("{} + 1 past allies = TN {}")), describe(*roll, args), roll->tn)
                        : describe(*roll, args))
        << ":\n";
    std::vector<std::pair<std::string, std::string>> figures{{tr("success"), percent(odds.success)},
                                                             {tr("at least a raise"), percent(odds.raise)},
                                                             {tr("critical failure"), percent(odds.crit_fail)}};
    if (roll->rules.critical_success) figures.emplace_back(tr("critical success"), percent(odds.crit_success));
    if (bennies >= 0)
      // TRANSLATORS: the odds of success with up to this many rerolls (Bennies).
      figures.emplace_back(fmt::format(fmt::runtime(trn("with {} Benny", "with {} Bennies",
                                                        static_cast<std::uint64_t>(bennies))),
                                       bennies),
                           percent(odds.success_with_bennies(bennies)));
    if (past_allies)
      // TRANSLATORS: {} is the result (exactly the TN - 1) that hits the ally in front.
      figures.emplace_back(tr("hits the ally"), percent(result["ally"].get<double>()) + "  " +
                                                    fmt::format(fmt::runtime(tr("(a result of exactly {})")), roll->tn - 1));
    // The names in a column of 17, or wider for a longer name (a translation).
    int width = 17;
    for (const auto& [name, value] : figures) width = std::max(width, static_cast<int>(i18n::characters_in(name)));
    for (const auto& [name, value] : figures) out << figure_line(name, value, width);
    return exit_ok;
  } catch (const core::Refusal& r) {
    return refused(r, command.c_str(), err);
  }
}

int run_roll(const RollArgs& args, std::ostream& out, std::ostream& err) {
  const char* command = "marshal roll";  // i18n: not words (the command)
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
