// The Action Time screen's Declaration: one character at a time, a key for each action and
// choice, then Ctrl+N records twtw_round_started. The layout is in action_time_page.cpp.
#include <algorithm>

#include <fmt/format.h>

#include "core/refusal.h"
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

constexpr std::size_t max_declared_actions = 4;  // four Fast actions fill a round (the ledger's limit too)

}  // namespace

void ActionTimePage::begin_declaration() {
  mode_ = Mode::declaration;
  // Who was surprised last round owes the Easy (3) Bravery check (003 L34).
  std::vector<std::string> surprised_before;
  if (round_.is_object())
    for (const Json& d : round_.value("declarations", Json::array()))
      if (d.value("surprised", false)) surprised_before.push_back(d.value("character", ""));
  declared_.clear();
  for (const auto& f : fighters_) {
    at::Declared d;
    d.name = f.name;
    d.sits_out = !f.able();  // the dead, concussed and out of action declare nothing
    d.surprised_last_round =
        std::find(surprised_before.begin(), surprised_before.end(), f.name) != surprised_before.end() && f.able();
    declared_.push_back(d);
  }
  declaring_ = 0;
  while (declaring_ + 1 < declared_.size() && declared_[declaring_].sits_out) ++declaring_;
  actors_.clear();
  set_text(tn_line_, tn_text_, "");
  set_text(entries_label_, entries_text_, "");
  show_declaration_keys();
  show_declaring();
}

void ActionTimePage::show_declaration_keys() {
  // TRANSLATORS: the Declaration's keys (Latin letters on any keyboard): F, N and S an action's
  // speed, T its target, D a dodge, C continuous, U surprised, B the Bravery check, X sits out;
  // Ctrl+E care between rounds (first aid, concussion, a week's healing).
  set_text(keys_help_, keys_help_text_,
           wx_tr("F fast  N normal  S slow  Backspace drops one  T target (again: the next)  D dodge  C continuous\n"
                 "U surprised  B Bravery  X sits out  Enter: the next character   Ctrl+N: the round begins   Ctrl+E care"));
}

void ActionTimePage::show_declaring() {
  show_roster();
  const int number = round_.is_object() ? round_.value("number", 0) + 1 : 1;
  if (declared_.empty()) return;
  const auto& d = declared_[declaring_];
  const at::Fighter& f = fighters_[declaring_];
  // TRANSLATORS: {0} is the round, {1} who declares, {2} their Reflex die's sides, {3} what they declared.
  set_text(step_, step_text_,
           utf8(fmt::format(fmt::runtime(tr("Round {}, the Declaration: {} (d{}): {}")), number, d.name, f.reflex,
                            at::declaration_words(d, options_.speed_phases))));
  if (!f.able())
    // TRANSLATORS: {0} is a character, {1} their state (dead, concussed).
    return show_prompt(utf8(fmt::format(fmt::runtime(tr("{} is {}: no declaration. Enter: the next character")), f.name,
                                at::state_words(f.state))));
  // TRANSLATORS: {} is who declares; B is the key that records a failed Bravery check.
  show_prompt(utf8(fmt::format(fmt::runtime(d.surprised_last_round
                                        ? tr("{} declares: the keys below, Enter for the next character, Ctrl+N when "
                                             "all have declared (surprised last round: B if the Bravery check failed)")
                                        : tr("{} declares: the keys below, Enter for the next character, Ctrl+N when "
                                             "all have declared")),
                       d.name)));
}

void ActionTimePage::declare_key(char key) {
  if (declared_.empty()) return;
  auto& d = declared_[declaring_];
  if (!fighters_[declaring_].able())
    // TRANSLATORS: {0} is a character, {1} their state (dead, concussed).
    return refuse(utf8(fmt::format(fmt::runtime(tr("{} takes no part: {}")), d.name,
                                   at::state_words(fighters_[declaring_].state))));
  switch (key) {
    case 'F':
    case 'N':
    case 'S': {
      if (d.actions.size() >= max_declared_actions)
        return refuse(wx_tr("Four actions at most: four Fast ones fill a round"));
      d.actions.push_back(key == 'F' ? tw::Speed::fast : key == 'N' ? tw::Speed::normal : tw::Speed::slow);
      try {
        tw::phases_for(d.actions, options_.speed_phases);
      } catch (const core::Refusal& r) {
        d.actions.pop_back();
        return refuse(utf8(d.name + ": " + r.reason()));
      }
      break;
    }
    case 'T': {  // the next able character of the other side, then none again
      std::vector<std::string> foes;
      for (const auto& f : fighters_)
        if (f.side != fighters_[declaring_].side && f.able()) foes.push_back(f.name);
      auto at = std::find(foes.begin(), foes.end(), d.target);
      d.target = foes.empty() ? "" : at == foes.end() ? foes.front() : at + 1 == foes.end() ? "" : *(at + 1);
      break;
    }
    case 'D': d.dodge = !d.dodge; break;
    case 'C': d.continuous = !d.continuous; break;
    case 'U': d.surprised = !d.surprised; break;
    case 'X': d.sits_out = !d.sits_out; break;
    case 'B':
      if (!d.surprised_last_round)
        return refuse(utf8(fmt::format(fmt::runtime(tr("{} was not surprised last round: no Bravery check")), d.name)));
      d.bravery_passed = !d.bravery_passed;
      break;
    // TRANSLATORS: {} is the key pressed.
    default: return refuse(utf8(fmt::format(fmt::runtime(tr("{} means nothing in the Declaration")), key)));
  }
  show_declaring();
}

void ActionTimePage::record_declaration() {
  const Json payload = at::round_started_payload(declared_);
  if (payload["declarations"].empty()) return refuse(wx_tr("Nobody takes part: declare at least one character"));
  record_or_refuse("twtw_round_started", payload, [this](const RecordOutcome& outcome) { show_round_started(outcome); });
}

void ActionTimePage::show_round_started(const RecordOutcome& outcome) {
  recorded_seq_ = outcome.status == RecordOutcome::Status::accepted ? outcome.seq : -1;
  std::string idle;
  for (const Json& i : outcome.ledger.value("idle", Json::array()))
    idle += fmt::format("{}{} ({})", idle.empty() ? "" : ", ", i.value("character", ""), i.value("why", ""));
  const std::size_t steps = outcome.ledger.value("steps", Json::array()).size();
  // TRANSLATORS: {0} is the round, {1} how many steps it has;
  // then who has no action in it, and why, in the ledger's words.
  set_result(utf8(idle.empty() ? fmt::format(fmt::runtime(trn("Round {} begins: {} step", "Round {} begins: {} steps", steps)),
                                             outcome.ledger.value("round", 0), steps)
                               : fmt::format(fmt::runtime(trn("Round {} begins: {} step; no action: {}",
                                                              "Round {} begins: {} steps; no action: {}", steps)),
                                             outcome.ledger.value("round", 0), steps, idle)));
}

}  // namespace marshal::gm
