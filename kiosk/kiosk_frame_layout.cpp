// The kiosk's screens laid out: built once, filled in as players come and go.
#include "kiosk/kiosk_frame.h"

#include <algorithm>

#include <wx/listbox.h>
#include <wx/sizer.h>

#include <fmt/format.h>

#include "kiosk/frame_style.h"
#include "ui/words.h"

namespace marshal::kiosk {

using namespace style;
using ui::wx_tr;

wxButton* KioskFrame::big_button(wxWindow* parent, const wxString& text, void (KioskFrame::*action)()) {
  auto* b = new wxButton(parent, wxID_ANY, text);
  b->SetFont(ui::font(body_points, true));
  b->SetMinSize(wxSize(-1, button_height_px));
  b->Bind(wxEVT_BUTTON, [this, action](wxCommandEvent&) {
    touched();
    (this->*action)();
  });
  return b;
}

wxButton* KioskFrame::add_confirm_row(wxWindow* page, wxSizer* sizer, const wxString& text, void (KioskFrame::*action)()) {
  auto* buttons = new wxBoxSizer(wxHORIZONTAL);
  wxButton* confirm = big_button(page, text, action);
  buttons->Add(confirm, 1, wxALL, 4);
  buttons->Add(big_button(page, wx_tr("Cancel (Esc)"), &KioskFrame::cancel), 1, wxALL, 4);
  sizer->Add(buttons, 0, wxEXPAND);
  return confirm;
}

void KioskFrame::build_attract(wxWindow* book) {
  auto* page = new wxPanel(book);
  ui::apply(page);
  auto* s = new wxBoxSizer(wxVERTICAL);
  attract_title_ = new wxStaticText(page, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxALIGN_CENTRE_HORIZONTAL);
  attract_title_->SetFont(ui::font(title_points, true));
  s->AddStretchSpacer();
  s->Add(attract_title_, 0, wxALIGN_CENTER | wxALL, 10);
  s->Add(label(page, wx_tr("Scan your badge"), 44, true), 0, wxALIGN_CENTER | wxALL, 10);
  s->Add(label(page, wx_tr("Hold the QR code on your badge under the scanner."), body_points), 0, wxALIGN_CENTER | wxALL, 6);
  // TRANSLATORS: shown while the camera sees a badge it cannot read yet (moving, in a lamp's glare).
  attract_camera_hint_ = label(page, wx_tr("Badge seen: hold it still"), headline_points, true);
  attract_camera_hint_->SetForegroundColour(ui::provisional_amber);
  attract_camera_hint_->Hide();
  s->Add(attract_camera_hint_, 0, wxALIGN_CENTER | wxALL, 6);
  s->AddStretchSpacer();
  attract_vote_ = new wxStaticText(page, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxALIGN_CENTRE_HORIZONTAL);
  attract_vote_->SetFont(ui::font(body_points + 2, true));
  s->Add(attract_vote_, 0, wxALIGN_CENTER | wxALL, 6);
  attract_clock_ = label(page, "", headline_points, true);
  attract_state_ = label(page, "", body_points);
  s->Add(attract_clock_, 0, wxALIGN_CENTER | wxALL, 4);
  s->Add(attract_state_, 0, wxALIGN_CENTER | wxALL, 8);
  page->SetSizer(s);
  book_->AddPage(page, "attract");
}

void KioskFrame::build_pin(wxWindow* book) {
  auto* page = new wxPanel(book);
  ui::apply(page);
  auto* s = new wxBoxSizer(wxHORIZONTAL);
  auto* left = new wxBoxSizer(wxVERTICAL);
  pin_name_ = label(page, "", headline_points, true);
  left->Add(pin_name_, 0, wxALL, 8);
  // TRANSLATORS: three short lines beside the keypad; "OK" is the keypad's key.
  left->Add(label(page, wx_tr("Type your 4-digit kiosk PIN\n(it is on your character sheet),\nthen OK."), body_points), 0,
            wxALL, 8);
  pin_field_ = new wxTextCtrl(page, wxID_ANY, "", wxDefaultPosition, wxSize(260, 76), wxTE_PASSWORD | wxTE_PROCESS_ENTER);
  pin_field_->SetFont(ui::font(title_points, true));
  pin_field_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) {
    touched();
    pin_entered();
  });
  left->Add(pin_field_, 0, wxALL, 8);
  pin_problem_ = label(page, "", body_points, true);
  pin_problem_->SetForegroundColour(ui::refusal_red);
  left->Add(pin_problem_, 0, wxALL | wxEXPAND, 8);
  left->AddStretchSpacer();
  left->Add(big_button(page, wx_tr("Cancel (Esc)"), &KioskFrame::cancel), 0, wxALL | wxEXPAND, 8);
  s->Add(left, 1, wxEXPAND);
  // The keypad: three columns of 1-9, then Clear, 0, OK. A key is told by what it types ('c'
  // clears, 'k' is OK), not by its label, which is in the reader's language.
  auto* pad = new wxGridSizer(4, 3, 6, 6);
  for (const char key : {'1', '2', '3', '4', '5', '6', '7', '8', '9', 'c', '0', 'k'}) {
    const bool digit = key >= '0' && key <= '9';
    wxString text(1, key);
    // TRANSLATORS: the PIN keypad's key that empties the field: a small key, keep it short.
    if (key == 'c') text = wx_tr("Clear");
    // TRANSLATORS: the PIN keypad's key that sends the PIN: a small key, keep it short.
    else if (key == 'k') text = wx_tr("OK");
    auto* b = new wxButton(page, wxID_ANY, text);
    b->SetFont(ui::font(digit ? headline_points : body_points, true));
    // At least a keypad key's size, wider when its word is (the grid makes every key as wide).
    b->SetMinSize(
        wxSize(std::max(keypad_key_width_px, b->GetTextExtent(text).x + button_label_padding_px), keypad_key_height_px));
    b->Bind(wxEVT_BUTTON, [this, key](wxCommandEvent&) {
      touched();
      if (key == 'k') pin_entered();
      else if (key == 'c') pin_back();
      else pin_digit(key);
    });
    pad->Add(b, 0, wxEXPAND);
  }
  s->Add(pad, 0, wxALL, 8);
  page->SetSizer(s);
  book_->AddPage(page, "pin");
}

