#include "cli/combat_odds_commands.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "cli/cli_words.h"
#include "cli/odds_output.h"
#include "core/damage.h"
#include "core/incapacitation.h"
#include "core/soak.h"
#include "core/table_modifiers.h"
#include "i18n/translate.h"
#include "i18n/utf8_text.h"

namespace marshal::cli {

using i18n::tr;

bool is_combat_odds(const char* kind) {
  for (const char* k : {"damage", "soak", "incapacitation"})
    if (std::string(kind) == k) return true;
  return false;
}

namespace {

// --rules and --json, which every combat kind takes, then the parse: an exit code when it is
// over (--help, or a usage error said on `err`), nullopt to go on.
std::optional<int> add_common_and_parse(CLI::App& app, std::string& rules, bool& json, int argc, char** argv,
                                        std::ostream& out, std::ostream& err) {
  app.add_option("--rules", rules, tr("the ruleset: savage (default), deadlands-1876, deadlands-ru"))
      ->check(CLI::IsMember({"savage", "deadlands-1876", "deadlands-ru"}));
  app.add_flag("--json", json, tr("print JSON (probabilities) rather than words"));
  word_groups(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? exit_ok : exit_usage;
  }
  return std::nullopt;
}

// "marshal odds soak: --vigor: 'x' is not a die; ..." on `err`; returns exit_usage.
int not_a_die(const std::string& command, const char* option, const std::string& typed, std::ostream& err) {
  // TRANSLATORS: {} is what was typed for a die.
  err << command << ": " << option << ": " << fmt::format(fmt::runtime(tr("'{}' is not a die; give d4, d6, d8, d10 or d12")), typed)
      << "\n";
  return exit_usage;
}

struct DamageArgs {
  std::string dice, rules = "savage";
  int modifier = 0, toughness = 0, armor = 0, armor_piercing = 0;
  bool raise = false, joker = false, crit_success = false, shaken = false, json = false;
};

// "2d6+1 against Toughness 6 (savage), a raise: +d6, the Joker: +2".
std::string describe(const DamageArgs& args) {
  std::string dice = args.dice + (args.modifier == 0 ? "" : fmt::format("{:+d}", args.modifier));
  // TRANSLATORS: {0} the damage dice and modifier (2d6+1), {1} the target's Toughness, {2} the ruleset, as typed.
  std::string text = fmt::format(fmt::runtime(tr("damage {} against Toughness {} ({})")), dice, args.toughness, args.rules);
  std::vector<std::string> extras;
  if (args.armor_piercing > 0)
    // TRANSLATORS: {0} the weapon's Armour Piercing, {1} the armour of the target's Toughness, {2} the Toughness the hit
    // is judged against.
    extras.push_back(fmt::format(fmt::runtime(tr("AP {} against armour {}: Toughness {}")), args.armor_piercing, args.armor,
                                 core::toughness_against(args.toughness, args.armor, args.armor_piercing)));
  // TRANSLATORS: what a raise on the attack adds to the damage (002 L8).
  if (args.raise) extras.push_back(tr("a raise: +d6"));
  // TRANSLATORS: what the Joker adds to the damage (000 L54); {} is the bonus.
  if (args.joker) extras.push_back(fmt::format(fmt::runtime(tr("the Joker: {:+d}")), core::joker_bonus));
  if (args.crit_success) extras.push_back(tr("a Critical Success: each die starts at its maximum"));
  if (args.shaken) extras.push_back(tr("the target Shaken already"));
  for (const std::string& extra : extras) text += ", " + extra;
  return text;
}

int print_damage(const DamageArgs& args, const core::DamageOdds& odds, std::ostream& out) {
  if (args.json) {
    nlohmann::ordered_json result{{"shaken", odds.shaken}, {"wound_at_least", odds.wound_at_least}};
    out << result.dump() << "\n";
    return exit_ok;
  }
  std::vector<std::pair<std::string, double>> figures{{tr("Shaken or worse"), odds.shaken}};
  for (std::size_t k = 1; k <= odds.wound_at_least.size(); ++k)
    // TRANSLATORS: the odds of a damage roll causing this many wounds or more.
    figures.emplace_back(fmt::format(fmt::runtime(i18n::trn("at least {} wound", "at least {} wounds", k)), k),
                         odds.wound_at_least[k - 1]);
  int width = 17;
  for (const auto& [name, p] : figures) width = std::max(width, static_cast<int>(i18n::characters_in(name)));
  out << describe(args) << ":\n";
  for (const auto& [name, p] : figures) out << figure_line(name, percent(p), width);
  return exit_ok;
}

int run_damage_odds(int argc, char** argv, const std::string& command, std::ostream& out, std::ostream& err) {
  CLI::App app{tr("Exact odds of a damage roll against Toughness (docs/tabletop.md, Damage and Soak odds): the "
                  "damage dice explode and have no Wild Die; reaching Toughness Shakes, each full 4 over it is a "
                  "wound (a target Shaken already takes a wound instead of being Shaken again)."),
               command};
  speak_words(app);
  DamageArgs args;
  app.add_option("--dice", args.dice, tr("the damage dice: 2d6, d8+d6, 2d6+d8 (d4 to d12, at most 6 dice with the "
                                         "raise's d6)"))
      ->required();
  app.add_option("--mod", args.modifier, tr("the weapon's modifier, added after Aces, -20..20 (default 0)"))
      ->check(CLI::Range(-core::max_damage_modifier, core::max_damage_modifier));
  app.add_option("--toughness", args.toughness, tr("the target's Toughness, armour included, 1..40"))->required();
  app.add_option("--armor", args.armor, tr("the part of --toughness that is armour, which Armour Piercing takes off: "
                                           "0 to Toughness - 1 (default 0)"));
  app.add_option("--ap", args.armor_piercing, tr("the weapon's Armour Piercing, 0..40: takes off that much of --armor, "
                                                 "never more (default 0)"));
  app.add_flag("--raise", args.raise, tr("the attack got a raise: one more d6, however many raises (002 L8)"));
  app.add_flag("--joker", args.joker, tr("the attacker holds the Joker this round: +2 (000 L54)"));
  app.add_flag("--crit-success", args.crit_success,
               tr("the attack was a Critical Success: each damage die starts at its maximum and Aces on from there "
                  "(deadlands-1876, 000 L20)"));
  app.add_flag("--shaken", args.shaken, tr("the target is Shaken already: being Shaken again is a wound"));
  if (auto done = add_common_and_parse(app, args.rules, args.json, argc, argv, out, err)) return *done;
  const std::optional<std::vector<int>> dice = core::parse_damage_dice(args.dice);
  if (!dice) {
    err << command << ": "
        << fmt::format(fmt::runtime(tr("--dice: '{}' is not damage dice; give them as 2d6, d8+d6 or 2d6+d8")), args.dice)
        << "\n";
    return exit_usage;
  }
  try {
    core::DamageRoll roll{*dice, args.modifier, args.raise, args.joker, args.crit_success,
                          core::rules_for(*core::ruleset_from_string(args.rules))};
    const int toughness = core::toughness_against(args.toughness, args.armor, args.armor_piercing);
    return print_damage(args, core::damage_odds(roll, toughness, args.shaken), out);
  } catch (const core::Refusal& r) {
    return refused(r, command.c_str(), err);
  }
}

// The Vigor roll of a Soak or an Incapacitation, as its options give it.
struct VigorArgs {
  std::string vigor, wild, rules;  // no --wild: the ruleset's Wild Die
  int modifier = 0, held = 0;
  bool joker = false, json = false;
};

// `held_help` empty: no --held (a ruleset without wound penalties).
void add_vigor_options(CLI::App& app, VigorArgs& args, const std::string& held_help, const std::string& joker_help) {
  app.add_option("--vigor", args.vigor, tr("the Vigor die: d4, d6, d8, d10, d12"))->required();
  app.add_option("--wild", args.wild, tr("the Wild Die: d6 (default), d8, or none for an Extra"));
  app.add_option("--mod", args.modifier, tr("the sum of the other modifiers, -20..20 (default 0)"))
      ->check(CLI::Range(-core::max_damage_modifier, core::max_damage_modifier));
  if (!held_help.empty()) app.add_option("--held", args.held, held_help)->check(CLI::Range(0, 20));
  app.add_flag("--joker", args.joker, joker_help);
}

// The roll (its TN `tn`); nullopt after saying on `err` which die is not one.
std::optional<core::TraitRoll> vigor_roll_from(const VigorArgs& args, const core::TraitRules& rules, int tn,
                                               const std::string& command, std::ostream& err) {
  const std::optional<int> vigor_die = core::die_sides(args.vigor);
  const std::optional<int> wild_die = args.wild.empty()    ? std::optional<int>(rules.wild_die)
                                      : args.wild == "none" ? std::optional<int>(0)
                                                            : core::die_sides(args.wild);
  if (!vigor_die) {
    not_a_die(command, "--vigor", args.vigor, err);
    return std::nullopt;
  }
  if (!wild_die || (*wild_die != 0 && *wild_die != 6 && *wild_die != 8)) {
    err << command << ": " << fmt::format(fmt::runtime(tr("--wild: '{}' is not a Wild Die; give d6, d8 or none")), args.wild)
        << "\n";
    return std::nullopt;
  }
  const int modifier = args.modifier + (args.joker ? core::joker_bonus : 0) + core::wound_modifier(rules, args.held);
  return core::TraitRoll{*vigor_die, *wild_die, modifier, tn, rules};
}

// The engine's refusal of a Vigor roll, in the words of these commands' options.
int refused_vigor(const core::Refusal& r, const std::string& command, std::ostream& err) {
  return refused(r, command.c_str(), err, {{"trait_die", "vigor"}, {"wild_die", "wild"}});
}

// "Soak with Vigor d8 and a d6 Wild Die, modifier +0, against a hit of 2 wounds (savage)".
std::string describe_soak(const VigorArgs& args, int wounds, const core::TraitRoll& vigor, const core::SoakOdds& odds) {
  const std::string wild = vigor.wild_die == 0 ? tr("no Wild Die") : fmt::format(fmt::runtime(tr("a d{} Wild Die")), vigor.wild_die);
  // TRANSLATORS: {0} the Vigor die's sides (8 for d8), {1} "a d6 Wild Die" or "no Wild Die", {2} the whole modifier
  // (+2), {3} the hit's wounds, {4} the ruleset as typed.
  std::string text = fmt::format(fmt::runtime(i18n::trn("Soak with Vigor d{} and {}, modifier {:+d}, against a hit of {} wound ({})",
                                                        "Soak with Vigor d{} and {}, modifier {:+d}, against a hit of {} wounds ({})",
                                                        static_cast<std::uint64_t>(wounds))),
                                 vigor.trait_die, wild, vigor.modifier, wounds, args.rules);
  // TRANSLATORS: {} the Target Number of the Soak's Vigor roll.
  if (odds.automatic == 0) return text + ": " + fmt::format(fmt::runtime(tr("Vigor against TN {}, a wound a success and each raise")), odds.tn);
  // TRANSLATORS: {0} the wounds the chip soaks at once, {1} the Target Number of the Vigor roll after it (000 L182).
  return text + ": " + fmt::format(fmt::runtime(tr("the chip soaks {} at once, then Vigor against TN {} one more and each raise")),
                                   odds.automatic, odds.tn);
}

int run_soak_odds(int argc, char** argv, const std::string& command, std::ostream& out, std::ostream& err) {
  CLI::App app{tr("Exact odds of a Soak (docs/tabletop.md, Damage and Soak odds): a chip spent after a hit buys a "
                  "Vigor roll that takes wounds back: in savage and deadlands-ru TN 4, a wound a success and each "
                  "raise (001 L44); in deadlands-1876 the chip soaks one wound at once, then TN 8 one more and each "
                  "raise (000 L182)."),
               command};
  speak_words(app);
  VigorArgs args;
  args.rules = "savage";
  int wounds = 0;
  add_vigor_options(app, args,
                    tr("wounds held before the hit, 0..20: -1 each on the roll where the ruleset has wound penalties "
                       "(deadlands-ru, 002 L6)"),
                    tr("the soaker holds the Joker this round: +2 (000 L54)"));
  app.add_option("--wounds", wounds, tr("the wounds of the hit to soak, 1..10 (not the wounds held: --held)"))->required();
  if (auto done = add_common_and_parse(app, args.rules, args.json, argc, argv, out, err)) return *done;
  const auto vigor = vigor_roll_from(args, core::rules_for(*core::ruleset_from_string(args.rules)), core::soak_tn, command, err);
  if (!vigor) return exit_usage;
  try {
    const core::SoakOdds odds = core::soak_odds(*vigor, wounds);
    if (args.json) {
      nlohmann::ordered_json result{{"soak_at_least", odds.soak_at_least}, {"tn", odds.tn}, {"automatic", odds.automatic}};
      out << result.dump() << "\n";
      return exit_ok;
    }
    std::vector<std::string> names;
    int width = 17;
    for (std::size_t k = 1; k <= odds.soak_at_least.size(); ++k) {
      // TRANSLATORS: the odds of a Soak taking back this many wounds or more.
      names.push_back(fmt::format(fmt::runtime(i18n::trn("at least {} soaked", "at least {} soaked", k)), k));
      width = std::max(width, static_cast<int>(i18n::characters_in(names.back())));
    }
    out << describe_soak(args, wounds, *vigor, odds) << ":\n";
    for (std::size_t k = 0; k < names.size(); ++k) out << figure_line(names[k], percent(odds.soak_at_least[k]), width);
    return exit_ok;
  } catch (const core::Refusal& r) {
    return refused_vigor(r, command, err);
  }
}

int run_incapacitation_odds(int argc, char** argv, const std::string& command, std::ostream& out, std::ostream& err) {
  CLI::App app{tr("Exact odds of the Incapacitation roll of deadlands-1876 (000 L170-176): Vigor against TN 4; a "
                  "Critical Failure is death, a failure Bleeding Out, a success unconscious, a raise a Last Stand at "
                  "W3, a Critical Success stays in at W3. The seeds give savage and deadlands-ru no such table."),
               command};
  speak_words(app);
  VigorArgs args;
  args.rules = "deadlands-1876";
  add_vigor_options(app, args, "",  // no --held: deadlands-1876 has no wound penalties (000 L163)
                    tr("the character holds the Joker this round: +2 (000 L54)"));
  if (auto done = add_common_and_parse(app, args.rules, args.json, argc, argv, out, err)) return *done;
  if (args.rules != "deadlands-1876") {
    err << command << ": --rules: "
        // TRANSLATORS: {} is the ruleset given (savage).
        << fmt::format(fmt::runtime(tr("{} has no Incapacitation table in the seeds (deadlands-1876's is 000 L170-176); "
                                       "the GM names the result")),
                       args.rules)
        << "\n";
    return exit_usage;
  }
  const auto vigor = vigor_roll_from(args, core::rules_for(core::Ruleset::deadlands_1876), core::incapacitation_tn, command, err);
  if (!vigor) return exit_usage;
  try {
    const core::IncapacitationOdds odds = core::incapacitation_odds(*vigor);
    const std::vector<std::pair<std::string, double>> figures{
        {"death", odds.death}, {"bleeding_out", odds.bleeding_out}, {"unconscious", odds.unconscious},
        {"last_stand", odds.last_stand}, {"stays_in", odds.stays_in}};
    if (args.json) {
      nlohmann::ordered_json result;
      for (const auto& [key, p] : figures) result[key] = p;
      out << result.dump() << "\n";
      return exit_ok;
    }
    const std::vector<std::string> names{tr("death"), tr("Bleeding Out"), tr("unconscious"), tr("Last Stand at W3"),
                                         tr("stays in at W3")};
    int width = 17;
    for (const std::string& name : names) width = std::max(width, static_cast<int>(i18n::characters_in(name)));
    // TRANSLATORS: {0} the Vigor die's sides, {1} the whole modifier (+2), {2} the Target Number.
    out << fmt::format(fmt::runtime(tr("Incapacitation: Vigor d{}, modifier {:+d}, against TN {} (deadlands-1876)")),
                       vigor->trait_die, vigor->modifier, core::incapacitation_tn)
        << ":\n";
    for (std::size_t i = 0; i < names.size(); ++i) out << figure_line(names[i], percent(figures[i].second), width);
    return exit_ok;
  } catch (const core::Refusal& r) {
    return refused_vigor(r, command, err);
  }
}

}  // namespace

int run_combat_odds(int argc, char** argv, std::ostream& out, std::ostream& err) {
  const std::string command = std::string("marshal odds ") + argv[0];  // i18n: not words (the command)
  if (std::string(argv[0]) == "soak") return run_soak_odds(argc, argv, command, out, err);
  if (std::string(argv[0]) == "incapacitation") return run_incapacitation_odds(argc, argv, command, out, err);
  return run_damage_odds(argc, argv, command, out, err);
}

}  // namespace marshal::cli
