#include "gmstation/action_time_page.h"

#include <algorithm>

#include <fmt/format.h>
#include <wx/sizer.h>

#include "core/refusal.h"
#include "ui/theme.h"

namespace marshal::gm {

namespace at = action_time;
namespace tw = core::twtw;

namespace {

constexpr int default_paces = 10;
constexpr int default_increment = 8;  // a Peacemaker's (003 L114: TN 5 to 8 paces, 6 to 16)
constexpr int max_card = tw::max_card_result;
constexpr std::size_t max_actions = 4;  // four Fast actions fill a round (the ledger's limit too)

wxString utf8(const std::string& text) { return wxString::FromUTF8(text); }

wxStaticText* body_text(wxWindow* parent, const wxString& text, bool bold = false) {
  auto* label = new wxStaticText(parent, wxID_ANY, text);
  label->SetFont(ui::font(ui::body_points, bold));
  return label;
}

wxTextCtrl* number_field(wxWindow* parent, const wxString& hint) {
  auto* field = new wxTextCtrl(parent, wxID_ANY, "", wxDefaultPosition, wxSize(80, -1), wxTE_PROCESS_ENTER);
  field->SetFont(ui::font(16));
  field->SetHint(hint);
  return field;
}

// A whole number typed in `field`, low..high; nullopt when it is not one.
std::optional<int> typed_number(wxTextCtrl* field, int low, int high) {
  long v = 0;
  if (!field->GetValue().Strip(wxString::both).ToLong(&v) || v < low || v > high) return std::nullopt;
  return static_cast<int>(v);
}

const char* declaration_keys =
    "F fast  N normal  S slow  Backspace drops one  T target (again: the next)  D dodge  C continuous\n"
    "U surprised  B Bravery  X sits out  "
    "Enter: the next character   Ctrl+N: the round begins";
const char* step_keys =
    "A an attack   Backspace drops the last entry   Enter records the step   Ctrl+Z undoes the last step";

}  // namespace

ActionTimePage::ActionTimePage(wxWindow* parent, StationBackend& backend)
    : ConflictPage(parent, "ACTION TIME: The West That Wasn't"), backend_(backend) {
  SetName("action time");
  // The posse on the left, the Judge's characters on the right; then the step and its inputs.
  auto* columns = new wxBoxSizer(wxHORIZONTAL);
  posse_column_ = new wxBoxSizer(wxVERTICAL);
  judge_column_ = new wxBoxSizer(wxVERTICAL);
  columns->Add(posse_column_, 1, wxEXPAND | wxRIGHT, 8);
  columns->Add(judge_column_, 1, wxEXPAND);
  inputs_->Add(columns, 0, wxEXPAND | wxLEFT | wxRIGHT, 6);
  step_ = body_text(this, "", true);
  inputs_->Add(step_, 0, wxEXPAND | wxLEFT | wxRIGHT | wxTOP, 6);

  keys_ = new KeyField(this);
  who_ = new OneKeyNumber(this, "Who attacks");
  target_ = new OneKeyNumber(this, "Target");
  paces_ = number_field(this, "paces");
  increment_ = new StepNumber(this, "Range increment", 1, tw::max_range_increment, false);
  increment_->set_value(default_increment);
  card_ = number_field(this, "card");
  location_ = new OneKeyNumber(this, "Location");
  dmg_ = number_field(this, "DMG");
  who_->set_range(1, 1);
  location_->set_range(1, static_cast<int>(at::hit_locations().size()));
  location_->set_value(3);  // chest: a card's standard location is most often the torso
  for (wxTextCtrl* field : std::initializer_list<wxTextCtrl*>{who_, target_, increment_, location_})
    field->SetMinSize(wxSize(60, -1));
  // Two rows, so the page is never wider than its 800 px at 1024 x 600: the attack, then its card.
  auto* attack_row = new wxBoxSizer(wxHORIZONTAL);
  auto* card_row = new wxBoxSizer(wxHORIZONTAL);
  auto add_field = [this](wxSizer* row, const wxString& label, wxWindow* field) {
    row->Add(body_text(this, label), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 3);
    row->Add(field, 0, wxRIGHT, 10);
  };
  add_field(attack_row, "Keys", keys_);
  add_field(attack_row, "Who", who_);
  add_field(attack_row, "Target", target_);
  add_field(attack_row, "Paces", paces_);
  add_field(attack_row, "Increment", increment_);
  add_field(card_row, "Card", card_);
  add_field(card_row, "Location", location_);
  add_field(card_row, "DMG", dmg_);
  inputs_->Add(attack_row, 0, wxLEFT | wxRIGHT | wxTOP, 4);
  inputs_->Add(card_row, 0, wxLEFT | wxRIGHT | wxTOP, 4);
  tn_line_ = body_text(this, "");
  inputs_->Add(tn_line_, 0, wxEXPAND | wxLEFT | wxRIGHT, 6);
  drawn_label_ = body_text(this, "");
  inputs_->Add(drawn_label_, 0, wxEXPAND | wxLEFT | wxRIGHT, 6);
  entries_label_ = body_text(this, "");
  inputs_->Add(entries_label_, 0, wxEXPAND | wxLEFT | wxRIGHT, 6);
  add_result_area(ui::body_points + 2);
  keys_help_ = body_text(this, "");
  keys_help_->SetForegroundColour(ui::ink);
  sizer_->Add(keys_help_, 0, wxALL | wxEXPAND, 6);

  auto refused = [this](const wxString& why) { refuse(why); };
  who_->on_refused(refused);
  target_->on_refused(refused);
  location_->on_refused(refused);
  increment_->on_refused(refused);
  keys_->on_letter([this](char key) {
    if (mode_ == Mode::declaration) declare_key(key);
    else if (mode_ == Mode::step) step_key(key);
  });
  keys_->on_enter([this] {
    if (mode_ == Mode::declaration) {
      declaring_ = (declaring_ + 1) % std::max<std::size_t>(declared_.size(), 1);
      show_declaring();
    } else if (mode_ == Mode::step && question_ == Question::none) {
      record_step();
    } else if (mode_ == Mode::end_step) {
      record_end_step();
    }
  });
  keys_->on_back([this] {
    if (mode_ == Mode::declaration && !declared_.empty() && !declared_[declaring_].actions.empty()) {
      declared_[declaring_].actions.pop_back();
      show_declaring();
    } else if (mode_ == Mode::step && question_ == Question::none) {
      drop_last_entry();
    }
  });
  who_->on_done([this] { choose_attacker(); });
  target_->on_done([this] {
    const auto& f = fighters_[static_cast<std::size_t>(target_->value() - 1)];
    if (f.state == "dead") {
      target_->SetFocus();
      return refuse(utf8(f.name + " is dead already"));
    }
    target_name_ = f.name;
    update_tn();
    paces_->SetFocus();
    paces_->SelectAll();
    say(utf8(fmt::format("{} at {}: the range in paces (0: hand to hand), then Enter", attacker_, target_name_)));
  });
  paces_->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { update_tn(); });
  paces_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) {
    if (!typed_number(paces_, 0, tw::max_range_paces)) {
      paces_->SetFocus();
      return refuse(wxString::Format("Paces: a whole number, 0 to %d (0: hand to hand)", tw::max_range_paces));
    }
    update_tn();
    card_->SetFocus();
    say(utf8(deck_mode() ? fmt::format("Enter: the station draws a card against TN {} (or type a drawn card's result)", tn_.tn)
                         : fmt::format("Draw a card: type its result against TN {}, then Enter", tn_.tn)));
  });
  increment_->on_changed([this] { update_tn(); });
  increment_->on_done([this] { card_->SetFocus(); });
  card_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) {
    if (deck_mode() && card_->GetValue().Strip(wxString::both).empty()) return draw_card();
    drawn_.reset();  // typed: a card drawn from the table's own deck
    take_card();
  });
  location_->on_done([this] {
    hit_location_ = std::string(tw::to_string(at::hit_locations()[static_cast<std::size_t>(location_->value() - 1)]));
    dmg_->SetFocus();
    say(utf8(fmt::format("A hit in the {}: type the DMG from the card's effect row, then Enter", hit_location_)));
  });
  dmg_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { take_dmg(); });
  Bind(wxEVT_SIZE, [this](wxSizeEvent& event) {
    event.Skip();
    CallAfter([this] { rewrap_texts(); });
  });
  start();
}

