// The Action Time screen's layout and the whole screen: the roster, the texts, what the ledger
// holds (GET /twtw), scans and Ctrl keys. The Declaration is in action_time_declaration.cpp, the
// steps and their attacks in action_time_steps.cpp.
#include "gmstation/action_time_page.h"

#include <algorithm>

#include <fmt/format.h>
#include <wx/sizer.h>

#include "core/refusal.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

namespace at = action_time;
namespace tw = core::twtw;
using ui::tr;
using ui::utf8;
using ui::wx_tr;

namespace {

constexpr int default_increment = 8;  // a Peacemaker's (003 L114: TN 5 to 8 paces, 6 to 16)

wxStaticText* action_time_body_text(wxWindow* parent, const wxString& text, bool bold = false) {
  auto* label = new wxStaticText(parent, wxID_ANY, text);
  label->SetFont(ui::font(ui::body_points, bold));
  return label;
}

wxTextCtrl* action_time_number_field(wxWindow* parent, const wxString& hint) {
  auto* field = new wxTextCtrl(parent, wxID_ANY, "", wxDefaultPosition, wxSize(80, -1), wxTE_PROCESS_ENTER);
  field->SetFont(ui::font(16));
  field->SetHint(hint);
  return field;
}

}  // namespace

std::optional<int> ActionTimePage::typed_number(wxTextCtrl* field, int low, int high) {
  long v = 0;
  if (!field->GetValue().Strip(wxString::both).ToLong(&v) || v < low || v > high) return std::nullopt;
  return static_cast<int>(v);
}

