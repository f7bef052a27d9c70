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
#include "core/refusal.h"
#include "core/twtw_damage.h"
#include "core/twtw_melee.h"
#include "core/twtw_order.h"
#include "core/twtw_ranged.h"

namespace marshal::cli {

namespace tw = core::twtw;
using Json = nlohmann::ordered_json;

namespace {

// A bad value in a round's JSON: where it is, and what is wrong.
struct OrderInputError {
  std::string where;
  std::string reason;
};

// The engine names its fields; the user knows the options ("relative_speed" -> --relative-speed).
std::string option_for(const std::string& field) {
  std::string option = "--" + field;
  for (char& c : option)
    if (c == '_') c = '-';
  return option;
}

void print_breakdown(const tw::TnBreakdown& b, const char* what, std::ostream& out) {
  out << fmt::format("{} {}\n", what, b.tn);
  for (const tw::Modifier& m : b.why) out << "  " << m.why << "\n";
}

Json why_of(const tw::TnBreakdown& b) {
  Json why = Json::array();
  for (const tw::Modifier& m : b.why) why.push_back(m.why);
  return why;
}

// --- order: the round's declarations on standard input ---

std::string read_capped(std::istream& in) {
  std::string text(max_order_input_bytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > max_order_input_bytes)
    throw OrderInputError{"standard input",
                          fmt::format("more than {} bytes; a round's declarations are far "
                                      "smaller",
                                      max_order_input_bytes)};
  return text;
}

// Refuses nesting deeper than a round's declarations need before the parser sees it.
void check_depth(const std::string& text) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_order_json_depth)
        throw OrderInputError{"standard input",
                              fmt::format("JSON nested more than {} deep", max_order_json_depth)};
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

bool flag(const nlohmann::json& c, const char* key, const std::string& at) {
  if (!c.contains(key)) return false;
  if (!c[key].is_boolean()) throw OrderInputError{at + "." + key, "true or false"};
  return c[key].get<bool>();
}

std::optional<tw::Speed> speed_from(const nlohmann::json& v) {
  if (v == "fast") return tw::Speed::fast;
  if (v == "normal") return tw::Speed::normal;
  if (v == "slow") return tw::Speed::slow;
  return std::nullopt;
}

tw::Declaration declaration_from(const nlohmann::json& c, const std::string& at,
                                 const tw::SpeedPhases& table) {
  if (!c.is_object())
    throw OrderInputError{at, "a character is an object: {\"name\", \"reflex\", \"phases\", ...}"};
  static const char* known[] = {"name",          "reflex",    "phases", "actions",
                                "continuous",    "surprised", "dodge",  "surprised_last_round",
                                "bravery_passed"};
  for (const auto& item : c.items())
    if (std::find_if(std::begin(known), std::end(known),
                     [&](const char* k) { return item.key() == k; }) == std::end(known))
      throw OrderInputError{at + "." + item.key(), "not a field of a character (docs/twtw.md)"};
  tw::Declaration d;
  if (!c.contains("name") || !c["name"].is_string() || c["name"].get<std::string>().empty())
    throw OrderInputError{at + ".name", "a non-empty string"};
  d.name = c["name"].get<std::string>();
  static const std::pair<const char*, int> dice[] = {
      {"d12", 12}, {"d10", 10}, {"d8", 8}, {"d6", 6}, {"d4", 4}};
  const nlohmann::json reflex = c.value("reflex", nlohmann::json());
  auto die = std::find_if(std::begin(dice), std::end(dice),
                          [&](const auto& p) { return reflex == p.first; });
  if (die == std::end(dice))
    throw OrderInputError{at + ".reflex", "one of \"d12\", \"d10\", \"d8\", \"d6\", \"d4\""};
  d.reflex = die->second;
  if (c.contains("phases") && c.contains("actions"))
    throw OrderInputError{at + ".actions", "give phases or actions, not both"};
  if (c.contains("phases")) {
    if (!c["phases"].is_array()) throw OrderInputError{at + ".phases", "a list of phases 1 to 4"};
    for (const auto& p : c["phases"]) {
      if (!p.is_number_unsigned() || p.get<std::uint64_t>() < 1 ||
          p.get<std::uint64_t>() > tw::phases_per_round)
        throw OrderInputError{at + ".phases", fmt::format("{} is not a phase 1 to 4", p.dump())};
      d.phases.push_back(static_cast<int>(p.get<std::uint64_t>()));
    }
  }
  if (c.contains("actions")) {
    if (!c["actions"].is_array())
      throw OrderInputError{at + ".actions", "a list of \"fast\", \"normal\", \"slow\""};
    std::vector<tw::Speed> speeds;
    for (const auto& a : c["actions"]) {
      auto s = speed_from(a);
      if (!s)
        throw OrderInputError{at + ".actions",
                              fmt::format("{} is not fast, normal or slow", a.dump())};
      speeds.push_back(*s);
    }
    try {
      d.phases = tw::phases_for(speeds, table);
    } catch (const core::Refusal& r) {
      throw OrderInputError{at + ".actions", r.reason()};
    }
  }
  d.continuous = flag(c, "continuous", at);
  d.surprised = flag(c, "surprised", at);
  d.dodge = flag(c, "dodge", at);
  d.surprised_last_round = flag(c, "surprised_last_round", at);
  d.bravery_passed = flag(c, "bravery_passed", at);
  return d;
}

tw::SpeedPhases table_from(const nlohmann::json& root) {
  tw::SpeedPhases table;
  if (!root.contains("speed_phases")) return table;
  const auto& t = root["speed_phases"];
  if (!t.is_object())
    throw OrderInputError{"speed_phases", "an object {\"fast\": 1, \"normal\": 2, \"slow\": 4}"};
  for (auto [key, slot] :
       {std::pair{"fast", &table.fast}, {"normal", &table.normal}, {"slow", &table.slow}}) {
    if (!t.contains(key)) continue;
    if (!t[key].is_number_unsigned() || t[key].get<std::uint64_t>() < 1 ||
        t[key].get<std::uint64_t>() > 4)
      throw OrderInputError{std::string("speed_phases.") + key, "phases an action takes, 1 to 4"};
    *slot = static_cast<int>(t[key].get<std::uint64_t>());
  }
  return table;
}

std::vector<tw::Declaration> declarations_from(std::istream& in) {
  std::string text = read_capped(in);
  check_depth(text);
  nlohmann::json root;
  try {
    root = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw OrderInputError{"standard input", fmt::format("not JSON: {}", e.what())};
  }
  if (!root.is_object() || !root.contains("characters") || !root["characters"].is_array())
    throw OrderInputError{"characters", "the input is {\"characters\": [...]}"};
  const auto& list = root["characters"];
  if (list.size() > max_order_characters)
    throw OrderInputError{
        "characters", fmt::format("{} characters; at most {}", list.size(), max_order_characters)};
  const tw::SpeedPhases table = table_from(root);
  std::vector<tw::Declaration> out;
  for (std::size_t i = 0; i < list.size(); ++i)
    out.push_back(declaration_from(list[i], fmt::format("characters[{}]", i), table));
  return out;
}

const char* roman(int phase) {
  static const char* names[] = {"", "I", "II", "III", "IV"};
  return phase >= 1 && phase <= 4 ? names[phase] : "?";
}

int print_order(const tw::RoundOrder& order, bool json, std::ostream& out) {
  if (json) {
    Json steps = Json::array(), idle = Json::array();
    for (const tw::Step& s : order.steps)
      steps.push_back({{"phase", s.phase}, {"step", s.name}, {"actors", s.actors}});
    for (const tw::Idle& i : order.idle) idle.push_back({{"name", i.name}, {"why", i.why}});
    out << Json{{"steps", steps}, {"idle", idle}}.dump() << "\n";
    return exit_ok;
  }
  for (const tw::Step& s : order.steps) {
    std::string actors;
    for (const std::string& a : s.actors) actors += (actors.empty() ? "" : ", ") + a;
    if (s.phase == 0)
      out << fmt::format("Declaration: {} dodging\n", actors);
    else
      out << fmt::format("Phase {:<3} {:<10} {}\n", roman(s.phase), s.name, actors);
  }
  for (const tw::Idle& i : order.idle) out << fmt::format("not acting: {}: {}\n", i.name, i.why);
  if (order.steps.empty() && order.idle.empty()) out << "nobody declared anything\n";
  return exit_ok;
}

}  // namespace

