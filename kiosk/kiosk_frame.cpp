#include "kiosk/kiosk_frame.h"

#include <cctype>
#include <functional>

#include <wx/datetime.h>
#include <wx/sizer.h>
#include <wx/time.h>

#include <fmt/format.h>

#include "ui/theme.h"

namespace marshal::kiosk {

namespace {

std::int64_t now_ms() { return wxGetLocalTimeMillis().GetValue(); }

// Type sizes for arm's length at 1024 x 600: body text 18 pt is 24 px.
constexpr int body_points = 18;
constexpr int headline_points = 28;
constexpr int title_points = 34;
// Touch targets of at least 15 mm: 72 px high at 1024 x 600.
constexpr int button_height_px = 72;

// White on these reads at 7:1 or better.
const wxColour refusal_background{160, 16, 16};
const wxColour done_background{10, 90, 30};

// A code as the ledger compares it: no spaces or dashes, upper case.
std::string canonical(const std::string& code) {
  std::string out;
  for (unsigned char c : code)
    if (std::isalnum(c)) out += static_cast<char>(std::toupper(c));
  return out;
}

wxStaticText* label(wxWindow* parent, const wxString& text, int points, bool bold = false) {
  auto* l = new wxStaticText(parent, wxID_ANY, text);
  l->SetFont(ui::font(points, bold));
  return l;
}

// One line of text as a person reads it: the line breaks wrapping put in become spaces.
std::string flat(const wxString& text) {
  std::string out;
  for (char c : text.utf8_string()) {
    if (c == '\n' || c == '\t') c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

void collect_text(const wxWindow* w, std::string& out) {
  if (!w->IsShown()) return;
  if (auto* t = dynamic_cast<const wxTextCtrl*>(w)) {
    if (!t->HasFlag(wxTE_PASSWORD)) out += flat(t->GetValue()) + "\n";
  } else if (dynamic_cast<const wxStaticText*>(w) || dynamic_cast<const wxButton*>(w)) {
    out += flat(w->GetLabel()) + "\n";
  }
  for (const wxWindow* child : w->GetChildren()) collect_text(child, out);
}

// A touch anywhere (a label, a page) counts as input, like a key or a scan.
void watch_touches(wxWindow* w, const std::function<void()>& touched) {
  w->Bind(wxEVT_LEFT_DOWN, [touched](wxMouseEvent& e) {
    touched();
    e.Skip();
  });
  for (wxWindow* child : w->GetChildren()) watch_touches(child, touched);
}

}  // namespace

KioskFrame::KioskFrame(std::unique_ptr<KioskClient> client, KioskTimings timings)
    : wxFrame(nullptr, wxID_ANY, "Marshal kiosk", wxDefaultPosition, wxSize(1024, 600)),
      client_(std::move(client)),
      timings_(timings),
      timer_(this) {
  ui::apply(this);
  auto* root = new wxBoxSizer(wxVERTICAL);
  countdown_ = label(this, "", headline_points, true);
  countdown_->SetBackgroundColour(ui::provisional_amber);
  countdown_->SetForegroundColour(*wxBLACK);
  root->Add(countdown_, 0, wxEXPAND);
  countdown_->Hide();
  book_ = new wxSimplebook(this, wxID_ANY);
  build_attract(book_);
  build_pin(book_);
  build_player(book_);
  build_give(book_);
  build_message(book_);
  build_ballot(book_);
  root->Add(book_, 1, wxEXPAND | wxALL, 8);
  // The scan field stays hidden: a kiosk has no keyboard. Scanner bursts are caught on the
  // window's key hook wherever the focus is.
  scan_ = new ui::ScanInput(this, [this](const std::string& code) { on_code(code); });
  scan_->Hide();
  root->Add(scan_, 0);
  SetSizer(root);
  // Bound before the scanner's hook, so the scanner sees every key first and keeps its bursts.
  Bind(wxEVT_CHAR_HOOK, &KioskFrame::on_key, this);
  scan_->watch_keyboard(this);
  watch_touches(this, [this] { touched(); });
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) { tick(); });
  timer_.Start(250);