// ---- the whole screen ----

void ActionTimePage::start() {
  open_screen();
  set_result("");
  refresh();
  on_shown();
}

void ActionTimePage::refresh() {
  Lookup view = backend_.twtw();
  if (view.found) view_ = view.data;
  try {
    options_ = at::options_from_view(view_);
  } catch (const std::exception&) {
    options_ = {};
  }
  fighters_ = at::fighters_from_view(view_);
  round_ = view_.value("round", Json());
  question_ = Question::none;
  if (fighters_.empty()) {
    mode_ = Mode::no_twtw;
    show_roster();
    set_text(step_, step_text_, "");
    set_text(keys_help_, keys_help_text_, "");
    return say(view.found ? "This event has no TWTW characters (twtw.csv): no action time"
                          : "The ledger is out of reach: " + utf8(view.refusal));
  }
  if (round_.is_object() && !round_.value("ended", true)) {
    if (round_["next_step"].is_null()) {
      mode_ = Mode::end_step;
      show_roster();
      set_text(step_, step_text_,
               utf8(fmt::format("Round {}: every step is resolved", round_.value("number", 0))));
      set_text(tn_line_, tn_text_, "");
      set_text(entries_label_, entries_text_, "");
      set_text(keys_help_, keys_help_text_, "Enter: the End Step   Ctrl+Z undoes the last step");
      return say("Enter: the End Step (bleeding), or Ctrl+Z to undo the last step");
    }
    return begin_step();
  }
  begin_declaration();
}