ActionTimePage::ActionTimePage(wxWindow* parent, LedgerAsker& asker)
    // TRANSLATORS: the Action Time screen's title; The West That Wasn't is the game's name.
    : ConflictPage(parent, wx_tr("ACTION TIME: The West That Wasn't"), asker), backend_(asker.backend()) {
  SetName("action time");  // i18n: not words (the page's name, as tests find it)
  // The posse on the left, the Judge's characters on the right; then the step and its inputs.
  auto* columns = new wxBoxSizer(wxHORIZONTAL);
  posse_column_ = new wxBoxSizer(wxVERTICAL);
  judge_column_ = new wxBoxSizer(wxVERTICAL);
  columns->Add(posse_column_, 1, wxEXPAND | wxRIGHT, 8);
  columns->Add(judge_column_, 1, wxEXPAND);
  inputs_->Add(columns, 0, wxEXPAND | wxLEFT | wxRIGHT, 6);
  step_ = action_time_body_text(this, "", true);
  inputs_->Add(step_, 0, wxEXPAND | wxLEFT | wxRIGHT | wxTOP, 6);

  keys_ = new KeyField(this);
  // TRANSLATORS: names a field in a refusal ("Who attacks: 9 is out of range: 1 to 3").
  who_ = new OneKeyNumber(this, wx_tr("Who attacks"));
  target_ = new OneKeyNumber(this, wx_tr("Target"));
  // TRANSLATORS: the hint in the empty field: the range in paces.
  paces_ = action_time_number_field(this, wx_tr("paces"));
  increment_ = new StepNumber(this, wx_tr("Range increment"), 1, tw::max_range_increment, false);
  increment_->set_value(default_increment);
  // TRANSLATORS: the hint in the empty field: the drawn card's result.
  card_ = action_time_number_field(this, wx_tr("card"));
  location_ = new OneKeyNumber(this, wx_tr("Location"));
  // TRANSLATORS: DMG is the damage on an action card's effect row, kept short.
  dmg_ = action_time_number_field(this, wx_tr("DMG"));
  // TRANSLATORS: the hint in the empty field: the hit's penetration value against cover (003 L433).
  pv_ = action_time_number_field(this, wx_tr("PV"));
  // TRANSLATORS: the hint in the empty field: the reduced damage of a hit that ablates cover (003 L440).
  rd_ = action_time_number_field(this, wx_tr("RD"));
  who_->set_range(1, 1);
  location_->set_range(1, static_cast<int>(at::hit_locations().size()));
  location_->set_value(3);  // chest: a card's standard location is most often the torso
  for (wxTextCtrl* field : std::initializer_list<wxTextCtrl*>{who_, target_, increment_, location_})
    field->SetMinSize(wxSize(60, -1));
  // Two rows, so the page is never wider than its 800 px at 1024 x 600: the attack, then its card.
  auto* attack_row = new wxBoxSizer(wxHORIZONTAL);
  auto* card_row = new wxBoxSizer(wxHORIZONTAL);
  auto add_field = [this](wxSizer* row, const wxString& label, wxWindow* field) {
    row->Add(action_time_body_text(this, label), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 3);
    row->Add(field, 0, wxRIGHT, 10);
  };
  // TRANSLATORS: field labels, short: the row is 800 pixels wide.
  add_field(attack_row, wx_tr("Keys"), keys_);
  add_field(attack_row, wx_tr("Who"), who_);
  add_field(attack_row, wx_tr("Target"), target_);
  add_field(attack_row, wx_tr("Paces"), paces_);
  // TRANSLATORS: a field label, short: the weapon's range increment in paces.
  add_field(attack_row, wx_tr("Increment"), increment_);
  add_field(card_row, wx_tr("Card"), card_);
  add_field(card_row, wx_tr("Location"), location_);
  add_field(card_row, wx_tr("DMG"), dmg_);
  // TRANSLATORS: field labels, short: behind cover, the hit's PV and, when it ablates, its RD (003 L433-440).
  add_field(card_row, wx_tr("PV"), pv_);
  add_field(card_row, wx_tr("RD"), rd_);
  inputs_->Add(attack_row, 0, wxLEFT | wxRIGHT | wxTOP, 4);
  inputs_->Add(card_row, 0, wxLEFT | wxRIGHT | wxTOP, 4);
  // The keys that apply now, right under the fields the GM types in: at the foot of the page
  // they fell below the fold at 1024 x 600 once a TN, a step's entries and a result showed.
  keys_help_ = action_time_body_text(this, "");
  keys_help_->SetForegroundColour(ui::ink);
  inputs_->Add(keys_help_, 0, wxEXPAND | wxLEFT | wxRIGHT | wxTOP, 6);
  tn_line_ = action_time_body_text(this, "");
  inputs_->Add(tn_line_, 0, wxEXPAND | wxLEFT | wxRIGHT, 6);
  drawn_label_ = action_time_body_text(this, "");
  inputs_->Add(drawn_label_, 0, wxEXPAND | wxLEFT | wxRIGHT, 6);
  entries_label_ = action_time_body_text(this, "");
  inputs_->Add(entries_label_, 0, wxEXPAND | wxLEFT | wxRIGHT, 6);
  add_result_area(ui::body_points + 2);
  reserve_refusal_lines(1);  // the last step's result, under the TN and the step's entries, shows at 1024 x 600

  auto refused = [this](const wxString& why) { refuse(why); };
  who_->on_refused(refused);
  target_->on_refused(refused);
  location_->on_refused(refused);
  increment_->on_refused(refused);
  keys_->on_letter([this](char key) {
    if (care_) care_key(key);
    else if (mode_ == Mode::declaration) declare_key(key);
    else if (mode_ == Mode::step) step_key(key);
  });
  keys_->on_enter([this] {
    if (care_) return;  // care asks its own keys: Ctrl+E goes back
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
    if (care_) return;
    if (mode_ == Mode::declaration && !declared_.empty() && !declared_[declaring_].actions.empty()) {
      declared_[declaring_].actions.pop_back();
      show_declaring();
    } else if (mode_ == Mode::step && question_ == Question::none) {
      drop_last_entry();
    }
  });
  who_->on_done([this] {
    if (care_) return care_healer_done();
    choose_attacker();
  });
  target_->on_done([this] {
    const auto& f = fighters_[static_cast<std::size_t>(target_->value() - 1)];
    if (f.state == "dead") {
      target_->SetFocus();
      return refuse(utf8(fmt::format(fmt::runtime(tr("{} is dead already")), f.name)));
    }
    target_name_ = f.name;
    update_tn();
    paces_->SetFocus();
    paces_->SelectAll();
    // TRANSLATORS: {0} attacks {1}.
    show_prompt(utf8(fmt::format(fmt::runtime(tr("{} at {}: the range in paces (0: hand to hand), then Enter")), attacker_,
                         target_name_)));
  });
  paces_->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { update_tn(); });
  paces_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) {
    if (!typed_number(paces_, 0, tw::max_range_paces)) {
      paces_->SetFocus();
      return refuse(utf8(fmt::format(fmt::runtime(tr("Paces: a whole number, 0 to {} (0: hand to hand)")),
                                     tw::max_range_paces)));
    }
    update_tn();
    card_->SetFocus();
    // TRANSLATORS: {} is the attack's Target Number.
    show_prompt(utf8(deck_mode()
                 ? fmt::format(fmt::runtime(tr("Enter: the station draws a card against TN {} (or type a drawn card's result)")),
                               tn_.tn)
                 : fmt::format(fmt::runtime(tr("Draw a card: type its result against TN {}, then Enter")), tn_.tn)));
  });
  increment_->on_changed([this] { update_tn(); });
  increment_->on_done([this] { card_->SetFocus(); });
  card_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) {
    if (deck_mode() && card_->GetValue().Strip(wxString::both).empty()) return draw_card();
    drawn_.reset();  // typed: a card drawn from the table's own deck
    take_card();
  });
  location_->on_done([this] {
    if (care_) return care_location_done();
    const tw::HitLocation where = at::hit_locations()[static_cast<std::size_t>(location_->value() - 1)];
    hit_location_ = std::string(tw::to_string(where));
    show_attack_keys();  // the location menu gives the keys' line back
    dmg_->SetFocus();
    // The weapon's row bumped by the head's or the vitals' damage bumps (003 L427, L458): with a
    // drawn card its value goes in the DMG field.
    try {
      const at::BumpedDmg bumped = at::bumped_dmg(extras_, where, drawn_);
      if (bumped.dmg) dmg_->ChangeValue(wxString::Format("%d", *bumped.dmg));
      dmg_->SelectAll();
      show_prompt(utf8(at::dmg_prompt(where, bumped)));
    } catch (const core::Refusal& r) {
      show_prompt(utf8(r.reason()));
    }
  });
  // Up and Down bump a drawn card's hit along its stack (003 L410-417: a punch, height, point blank
  // up; a kick down) while the location is asked.
  location_->Bind(wxEVT_KEY_DOWN, [this](wxKeyEvent& event) {
    const int key = event.GetKeyCode();
    if ((key != WXK_UP && key != WXK_DOWN) || care_ || !drawn_ || !card_taken_ || !hit_location_.empty())
      return event.Skip();
    bump_location(key == WXK_UP ? 1 : -1);
  });
  dmg_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { take_dmg(); });
  pv_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { take_pv(); });
  rd_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { take_rd(); });
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
  ask<Lookup>([](StationBackend& backend) { return backend.twtw(); }, [this](const Lookup& view) { rebuild(view); });
}

