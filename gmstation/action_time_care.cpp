// The Action Time screen's care between rounds (003 L605-615; docs/twtw.md "Care"): Ctrl+E in the
// Declaration cares for the lit character: C concussion care, A first aid (a location, then the
// healer's number), W a week's natural healing (a location); the TN shown, then Y or N records
// twtw_cared. The Declaration typed so far is kept.
#include <fmt/format.h>

#include "core/refusal.h"
#include "gmstation/action_time_page.h"
#include "ui/words.h"

namespace marshal::gm {

namespace at = action_time;
namespace tw = core::twtw;
using ui::tr;
using ui::utf8;
using ui::wx_tr;

namespace {

// The six wound locations in the order the Location field numbers them for care (1 head ... 6 left leg).
constexpr tw::Location care_locations[] = {tw::Location::head,      tw::Location::torso,     tw::Location::right_arm,
                                           tw::Location::left_arm,  tw::Location::right_leg, tw::Location::left_leg};
constexpr int care_location_count = 6;

// "1 head (3)  2 torso  ...": each location, with its wounds where it has some.
std::string care_location_menu(const tw::WoundState& w) {
  std::string menu;
  for (int i = 0; i < care_location_count; ++i) {
    const tw::Location l = care_locations[i];
    menu += fmt::format("{}{} {}", menu.empty() ? "" : "  ", i + 1, at::location_words(std::string(tw::to_string(l))));
    if (w.at(l) > 0) menu += fmt::format(" ({})", w.at(l));
  }
  return menu;
}

}  // namespace

void ActionTimePage::start_care() {
  if (mode_ != Mode::declaration)
    return refuse(wx_tr("Care comes between rounds: play this round's steps and its End Step first"));
  if (declared_.empty()) return;
  const at::Fighter& f = fighters_[declaring_];
  if (f.state == "dead") return refuse(utf8(fmt::format(fmt::runtime(tr("{} is dead: no care helps")), f.name)));
  care_ = CareAsked{f.name, tw::Care::concussion, "", ""};
  for (wxTextCtrl* field : {card_, dmg_, pv_, rd_}) field->Clear();  // the last attack's: not care's
  question_ = Question::care_kind;
  set_text(step_, step_text_,
           // TRANSLATORS: {} is the roster line of who is cared for (name, CT, wounds).
           utf8(fmt::format(fmt::runtime(tr("Care: {}")), at::roster_line(f))));
  // TRANSLATORS: the keys of care between rounds (Latin letters): C, A and W.
  set_text(keys_help_, keys_help_text_,
           wx_tr("C concussion care (all CT back)   A first aid to a wound   W a week's healing   Ctrl+E: back"));
  show_prompt(wx_tr("Which care? C, A or W (003 L605-615)"));
  focus_keys();
}

void ActionTimePage::end_care() {
  care_.reset();
  question_ = Question::none;
  set_text(tn_line_, tn_text_, "");
  show_declaration_keys();
  show_declaring();
  focus_keys();
}

void ActionTimePage::care_key(char key) {
  const at::Fighter* f = fighter(care_->patient);
  if (question_ == Question::care_passed) {
    if (key != 'Y' && key != 'N') return refuse(wx_tr("Y: the check is made, N: it failed"));
    return record_care(key == 'Y');
  }
  if (question_ != Question::care_kind) return;
  if (key == 'C') {
    if (f->w.ct >= f->start_ct)
      return refuse(utf8(fmt::format(fmt::runtime(tr("{} has all CT ({} of {}): no concussion to care for")), f->name, f->w.ct,
                                     f->start_ct)));
    care_->care = tw::Care::concussion;
    return ask_care_passed(tw::first_aid_ct_tn);
  }
  if (key != 'A' && key != 'W')
    // TRANSLATORS: {} is the key pressed; C, A and W the care keys.
    return refuse(utf8(fmt::format(fmt::runtime(tr("{} means nothing here: C concussion, A first aid, W a week's healing")), key)));
  care_->care = key == 'A' ? tw::Care::first_aid : tw::Care::natural;
  question_ = Question::care_location;
  location_->set_range(1, care_location_count);
  location_->set_value(2);  // the torso
  location_->SetFocus();
  // TRANSLATORS: {0} is who is cared for, {1} the locations by number with their wounds ("1 head (2)  2 torso ...").
  show_prompt(utf8(fmt::format(fmt::runtime(tr("Where on {}? {}")), f->name, care_location_menu(f->w))));
}

void ActionTimePage::care_location_done() {
  const at::Fighter* f = fighter(care_->patient);
  const tw::Location where = care_locations[location_->value() - 1];
  try {
    tw::heal_tn(f->w.at(where));
  } catch (const core::Refusal& r) {
    location_->SetFocus();
    return refuse(utf8(fmt::format("{}: {}", at::location_words(std::string(tw::to_string(where))), r.reason())));
  }
  care_->location = std::string(tw::to_string(where));
  if (care_->care == tw::Care::natural) return ask_care_passed(tw::heal_tn(f->w.at(where)));
  question_ = Question::care_healer;
  who_->set_range(1, static_cast<int>(fighters_.size()));
  who_->set_value(static_cast<int>(declaring_) + 1 == static_cast<int>(fighters_.size()) ? 1 : static_cast<int>(declaring_) + 2);
  who_->SetFocus();
  show_prompt(wx_tr("Who gives first aid? The number beside a name, then Enter"));
}

void ActionTimePage::care_healer_done() {
  const at::Fighter& healer = fighters_[static_cast<std::size_t>(who_->value() - 1)];
  if (!healer.able()) {
    who_->SetFocus();
    // TRANSLATORS: {0} is a character, {1} their state (dead, concussed).
    return refuse(utf8(fmt::format(fmt::runtime(tr("{} cannot give first aid: {}")), healer.name, at::state_words(healer.state))));
  }
  care_->healer = healer.name;
  const at::Fighter* f = fighter(care_->patient);
  ask_care_passed(tw::heal_tn(f->w.at(*tw::location_from_string(care_->location))));
}

void ActionTimePage::ask_care_passed(int tn) {
  question_ = Question::care_passed;
  const std::string where = at::location_words(care_->location);
  std::string what;
  if (care_->care == tw::Care::concussion)
    // TRANSLATORS: {0} is who is cared for, {1} the TN of the Medicine check (Simple, 3).
    what = fmt::format(fmt::runtime(tr("Concussion care for {}: a Medicine check, TN {} (003 L607)")), care_->patient, tn);
  else if (care_->care == tw::Care::first_aid)
    // TRANSLATORS: {0} the healer, {1} who is treated, {2} where, {3} the TN by the location's wounds.
    what = fmt::format(fmt::runtime(tr("{} gives {} first aid to the {}: a Medicine check, TN {} (003 L609-613)")),
                       care_->healer, care_->patient, where, tn);
  else
    // TRANSLATORS: {0} who heals, {1} where, {2} the TN by the location's wounds.
    what = fmt::format(fmt::runtime(tr("A week's healing of {}'s {}: a Fortitude check, TN {} (003 L615)")), care_->patient,
                       where, tn);
  set_text(tn_line_, tn_text_, utf8(what));
  show_prompt(wx_tr("Draw a card: Y the check is made, N it failed"));
  focus_keys();
}

void ActionTimePage::record_care(bool passed) {
  Json payload{{"character", care_->patient}, {"care", std::string(tw::to_string(care_->care))}, {"passed", passed}};
  if (!care_->location.empty()) payload["location"] = care_->location;
  if (!care_->healer.empty()) payload["healer"] = care_->healer;
  KeptDeclaration kept{declared_, declaring_, care_->patient};
  const CareAsked asked = *care_;
  record_or_refuse("twtw_cared", payload, [this, kept, asked, passed](const RecordOutcome& outcome) {
    recorded_seq_ = outcome.status == RecordOutcome::Status::accepted ? outcome.seq : -1;
    const std::string where = at::location_words(asked.location);
    const int wounds = outcome.ledger.value("wounds", 0);
    std::string said;
    if (asked.care == tw::Care::concussion)
      said = passed ? fmt::format(fmt::runtime(tr("{}: concussion cared for, CT {}")), asked.patient, outcome.ledger.value("ct", 0))
                    : fmt::format(fmt::runtime(tr("{}: concussion care failed")), asked.patient);
    else if (asked.care == tw::Care::first_aid)
      // TRANSLATORS: {0} who is treated, {1} where, {2} the wounds left there.
      said = fmt::format(fmt::runtime(passed ? tr("{}: first aid to the {}: a wound less, {} left") : tr("{}: first aid to the {} failed: {} wounds")),
                         asked.patient, where, wounds);
    else
      // TRANSLATORS: {0} who heals, {1} where, {2} the wounds left there.
      said = fmt::format(fmt::runtime(passed ? tr("{}: the {} healed a level in a week, {} left") : tr("{}: the {} did not heal this week: {} wounds")),
                         asked.patient, where, wounds);
    set_result(utf8(said));
    // The Declaration typed so far is kept through the rebuild that follows (restore_declaration).
    care_restores_ = kept;
  });
}

void ActionTimePage::restore_declaration() {
  if (!care_restores_) return;
  KeptDeclaration kept = std::move(*care_restores_);
  care_restores_.reset();
  care_.reset();
  if (mode_ != Mode::declaration || kept.declared.size() != declared_.size()) return;
  for (std::size_t i = 0; i < kept.declared.size(); ++i) {
    if (kept.declared[i].name != declared_[i].name) return;
    // Who cannot act sits out; the one cared for takes part once able (woken from concussion).
    if (!fighters_[i].able()) kept.declared[i].sits_out = true;
    else if (kept.declared[i].name == kept.patient) kept.declared[i].sits_out = false;
  }
  declared_ = std::move(kept.declared);
  declaring_ = kept.declaring;
  show_declaring();
}

}  // namespace marshal::gm