void ActionTimePage::show_roster() {
  // The rows are rebuilt only when the characters change in number; their text every time.
  if (rows_.size() != fighters_.size()) {
    for (auto* r : rows_) r->Destroy();
    rows_.clear();
    posse_column_->Clear();
    judge_column_->Clear();
    for (const auto& f : fighters_) {
      auto* r = body_text(this, "");
      (f.side == "judge" ? judge_column_ : posse_column_)->Add(r, 0, wxEXPAND | wxBOTTOM, 1);
      rows_.push_back(r);
    }
    row_texts_.assign(rows_.size(), wxString());
  }
  for (std::size_t i = 0; i < fighters_.size(); ++i) {
    const auto& f = fighters_[i];
    std::string text = fmt::format("{} {}", i + 1, at::roster_line(f));
    bool lit = false;
    if (mode_ == Mode::declaration && i < declared_.size()) {
      const std::string words = at::declaration_words(declared_[i], options_.speed_phases);
      if (words != "no action declared") text += "  | " + words;
      lit = i == declaring_;
    } else if (mode_ == Mode::step) {
      lit = std::find(actors_.begin(), actors_.end(), f.name) != actors_.end();
      if (dodging(f.name)) text += "  dodging";
    }
    if (!f.able() && mode_ == Mode::declaration) text = fmt::format("{} {}", i + 1, at::roster_line(f));
    rows_[i]->SetFont(ui::font(ui::body_points, lit));
    rows_[i]->SetBackgroundColour(lit ? ui::waiting_yellow : GetBackgroundColour());
    rows_[i]->SetForegroundColour(f.state == "dead" ? ui::refusal_red : ui::ink);
    set_text(rows_[i], row_texts_[i], utf8((lit ? "> " : "") + text));
  }
}