void KioskFrame::build_player(wxWindow* book) {
  auto* page = new wxPanel(book);
  ui::apply(page);
  auto* s = new wxBoxSizer(wxVERTICAL);
  // Long lists of secrets scroll; the buttons stay in view below.
  player_panel_ = new wxScrolledWindow(page, wxID_ANY);
  ui::apply(player_panel_);
  player_panel_->SetScrollRate(0, 20);
  auto* inner = new wxBoxSizer(wxVERTICAL);
  player_name_ = label(player_panel_, "", title_points, true);
  player_standing_ = label(player_panel_, "", body_points + 2, true);
  player_timers_ = label(player_panel_, "", body_points + 2, true);
  player_timers_->SetForegroundColour(ui::provisional_amber);
  player_body_ = label(player_panel_, "", body_points);
  inner->Add(player_name_, 0, wxALL, 4);
  inner->Add(player_standing_, 0, wxALL, 4);
  inner->Add(player_timers_, 0, wxALL, 4);
  inner->Add(player_body_, 0, wxALL | wxEXPAND, 4);
  player_panel_->SetSizer(inner);
  s->Add(player_panel_, 1, wxEXPAND);
  player_hint_ = label(page, wx_tr("To give one of your secrets, sell your horse or play a poker trick, scan its card."), body_points, true);
  s->Add(player_hint_, 0, wxALL, 4);
  player_vote_ = label(page, "", body_points, true);
  player_vote_->SetForegroundColour(ui::provisional_amber);
  s->Add(player_vote_, 0, wxALL, 4);
  auto* buttons = new wxBoxSizer(wxHORIZONTAL);
  // TRANSLATORS: the player screen's four buttons share one row at 1024 px: keep them short.
  give_button_ = big_button(page, wx_tr("Give a secret (F2)"), &KioskFrame::start_give);
  buttons->Add(give_button_, 1, wxALL, 4);
  sell_button_ = big_button(page, wx_tr("Sell a horse (F3)"), &KioskFrame::start_sale);
  buttons->Add(sell_button_, 1, wxALL, 4);
  vote_button_ = big_button(page, wx_tr("Vote (F4)"), &KioskFrame::start_ballot);
  buttons->Add(vote_button_, 1, wxALL, 4);
  buttons->Add(big_button(page, wx_tr("Done (Esc)"), &KioskFrame::done), 1, wxALL, 4);
  s->Add(buttons, 0, wxEXPAND);
  page->SetSizer(s);
  book_->AddPage(page, "player");
}

