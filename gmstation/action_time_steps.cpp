// The Action Time screen's steps: the actors, a stunned actor's recovery, attacks (who, target,
// paces, the TN, the card drawn or typed and its ancillary effects; the hit itself is in
// action_time_hit.cpp), Backspace and Ctrl+Z, and each step recorded, then the End Step. The
// layout is in action_time_page.cpp.
#include <algorithm>
#include <map>
#include <iterator>
#include <optional>

#include <fmt/format.h>

#include "core/refusal.h"
#include "gmstation/action_time_ancillary.h"
#include "gmstation/action_time_page.h"
#include "ui/words.h"

namespace marshal::gm {

namespace at = action_time;
namespace tw = core::twtw;
using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

namespace {

constexpr int default_paces = 10;
constexpr int max_card = tw::max_card_result;

}  // namespace

void ActionTimePage::begin_step() {
  mode_ = Mode::step;
  step_number_ = round_["next_step"].get<int>();
  const Json& step = round_["steps"][static_cast<std::size_t>(step_number_ - 1)];
  actors_ = step.value("actors", std::vector<std::string>{});
  recoveries_ = Json::array();
  hits_ = Json::array();
  entries_.clear();
  working_.clear();
  attacker_.clear();
  target_name_.clear();
  to_recover_.clear();
  attackers_.clear();
  extras_ = {};
  extras_of_.clear();
  fan_shots_.clear();
  for (const auto& name : actors_) {
    const at::Fighter* f = fighter(name);
    if (!f || !f->able()) continue;
    if (f->w.stunned) to_recover_.push_back(name);
    else if (!dodging(name)) attackers_.push_back(name);
  }
  for (const auto& f : fighters_) working_[f.name] = f.w;
  target_->set_range(1, static_cast<int>(fighters_.size()));
  show_step_keys();
  set_text(tn_line_, tn_text_, "");
  set_text(drawn_label_, drawn_text_, "");
  show_step();
  if (!to_recover_.empty()) return ask_next_recovery();
  show_prompt(attackers_.empty() ? wx_tr("Enter records the step (no attack in it)") : wx_tr("A: an attack.  Enter records the step"));
}

void ActionTimePage::show_step_keys() {
  // TRANSLATORS: a step's keys: A (a Latin letter on any keyboard) starts an attack. One line at 1024 x 600.
  set_text(keys_help_, keys_help_text_,
           wx_tr("A: attack   Backspace: drop the last   Enter: record the step   Ctrl+Z: undo"));
}

void ActionTimePage::show_step() {
  show_roster();
  const Json& step = round_["steps"][static_cast<std::size_t>(step_number_ - 1)];
  std::vector<std::string> who;
  for (const auto& name : actors_) {
    const at::Fighter* f = fighter(name);
    std::string why = !f                       ? ""
                      : f->state != "fighting" ? " (" + at::state_words(f->state) + ")"
                      // TRANSLATORS: after an actor's name: stunned, the step is spent on the recovery check.
                      : f->w.stunned   ? " (" + tr("stunned: recovers") + ")"
                      : dodging(name) ? " (" + tr("dodging") + ")"
                                      : "";
    who.push_back(name + why);
  }
  // TRANSLATORS: {0} is the round, {1} the step of {2}; {3} the step as the rules name it, {4} its actors.
  set_text(step_, step_text_,
           utf8(fmt::format(fmt::runtime(tr("Round {}, step {} of {}: {}: {}")), round_.value("number", 0), step_number_,
                            round_["steps"].size(), at::step_words(step), fmt::format("{}", fmt::join(who, ", ")))));
  std::vector<std::string> lines;
  for (const auto& e : entries_) lines.push_back(e.words);
  // TRANSLATORS: {} is what was entered in this step, one entry after another.
  set_text(entries_label_, entries_text_,
           utf8(lines.empty() ? std::string()
                              : fmt::format(fmt::runtime(tr("This step: {}")), fmt::format("{}", fmt::join(lines, "; ")))));
}

void ActionTimePage::ask_next_recovery() {
  if (to_recover_.empty()) {
    question_ = Question::none;
    focus_keys();
    return show_prompt(attackers_.empty() ? wx_tr("Enter records the step") : wx_tr("A: an attack.  Enter records the step"));
  }
  question_ = Question::recovery;
  const at::Fighter* f = fighter(to_recover_.front());
  focus_keys();
  // TRANSLATORS: {0} is a character, {1} the check's TN; Y and N are the keys typed (Latin letters).
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{} is stunned: the recovery check, TN {} (003 L591). Y made, N failed")), f->name,
                       tw::recovery_tn(f->w, options_.wound_table))));
}