int run_twtw(int argc, char** argv, std::istream& in, std::ostream& out, std::ostream& err) {
  CLI::App app{
      "Action time of The West That Wasn't (seed 003): TNs, fan firing, damage, melee Defense and "
      "the order of a round (docs/twtw.md).",
      "marshal twtw"};
  app.require_subcommand(1);
  bool json = false;

  tw::RangedShot shot;
  std::string firer = "still", mount = "none", called = "none", engaged = "none",
              size_steps = "halving";
  auto* ranged = app.add_subcommand("ranged-tn",
                                    "The TN of a ranged attack, and each modifier (003 L108-253)");
  ranged
      ->add_option("--range", shot.range_paces,
                   fmt::format("paces to the target, 0..{}", tw::max_range_paces))
      ->required();
  ranged
      ->add_option("--increment", shot.range_increment,
                   fmt::format("the weapon's range increment, 1..{} (thrown: Strength + 2)",
                               tw::max_range_increment))
      ->required();
  ranged->add_option("--firer", firer, "the firer: still (default), walk, run")
      ->check(CLI::IsMember({"still", "walk", "run"}));
  ranged
      ->add_option("--mounted", mount,
                   "the firer's mount: still, walk, gallop (default: not mounted)")
      ->check(CLI::IsMember({"none", "still", "walk", "gallop"}));
  ranged->add_option(
      "--relative-speed", shot.relative_speed,
      fmt::format("paces a round between firer and target, 0..{}", tw::max_relative_speed));
  ranged->add_option("--size", shot.target_size,
                     "the target's Size, above 0 up to 1000 (a human 6, the default)");
  ranged->add_option("--called", called, "a called shot: torso, limb, head, eye")
      ->check(CLI::IsMember({"none", "torso", "limb", "head", "eye"}));
  ranged->add_option(
      "--snap", shot.snap_penalty,
      fmt::format("the weapon's snap-shot penalty when not aimed, 0..{}", tw::max_snap_penalty));
  ranged->add_flag("--two-weapons", shot.two_weapons, "a weapon in each hand: -1");
  ranged->add_flag("--off-hand", shot.off_hand, "fired with the off hand: -3 more");
  ranged->add_flag("--one-handed", shot.one_handed_long_gun, "a two-handed gun in one hand: -2");
  ranged->add_flag("--hidden", shot.target_hidden, "the target cannot be seen behind cover: -4");
  ranged->add_flag("--forgoes-defense", shot.target_forgoes_defense,
                   "the target moves 50% further: half the range");
  ranged->add_option("--dodge", shot.target_dodge,
                     fmt::format("the target's Dodge, if dodging, 0..{}", tw::max_dodge));
  ranged->add_flag("--dodge-still", shot.target_dodge_still,
                   "the dodging target does not move: +1");
  ranged
      ->add_option("--engaged", engaged,
                   "the target engages the firer hand to hand; the gun is short, normal or long")
      ->check(CLI::IsMember({"none", "short", "normal", "long"}));
  ranged->add_option("--wound-penalty", shot.wound_penalty,
                     fmt::format("the firer's wound penalty, 0..{}", tw::max_wound_penalty));
  ranged
      ->add_option("--size-steps", size_steps,
                   "the reading of 003 L141: halving (default) or literal")
      ->check(CLI::IsMember({"halving", "literal"}));

  int fan_tn = 0, fan_snap = 0;
  std::string targets_text;
  auto* fan = app.add_subcommand("fan", "The TN of each shot of fan firing (003 L219-239)");
  fan->add_option("--tn", fan_tn,
                  fmt::format("the shot's TN before the snap penalty, 1..{}", tw::max_tn))
      ->required();
  fan->add_option("--snap", fan_snap,
                  fmt::format("the revolver's snap-shot penalty, 0..{}", tw::max_snap_penalty))
      ->required();
  fan->add_option("--targets", targets_text,
                  fmt::format("the target of each shot in order, comma separated, 1..{} "
                              "shots (A,A,B)",
                              tw::max_fan_shots))
      ->required();

  int dmg = 0, size = 6, pv = 0, av = 0;
  std::optional<int> rd;
  bool brawling = false, impact = false;
  auto* damage = app.add_subcommand(
      "damage", "Wounds and CT of a hit by the target's Size, through cover (003 L431-464)");
  damage->add_option("--dmg", dmg, fmt::format("the DMG effect, 0..{}", tw::max_effect))
      ->required();
  damage->add_option(
      "--rd", rd,
      fmt::format("the RD effect, 0..{}; needed when the cover ablates", tw::max_effect));
  damage
      ->add_option("--size", size,
                   fmt::format("the target's Size, 1..{} (a human 6)", tw::max_size))
      ->required();
  auto* brawl_flag =
      damage->add_flag("--brawling", brawling, "non-lethal: 3 CT per Size, a wound per double");
  damage->add_flag("--impact", impact, "the impact attribute: wounds as brawling, a CT per point")
      ->excludes(brawl_flag);
  auto* pv_opt = damage->add_option(
      "--pv", pv,
      fmt::format("penetration: the card's result + the weapon's Pen, 0..{}", tw::max_pen));
  auto* av_opt =
      damage->add_option("--av", av,
                         fmt::format("the cover's Armor Value, 0..{} (thin wood 2, hardwood 3, "
                                     "brick or iron 4)",
                                     tw::max_pen));
  pv_opt->needs(av_opt);
  av_opt->needs(pv_opt);

  tw::MeleeDefense defense_in;
  auto* defense = app.add_subcommand(
      "defense", "A melee Defense: 3 + skill, +1 with the advantage (003 L259-273)");
  defense
      ->add_option("--skill", defense_in.skill,
                   fmt::format("the defender's skill level, 0..{}", tw::max_skill))
      ->required();
  auto* adv_opt = defense->add_option(
      "--advantage", defense_in.advantage,
      fmt::format("the defender's advantage factors, 0..{}", tw::max_advantage));
  auto* opp_opt = defense->add_option(
      "--opponent-advantage", defense_in.opponent_advantage,
      fmt::format("the attacker's advantage factors, 0..{}", tw::max_advantage));
  adv_opt->needs(opp_opt);
  opp_opt->needs(adv_opt);
  defense->add_flag("--forgoes-defense", defense_in.forgoes_defense,
                    "moving 50% further: TN 3, no advantage");
  defense->add_option("--dodge", defense_in.dodge,
                      fmt::format("the Dodge, if dodging, 0..{}", tw::max_dodge));
  defense->add_flag("--dodge-still", defense_in.dodge_still, "dodging without moving: +1");

  auto* order = app.add_subcommand(
      "order",
      "The steps of one round, from the declarations on standard input: {\"characters\": "
      "[{\"name\", "
      "\"reflex\": \"d10\", \"phases\": [1, 3] or \"actions\": [\"fast\", \"normal\"], "
      "\"continuous\", "
      "\"surprised\", \"dodge\", \"surprised_last_round\", \"bravery_passed\"}]} (003 L15-34)");

  std::string deck_path;
  auto* deck = app.add_subcommand(
      "deck", "Check an action-card deck (the CSV a group supplies; docs/twtw.md): every problem with its "
              "file:line, or the cards it holds");
  deck->add_option("FILE", deck_path, "the deck's CSV file")->required();

  for (CLI::App* verb : {ranged, fan, damage, defense, order, deck})
    verb->add_flag("--json", json, "print JSON");

  const std::vector<std::string> verbs{"ranged-tn", "fan", "damage", "defense", "order", "deck"};
  if (argc >= 2 && argv[1][0] != '-' &&
      std::find(verbs.begin(), verbs.end(), argv[1]) == verbs.end()) {
    err << fmt::format(
        "marshal twtw: '{}' is not a verb; give ranged-tn, fan, damage, defense, order or deck\n",
        argv[1]);
    return exit_usage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? exit_ok : exit_usage;
  }

  const std::string command = "marshal twtw " + app.get_subcommands().front()->get_name();
  try {
    if (deck->parsed()) {
      db::TwtwDeck read = db::read_twtw_deck(deck_path);
      if (!read.ok()) {
        for (const auto& e : read.errors) err << e.to_string() << "\n";
        err << fmt::format("marshal twtw deck: {} problem{}; the deck is not used (the station's physical mode "
                           "still works)\n",
                           read.errors.size(), read.errors.size() == 1 ? "" : "s");
        return exit_usage;
      }
      std::set<std::string> distinct;
      for (const auto& card : read.cards) distinct.insert(card.name);
      if (json)
        out << Json{{"cards", read.cards.size()}, {"distinct", distinct.size()}}.dump() << "\n";
      else
        out << fmt::format("{}: {} cards ({} different), every cell checked\n", deck_path, read.cards.size(),
                           distinct.size());
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
        print_breakdown(b, "TN", out);
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
          out << fmt::format("shot {} at {}: TN {}\n", i + 1, targets[i], tns[i]);
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
          static const char* words[] = {"penetrates: the DMG", "ablates: the RD",
                                        "deflects: no effect"};
          out << "cover " << result["cover"].get<std::string>() << ", "
              << words[result["cover"] == "P"   ? 0
                       : result["cover"] == "A" ? 1
                                                : 2]
              << "\n";
        }
        out << fmt::format("{} wound{}, {} CT\n", d.wounds, d.wounds == 1 ? "" : "s", d.ct);
      }
      return exit_ok;
    }
    if (defense->parsed()) {
      tw::TnBreakdown b = tw::melee_defense(defense_in);
      if (json)
        out << Json{{"defense", b.tn}, {"why", why_of(b)}}.dump() << "\n";
      else
        print_breakdown(b, "Defense", out);
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
