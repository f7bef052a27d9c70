#include "cli/twtw_commands.h"

#include <set>

#include "import/twtw_deck.h"

#include <algorithm>
#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "cli/cli_words.h"
#include "cli/twtw_order_input.h"
#include "core/refusal.h"
#include "core/twtw_damage.h"
#include "core/twtw_melee.h"
#include "core/twtw_order.h"
#include "core/twtw_ranged.h"
#include "i18n/translate.h"

namespace marshal::cli {

namespace tw = core::twtw;
using Json = nlohmann::ordered_json;
using i18n::tr;
using i18n::trn;

namespace {

// The engine names its fields; the user knows the options ("relative_speed" -> --relative-speed).
std::string option_for(const std::string& field) {
  std::string option = "--" + field;
  for (char& c : option)
    if (c == '_') c = '-';
  return option;
}

// `what` is the line's first words with the number's place: "TN {}".
void print_breakdown(const tw::TnBreakdown& b, const std::string& what, std::ostream& out) {
  out << fmt::format(fmt::runtime(what), b.tn) << "\n";
  for (const tw::Modifier& m : b.why) out << "  " << m.why << "\n";
}

Json why_of(const tw::TnBreakdown& b) {
  Json why = Json::array();
  for (const tw::Modifier& m : b.why) why.push_back(m.why);
  return why;
}

}  // namespace

int run_twtw(int argc, char** argv, std::istream& in, std::ostream& out, std::ostream& err) {
  CLI::App app{"", "marshal twtw"};  // i18n: not words (the command)
  speak_words(app);
  app.description(tr("Action time of The West That Wasn't (seed 003): TNs, fan firing, damage, melee Defense and "
                     "the order of a round (docs/twtw.md)."));
  app.require_subcommand(1);
  bool json = false;

  tw::RangedShot shot;
  std::string firer = "still", mount = "none", called = "none", engaged = "none",
              size_steps = "halving";
  auto* ranged = app.add_subcommand("ranged-tn",
                                    tr("The TN of a ranged attack, and each modifier (003 L108-253)"));
  ranged
      ->add_option("--range", shot.range_paces,
                   fmt::format(fmt::runtime(tr("paces to the target, 0..{}")), tw::max_range_paces))
      ->required();
  ranged
      ->add_option("--increment", shot.range_increment,
                   fmt::format(fmt::runtime(tr("the weapon's range increment, 1..{} (thrown: Strength + 2)")),
                               tw::max_range_increment))
      ->required();
  ranged->add_option("--firer", firer, tr("the firer: still (default), walk, run"))
      ->check(CLI::IsMember({"still", "walk", "run"}));
  ranged
      ->add_option("--mounted", mount,
                   tr("the firer's mount: still, walk, gallop (default: not mounted)"))
      ->check(CLI::IsMember({"none", "still", "walk", "gallop"}));
  ranged->add_option(
      "--relative-speed", shot.relative_speed,
      fmt::format(fmt::runtime(tr("paces a round between firer and target, 0..{}")), tw::max_relative_speed));
  ranged->add_option("--size", shot.target_size,
                     tr("the target's Size, above 0 up to 1000 (a human 6, the default)"));
  ranged->add_option("--called", called, tr("a called shot: torso, limb, head, eye"))
      ->check(CLI::IsMember({"none", "torso", "limb", "head", "eye"}));
  ranged->add_option(
      "--snap", shot.snap_penalty,
      fmt::format(fmt::runtime(tr("the weapon's snap-shot penalty when not aimed, 0..{}")), tw::max_snap_penalty));
  ranged->add_flag("--two-weapons", shot.two_weapons, tr("a weapon in each hand: -1"));
  ranged->add_flag("--off-hand", shot.off_hand, tr("fired with the off hand: -3 more"));
  ranged->add_flag("--one-handed", shot.one_handed_long_gun, tr("a two-handed gun in one hand: -2"));
  ranged->add_flag("--hidden", shot.target_hidden, tr("the target cannot be seen behind cover: -4"));
  // xgettext:no-c-format
  ranged->add_flag("--forgoes-defense", shot.target_forgoes_defense, tr("the target moves 50% further: half the range"));
  ranged->add_option("--dodge", shot.target_dodge,
                     fmt::format(fmt::runtime(tr("the target's Dodge, if dodging, 0..{}")), tw::max_dodge));
  ranged->add_flag("--dodge-still", shot.target_dodge_still,
                   tr("the dodging target does not move: +1"));
  ranged
      ->add_option("--engaged", engaged,
                   tr("the target engages the firer hand to hand; the gun is short, normal or long"))
      ->check(CLI::IsMember({"none", "short", "normal", "long"}));
  ranged->add_option("--wound-penalty", shot.wound_penalty,
                     fmt::format(fmt::runtime(tr("the firer's wound penalty, 0..{}")), tw::max_wound_penalty));
  ranged
      ->add_option("--size-steps", size_steps,
                   tr("the reading of 003 L141: halving (default) or literal"))
      ->check(CLI::IsMember({"halving", "literal"}));

  int fan_tn = 0, fan_snap = 0;
  std::string targets_text;
  auto* fan = app.add_subcommand("fan", tr("The TN of each shot of fan firing (003 L219-239)"));
  fan->add_option("--tn", fan_tn,
                  fmt::format(fmt::runtime(tr("the shot's TN before the snap penalty, 1..{}")), tw::max_tn))
      ->required();
  fan->add_option("--snap", fan_snap,
                  fmt::format(fmt::runtime(tr("the revolver's snap-shot penalty, 0..{}")), tw::max_snap_penalty))
      ->required();
  fan->add_option("--targets", targets_text,
                  fmt::format(fmt::runtime(tr("the target of each shot in order, comma separated, 1..{} shots (A,A,B)")),
                              tw::max_fan_shots))
      ->required();

  int dmg = 0, size = 6, pv = 0, av = 0;
  std::optional<int> rd;
  bool brawling = false, impact = false;
  auto* damage = app.add_subcommand(
      "damage", tr("Wounds and CT of a hit by the target's Size, through cover (003 L431-464)"));
  damage->add_option("--dmg", dmg, fmt::format(fmt::runtime(tr("the DMG effect, 0..{}")), tw::max_effect))
      ->required();
  damage->add_option(
      "--rd", rd,
      fmt::format(fmt::runtime(tr("the RD effect, 0..{}; needed when the cover ablates")), tw::max_effect));
  damage
      ->add_option("--size", size,
                   fmt::format(fmt::runtime(tr("the target's Size, 1..{} (a human 6)")), tw::max_size))
      ->required();
  auto* brawl_flag =
      damage->add_flag("--brawling", brawling, tr("non-lethal: 3 CT per Size, a wound per double"));
  damage->add_flag("--impact", impact, tr("the impact attribute: wounds as brawling, a CT per point"))
      ->excludes(brawl_flag);
  auto* pv_opt = damage->add_option(
      "--pv", pv,
      fmt::format(fmt::runtime(tr("penetration: the card's result + the weapon's Pen, 0..{}")), tw::max_pen));
  auto* av_opt =
      damage->add_option("--av", av,
                         fmt::format(fmt::runtime(tr("the cover's Armor Value, 0..{} (thin wood 2, hardwood 3, "
                                                     "brick or iron 4)")),
                                     tw::max_pen));
  pv_opt->needs(av_opt);
  av_opt->needs(pv_opt);

  tw::MeleeDefense defense_in;
  auto* defense = app.add_subcommand(
      "defense", tr("A melee Defense: 3 + skill, +1 with the advantage (003 L259-273)"));
  defense
      ->add_option("--skill", defense_in.skill,
                   fmt::format(fmt::runtime(tr("the defender's skill level, 0..{}")), tw::max_skill))
      ->required();
  auto* adv_opt = defense->add_option(
      "--advantage", defense_in.advantage,
      fmt::format(fmt::runtime(tr("the defender's advantage factors, 0..{}")), tw::max_advantage));
  auto* opp_opt = defense->add_option(
      "--opponent-advantage", defense_in.opponent_advantage,
      fmt::format(fmt::runtime(tr("the attacker's advantage factors, 0..{}")), tw::max_advantage));
  adv_opt->needs(opp_opt);
  opp_opt->needs(adv_opt);
  // xgettext:no-c-format
  defense->add_flag("--forgoes-defense", defense_in.forgoes_defense, tr("moving 50% further: TN 3, no advantage"));
  defense->add_option("--dodge", defense_in.dodge,
                      fmt::format(fmt::runtime(tr("the Dodge, if dodging, 0..{}")), tw::max_dodge));
  defense->add_flag("--dodge-still", defense_in.dodge_still, tr("dodging without moving: +1"));

  auto* order = app.add_subcommand(
      "order",
      tr("The steps of one round, from the declarations on standard input: {\"characters\": "
         "[{\"name\", \"reflex\": \"d10\", \"phases\": [1, 3] or \"actions\": [\"fast\", \"normal\"], "
         "\"continuous\", \"surprised\", \"dodge\", \"surprised_last_round\", \"bravery_passed\"}]} "
         "(003 L15-34)"));

  std::string deck_path;
  auto* deck = app.add_subcommand(
      "deck", tr("Check an action-card deck (the CSV a group supplies; docs/twtw.md): every problem with its "
                 "file:line, or the cards it holds"));
  deck->add_option("FILE", deck_path, tr("the deck's CSV file"))->required();

  for (CLI::App* verb : {ranged, fan, damage, defense, order, deck})
    verb->add_flag("--json", json, tr("print JSON"));
  word_groups(app);

  const std::vector<std::string> verbs{"ranged-tn", "fan", "damage", "defense", "order", "deck"};
  if (argc >= 2 && argv[1][0] != '-' &&
      std::find(verbs.begin(), verbs.end(), argv[1]) == verbs.end()) {
    err << "marshal twtw: "  // i18n: not words (the command)
        << fmt::format(fmt::runtime(tr("'{}' is not a verb; give ranged-tn, fan, damage, defense, order or deck")),
                       argv[1])
        << "\n";
    return exit_usage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? exit_ok : exit_usage;
  }

  const std::string command = "marshal twtw " + app.get_subcommands().front()->get_name();  // i18n: not words
  try {
    if (deck->parsed()) {
      db::TwtwDeck read = db::read_twtw_deck(deck_path);
      if (!read.ok()) {
        for (const auto& e : read.errors) err << e.to_string() << "\n";
        err << "marshal twtw deck: "  // i18n: not words (the command)
            << fmt::format(fmt::runtime(trn("{} problem; the deck is not used (the station's physical mode still works)",
                                            "{} problems; the deck is not used (the station's physical mode still works)",
                                            read.errors.size())),
                           read.errors.size())
            << "\n";
        return exit_usage;
      }
      std::set<std::string> distinct;
      for (const auto& card : read.cards) distinct.insert(card.name);
      if (json)
        out << Json{{"cards", read.cards.size()}, {"distinct", distinct.size()}}.dump() << "\n";
      else
        // TRANSLATORS: {0} is the deck's file, {1} how many cards, {2} how many different ones.
        out << fmt::format(fmt::runtime(trn("{}: {} card ({} different), every cell checked",
                                            "{}: {} cards ({} different), every cell checked", read.cards.size())),
                           deck_path, read.cards.size(), distinct.size())
            << "\n";
      return exit_ok;
    }
    if (ranged->parsed()) {
      shot.firer = firer == "walk"  ? tw::FirerMove::walk
                   : firer == "run" ? tw::FirerMove::run
                                    : tw::FirerMove::still;
      shot.mount = mount == "still"    ? tw::Mount::still
                   : mount == "walk"   ? tw::Mount::walk
                   : mount == "gallop" ? tw::Mount::gallop
                                       : tw::Mount::none;
      shot.called = called == "torso"  ? tw::CalledShot::torso
                    : called == "limb" ? tw::CalledShot::limb
                    : called == "head" ? tw::CalledShot::head
                    : called == "eye"  ? tw::CalledShot::eye
                                       : tw::CalledShot::none;
      shot.engaged = engaged == "short"    ? tw::EngagedWeapon::short_weapon
                     : engaged == "normal" ? tw::EngagedWeapon::normal
                     : engaged == "long"   ? tw::EngagedWeapon::long_weapon
                                           : tw::EngagedWeapon::none;
      tw::Options options;
      options.size_steps = *tw::size_steps_from_string(size_steps);
      tw::TnBreakdown b = tw::ranged_tn(shot, options);
      if (json)
        out << Json{{"tn", b.tn}, {"why", why_of(b)}}.dump() << "\n";
      else
        print_breakdown(b, tr("TN {}"), out);
      return exit_ok;
    }
    if (fan->parsed()) {
      // Split by hand: an empty name between two commas is a mistake to refuse, not to skip.
      std::vector<std::string> targets{""};
      for (char c : targets_text) {
        if (c == ',')
          targets.emplace_back();
        else
          targets.back() += c;
      }
      std::vector<int> tns = tw::fan_series(fan_tn, fan_snap, targets);
      if (json) {
        out << Json{{"tns", tns}}.dump() << "\n";
      } else {
        for (std::size_t i = 0; i < tns.size(); ++i)
          // TRANSLATORS: {0} is the shot's number, {1} its target, {2} its Target Number.
          out << fmt::format(fmt::runtime(tr("shot {} at {}: TN {}")), i + 1, targets[i], tns[i]) << "\n";
      }
      return exit_ok;
    }
    if (damage->parsed()) {
      const tw::DamageKind kind = brawling ? tw::DamageKind::brawling
                                  : impact ? tw::DamageKind::impact
                                           : tw::DamageKind::deadly;
      Json result;
      tw::Damage d;
      if (pv_opt->count() > 0) {
        tw::CoveredHit hit = tw::damage_through_cover(dmg, rd, size, pv, av, kind);
        result["cover"] = std::string(tw::to_string(hit.cover));
        d = hit.damage;
      } else {
        if (rd) tw::check_range(*rd, 0, tw::max_effect, "rd");
        result["cover"] = nullptr;
        d = tw::damage(dmg, size, kind);
      }
      result["wounds"] = d.wounds;
      result["ct"] = d.ct;
      if (json) {
        out << result.dump() << "\n";
      } else {
        if (!result["cover"].is_null()) {
          const std::string cover = result["cover"].get<std::string>();
          // TRANSLATORS: {} is the cover's letter (D), as in the rules (003 L431-464).
          std::string through = tr("cover {}, deflects: no effect");
          if (cover == "P")
            // TRANSLATORS: {} is the cover's letter (P), as in the rules (003 L431-464).
            through = tr("cover {}, penetrates: the DMG");
          else if (cover == "A")
            // TRANSLATORS: {} is the cover's letter (A), as in the rules (003 L431-464).
            through = tr("cover {}, ablates: the RD");
          out << fmt::format(fmt::runtime(through), cover) << "\n";
        }
        // TRANSLATORS: {0} is the wounds, {1} the CT (the rules' term, 003 L444).
        out << fmt::format(fmt::runtime(trn("{} wound, {} CT", "{} wounds, {} CT", static_cast<std::uint64_t>(d.wounds))),
                           d.wounds, d.ct)
            << "\n";
      }
      return exit_ok;
    }
    if (defense->parsed()) {
      tw::TnBreakdown b = tw::melee_defense(defense_in);
      if (json)
        out << Json{{"defense", b.tn}, {"why", why_of(b)}}.dump() << "\n";
      else
        print_breakdown(b, tr("Defense {}"), out);
      return exit_ok;
    }
    try {
      return print_order(tw::round_order(declarations_from(in)), json, out);
    } catch (const core::Refusal& r) {
      throw OrderInputError{r.field(), r.reason()};
    }
  } catch (const core::Refusal& r) {
    err << fmt::format("{}: {}: {}\n", command, option_for(r.field()), r.reason());
    return exit_usage;
  } catch (const OrderInputError& e) {
    err << fmt::format("{}: {}: {}\n", command, e.where, e.reason);
    return exit_bad_input;
  }
}

}  // namespace marshal::cli