void KioskFrame::build_give(wxWindow* book) {
  auto* page = new wxPanel(book);
  ui::apply(page);
  auto* s = new wxBoxSizer(wxVERTICAL);
  give_text_ = label(page, "", headline_points, true);
  s->Add(give_text_, 1, wxALL | wxEXPAND, 12);
  give_confirm_ = add_confirm_row(page, s, wx_tr("Confirm (Enter)"), &KioskFrame::confirm_hand_over);
  page->SetSizer(s);
  book_->AddPage(page, "give");
}

void KioskFrame::build_message(wxWindow* book) {
  message_panel_ = new wxPanel(book);
  auto* s = new wxBoxSizer(wxVERTICAL);
  message_text_ = label(message_panel_, "", headline_points, true);
  message_text_->SetForegroundColour(*wxWHITE);
  s->AddStretchSpacer();
  s->Add(message_text_, 0, wxALL | wxEXPAND, 24);
  s->AddStretchSpacer();
  message_panel_->SetSizer(s);
  book_->AddPage(message_panel_, "message");
}

void KioskFrame::build_ballot(wxWindow* book) {
  auto* page = new wxPanel(book);
  ui::apply(page);
  auto* s = new wxBoxSizer(wxVERTICAL);
  ballot_text_ = label(page, "", headline_points - 4, true);
  s->Add(ballot_text_, 0, wxALL | wxEXPAND, 8);
  candidates_ = new wxListBox(page, wxID_ANY);
  candidates_->SetFont(ui::font(headline_points - 6));
  // The arrows are the window's (on_key); the keyboard stays on the Cast button (focus_screen).
  candidates_->SetCanFocus(false);
  // Only a touch on a name chooses it: GTK also selects a list's first row by itself when it is
  // shown, and a ballot must never go to someone nobody chose.
  candidates_->Bind(wxEVT_LEFT_DOWN, [this](wxMouseEvent& e) {
    list_touched_ = true;
    e.Skip();
  });
  candidates_->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) {
    if (!list_touched_) return;
    list_touched_ = false;
    touched();
    choose_candidate(candidates_->GetSelection());
  });
  s->Add(candidates_, 1, wxALL | wxEXPAND, 8);
  ballot_cast_ = add_confirm_row(page, s, wx_tr("Cast my ballot (Enter)"), &KioskFrame::cast_ballot);
  page->SetSizer(s);
  book_->AddPage(page, "ballot");
}

void KioskFrame::build_enroll(wxWindow* book) {
  auto* page = new wxPanel(book);
  ui::apply(page);
  auto* s = new wxBoxSizer(wxVERTICAL);
  s->AddStretchSpacer();
  s->Add(label(page, wx_tr("This kiosk is not enrolled yet."), headline_points + 4, true), 0, wxALIGN_CENTER | wxALL, 10);
  // TRANSLATORS: the second line is a command: keep it as it is.
  s->Add(label(page,
               wx_tr("Scan its enrollment card: an organiser prints it with\n"
                     "marshal station add NAME --role kiosk --card FILE.pdf --server https://HOST:PORT"),
               body_points),
         0, wxALIGN_CENTER | wxALL, 10);
  enroll_problem_ = label(page, "", body_points, true);
  enroll_problem_->SetForegroundColour(ui::refusal_red);
  s->Add(enroll_problem_, 0, wxALIGN_CENTER | wxALL, 10);
  s->AddStretchSpacer();
  page->SetSizer(s);
  book_->AddPage(page, "enroll");
}

}  // namespace marshal::kiosk