wxString ActionTimePage::roster_text() const {
  wxString all;
  for (const auto& t : row_texts_) all += t + "\n";
  return all;
}

std::vector<std::string> ActionTimePage::highlighted() const {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < rows_.size() && i < fighters_.size(); ++i)
    if (row_texts_[i].StartsWith("> ")) names.push_back(fighters_[i].name);
  return names;
}

void ActionTimePage::set_text(wxStaticText* label, wxString& kept, const wxString& text) {
  kept = text;
  label->SetLabel(text);
  const bool row = std::find(rows_.begin(), rows_.end(), label) != rows_.end();
  const int width = GetClientSize().x;
  label->Wrap(std::max(200, row ? width / 2 - 20 : width - 24));
  Layout();
  FitInside();
}

void ActionTimePage::rewrap_texts() {
  for (std::size_t i = 0; i < rows_.size(); ++i) set_text(rows_[i], row_texts_[i], row_texts_[i]);
  set_text(step_, step_text_, step_text_);
  set_text(tn_line_, tn_text_, tn_text_);
  set_text(drawn_label_, drawn_text_, drawn_text_);
  set_text(entries_label_, entries_text_, entries_text_);
  set_text(keys_help_, keys_help_text_, keys_help_text_);
}

void ActionTimePage::focus_keys() {
  if (mode_ != Mode::no_twtw) keys_->SetFocus();
}

const at::Fighter* ActionTimePage::fighter(const std::string& name) const {
  for (const auto& f : fighters_)
    if (f.name == name) return &f;
  return nullptr;
}

int ActionTimePage::index_of(const std::string& name) const {
  for (std::size_t i = 0; i < fighters_.size(); ++i)
    if (fighters_[i].name == name) return static_cast<int>(i);
  return -1;
}

bool ActionTimePage::dodging(const std::string& name) const {
  if (!round_.is_object()) return false;
  for (const Json& d : round_.value("declarations", Json::array()))
    if (d.value("character", "") == name) return d.value("dodge", false);
  return false;
}

bool ActionTimePage::record_or_refuse(const std::string& type, const Json& payload, RecordOutcome& outcome) {
  outcome = backend_.record(type, payload);
  if (outcome.status != RecordOutcome::Status::refused) return true;
  refuse("The ledger refused it: " + utf8(outcome.reason));
  focus_keys();
  return false;
}

void ActionTimePage::on_scan(const std::string& code) {
  // A badge: in the Declaration it picks who declares; during an attack, the target.
  Lookup who = backend_.character(code);
  const int index = who.found ? index_of(who.data.value("name", "")) : -1;
  if (index < 0) return refuse("Scan the badge of a character in action time");
  if (mode_ == Mode::declaration) {
    declaring_ = static_cast<std::size_t>(index);
    show_declaring();
    return focus_keys();
  }
  if (mode_ == Mode::step && !attacker_.empty() && target_name_.empty()) {
    target_->set_value(index + 1);
    target_->SetFocus();
    return say(utf8(fighters_[static_cast<std::size_t>(index)].name + ": Enter to take this target"));
  }
  refuse("A badge picks who declares, or an attack's target");
}

bool ActionTimePage::on_key(int key) {
  switch (key) {
    case 'N':
      if (mode_ != Mode::declaration) {
        refuse(mode_ == Mode::no_twtw ? "No action time in this event"
                                      : "A round is running: play its steps and its End Step first");
        return true;
      }
      record_declaration();
      return true;
    case 'Z': undo_step(); return true;
    default: return false;
  }
}

// ---- the Declaration ----

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
  set_text(keys_help_, keys_help_text_, declaration_keys);
  show_declaring();
}