void ActionTimePage::step_key(char key) {
  if (question_ == Question::recovery || question_ == Question::stun) {
    // TRANSLATORS: Y and N are the keys typed (Latin letters on any keyboard).
    if (key != 'Y' && key != 'N') return refuse(wx_tr("Y: the check is made, N: it failed"));
    const bool passed = key == 'Y';
    if (question_ == Question::stun) return add_hit(passed);
    const std::string name = to_recover_.front();
    to_recover_.erase(to_recover_.begin());
    recoveries_.push_back({{"character", name}, {"passed", passed}});
    entries_.push_back({Entry::recovery,
                        fmt::format(fmt::runtime(passed ? tr("{} makes the recovery") : tr("{} fails the recovery")), name), ""});
    // Recovered in its count: the action is spent on it (003 L583), so no attack this step.
    show_step();
    return ask_next_recovery();
  }
  if (key == 'A') return start_attack();
  // TRANSLATORS: {} is the key pressed; A is the key that starts an attack.
  refuse(utf8(fmt::format(fmt::runtime(tr("{} means nothing here: A an attack, Enter records the step")), key)));
}

void ActionTimePage::start_attack() {
  if (attackers_.empty())
    return refuse(wx_tr("Nobody attacks in this step (dodging, stunned, or unable): Enter records it"));
  attacker_.clear();
  target_name_.clear();
  preview_.reset();
  card_taken_ = false;
  hit_cover_.reset();
  hit_location_.clear();
  card_->Clear();
  dmg_->Clear();
  pv_->Clear();
  rd_->Clear();
  show_attack_keys();
  paces_->ChangeValue(wxString::Format("%d", default_paces));
  if (attackers_.size() == 1) {
    who_->set_range(1, 1);
    who_->set_value(1);
    return choose_attacker();
  }
  std::vector<std::string> menu;
  for (std::size_t i = 0; i < attackers_.size(); ++i) menu.push_back(fmt::format("{} {}", i + 1, attackers_[i]));
  who_->set_range(1, static_cast<int>(attackers_.size()));
  who_->set_value(1);
  who_->SetFocus();
  // TRANSLATORS: {} is the attackers, each with their number.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("Who attacks? {}")), fmt::format("{}", fmt::join(menu, "  ")))));
}

void ActionTimePage::choose_attacker() {
  attacker_ = attackers_[static_cast<std::size_t>(who_->value() - 1)];
  // The extras stay for the same attacker's next attack in the step (a fan's next shot), not another's.
  if (extras_of_ != attacker_) {
    extras_ = {};
    extras_of_ = attacker_;
  }
  // The first of the other side as the default target.
  const at::Fighter* a = fighter(attacker_);
  int first_foe = 1;
  for (std::size_t i = 0; i < fighters_.size(); ++i)
    if (fighters_[i].side != a->side && fighters_[i].state != "dead") {
      first_foe = static_cast<int>(i) + 1;
      break;
    }
  // The target declared for this attacker's actions (T in the Declaration), else the first foe.
  for (const Json& d : round_.value("declarations", Json::array()))
    if (d.value("character", "") == attacker_ && d.contains("target")) {
      const int declared = index_of(d["target"].get<std::string>());
      if (declared >= 0) first_foe = declared + 1;
    }
  target_->set_value(first_foe);
  target_->SetFocus();
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{} attacks: the target's number in the list (or scan its badge)")), attacker_)));
}

