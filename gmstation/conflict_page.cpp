#include "gmstation/conflict_page.h"

#include <sodium.h>

#include "ui/theme.h"

namespace marshal::gm {

namespace {
core::Seed fresh_seed() {
  core::Seed seed;
  randombytes_buf(seed.data(), seed.size());
  return seed;
}
}  // namespace

std::optional<int> parse_card(const wxString& text) {
  wxString t = text.Strip(wxString::both).Upper();
  if (t == "A") return 1;
  long v = 0;
  if (t.ToLong(&v) && v >= 1 && v <= 10) return static_cast<int>(v);
  return std::nullopt;
}

ConflictPage::ConflictPage(wxWindow* parent, const wxString& title)
    : wxPanel(parent, wxID_ANY), rng_(fresh_seed()) {
  ui::apply(this);
  sizer_ = new wxBoxSizer(wxVERTICAL);
  auto* heading = new wxStaticText(this, wxID_ANY, title);
  heading->SetFont(ui::font(16, true));
  instruction_ = new wxStaticText(this, wxID_ANY, "");
  instruction_->SetFont(ui::font(20, true));
  sizer_->Add(heading, 0, wxALL, 6);
  sizer_->Add(instruction_, 0, wxALL | wxEXPAND, 6);
  SetSizer(sizer_);
}

void ConflictPage::show_instruction(const wxString& text, const wxColour& colour) {
  instruction_text_ = text;
  instruction_->SetForegroundColour(colour);
  instruction_->SetLabel(text);
  instruction_->Wrap(std::max(400, GetClientSize().x - 24));  // never cut off at 1024 x 600
  Layout();
}

void ConflictPage::say(const wxString& text) { show_instruction(text, ui::ink); }

void ConflictPage::set_result(wxStaticText* label, const wxString& text) {
  result_text_ = text;
  label->SetLabel(text);
  label->Wrap(std::max(400, GetClientSize().x - 24));
  Layout();
}

void ConflictPage::refuse(const wxString& why) {
  show_instruction(why, ui::refusal_red);
  if (sounds_) sounds_->play(ui::Sound::refusal);
}

void ConflictPage::add_virtual_draw_toggle(wxSizer* row) {
  virtual_draw_ = new wxCheckBox(this, wxID_ANY, "Station draws the cards (virtual deck)");
  virtual_draw_->SetFont(ui::font(12));
  row->Add(virtual_draw_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 16);
}

std::optional<int> ConflictPage::typed_card(wxTextCtrl* field, const std::string& who) {
  if (auto card = parse_card(field->GetValue())) return card;
  field->SetFocus();
  refuse(wxString::FromUTF8("Type the card " + who + " drew: A or 2-10"));
  return std::nullopt;
}

std::string result_words(const std::string& code) {
  if (code == "shooters_choice") return "13+: the shooter's choice";
  if (code == "knock_out") return "KNOCK-OUT";
  if (code == "stun") return "stunned";
  return code;
}

int ConflictPage::fill_next_card(const std::vector<wxTextCtrl*>& fields, int value) {
  int filled = 0;
  bool placed = false;
  for (wxTextCtrl* field : fields) {
    if (field->GetValue().Strip(wxString::both).empty()) {
      if (placed) continue;
      field->ChangeValue(value == 1 ? wxString("A") : wxString::Format("%d", value));
      placed = true;
    }
    ++filled;
  }
  mark_waiting_card(fields);
  return filled;
}

void ConflictPage::mark_waiting_card(const std::vector<wxTextCtrl*>& fields, bool focus) {
  bool marked = false;
  for (wxTextCtrl* field : fields) {
    bool waiting = !marked && field->GetValue().Strip(wxString::both).empty();
    field->SetBackgroundColour(waiting ? ui::waiting_yellow : *wxWHITE);
    field->Refresh();
    if (waiting) {
      if (focus) field->SetFocus();
      marked = true;
    }
  }
}

wxStaticText* ConflictPage::add_result_area(int points) {
  auto* area = new wxStaticText(this, wxID_ANY, "");
  area->SetFont(ui::font(points, true));
  sizer_->Add(area, 1, wxALL | wxEXPAND, 8);
  return area;
}

void ConflictPage::add_odds_toggle(wxSizer* row, std::function<std::string()> compute) {
  odds_toggle_ = new wxCheckBox(this, wxID_ANY, "Show the odds");
  odds_toggle_->SetFont(ui::font(12));
  odds_toggle_->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) {
    update_odds();
    focus_scan_field();  // a click is not meant to take the keyboard away from the scans
  });
  row->Add(odds_toggle_, 0, wxALIGN_CENTER_VERTICAL | wxLEFT, 16);
  odds_ = new wxStaticText(this, wxID_ANY, "");
  odds_->SetFont(ui::font(12));
  sizer_->Add(odds_, 0, wxALL, 6);
  odds_text_ = std::move(compute);
}

void ConflictPage::update_odds() {
  if (!odds_) return;
  std::string text = odds_toggle_->IsChecked() ? odds_text_() : std::string();
  odds_->SetLabel(wxString::FromUTF8(text));
  odds_->Wrap(std::max(400, GetClientSize().x - 24));
  Layout();
}

void ConflictPage::show_record(const RecordOutcome& r, const wxString& what) {
  if (r.status == RecordOutcome::Status::refused) {
    refuse("The ledger refused the " + what + ": " + wxString::FromUTF8(r.reason));
    return;
  }
  recorded_seq_ = r.status == RecordOutcome::Status::accepted ? r.seq : -1;
  if (sounds_) sounds_->play(ui::Sound::recorded);
  if (r.status == RecordOutcome::Status::provisional)
    show_instruction("Recorded PROVISIONALLY (the ledger is out of reach; it syncs when it returns).  Esc: back",
                     ui::provisional_amber);
  else
    show_instruction(wxString::Format("Recorded in the ledger as event #%lld.  Esc: back",
                                      static_cast<long long>(r.seq)),
                     ui::accepted_green);
  // The screen's fields are done with (some are disabled now, and a disabled field with the
  // focus would take the keyboard with it): the next scan, Esc and F-key go to the window.
  focus_scan_field();
}

}  // namespace marshal::gm