void ActionTimePage::show_declaring() {
  show_roster();
  const int number = round_.is_object() ? round_.value("number", 0) + 1 : 1;
  if (declared_.empty()) return;
  const auto& d = declared_[declaring_];
  const at::Fighter& f = fighters_[declaring_];
  set_text(step_, step_text_,
           utf8(fmt::format("Round {}, the Declaration: {} (d{}): {}", number, d.name, f.reflex,
                            at::declaration_words(d, options_.speed_phases))));
  if (!f.able()) return say(utf8(fmt::format("{} is {}: no declaration. Enter: the next character", f.name, f.state)));
  say(utf8(fmt::format("{} declares: the keys below, Enter for the next character, Ctrl+N when all have declared",
                       d.name) +
           (d.surprised_last_round ? " (surprised last round: B if the Bravery check failed)" : "")));
}

void ActionTimePage::declare_key(char key) {
  if (declared_.empty()) return;
  auto& d = declared_[declaring_];
  if (!fighters_[declaring_].able()) return refuse(utf8(d.name + " takes no part: " + fighters_[declaring_].state));
  switch (key) {
    case 'F':
    case 'N':
    case 'S': {
      if (d.actions.size() >= max_actions) return refuse("Four actions at most: four Fast ones fill a round");
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
      if (!d.surprised_last_round) return refuse(utf8(d.name + " was not surprised last round: no Bravery check"));
      d.bravery_passed = !d.bravery_passed;
      break;
    default: return refuse(wxString::Format("%c means nothing in the Declaration", key));
  }
  show_declaring();
}

void ActionTimePage::record_declaration() {
  const Json payload = at::round_started_payload(declared_);
  if (payload["declarations"].empty()) return refuse("Nobody takes part: declare at least one character");
  RecordOutcome outcome;
  if (!record_or_refuse("twtw_round_started", payload, outcome)) return;
  recorded_seq_ = outcome.status == RecordOutcome::Status::accepted ? outcome.seq : -1;
  std::string idle;
  for (const Json& i : outcome.ledger.value("idle", Json::array()))
    idle += fmt::format("{}{} ({})", idle.empty() ? "" : ", ", i.value("character", ""), i.value("why", ""));
  set_result(utf8(fmt::format("Round {} begins: {} steps{}", outcome.ledger.value("round", 0),
                              outcome.ledger.value("steps", Json::array()).size(),
                              idle.empty() ? "" : "; no action: " + idle)));
  refresh();
  focus_keys();
}

// ---- the steps ----

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
  for (const auto& name : actors_) {
    const at::Fighter* f = fighter(name);
    if (!f || !f->able()) continue;
    if (f->w.stunned) to_recover_.push_back(name);
    else if (!dodging(name)) attackers_.push_back(name);
  }
  for (const auto& f : fighters_) working_[f.name] = f.w;
  target_->set_range(1, static_cast<int>(fighters_.size()));
  set_text(keys_help_, keys_help_text_, step_keys);
  set_text(tn_line_, tn_text_, "");
  set_text(drawn_label_, drawn_text_, "");
  show_step();
  if (!to_recover_.empty()) return ask_next_recovery();
  say(attackers_.empty() ? wxString("Enter records the step (no attack in it)")
                         : wxString("A: an attack.  Enter records the step"));
}

void ActionTimePage::show_step() {
  show_roster();
  const Json& step = round_["steps"][static_cast<std::size_t>(step_number_ - 1)];
  std::vector<std::string> who;
  for (const auto& name : actors_) {
    const at::Fighter* f = fighter(name);
    std::string why = !f ? "" : f->state != "fighting" ? " (" + f->state + ")" : f->w.stunned ? " (stunned: recovers)"
                                                         : dodging(name)                      ? " (dodging)"
                                                                                              : "";
    who.push_back(name + why);
  }
  set_text(step_, step_text_,
           utf8(fmt::format("Round {}, step {} of {}: {}: {}", round_.value("number", 0), step_number_,
                            round_["steps"].size(), at::step_words(step), fmt::format("{}", fmt::join(who, ", ")))));
  std::vector<std::string> lines;
  for (const auto& e : entries_) lines.push_back(e.second);
  set_text(entries_label_, entries_text_,
           utf8(lines.empty() ? std::string() : fmt::format("This step: {}", fmt::join(lines, "; "))));
}