void ActionTimePage::update_tn() {
  if (attacker_.empty() || target_name_.empty()) return;
  const auto paces = typed_number(paces_, 0, tw::max_range_paces);
  if (!paces) return;
  std::vector<std::string> fan_targets;  // this attacker's earlier fan shots in the step
  for (const auto& [by, at_whom] : fan_shots_)
    if (by == attacker_) fan_targets.push_back(at_whom);
  const std::string extras = at::extras_words(extras_);
  tn_valid_ = false;
  try {
    tn_ = at::attack_tn(*fighter(attacker_), *fighter(target_name_), dodging(target_name_), *paces, increment_->value(),
                        extras_, fan_targets, options_);
    std::string line =
        *paces == 0
            // TRANSLATORS: {0} attacks {1}; then the TN and its reasons.
            ? fmt::format(fmt::runtime(tr("{} at {}, hand to hand: {}")), attacker_, target_name_, at::tn_words(tn_))
            // TRANSLATORS: {0} attacks {1} at {2} paces (the English says "paces" for any count); then the TN.
            : fmt::format(fmt::runtime(trn("{} at {}, {} paces: {}", "{} at {}, {} paces: {}", static_cast<std::uint64_t>(*paces))),
                          attacker_, target_name_, *paces, at::tn_words(tn_));
    // TRANSLATORS: {} is what the GM set of an attack with the Ctrl keys ("walking, snap 2, behind hardwood (AV 3)").
    if (!extras.empty()) line += "\n" + fmt::format(fmt::runtime(tr("Set: {}")), extras);
    if (declared_dodge(target_name_) && dodge_lost(target_name_))
      // TRANSLATORS: {} is the target, who declared a dodge but was stunned or incapacitated since (003 L365).
      line += "\n" + fmt::format(fmt::runtime(tr("{} has lost the Dodge: stunned or down (003 L365)")), target_name_);
    set_text(tn_line_, tn_text_, utf8(line));
    tn_valid_ = true;
  } catch (const core::Refusal& r) {
    set_text(tn_line_, tn_text_, utf8(r.reason() + (extras.empty() ? std::string() : "\n" + extras)));
  }
}

void ActionTimePage::draw_card() {
  if (attacker_.empty() || target_name_.empty()) return refuse(wx_tr("A: start an attack first"));
  if (draw_pile_.empty()) {  // the deck shuffled again once drawn through (the station's CSPRNG)
    draw_pile_ = deck_;
    for (std::size_t i = draw_pile_.size(); i > 1; --i)
      std::swap(draw_pile_[i - 1], draw_pile_[rng_.uniform(static_cast<std::uint32_t>(i))]);
  }
  drawn_ = draw_pile_.back();
  draw_pile_.pop_back();
  std::string stack;
  for (auto l : drawn_->locations) stack += (stack.empty() ? "" : ", ") + at::hit_location_words(l);
  std::string effects;
  for (int e : drawn_->effects) effects += (effects.empty() ? "" : " ") + std::to_string(e);
  // TRANSLATORS: an action card drawn: {0} its name, {1} its result, {2} its hit locations, {3} the
  // standard one, {4} its effects row, {5} its failure number and {6} the hour of its scatter clock (0: none).
  set_text(drawn_label_, drawn_text_,
           utf8(fmt::format(fmt::runtime(tr("Drawn: {}: result {}; locations {} (standard: {}); effects {}; failure {}; "
                                            "clock {}")),
                            drawn_->name, drawn_->result, stack, at::hit_location_words(tw::standard_location(*drawn_)),
                            effects.empty() ? tr("none") : effects, drawn_->failure, drawn_->scatter)));
  card_->ChangeValue(wxString::Format("%d", drawn_->result));
  take_card();
}