void ActionTimePage::rebuild(const Lookup& view) {
  if (view.found) view_ = view.data;
  try {
    options_ = at::options_from_view(view_);
  } catch (const std::exception&) {
    options_ = {};
  }
  fighters_ = at::fighters_from_view(view_);
  round_ = view_.value("round", Json());
  question_ = Question::none;
  care_.reset();
  if (fighters_.empty()) {
    mode_ = Mode::no_twtw;
    show_roster();
    set_text(step_, step_text_, "");
    set_text(keys_help_, keys_help_text_, "");
    // TRANSLATORS: twtw.csv is the event's file of characters for The West That Wasn't.
    return show_prompt(view.found ? wx_tr("This event has no TWTW characters (twtw.csv): no action time")
                          // TRANSLATORS: {} says why, in the station's words.
                          : utf8(fmt::format(fmt::runtime(tr("The ledger is out of reach: {}")), view.refusal)));
  }
  if (round_.is_object() && !round_.value("ended", true)) {
    if (round_["next_step"].is_null()) {
      mode_ = Mode::end_step;
      show_roster();
      set_text(step_, step_text_,
               utf8(fmt::format(fmt::runtime(tr("Round {}: every step is resolved")), round_.value("number", 0))));
      set_text(tn_line_, tn_text_, "");
      set_text(entries_label_, entries_text_, "");
      set_text(keys_help_, keys_help_text_, wx_tr("Enter: the End Step   Ctrl+Z undoes the last step"));
      return show_prompt(wx_tr("Enter: the End Step (bleeding), or Ctrl+Z to undo the last step"));
    }
    return begin_step();
  }
  begin_declaration();
  restore_declaration();  // after a care (Ctrl+E): what was declared before it
}