void ActionTimePage::ask_next_recovery() {
  if (to_recover_.empty()) {
    question_ = Question::none;
    focus_keys();
    return say(attackers_.empty() ? wxString("Enter records the step") : wxString("A: an attack.  Enter records the step"));
  }
  question_ = Question::recovery;
  const at::Fighter* f = fighter(to_recover_.front());
  focus_keys();
  say(utf8(fmt::format("{} is stunned: the recovery check, TN {} (003 L591). Y made, N failed", f->name,
                       tw::recovery_tn(f->w, options_.wound_table))));
}

void ActionTimePage::step_key(char key) {
  if (question_ == Question::recovery || question_ == Question::stun) {
    if (key != 'Y' && key != 'N') return refuse("Y: the check is made, N: it failed");
    const bool passed = key == 'Y';
    if (question_ == Question::stun) return add_hit(passed);
    const std::string name = to_recover_.front();
    to_recover_.erase(to_recover_.begin());
    recoveries_.push_back({{"character", name}, {"passed", passed}});
    entries_.push_back({Entry::recovery, fmt::format("{} {} the recovery", name, passed ? "makes" : "fails")});
    // Recovered in its count: the action is spent on it (003 L583), so no attack this step.
    show_step();
    return ask_next_recovery();
  }
  if (key == 'A') return start_attack();
  refuse(wxString::Format("%c means nothing here: A an attack, Enter records the step", key));
}

void ActionTimePage::start_attack() {
  if (attackers_.empty())
    return refuse("Nobody attacks in this step (dodging, stunned, or unable): Enter records it");
  attacker_.clear();
  target_name_.clear();
  preview_.reset();
  card_->Clear();
  dmg_->Clear();
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
  say(utf8(fmt::format("Who attacks? {}", fmt::join(menu, "  "))));
}

void ActionTimePage::choose_attacker() {
  attacker_ = attackers_[static_cast<std::size_t>(who_->value() - 1)];
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
  say(utf8(attacker_ + " attacks: the target's number in the list (or scan its badge)"));
}

void ActionTimePage::update_tn() {
  if (attacker_.empty() || target_name_.empty()) return;
  const auto paces = typed_number(paces_, 0, tw::max_range_paces);
  if (!paces) return;
  try {
    tn_ = at::attack_tn(*fighter(attacker_), *fighter(target_name_), dodging(target_name_), *paces, increment_->value(),
                        options_);
    set_text(tn_line_, tn_text_,
             utf8(fmt::format("{} at {}, {}: {}", attacker_, target_name_,
                              *paces == 0 ? std::string("hand to hand") : fmt::format("{} paces", *paces),
                              at::tn_words(tn_))));
  } catch (const core::Refusal& r) {
    set_text(tn_line_, tn_text_, utf8(r.reason()));
  }
}

void ActionTimePage::set_deck(std::vector<tw::ActionCard> cards) {
  deck_ = std::move(cards);
  draw_pile_.clear();
}

void ActionTimePage::draw_card() {
  if (attacker_.empty() || target_name_.empty()) return refuse("A: start an attack first");
  if (draw_pile_.empty()) {  // the deck shuffled again once drawn through (the station's CSPRNG)
    draw_pile_ = deck_;
    for (std::size_t i = draw_pile_.size(); i > 1; --i)
      std::swap(draw_pile_[i - 1], draw_pile_[rng_.uniform(static_cast<std::uint32_t>(i))]);
  }
  drawn_ = draw_pile_.back();
  draw_pile_.pop_back();
  std::string stack;
  for (auto l : drawn_->locations) stack += (stack.empty() ? "" : ", ") + std::string(tw::to_string(l));
  std::string effects;
  for (int e : drawn_->effects) effects += (effects.empty() ? "" : " ") + std::to_string(e);
  set_text(drawn_label_, drawn_text_,
           utf8(fmt::format("Drawn: {}: result {}; locations {} (standard: {}); effects {}; failure {}; scatter {}",
                            drawn_->name, drawn_->result, stack, tw::to_string(tw::standard_location(*drawn_)),
                            effects.empty() ? std::string("none") : effects, drawn_->failure, drawn_->scatter)));
  card_->ChangeValue(wxString::Format("%d", drawn_->result));
  take_card();
}