  KioskReply event = client_->event();
  title_ = event.ok ? event.body.value("title", "") : "";
  attract_title_->SetLabel(wxString::FromUTF8(title_));
  attract_title_->Wrap(GetClientSize().GetWidth() - 40);  // a long title takes two lines, never cut
  show_attract();
}

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

void KioskFrame::build_attract(wxWindow* book) {
  auto* page = new wxPanel(book);
  ui::apply(page);
  auto* s = new wxBoxSizer(wxVERTICAL);
  attract_title_ = new wxStaticText(page, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxALIGN_CENTRE_HORIZONTAL);
  attract_title_->SetFont(ui::font(title_points, true));
  s->AddStretchSpacer();
  s->Add(attract_title_, 0, wxALIGN_CENTER | wxALL, 10);
  s->Add(label(page, "Scan your badge", 44, true), 0, wxALIGN_CENTER | wxALL, 10);
  s->Add(label(page, "Hold the QR code on your badge under the scanner.", body_points), 0, wxALIGN_CENTER | wxALL, 6);
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
  left->Add(label(page, "Type your 4-digit kiosk PIN\n(it is on your character sheet),\nthen OK.", body_points), 0, wxALL, 8);
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
  left->Add(big_button(page, "Cancel (Esc)", &KioskFrame::cancel), 0, wxALL | wxEXPAND, 8);
  s->Add(left, 1, wxEXPAND);
  // The keypad: three columns of 1-9, then Clear, 0, OK.
  auto* pad = new wxGridSizer(4, 3, 6, 6);
  for (const char* key : {"1", "2", "3", "4", "5", "6", "7", "8", "9", "Clear", "0", "OK"}) {
    auto* b = new wxButton(page, wxID_ANY, key, wxDefaultPosition, wxSize(110, 90));
    std::string k = key;
    b->SetFont(ui::font(k.size() == 1 ? headline_points : body_points, true));
    b->Bind(wxEVT_BUTTON, [this, k](wxCommandEvent&) {
      touched();
      if (k == "OK") pin_entered();
      else if (k == "Clear") pin_back();
      else pin_digit(k[0]);
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
  player_hint_ = label(page, "To give one of your secrets or sell your horse, scan its card.", body_points, true);
  s->Add(player_hint_, 0, wxALL, 4);
  player_vote_ = label(page, "", body_points, true);
  player_vote_->SetForegroundColour(ui::provisional_amber);
  s->Add(player_vote_, 0, wxALL, 4);
  auto* buttons = new wxBoxSizer(wxHORIZONTAL);
  buttons->Add(big_button(page, "Give a secret (F2)", &KioskFrame::start_give), 1, wxALL, 4);
  buttons->Add(big_button(page, "Sell a horse (F3)", &KioskFrame::start_sale), 1, wxALL, 4);
  vote_button_ = big_button(page, "Vote (F4)", &KioskFrame::start_ballot);
  buttons->Add(vote_button_, 1, wxALL, 4);
  buttons->Add(big_button(page, "Done (Esc)", &KioskFrame::done), 1, wxALL, 4);
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
  auto* buttons = new wxBoxSizer(wxHORIZONTAL);
  give_confirm_ = big_button(page, "Confirm (Enter)", &KioskFrame::confirm_hand_over);
  buttons->Add(give_confirm_, 1, wxALL, 4);
  buttons->Add(big_button(page, "Cancel (Esc)", &KioskFrame::cancel), 1, wxALL, 4);
  s->Add(buttons, 0, wxEXPAND);
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
  auto* buttons = new wxBoxSizer(wxHORIZONTAL);
  ballot_cast_ = big_button(page, "Cast my ballot (Enter)", &KioskFrame::cast_ballot);
  buttons->Add(ballot_cast_, 1, wxALL, 4);
  buttons->Add(big_button(page, "Cancel (Esc)", &KioskFrame::cancel), 1, wxALL, 4);
  s->Add(buttons, 0, wxEXPAND);
  page->SetSizer(s);
  book_->AddPage(page, "ballot");
}

// ---- screens ------------------------------------------------------------------------------

void KioskFrame::show(Screen screen) {
  screen_ = screen;
  book_->SetSelection(static_cast<std::size_t>(screen));
  relayout();
  focus_screen();
  // GTK focuses only a shown widget: once the page is up, the focus is set again.
  CallAfter([this] { focus_screen(); });
}

void KioskFrame::focus_screen() {
  if (screen_ == Screen::pin) pin_field_->SetFocus();
  // Not the list: GTK's list takes Enter for itself, before the window's hook sees it.
  else if (screen_ == Screen::ballot) ballot_cast_->SetFocus();
  else book_->GetCurrentPage()->SetFocus();  // keys reach the window's hook from here
}

void KioskFrame::relayout() {
  Layout();
  book_->GetCurrentPage()->Layout();  // wrapped labels change their height
}

void KioskFrame::show_attract() {
  forget_player();
  countdown_->Hide();
  show(Screen::attract);
  last_health_ms_ = 0;  // the ledger's state and the vote's news at once
  tick();
}

void KioskFrame::forget_player() {
  client_->sign_out();
  badge_.clear();
  name_.clear();
  view_ = Json();
  hand_over_ = {};
  asking_buyer_pin_ = false;
  vote_ = Json::object();
  candidates_->Clear();
  pin_field_->Clear();
  for (wxStaticText* l : {pin_name_, pin_problem_, player_name_, player_standing_, player_timers_, player_body_, give_text_,
                          player_vote_, ballot_text_})
    l->SetLabel("");
}

void KioskFrame::show_message(const std::string& text, bool good, Screen then) {
  message_panel_->SetBackgroundColour(good ? done_background : refusal_background);
  message_text_->SetBackgroundColour(good ? done_background : refusal_background);
  message_text_->SetLabel(wxString::FromUTF8(text));
  message_text_->Wrap(GetClientSize().GetWidth() - 80);
  after_message_ = then;
  message_until_ms_ = now_ms() + timings_.message_ms;
  if (!good) wxBell();
  show(Screen::message);
}

void KioskFrame::refresh_player_text() {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  player_name_->SetLabel(wxString::FromUTF8(p.name));
  player_standing_->SetLabel(wxString::FromUTF8(p.standing));
  std::string timers;
  for (const auto& t : p.timers) timers += (timers.empty() ? "" : "\n") + t;
  player_timers_->SetLabel(wxString::FromUTF8(timers));
  player_timers_->Show(!timers.empty());
  std::string body = p.attributes + "\n";
  for (const auto& line : p.lines) body += line + "\n";
  if (p.secrets.empty()) body += "Secrets you hold: none\n";
  else body += "Secrets you hold:\n";
  for (const auto& s : p.secrets) body += "  \u2022 " + s.title + ": " + s.text + "\n";
  player_body_->SetLabel(wxString::FromUTF8(body));
  const bool vote_open = vote_.value("open", false) && !p.standing.starts_with("DEAD");
  const bool voted = vote_.value("voted", false);
  player_vote_->SetLabel(!vote_open ? wxString()
                         : voted    ? wxString::FromUTF8("You have cast your ballot for " + vote_.value("office", std::string()) + ".")
                                    : wxString::FromUTF8("A vote for " + vote_.value("office", std::string()) +
                                                         " is open: press Vote (F4) to cast your ballot."));
  player_vote_->Show(vote_open);
  vote_button_->Show(vote_open && !voted);
  player_body_->Wrap(GetClientSize().GetWidth() - 60);
  player_panel_->FitInside();
}

void KioskFrame::show_player() {
  KioskReply r = client_->character(badge_);
  if (!r.ok) {
    show_message("Your state cannot be read now: " + r.reason, false, Screen::attract);
    return;
  }
  view_ = r.body;
  view_fetched_ms_ = now_ms();
  hand_over_ = {};
  KioskReply vote = client_->vote();
  vote_ = vote.ok ? vote.body : Json::object();
  refresh_player_text();
  show(Screen::player);
}

// ---- input --------------------------------------------------------------------------------

void KioskFrame::touched() {
  last_input_ms_ = now_ms();
  if (countdown_->IsShown()) {
    countdown_->Hide();
    Layout();
  }
}

void KioskFrame::on_key(wxKeyEvent& event) {
  touched();
  const int key = event.GetKeyCode();
  if (key == WXK_ESCAPE) return cancel();
  if (key == WXK_F2 && screen_ == Screen::player) return start_give();
  if (key == WXK_F3 && screen_ == Screen::player) return start_sale();
  if (key == WXK_F4 && screen_ == Screen::player) return start_ballot();
  if ((key == WXK_DOWN || key == WXK_UP) && screen_ == Screen::ballot && candidates_->GetCount() > 0) {
    const int n = static_cast<int>(candidates_->GetCount()), at = ballot_choice_;
    return choose_candidate(at < 0 ? (key == WXK_DOWN ? 0 : n - 1) : (at + (key == WXK_DOWN ? 1 : n - 1)) % n);
  }
  if (key == WXK_RETURN || key == WXK_NUMPAD_ENTER) {
    if (screen_ == Screen::pin) return event.Skip();  // the PIN field sends it
    if (screen_ == Screen::give && give_confirm_->IsShown()) confirm_hand_over();
    if (screen_ == Screen::ballot) cast_ballot();
    return;  // nowhere else does Enter press a button by surprise
  }
  event.Skip();
}

void KioskFrame::on_code(const std::string& code) {
  touched();
  switch (screen_) {
    case Screen::attract: return badge_scanned(code);
    case Screen::pin:
      if (asking_buyer_pin_) return;  // the buyer types; a scan now is a slip
      return badge_scanned(code);     // a new badge at the PIN screen starts again
    case Screen::message:
      if (after_message_ == Screen::attract) return badge_scanned(code);  // the next player need not wait
      return;
    case Screen::ballot:
      // The candidate's badge scanned: their name is chosen in the list.
      for (std::size_t i = 0; i < vote_.value("candidates", Json::array()).size(); ++i)
        if (canonical(vote_["candidates"][i].value("badge", "")) == canonical(code))
          return choose_candidate(static_cast<int>(i));
      return show_message("That is not the badge of anyone you can vote for.", false, Screen::ballot);
    case Screen::player:
    case Screen::give:
      if (!hand_over_.chosen) return card_scanned(code);
      if (hand_over_.to_badge.empty()) return receiver_scanned(code);
      return;  // confirming: Enter or Esc
  }
}

void KioskFrame::badge_scanned(const std::string& code) {
  forget_player();
  KioskReply r = client_->character(code);
  if (!r.ok) {
    std::string why = !r.reached ? "The ledger cannot be reached: nothing can be shown now. Try again in a minute."
                      : r.code == "bad_code" ? "That is not a Marshal card. Scan the QR code on your badge."
                                             : "";
    if (why.empty()) {
      KioskReply card = client_->card(code);
      why = card.ok ? "That is a " + card.body.value("kind", std::string("game")) + " card, not a badge. Scan your badge first."
                    : "This code is not known to the ledger. Scan the QR code on your badge.";
    }
    show_message(why, false, Screen::attract);
    return;
  }
  badge_ = code;
  name_ = r.body.value("name", "");
  pin_name_->SetLabel(wxString::FromUTF8(name_));
  show(Screen::pin);
}

void KioskFrame::pin_digit(char digit) {
  pin_field_->AppendText(wxString(1, digit));
  pin_field_->SetFocus();
}

void KioskFrame::enter_pin(const std::string& digits) {
  touched();
  pin_field_->ChangeValue(wxString::FromUTF8(digits));
  pin_entered();
}

void KioskFrame::pin_back() {
  pin_field_->Clear();
  pin_field_->SetFocus();
}

void KioskFrame::pin_entered() {
  std::string pin;
  for (char c : pin_field_->GetValue().utf8_string())
    if (c >= '0' && c <= '9') pin += c;
  pin_field_->Clear();
  if (pin.size() != 4) {
    pin_problem_->SetLabel("A PIN has 4 digits: type them again.");
    pin_field_->SetFocus();
    return;
  }
  if (asking_buyer_pin_) return buyer_pin_entered(pin);
  KioskReply r = client_->sign_in(badge_, pin);
  if (r.ok) {
    pin_problem_->SetLabel("");
    show_player();
    return;
  }
  if (r.code == "wrong_pin") {
    wxBell();
    pin_problem_->SetLabel(wxString::FromUTF8(r.reason));
    pin_problem_->Wrap(420);
    pin_field_->SetFocus();
    relayout();
    return;
  }
  show_message(r.code == "pin_locked" ? "Too many wrong PINs. " + r.reason
                                      : "You cannot be signed in now: " + r.reason,
               false, Screen::attract);
}

void KioskFrame::start_give() {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  if (p.secrets.empty()) {
    show_message("You hold no secret to give.", false, Screen::player);
    return;
  }
  hand_over_ = {};
  hand_over_.kind = HandOver::Kind::secret;
  give_text_->SetLabel("Scan the secret you want to give.");
  give_confirm_->Hide();
  show(Screen::give);
}

void KioskFrame::start_sale() {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  bool any = false;
  for (const auto& h : p.horses) any = any || h.sellable;
  if (!any) {
    show_message("You own no horse you could sell here: a horse is sold by its owner, while the owner has it.", false,
                 Screen::player);
    return;
  }
  hand_over_ = {};
  hand_over_.kind = HandOver::Kind::horse;
  give_text_->SetLabel("Scan the horse you want to sell.");
  give_confirm_->Hide();
  show(Screen::give);
}

void KioskFrame::card_scanned(const std::string& code) {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  const bool any_kind = hand_over_.kind == HandOver::Kind::none;
  auto choose = [&](HandOver::Kind kind, const std::string& card, const std::string& title, const std::string& next) {
    hand_over_.kind = kind;
    hand_over_.chosen = true;
    hand_over_.code = card;
    hand_over_.title = title;
    give_text_->SetLabel(wxString::FromUTF8(next));
    give_text_->Wrap(GetClientSize().GetWidth() - 60);
    give_confirm_->Hide();
    show(Screen::give);
  };
  if (any_kind || hand_over_.kind == HandOver::Kind::secret)
    for (const auto& s : p.secrets)
      if (canonical(s.code) == canonical(code))
        return choose(HandOver::Kind::secret, s.code, s.title,
                      "Give \u201C" + s.title + "\u201D.\n\nNow scan the badge of who gets it.");
  if (any_kind || hand_over_.kind == HandOver::Kind::horse)
    for (const auto& h : p.horses)
      if (canonical(h.code) == canonical(code)) {
        if (!h.sellable) {
          show_message(h.title + " is not yours to sell: only its owner sells a horse.", false,
                       screen_ == Screen::give ? Screen::give : Screen::player);
          return;
        }
        return choose(HandOver::Kind::horse, h.code, h.title,
                      "Sell " + h.title + ".\n\nNow scan the badge of the buyer.");
      }
  if (canonical(code) == canonical(badge_)) return;  // their own badge again: nothing to do
  KioskReply card = client_->card(code);
  std::string kind = card.ok ? card.body.value("kind", "") : "";
  std::string why = kind == "secret" ? "That secret is not held by you: only its holder can give it."
                    : kind == "horse" ? "That horse is not yours to sell: only its owner sells it, while they have it."
                    : kind == "badge" ? "First scan the secret or horse you want to hand over, then this badge."
                    : !card.reached   ? "The ledger cannot be reached: nothing can be handed over now."
                    : card.ok         ? "Only secrets and horses are handed over here: scan one you hold."
                                      : "This code is not known to the ledger.";
  show_message(why, false, screen_ == Screen::give ? Screen::give : Screen::player);
}

void KioskFrame::receiver_scanned(const std::string& code) {
  KioskReply r = client_->character(code);
  const bool sale = hand_over_.kind == HandOver::Kind::horse;
  std::string why;
  if (!r.ok) why = !r.reached ? "The ledger cannot be reached: nothing can be handed over now."
                              : std::string("That is not a badge. Scan the badge of ") + (sale ? "the buyer." : "who gets the secret.");
  else if (canonical(code) == canonical(badge_)) why = "That is your own badge. Scan the badge of someone else.";
  else if (r.body.value("dead", false)) why = r.body.value("name", "") + " is dead: the dead receive nothing.";
  if (!why.empty()) {
    show_message(why, false, Screen::give);
    return;
  }
  hand_over_.to_badge = code;
  hand_over_.to_name = r.body.value("name", "");
  if (!sale) return ask_confirmation();
  // The buyer agrees by typing their own PIN on this kiosk.
  asking_buyer_pin_ = true;
  pin_name_->SetLabel(wxString::FromUTF8(hand_over_.to_name + ": to buy " + hand_over_.title + ", type YOUR PIN"));
  pin_name_->Wrap(600);
  pin_problem_->SetLabel("");
  show(Screen::pin);
}

void KioskFrame::buyer_pin_entered(const std::string& pin) {
  KioskReply r = client_->countersign(hand_over_.to_badge, pin);
  if (r.ok) {
    asking_buyer_pin_ = false;
    hand_over_.buyer_agreed = true;
    pin_name_->SetLabel("");
    return ask_confirmation();
  }
  if (r.code == "wrong_pin") {
    wxBell();
    pin_problem_->SetLabel(wxString::FromUTF8(r.reason));
    pin_problem_->Wrap(420);
    pin_field_->SetFocus();
    relayout();
    return;
  }
  asking_buyer_pin_ = false;
  show_message("The buyer cannot agree now: " + r.reason, false, Screen::player);
}

void KioskFrame::ask_confirmation() {
  const bool sale = hand_over_.kind == HandOver::Kind::horse;
  std::string question = sale ? "Sell " + hand_over_.title + " to " + hand_over_.to_name +
                                    "?\n\nThe horse will be theirs, and no longer yours."
                              : "Give the secret \u201C" + hand_over_.title + "\u201D to " + hand_over_.to_name +
                                    "?\n\nIt will be theirs, and no longer yours.";
  give_text_->SetLabel(wxString::FromUTF8(question));
  give_text_->Wrap(GetClientSize().GetWidth() - 60);
  give_confirm_->Show();
  show(Screen::give);
}

void KioskFrame::confirm_hand_over() {
  if (!hand_over_.chosen || hand_over_.to_badge.empty()) return;
  const bool sale = hand_over_.kind == HandOver::Kind::horse;
  if (sale && !hand_over_.buyer_agreed) return;
  const std::int64_t now = std::int64_t(wxGetUTCTimeMillis().GetValue());
  KioskReply r = sale ? client_->sell_horse(hand_over_.code, badge_, hand_over_.to_badge, now)
                      : client_->give_secret(hand_over_.code, badge_, hand_over_.to_badge, now);
  const HandOver done_with = hand_over_;
  hand_over_ = {};
  if (r.ok) {
    KioskReply fresh = client_->character(badge_);
    if (fresh.ok) {
      view_ = fresh.body;
      view_fetched_ms_ = now_ms();
    }
    show_message(sale ? "Sold: " + done_with.title + " now belongs to " + done_with.to_name + "."
                      : "Done: the secret \u201C" + done_with.title + "\u201D now belongs to " + done_with.to_name + ".",
                 true, Screen::player);
    return;
  }
  std::string what = sale ? "the horse was NOT sold" : "the secret was NOT given";
  show_message(!r.reached ? "The ledger cannot be reached: " + what + ". Try again when it is back."
                          : "Refused, " + what + ": " + r.reason,
               false, Screen::player);
}

void KioskFrame::end_hand_over() {
  hand_over_ = {};
  asking_buyer_pin_ = false;
  client_->sign_out_buyer();
  pin_name_->SetLabel("");
  pin_problem_->SetLabel("");
  refresh_player_text();
  show(Screen::player);
}

void KioskFrame::start_ballot() {
  KioskReply r = client_->vote();
  if (!r.ok) return show_message("The vote cannot be read now: " + r.reason, false, Screen::player);
  vote_ = r.body;
  if (!vote_.value("open", false)) return show_message("No vote is open now.", false, Screen::player);
  if (vote_.value("voted", false))
    return show_message("You have cast your ballot in this vote already: one ballot each.", false, Screen::player);
  candidates_->Clear();
  for (const auto& c : vote_["candidates"]) candidates_->Append(wxString::FromUTF8(c.value("name", "")));
  ballot_choice_ = -1;
  ballot_text_->SetLabel(wxString::FromUTF8("Vote for " + vote_.value("office", std::string()) +
                                            ": touch a name (or use the arrows), or scan their badge."));
  ballot_text_->Wrap(GetClientSize().GetWidth() - 40);
  show(Screen::ballot);
  CallAfter([this] {
    if (ballot_choice_ < 0) candidates_->SetSelection(wxNOT_FOUND);  // undo GTK's own choice
  });
}

void KioskFrame::choose_candidate(int i) {
  if (i < 0 || i >= static_cast<int>(candidates_->GetCount())) return;
  ballot_choice_ = i;
  candidates_->SetSelection(i);
  candidates_->EnsureVisible(i);
  focus_screen();  // a touch on the list gave it the keyboard: Enter must still cast
  ballot_text_->SetLabel(wxString::FromUTF8("Your ballot for " + vote_.value("office", std::string()) + ": " +
                                            candidates_->GetString(static_cast<unsigned>(i)).utf8_string() +
                                            ". Enter (or Cast my ballot) casts it; it is secret."));
  ballot_text_->Wrap(GetClientSize().GetWidth() - 40);
  relayout();
}

void KioskFrame::cast_ballot() {
  const int i = ballot_choice_;
  if (i < 0) return show_message("First choose a name: touch it, or scan their badge.", false, Screen::ballot);
  const Json candidate = vote_["candidates"][static_cast<std::size_t>(i)];
  KioskReply r = client_->cast_ballot(badge_, candidate.value("badge", ""), std::int64_t(wxGetUTCTimeMillis().GetValue()));
  if (r.ok) {
    vote_["voted"] = true;
    show_message("Your ballot is cast. Ballots are secret: the Mayor counts them when the vote closes.", true,
                 Screen::player);
    return;
  }
  show_message(!r.reached ? "The ledger cannot be reached: your ballot was NOT cast. Try again when it is back."
                          : "Your ballot was not cast: " + r.reason,
               false, Screen::player);
}

void KioskFrame::show_vote_news() {
  KioskReply r = client_->vote();
  std::string news;
  if (r.ok && r.body.value("open", false)) {
    news = "A vote for " + r.body.value("office", std::string()) + " is open (" +
           clock_text(r.body.value("remaining_ms", std::int64_t{0})) + " left): scan your badge to vote.";
  } else if (r.ok && r.body.contains("result")) {
    const Json& result = r.body["result"];
    std::string tally;
    for (const auto& t : result.value("tally", Json::array()))
      tally += (tally.empty() ? "" : ", ") + t.value("candidate", std::string()) + " " + std::to_string(t.value("ballots", 0));
    news = "The vote for " + result.value("office", std::string()) + ": " + result.value("outcome", std::string()) +
           (result.value("overridden", false) ? " (a Judge's call)" : "") + (tally.empty() ? "" : ". Ballots: " + tally);
  }
  attract_vote_->SetLabel(wxString::FromUTF8(news));
  attract_vote_->Wrap(GetClientSize().GetWidth() - 60);
}

void KioskFrame::cancel() {
  switch (screen_) {
    case Screen::attract: return;
    case Screen::pin: return asking_buyer_pin_ ? end_hand_over() : show_attract();
    case Screen::player: return done();
    case Screen::give:
    case Screen::ballot: return end_hand_over();
    case Screen::message:
      message_until_ms_ = 0;
      return tick();
  }
}

void KioskFrame::done() { show_attract(); }

void KioskFrame::tick() {
  const std::int64_t now = now_ms();
  if (screen_ == Screen::attract) {
    attract_clock_->SetLabel(wxDateTime::Now().Format("%H:%M"));
    // The ledger's state, asked every few seconds rather than on every tick.
    static constexpr std::int64_t health_every_ms = 5000;
    if (now - last_health_ms_ >= health_every_ms) {
      last_health_ms_ = now;
      const bool online = client_->online();
      attract_state_->SetLabel(online ? "Ledger: online" : "OFFLINE: the ledger cannot be reached; try again soon");
      attract_state_->SetForegroundColour(online ? ui::ink : ui::refusal_red);
      if (online) show_vote_news();
    }
    Layout();
    return;
  }
  if (screen_ == Screen::message && now >= message_until_ms_) {
    if (after_message_ == Screen::player) {
      refresh_player_text();
      show(Screen::player);
    } else if (after_message_ == Screen::give || after_message_ == Screen::ballot) {
      show(after_message_);
    } else {
      show_attract();
    }
    return;
  }
  const std::int64_t idle = now - last_input_ms_;
  if (idle >= timings_.idle_ms + timings_.countdown_ms) return show_attract();
  if (idle >= timings_.idle_ms) {
    countdown_->SetLabel(wxString::FromUTF8(
        fmt::format("  Still there? Touch the screen or scan: {}", clock_text(timings_.idle_ms + timings_.countdown_ms - idle))));
    if (!countdown_->IsShown()) {
      countdown_->Show();
      Layout();
    }
  }
  if (screen_ == Screen::player) {
    PlayerView p = player_view(view_, view_fetched_ms_, now);
    std::string timers;
    for (const auto& t : p.timers) timers += (timers.empty() ? "" : "\n") + t;
    player_timers_->SetLabel(wxString::FromUTF8(timers));
  }
}

std::string KioskFrame::shown_text() const {
  std::string out;
  collect_text(this, out);
  return out;
}

std::string KioskFrame::headline() const {
  switch (screen_) {
    case Screen::attract: return "Scan your badge";
    case Screen::pin: return flat(pin_name_->GetLabel() + " " + pin_problem_->GetLabel());
    case Screen::player: return flat(player_name_->GetLabel());
    case Screen::give: return flat(give_text_->GetLabel());
    case Screen::message: return flat(message_text_->GetLabel());
    case Screen::ballot: return flat(ballot_text_->GetLabel());
  }
  return "";
}

}  // namespace marshal::kiosk
