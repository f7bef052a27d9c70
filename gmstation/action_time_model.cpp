#include "gmstation/action_time_model.h"

#include <fmt/format.h>

#include "core/refusal.h"
#include "core/twtw_damage.h"
#include "i18n/translate.h"
#include "ledger/twtw_definition.h"

namespace marshal::gm::action_time {

using i18n::tr;
using i18n::trn;

namespace {

int die_sides(const std::string& die) { return die.size() > 1 ? std::stoi(die.substr(1)) : 6; }

// The short names of the roster: a row must fit half the page.
std::string short_location(tw::Location l) {
  // TRANSLATORS: a wound location in the roster, as short as can be read (a row is half the screen).
  switch (l) {
    case tw::Location::head: return tr("head");
    case tw::Location::torso: return tr("torso");
    // TRANSLATORS: a wound location in the roster, short: the right arm.
    case tw::Location::right_arm: return tr("R arm");
    // TRANSLATORS: a wound location in the roster, short: the left arm.
    case tw::Location::left_arm: return tr("L arm");
    // TRANSLATORS: a wound location in the roster, short: the right leg.
    case tw::Location::right_leg: return tr("R leg");
    // TRANSLATORS: a wound location in the roster, short: the left leg.
    case tw::Location::left_leg: return tr("L leg");
  }
  return "";
}


// A declared action's speed as the GM reads it.
std::string speed_words(tw::Speed s) {
  // TRANSLATORS: the speed of a declared action (fast, normal, slow).
  switch (s) {
    case tw::Speed::fast: return tr("fast");
    case tw::Speed::normal: return tr("normal");
    case tw::Speed::slow: return tr("slow");
  }
  return "";
}

// A declared action's speed as the ledger's payload names it.
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
  // TRANSLATORS: a roster row: {0} the name, {1} the Reflex die's sides (d12), then CT now and at the start.
  // CT is the character's Constitution Total, kept as on the sheet.
  std::string text = fmt::format(fmt::runtime(tr("{} d{}  CT {}/{}")), f.name, f.reflex, f.w.ct, f.start_ct);
  for (int i = 0; i < tw::location_count; ++i) {
    const auto where = static_cast<tw::Location>(i);
    if (f.w.at(where) > 0) text += fmt::format("  {} {}", short_location(where), f.w.at(where));
  }
  if (f.w.stunned && f.state != "dead") text += "  " + tr("STUNNED");
  // TRANSLATORS: in a roster row: {} is the CT lost to bleeding each round.
  if (f.bleeding > 0) text += "  " + fmt::format(fmt::runtime(tr("bleeds {}")), f.bleeding);
  if (f.state == "dead") text += "  " + tr("DEAD");
  else if (f.state == "concussed") text += "  " + tr("CONCUSSED");
  else if (f.state == "out_of_action") text += "  " + tr("OUT OF ACTION");
  return text;
}

std::string state_words(const std::string& state) {
  // TRANSLATORS: a character's state in Action Time.
  if (state == "fighting") return tr("fighting");
  if (state == "concussed") return tr("concussed");
  // TRANSLATORS: a character's state as the ledger names it: out of action (the English shows the code).
  if (state == "out_of_action") return tr("out_of_action");
  if (state == "dead") return tr("dead");
  return state;
}

std::string declaration_words(const Declared& d, const tw::SpeedPhases& table) {
  if (d.sits_out) return tr("sits out this round");
  std::vector<std::string> parts;
  if (d.surprised) parts.push_back(tr("SURPRISED: no action"));
  if (!d.actions.empty()) {
    std::vector<std::string> speeds, phases;
    for (tw::Speed s : d.actions) speeds.push_back(speed_words(s));
    const std::string all = fmt::format("{}", fmt::join(speeds, ", "));
    try {
      for (int p : tw::phases_for(d.actions, table)) phases.push_back(roman(p));
      // TRANSLATORS: {0} is the declared actions' speeds (fast, fast), {1} the phases they fall in (I, II).
      parts.push_back(fmt::format(fmt::runtime(tr("{} (phase {})")), all, fmt::join(phases, ", ")));
    } catch (const core::Refusal&) {
      // TRANSLATORS: {} is the declared actions' speeds (fast, fast, slow): more than a round holds.
      parts.push_back(fmt::format(fmt::runtime(tr("{} (more than a round holds)")), all));
    }
  }
  // TRANSLATORS: in a Declaration: {} is the declared target of the attacks.
  if (!d.target.empty()) parts.push_back(fmt::format(fmt::runtime(tr("at {}")), d.target));
  if (d.dodge) parts.push_back(tr("dodging"));
  if (d.continuous) parts.push_back(tr("continuous"));
  // TRANSLATORS: the Easy (3) Bravery check after last round's surprise.
  if (d.surprised_last_round) parts.push_back(d.bravery_passed ? tr("Bravery (3) passed") : tr("Bravery (3) FAILED"));
  if (parts.empty()) return tr("no action declared");
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
  if (phase == 0) return tr("the Declaration (dodges declared)");
  // TRANSLATORS: {} is the phase in Roman numerals (II).
  if (name == "continuous") return fmt::format(fmt::runtime(tr("Phase {}, continuous actions")), roman(phase));
  // TRANSLATORS: {0} is the phase in Roman numerals (II), {1} the Reflex die whose count it is (d10).
  return fmt::format(fmt::runtime(tr("Phase {}, the {} count")), roman(phase), name);
}

std::string tn_words(const tw::TnBreakdown& tn) {
  std::vector<std::string> why;
  for (const auto& m : tn.why) why.push_back(m.why);
  // TRANSLATORS: {0} is the Target Number, {1} its reasons, each as the rules word it.
  return fmt::format(fmt::runtime(tr("TN {}: {}")), tn.tn, fmt::join(why, ", "));
}

const std::vector<tw::HitLocation>& hit_locations() {
  static const std::vector<tw::HitLocation> all{tw::HitLocation::head,      tw::HitLocation::vitals,
                                                tw::HitLocation::chest,     tw::HitLocation::belly,
                                                tw::HitLocation::right_arm, tw::HitLocation::left_arm,
                                                tw::HitLocation::right_leg, tw::HitLocation::left_leg};
  return all;
}

std::string hit_location_words(tw::HitLocation where) {
  // TRANSLATORS: a hit location on an action card.
  switch (where) {
    case tw::HitLocation::head: return tr("head");
    case tw::HitLocation::vitals: return tr("vitals");
    case tw::HitLocation::chest: return tr("chest");
    case tw::HitLocation::belly: return tr("belly");
    case tw::HitLocation::right_arm: return tr("right arm");
    case tw::HitLocation::left_arm: return tr("left arm");
    case tw::HitLocation::right_leg: return tr("right leg");
    case tw::HitLocation::left_leg: return tr("left leg");
  }
  return std::string(tw::to_string(where));
}

std::string location_words(const std::string& ledger_word) {
  const auto l = tw::location_from_string(ledger_word);
  if (!l) return ledger_word;
  switch (*l) {
    case tw::Location::head: return hit_location_words(tw::HitLocation::head);
    case tw::Location::torso: return tr("torso");
    case tw::Location::right_arm: return hit_location_words(tw::HitLocation::right_arm);
    case tw::Location::left_arm: return hit_location_words(tw::HitLocation::left_arm);
    case tw::Location::right_leg: return hit_location_words(tw::HitLocation::right_leg);
    case tw::Location::left_leg: return hit_location_words(tw::HitLocation::left_leg);
  }
  return ledger_word;
}

std::string hit_location_menu() {
  std::vector<std::string> items;
  int n = 0;
  for (tw::HitLocation l : hit_locations()) items.push_back(fmt::format("{} {}", ++n, hit_location_words(l)));
  return fmt::format("{}", fmt::join(items, "  "));
}

std::string judged_words(const Json& ledger) {
  std::vector<std::string> parts;
  for (const Json& r : ledger.value("recoveries", Json::array()))
    // TRANSLATORS: {0} is a character, {1} the recovery check's TN.
    parts.push_back(fmt::format(fmt::runtime(r.value("stunned", true) ? tr("{} failed the recovery (TN {})")
                                                                      : tr("{} made the recovery (TN {})")),
                                r.value("character", ""), r.value("tn", 0)));
  for (const Json& h : ledger.value("hits", Json::array())) {
    const int wounds = h.value("wounds", 0);
    // TRANSLATORS: a hit as the ledger judged it: {0} the target, {1} the location, {2} the wounds, {3} the CT lost.
    std::string text = fmt::format(fmt::runtime(trn("{}: {} {} wound, {} CT", "{}: {} {} wounds, {} CT",
                                                    static_cast<std::uint64_t>(std::max(wounds, 0)))),
                                   h.value("target", ""), location_words(h.value("location", "")), wounds,
                                   h.value("ct", 0));
    if (h.value("stunned", false)) text += ", " + tr("STUNNED");
    const std::string state = h.value("state", "fighting");
    if (state != "fighting") text += ", " + state_words(state);
    parts.push_back(text);
  }
  for (const Json& b : ledger.value("bleeding", Json::array()))
    // TRANSLATORS: {0} is a character, {1} the CT lost to bleeding, {2} the CT left (and {3} the state it leaves them in).
    parts.push_back(b.value("state", "") == "fighting"
                        ? fmt::format(fmt::runtime(tr("{} bleeds {} CT (CT {})")), b.value("character", ""),
                                      b.value("ct_lost", 0), b.value("ct", 0))
                        : fmt::format(fmt::runtime(tr("{} bleeds {} CT (CT {}, {})")), b.value("character", ""),
                                      b.value("ct_lost", 0), b.value("ct", 0), state_words(b.value("state", ""))));
  if (parts.empty()) return tr("nothing happened");
  return fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace marshal::gm::action_time