void ActionTimePage::take_card() {
  if (attacker_.empty() || target_name_.empty()) return refuse("A: start an attack first");
  const auto card = typed_number(card_, 0, max_card);
  if (!card) {
    card_->SetFocus();
    return refuse(wxString::Format("The card's result: a whole number, 0 to %d", max_card));
  }
  if (*card < tn_.tn) {
    entries_.push_back({Entry::miss, fmt::format("{} at {}: card {}{} vs TN {}, a miss", attacker_, target_name_,
                                                 drawn_ ? drawn_->name + ", " : std::string(), *card, tn_.tn)});
    attacker_.clear();
    target_name_.clear();
    show_step();
    focus_keys();
    return say("A miss.  A: another attack.  Enter records the step");
  }
  card_words_ = fmt::format("{} at {}: card {}{} vs TN {}, a hit", attacker_, target_name_,
                            drawn_ ? drawn_->name + ", " : std::string(), *card, tn_.tn);
  location_->set_range(1, static_cast<int>(at::hit_locations().size()));
  location_->set_value(3);
  if (drawn_) {  // the drawn card's standard location (L402), the one shown first
    const auto& all = at::hit_locations();
    const auto at_standard = std::find(all.begin(), all.end(), tw::standard_location(*drawn_));
    if (at_standard != all.end()) location_->set_value(static_cast<int>(at_standard - all.begin()) + 1);
  }
  location_->SetFocus();
  say(utf8(drawn_ ? "A hit: Enter keeps the card's standard location (shown), or another by number: " +
                         at::hit_location_menu()
                   : "A hit: the location the card shows, by number: " + at::hit_location_menu()));
}

void ActionTimePage::take_dmg() {
  const auto dmg = typed_number(dmg_, 0, tw::max_effect);
  if (!dmg || hit_location_.empty()) {
    dmg_->SetFocus();
    return refuse(wxString::Format("DMG: a whole number, 0 to %d", tw::max_effect));
  }
  hit_dmg_ = *dmg;
  const at::Fighter* target = fighter(target_name_);
  try {
    preview_ = at::preview_hit(working_[target_name_], *tw::hit_location_from_string(hit_location_), hit_dmg_,
                               target->size, options_);
  } catch (const core::Refusal& r) {
    dmg_->SetFocus();
    return refuse(utf8(r.reason()));
  }
  if (!preview_->hit.stun_check) return add_hit(std::nullopt);
  question_ = Question::stun;
  focus_keys();
  say(utf8(fmt::format("{} takes {} wound{} and {} CT: the Stun check, TN {} (+{} for earlier wounds). Y made, N failed",
                       target_name_, preview_->damage.wounds, preview_->damage.wounds == 1 ? "" : "s",
                       preview_->damage.ct, preview_->hit.stun_tn, preview_->hit.stun_penalty)));
}

void ActionTimePage::add_hit(std::optional<bool> stun_passed) {
  Json hit{{"by", attacker_}, {"target", target_name_}, {"location", hit_location_}, {"dmg", hit_dmg_}};
  std::string words = fmt::format("{}: {} DMG {}", card_words_, hit_location_, hit_dmg_);
  if (stun_passed) {
    hit["stun_passed"] = *stun_passed;
    words += *stun_passed ? ", not stunned" : ", STUNNED";
  }
  hits_.push_back(hit);
  // The target as it will stand after the hit, for a later hit in the same step.
  auto after = preview_->hit.after;
  if (stun_passed) after.stunned = !*stun_passed;
  working_[target_name_] = after;
  entries_.push_back({Entry::hit, words});
  question_ = Question::none;
  attacker_.clear();
  target_name_.clear();
  hit_location_.clear();
  show_step();
  focus_keys();
  say("A: another attack.  Enter records the step");
}