void ActionTimePage::show_roster() {
  // The rows are rebuilt only when the characters change in number; their text every time.
  if (rows_.size() != fighters_.size()) {
    for (auto* r : rows_) r->Destroy();
    rows_.clear();
    posse_column_->Clear();
    judge_column_->Clear();
    for (const auto& f : fighters_) {
      auto* r = action_time_body_text(this, "");
      (f.side == "judge" ? judge_column_ : posse_column_)->Add(r, 0, wxEXPAND | wxBOTTOM, 1);
      rows_.push_back(r);
    }
    row_texts_.assign(rows_.size(), wxString());
  }
  const std::string nothing_declared = tr("no action declared");
  for (std::size_t i = 0; i < fighters_.size(); ++i) {
    const auto& f = fighters_[i];
    std::string text = fmt::format("{} {}", i + 1, at::roster_line(f));
    bool lit = false;
    if (mode_ == Mode::declaration && i < declared_.size()) {
      const std::string words = at::declaration_words(declared_[i], options_.speed_phases);
      if (words != nothing_declared) text += "  | " + words;
      lit = i == declaring_;
    } else if (mode_ == Mode::step) {
      lit = std::find(actors_.begin(), actors_.end(), f.name) != actors_.end();
      if (dodging(f.name)) text += "  " + tr("dodging");
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
  label->Show(!text.empty());  // an empty line takes no room: the page is tight at 1024 x 600
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

bool ActionTimePage::declared_dodge(const std::string& name) const {
  if (!round_.is_object()) return false;
  for (const Json& d : round_.value("declarations", Json::array()))
    if (d.value("character", "") == name) return d.value("dodge", false);
  return false;
}

bool ActionTimePage::dodge_lost(const std::string& name) const {
  // 003 L365: a failed shock save or incapacitation loses the Dodge at once, for the round: the
  // state this step's hits leave (working_), or the ledger's after the steps recorded.
  const action_time::Fighter* f = fighter(name);
  const auto now = working_.find(name);
  return (now != working_.end() && now->second.stunned) || (f && (f->w.stunned || !f->able()));
}

bool ActionTimePage::dodging(const std::string& name) const { return declared_dodge(name) && !dodge_lost(name); }

void ActionTimePage::record_or_refuse(const std::string& type, const Json& payload,
                                      std::function<void(const RecordOutcome&)> then) {
  // The round as it stands after the record comes with its answer (rebuilt after `then`).
  ask_record_and_read(type, payload, [](StationBackend& backend) { return backend.twtw(); },
                      [this, then = std::move(then)](const RecordOutcome& outcome, const Lookup& view) {
                        if (outcome.status != RecordOutcome::Status::refused) {
                          then(outcome);
                          rebuild(view);
                        } else {
                          // TRANSLATORS: {} says why, in the ledger's words.
                          refuse(utf8(fmt::format(fmt::runtime(tr("The ledger refused it: {}")), outcome.reason)));
                        }
                        focus_keys();
                      });
}

void ActionTimePage::on_scan(const std::string& code) {
  // A badge: in the Declaration it picks who declares; during an attack, the target.
  ask_character(code, [this](const Lookup& who) { took_badge(who); });
}

void ActionTimePage::took_badge(const Lookup& who) {
  const int index = who.found ? index_of(who.data.value("name", "")) : -1;
  if (index < 0) return refuse(wx_tr("Scan the badge of a character in action time"));
  if (care_ && question_ == Question::care_healer) {  // the healer's badge
    who_->set_value(index + 1);
    return care_healer_done();
  }
  if (care_) return refuse(wx_tr("Care is being asked: Ctrl+E goes back to the Declaration"));
  if (mode_ == Mode::declaration) {
    declaring_ = static_cast<std::size_t>(index);
    show_declaring();
    return focus_keys();
  }
  if (mode_ == Mode::step && !attacker_.empty() && target_name_.empty()) {
    target_->set_value(index + 1);
    target_->SetFocus();
    // TRANSLATORS: {} is the character whose badge was scanned.
    return show_prompt(utf8(fmt::format(fmt::runtime(tr("{}: Enter to take this target")),
                                fighters_[static_cast<std::size_t>(index)].name)));
  }
  refuse(wx_tr("A badge picks who declares, or an attack's target"));
}

bool ActionTimePage::on_key(int key) {
  switch (key) {
    case 'N':
      if (mode_ != Mode::declaration) {
        refuse(mode_ == Mode::no_twtw ? wx_tr("No action time in this event")
                                      : wx_tr("A round is running: play its steps and its End Step first"));
        return true;
      }
      record_declaration();
      return true;
    case 'Z': undo_step(); return true;
    case 'E':
      if (care_) end_care();
      else start_care();
      return true;
    default: return attack_key(key);
  }
}

void ActionTimePage::set_deck(std::vector<tw::ActionCard> cards) {
  deck_ = std::move(cards);
  draw_pile_.clear();
}

}  // namespace marshal::gm