void ActionTimePage::take_card() {
  if (attacker_.empty() || target_name_.empty()) return refuse(wx_tr("A: start an attack first"));
  const auto card = typed_number(card_, 0, max_card);
  if (!card) {
    card_->SetFocus();
    return refuse(utf8(fmt::format(fmt::runtime(tr("The card's result: a whole number, 0 to {}")), max_card)));
  }
  if (!tn_valid_) {  // the TN line says why (a fan hand to hand, a range out of bounds)
    card_->SetFocus();
    // TRANSLATORS: refused at the Action Time screen: the attack has no TN yet.
    return refuse(wx_tr("No TN for this attack yet: mend what the TN line names first"));
  }
  const bool hit = *card >= tn_.tn;
  card_taken_ = true;
  // A fan's shot is fired, hit or miss: the next shot's TN is the series' next (003 L223).
  const std::string fan_by = extras_.fan ? attacker_ : std::string();
  if (extras_.fan) fan_shots_.push_back({attacker_, target_name_});
  // TRANSLATORS: {0} attacks {1}: {2} the card's name, {3} its result against {4} the TN.
  const std::string named = hit ? tr("{} at {}: card {}, {} vs TN {}, a hit") : tr("{} at {}: card {}, {} vs TN {}, a miss");
  // TRANSLATORS: {0} attacks {1}: {2} the card's result against {3} the TN.
  const std::string unnamed = hit ? tr("{} at {}: card {} vs TN {}, a hit") : tr("{} at {}: card {} vs TN {}, a miss");
  std::string words = drawn_ ? fmt::format(fmt::runtime(named), attacker_, target_name_, drawn_->name, *card, tn_.tn)
                             : fmt::format(fmt::runtime(unnamed), attacker_, target_name_, *card, tn_.tn);
  // Equipment failure, an ancillary effect applied last (003 L470, L482-484): the attack stands,
  // the weapon fails after it. Judged on a card drawn here, with the discards since the shuffle.
  if (drawn_ && extras_.rel > 0) {
    std::map<std::string, int> not_discarded;  // the pile left and this card, by name (copies counted)
    for (const auto& c : draw_pile_) ++not_discarded[c.name];
    ++not_discarded[drawn_->name];
    std::vector<tw::ActionCard> discards;
    for (const auto& c : deck_)
      if (not_discarded[c.name] > 0) --not_discarded[c.name];
      else discards.push_back(c);
    if (at::weapon_fails(extras_, *drawn_, discards))
      // TRANSLATORS: after an attack's card: {0} the card's failure number, {1} the weapon's Rel.
      words += fmt::format(fmt::runtime(tr("; the weapon fails (failure {}, Rel {}: 003 L482)")), drawn_->failure, extras_.rel);
  }
  // Scatter, a dodging target's leap and stray shots, applied last too (003 L470-504).
  at::AttackOutcome outcome;
  outcome.hit = hit;
  outcome.tn = tn_.tn;
  outcome.result = *card;
  outcome.paces = typed_number(paces_, 0, tw::max_range_paces).value_or(0);
  outcome.increment = increment_->value();
  outcome.target = target_name_;
  outcome.target_dodging = dodging(target_name_);
  outcome.drawn = drawn_;
  words += at::ancillary_words(extras_, outcome);
  if (!hit) {
    entries_.push_back({Entry::miss, words, fan_by});
    set_text(tn_line_, tn_text_, "");  // the attack is in this step's list, its TN with it: room at 1024 x 600
    attacker_.clear();
    target_name_.clear();
    card_taken_ = false;
    show_step_keys();
    show_step();
    focus_keys();
    return show_prompt(wx_tr("A miss.  A: another attack.  Enter records the step"));
  }
  card_words_ = words;
  hit_fan_by_ = fan_by;
  location_bumps_ = 0;
  location_->set_range(1, static_cast<int>(at::hit_locations().size()));
  location_->set_value(3);
  if (drawn_) {  // the drawn card's standard location (L402), the one shown first
    const auto& all = at::hit_locations();
    const auto at_standard = std::find(all.begin(), all.end(), tw::standard_location(*drawn_));
    if (at_standard != all.end()) location_->set_value(static_cast<int>(at_standard - all.begin()) + 1);
  }
  if (const auto called = at::called_location(extras_.called)) {  // a called shot that hits lands where it was called (L347)
    const auto& all = at::hit_locations();
    const auto at_called = std::find(all.begin(), all.end(), *called);
    if (at_called != all.end()) location_->set_value(static_cast<int>(at_called - all.begin()) + 1);
  }
  location_->SetFocus();
  // The locations by number where the keys are shown (the Ctrl keys come back with the DMG): in
  // the prompt's large type they took four lines and pushed the TN below the fold at 1024 x 600.
  set_text(keys_help_, keys_help_text_, utf8(at::hit_location_menu()));
  const std::string offered = at::hit_location_words(at::hit_locations()[static_cast<std::size_t>(location_->value() - 1)]);
  // TRANSLATORS: {} is the location offered (the card's standard one, or where the shot was called); the numbers are listed
  // below; Up/Down (the arrow keys) move it along the card's stack (003 L410-417).
  show_prompt(utf8(drawn_ ? fmt::format(fmt::runtime(tr("A hit: Enter keeps the card's standard location ({}), Up/Down bump it, or a number")), offered)
                          // TRANSLATORS: the hit locations' numbers are listed below.
                          : tr("A hit: the location the card shows, by its number below")));
}