void ActionTimePage::rebuild_working() {
  for (const auto& f : fighters_) working_[f.name] = f.w;
  for (const Json& h : hits_) {
    const at::Fighter* t = fighter(h["target"].get<std::string>());
    auto p = at::preview_hit(working_[t->name], *tw::hit_location_from_string(h["location"].get<std::string>()),
                             h["dmg"].get<int>(), t->size, options_);
    if (h.contains("stun_passed")) p.hit.after.stunned = !h["stun_passed"].get<bool>();
    working_[t->name] = p.hit.after;
  }
}

void ActionTimePage::drop_last_entry() {
  // Drops what was typed, not what the ledger holds (Ctrl+Z undoes a recorded step).
  if (entries_.empty()) return refuse("Nothing entered in this step to drop (Ctrl+Z undoes the last recorded step)");
  const Entry kind = entries_.back().first;
  entries_.pop_back();
  if (kind == Entry::hit) {
    hits_.erase(hits_.size() - 1);
    rebuild_working();
  } else if (kind == Entry::recovery) {
    to_recover_.insert(to_recover_.begin(), recoveries_.back()["character"].get<std::string>());
    recoveries_.erase(recoveries_.size() - 1);
  }
  show_step();
  if (!to_recover_.empty()) return ask_next_recovery();
  say("Dropped.  A: an attack.  Enter records the step");
}

void ActionTimePage::record_step() {
  Json payload{{"step", step_number_}};
  if (!recoveries_.empty()) payload["recoveries"] = recoveries_;
  if (!hits_.empty()) payload["hits"] = hits_;
  RecordOutcome outcome;
  if (!record_or_refuse("twtw_step_resolved", payload, outcome)) return;
  recorded_seq_ = outcome.status == RecordOutcome::Status::accepted ? outcome.seq : -1;
  const Json& step = round_["steps"][static_cast<std::size_t>(step_number_ - 1)];
  set_result(utf8(fmt::format("Step {} ({}) recorded: {}", step_number_, at::step_words(step),
                              outcome.status == RecordOutcome::Status::accepted ? at::judged_words(outcome.ledger)
                                                                                : std::string("kept provisionally"))));
  refresh();
  focus_keys();
}

void ActionTimePage::record_end_step() {
  RecordOutcome outcome;
  if (!record_or_refuse("twtw_round_ended", Json::object(), outcome)) return;
  recorded_seq_ = outcome.status == RecordOutcome::Status::accepted ? outcome.seq : -1;
  set_result(utf8(fmt::format("The End Step of round {}: {}", outcome.ledger.value("round", round_.value("number", 0)),
                              outcome.ledger.value("bleeding", Json::array()).empty()
                                  ? std::string("nobody bleeds")
                                  : at::judged_words(outcome.ledger))));
  refresh();
  focus_keys();
}

void ActionTimePage::undo_step() {
  if (mode_ != Mode::step && mode_ != Mode::end_step) return refuse("No round is running: nothing to undo");
  const int done = round_.value("done", 0);
  if (done == 0) return refuse("No step of this round is resolved yet: nothing to undo");
  RecordOutcome outcome;
  if (!record_or_refuse("twtw_step_undone", Json{{"step", done}}, outcome)) return;
  set_result(utf8(fmt::format("Step {} undone: {} as before", done,
                              outcome.ledger.value("restored", Json::array()).empty()
                                  ? std::string("nobody changed")
                                  : fmt::format("{}", fmt::join(outcome.ledger["restored"].get<std::vector<std::string>>(), ", ")))));
  refresh();
  focus_keys();
}

}  // namespace marshal::gm
