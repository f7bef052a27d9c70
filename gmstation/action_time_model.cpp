#include "gmstation/action_time_model.h"

#include <fmt/format.h>

#include "core/refusal.h"
#include "core/twtw_damage.h"
#include "core/twtw_melee.h"
#include "ledger/twtw_definition.h"

namespace marshal::gm::action_time {

namespace {

int die_sides(const std::string& die) { return die.size() > 1 ? std::stoi(die.substr(1)) : 6; }

// The short names of the roster: a row must fit half the page.
std::string short_location(tw::Location l) {
  switch (l) {
    case tw::Location::head: return "head";
    case tw::Location::torso: return "torso";
    case tw::Location::right_arm: return "R arm";
    case tw::Location::left_arm: return "L arm";
    case tw::Location::right_leg: return "R leg";
    case tw::Location::left_leg: return "L leg";
  }
  return "";
}

std::string speed_word(tw::Speed s) {
  switch (s) {
    case tw::Speed::fast: return "fast";
    case tw::Speed::normal: return "normal";
    case tw::Speed::slow: return "slow";
  }
  return "";
}

}  // namespace

std::vector<Fighter> fighters_from_view(const Json& view) {
  std::vector<Fighter> out;
  for (const Json& c : view.value("characters", Json::array())) {
    Fighter f;
    f.name = c.value("name", "");
    f.side = c.value("side", "posse");
    f.reflex = die_sides(c.value("reflex", "d6"));
    f.size = c.value("size", 6);
    f.start_ct = c.value("start_ct", 0);
    f.shooting = c.value("shooting", 0);
    f.fighting = c.value("fighting", 0);
    f.dodge = c.value("dodge", 0);
    const Json wounds = c.value("wounds", Json::object());
    for (int i = 0; i < tw::location_count; ++i) {
      const auto where = static_cast<tw::Location>(i);
      f.w.at(where) = wounds.value(std::string(tw::to_string(where)), 0);
    }
    f.w.ct = c.value("ct", 0);
    f.w.stunned = c.value("stunned", false);
    f.penalty = c.value("penalty", 0);
    f.bleeding = c.value("bleeding", 0);
    f.state = c.value("state", "fighting");
    out.push_back(f);
  }
  return out;
}

tw::Options options_from_view(const Json& view) {
  if (!view.contains("options") || !view["options"].is_object()) return {};
  return db::twtw_options_from_json(view["options"], "options");
}

std::string roster_line(const Fighter& f) {
  std::string text = fmt::format("{} d{}  CT {}/{}", f.name, f.reflex, f.w.ct, f.start_ct);
  for (int i = 0; i < tw::location_count; ++i) {
    const auto where = static_cast<tw::Location>(i);
    if (f.w.at(where) > 0) text += fmt::format("  {} {}", short_location(where), f.w.at(where));
  }
  if (f.w.stunned && f.state != "dead") text += "  STUNNED";
  if (f.bleeding > 0) text += fmt::format("  bleeds {}", f.bleeding);
  if (f.state == "dead") text += "  DEAD";
  else if (f.state == "concussed") text += "  CONCUSSED";
  else if (f.state == "out_of_action") text += "  OUT OF ACTION";
  return text;
}

std::string declaration_words(const Declared& d, const tw::SpeedPhases& table) {
  if (d.sits_out) return "sits out this round";
  std::vector<std::string> parts;
  if (d.surprised) parts.push_back("SURPRISED: no action");
  if (!d.actions.empty()) {
    std::vector<std::string> speeds, phases;
    for (tw::Speed s : d.actions) speeds.push_back(speed_word(s));
    std::string where;
    try {
      for (int p : tw::phases_for(d.actions, table)) phases.push_back(roman(p));
      where = fmt::format(" (phase {})", fmt::join(phases, ", "));
    } catch (const core::Refusal&) {
      where = " (more than a round holds)";
    }
    parts.push_back(fmt::format("{}{}", fmt::join(speeds, ", "), where));
  }
  if (!d.target.empty()) parts.push_back("at " + d.target);
  if (d.dodge) parts.push_back("dodging");
  if (d.continuous) parts.push_back("continuous");
  if (d.surprised_last_round) parts.push_back(d.bravery_passed ? "Bravery (3) passed" : "Bravery (3) FAILED");
  if (parts.empty()) return "no action declared";
  return fmt::format("{}", fmt::join(parts, "; "));
}

Json round_started_payload(const std::vector<Declared>& declared) {
  Json list = Json::array();
  for (const Declared& d : declared) {
    if (d.sits_out) continue;
    Json actions = Json::array();
    for (tw::Speed s : d.actions) actions.push_back(speed_word(s));
    Json one{{"character", d.name}, {"actions", actions}};
    if (d.continuous) one["continuous"] = true;
    if (d.dodge) one["dodge"] = true;
    if (d.surprised) one["surprised"] = true;
    if (!d.target.empty()) one["target"] = d.target;
    if (d.surprised_last_round) one["bravery_passed"] = d.bravery_passed;
    list.push_back(one);
  }
  return {{"declarations", list}};
}

std::string roman(int phase) {
  static const char* numerals[] = {"", "I", "II", "III", "IV"};
  return phase >= 0 && phase <= tw::phases_per_round ? numerals[phase] : std::to_string(phase);
}

std::string step_words(const Json& step) {
  const int phase = step.value("phase", 0);
  const std::string name = step.value("step", "");
  if (phase == 0) return "the Declaration (dodges declared)";
  if (name == "continuous") return fmt::format("Phase {}, continuous actions", roman(phase));
  return fmt::format("Phase {}, the {} count", roman(phase), name);
}

tw::TnBreakdown attack_tn(const Fighter& attacker, const Fighter& target, bool target_dodging, int paces, int increment,
                          const tw::Options& options) {
  if (paces > 0) {
    tw::RangedShot shot;
    shot.range_paces = paces;
    shot.range_increment = increment;
    shot.target_size = target.size;
    shot.target_dodge = target_dodging ? target.dodge : 0;
    shot.wound_penalty = std::min(attacker.penalty, tw::max_wound_penalty);
    return tw::ranged_tn(shot, options);
  }
  tw::MeleeDefense defense;
  defense.skill = target.fighting;
  defense.dodge = target_dodging ? target.dodge : 0;
  tw::TnBreakdown tn = tw::melee_defense(defense);
  if (attacker.penalty > 0) {
    tn.why.push_back({attacker.penalty, fmt::format("+{} the attacker's wounds (003 L531)", attacker.penalty)});
    tn.tn += attacker.penalty;
  }
  return tn;
}

std::string tn_words(const tw::TnBreakdown& tn) {
  std::vector<std::string> why;
  for (const auto& m : tn.why) why.push_back(m.why);
  return fmt::format("TN {}: {}", tn.tn, fmt::join(why, ", "));
}

const std::vector<tw::HitLocation>& hit_locations() {
  static const std::vector<tw::HitLocation> all{tw::HitLocation::head,      tw::HitLocation::vitals,
                                                tw::HitLocation::chest,     tw::HitLocation::belly,
                                                tw::HitLocation::right_arm, tw::HitLocation::left_arm,
                                                tw::HitLocation::right_leg, tw::HitLocation::left_leg};
  return all;
}

std::string hit_location_menu() {
  std::vector<std::string> items;
  int n = 0;
  for (tw::HitLocation l : hit_locations()) items.push_back(fmt::format("{} {}", ++n, tw::to_string(l)));
  return fmt::format("{}", fmt::join(items, "  "));
}

HitPreview preview_hit(const tw::WoundState& before, tw::HitLocation where, int dmg, int size, const tw::Options& options) {
  HitPreview p;
  p.damage = tw::damage(dmg, size);
  p.hit = tw::apply_hit(before, tw::wound_location(where), p.damage, options);
  return p;
}

std::string judged_words(const Json& ledger) {
  std::vector<std::string> parts;
  for (const Json& r : ledger.value("recoveries", Json::array()))
    parts.push_back(fmt::format("{} {} the recovery (TN {})", r.value("character", ""),
                                r.value("stunned", true) ? "failed" : "made", r.value("tn", 0)));
  for (const Json& h : ledger.value("hits", Json::array())) {
    std::string text = fmt::format("{}: {} {} wound{}, {} CT", h.value("target", ""), h.value("location", ""),
                                   h.value("wounds", 0), h.value("wounds", 0) == 1 ? "" : "s", h.value("ct", 0));
    if (h.value("stunned", false)) text += ", STUNNED";
    const std::string state = h.value("state", "fighting");
    if (state != "fighting") text += ", " + state;
    parts.push_back(text);
  }
  for (const Json& b : ledger.value("bleeding", Json::array()))
    parts.push_back(fmt::format("{} bleeds {} CT (CT {}{})", b.value("character", ""), b.value("ct_lost", 0),
                                b.value("ct", 0), b.value("state", "") == "fighting" ? "" : ", " + b.value("state", "")));
  if (parts.empty()) return "nothing happened";
  return fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace marshal::gm::action_time