void ActionTimePage::rebuild_working() {
  for (const auto& f : fighters_) working_[f.name] = f.w;
  for (const Json& h : hits_) {
    const at::Fighter* t = fighter(h["target"].get<std::string>());
    std::optional<at::HitCover> cover;
    if (h.contains("pv")) cover = at::HitCover{h["pv"].get<int>(), h["av"].get<int>(), h.contains("rd") ? std::optional<int>(h["rd"].get<int>()) : std::nullopt};
    auto p = at::preview_hit(working_[t->name], *tw::hit_location_from_string(h["location"].get<std::string>()),
                             h["dmg"].get<int>(), t->size, options_,
                             at::kind_from_code(h.value("kind", "")),
                             cover);
    if (h.contains("stun_passed")) p.hit.after.stunned = !h["stun_passed"].get<bool>();
    working_[t->name] = p.hit.after;
  }
}

void ActionTimePage::drop_last_entry() {
  // Drops what was typed, not what the ledger holds (Ctrl+Z undoes a recorded step).
  if (entries_.empty()) return refuse(wx_tr("Nothing entered in this step to drop (Ctrl+Z undoes the last recorded step)"));
  const Entry kind = entries_.back().kind;
  const std::string fan_by = entries_.back().fan_by;
  entries_.pop_back();
  if (!fan_by.empty())  // the fan's last shot: its next TN steps back
    for (auto it = fan_shots_.rbegin(); it != fan_shots_.rend(); ++it)
      if (it->first == fan_by) {
        fan_shots_.erase(std::next(it).base());
        break;
      }
  if (kind == Entry::hit) {
    hits_.erase(hits_.size() - 1);
    rebuild_working();
  } else if (kind == Entry::recovery) {
    to_recover_.insert(to_recover_.begin(), recoveries_.back()["character"].get<std::string>());
    recoveries_.erase(recoveries_.size() - 1);
  }
  show_step();
  if (!to_recover_.empty()) return ask_next_recovery();
  show_prompt(wx_tr("Dropped.  A: an attack.  Enter records the step"));
}

void ActionTimePage::record_step() {
  Json payload{{"step", step_number_}};
  if (!recoveries_.empty()) payload["recoveries"] = recoveries_;
  if (!hits_.empty()) payload["hits"] = hits_;
  const int number = step_number_;
  const Json step = round_["steps"][static_cast<std::size_t>(number - 1)];
  record_or_refuse("twtw_step_resolved", payload, [this, number, step](const RecordOutcome& outcome) {
    recorded_seq_ = outcome.status == RecordOutcome::Status::accepted ? outcome.seq : -1;
    // TRANSLATORS: {0} is the step's number, {1} the step as the rules name it, {2} what the ledger judged.
    set_result(utf8(fmt::format(fmt::runtime(tr("Step {} ({}) recorded: {}")), number, at::step_words(step),
                                outcome.status == RecordOutcome::Status::accepted ? at::judged_words(outcome.ledger)
                                                                                  : tr("kept provisionally"))));
  });
}

void ActionTimePage::record_end_step() {
  const int round = round_.value("number", 0);
  record_or_refuse("twtw_round_ended", Json::object(), [this, round](const RecordOutcome& outcome) {
    recorded_seq_ = outcome.status == RecordOutcome::Status::accepted ? outcome.seq : -1;
    // TRANSLATORS: {0} is the round, {1} who bleeds and how much.
    set_result(utf8(fmt::format(fmt::runtime(tr("The End Step of round {}: {}")), outcome.ledger.value("round", round),
                                outcome.ledger.value("bleeding", Json::array()).empty() ? tr("nobody bleeds")
                                                                                        : at::judged_words(outcome.ledger))));
  });
}

void ActionTimePage::undo_step() {
  if (mode_ != Mode::step && mode_ != Mode::end_step) return refuse(wx_tr("No round is running: nothing to undo"));
  const int done = round_.value("done", 0);
  if (done == 0) return refuse(wx_tr("No step of this round is resolved yet: nothing to undo"));
  record_or_refuse("twtw_step_undone", Json{{"step", done}}, [this, done](const RecordOutcome& outcome) {
    // TRANSLATORS: {0} is the step's number, {1} who is restored as they were before it.
    set_result(utf8(fmt::format(
        fmt::runtime(tr("Step {} undone: {} as before")), done,
        outcome.ledger.value("restored", Json::array()).empty()
            ? tr("nobody changed")
            : fmt::format("{}", fmt::join(outcome.ledger["restored"].get<std::vector<std::string>>(), ", ")))));
  });
}

}  // namespace marshal::gm
