#include "gmstation/conflict_page.h"

#include <sodium.h>

#include <fmt/format.h>

#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::utf8;
using ui::wx_tr;

namespace {
core::Seed fresh_seed() {
  core::Seed seed;
  randombytes_buf(seed.data(), seed.size());
  return seed;
}
}  // namespace

wxString card_face(int value) {
  // TRANSLATORS: the Ace's value in the corners of an action card, as on playing cards: one letter.
  return value == 1 ? wx_tr("A") : wxString::Format("%d", value);
}

std::optional<int> parse_card(const wxString& text) {
  wxString t = text.Strip(wxString::both).Upper();
  // The Ace as typed from the deck: A, or the letter the printed cards show in this language.
  if (t == "A" || t.CmpNoCase(card_face(1)) == 0) return 1;
  long v = 0;
  if (t.ToLong(&v) && v >= 1 && v <= 10) return static_cast<int>(v);
  return std::nullopt;
}

ConflictPage::ConflictPage(wxWindow* parent, const wxString& title, LedgerAsker& asker)
    : wxScrolledWindow(parent, wxID_ANY), asker_(&asker), rng_(fresh_seed()) {
  ui::apply(this);
  SetScrollRate(0, 20);  // a long result scrolls rather than being cut off at 1024 x 600
  sizer_ = new wxBoxSizer(wxVERTICAL);
  auto* heading = new wxStaticText(this, wxID_ANY, title);
  heading->SetFont(ui::font(16, true));
  instruction_ = new wxStaticText(this, wxID_ANY, "");
  instruction_->SetFont(ui::font(20, true));
  refusal_ = new wxStaticText(this, wxID_ANY, "");
  refusal_->SetFont(ui::font(ui::body_points, true));
  refusal_->SetForegroundColour(ui::refusal_red);
  // Room for two lines whether or not a refusal is shown: a refusal never moves the page.
  reserve_refusal_lines(2);
  inputs_ = new wxBoxSizer(wxVERTICAL);
  sizer_->Add(heading, 0, wxLEFT | wxRIGHT | wxTOP, 6);
  sizer_->Add(instruction_, 0, wxLEFT | wxRIGHT | wxTOP | wxEXPAND, 6);
  sizer_->Add(refusal_, 0, wxLEFT | wxRIGHT | wxEXPAND, 6);
  sizer_->Add(inputs_, 0, wxEXPAND);
  limbs_ = std::make_unique<LimbQuestion>(this, sizer_,
                                          LimbQuestion::Callbacks{[this](const wxString& why) { refuse(why); },
                             [this](const wxString& answer) { set_result(result_text_ + "\n" + answer); },
                             [this] { focus_scan_field(); }});
  SetSizer(sizer_);
  // Wrapped text follows the page's width.
  Bind(wxEVT_SIZE, [this](wxSizeEvent& event) {
    event.Skip();
    CallAfter([this] { rewrap(); });
  });
}

bool ConflictPage::Layout() {
  constexpr int smallest_laid_out_px = 300;  // a page is 640 px wide or more once shown
  if (GetClientSize().x < smallest_laid_out_px) return false;
  return wxScrolledWindow::Layout();
}

namespace {
constexpr int smallest_wrap_px = 120;  // a wrapped column is never narrower (a word or two of 15 pt)
}  // namespace

int ConflictPage::wrap_width() const { return std::max(400, GetClientSize().x - 24); }

void ConflictPage::rewrap() {
  instruction_->SetLabel(instruction_text_);
  instruction_->Wrap(wrap_width());  // never cut off at 1024 x 600
  refusal_->SetLabel(refusal_text_);
  refusal_->Wrap(wrap_width());
  if (result_area_) {
    result_area_->SetLabel(result_text_);
    result_area_->Wrap(wrap_width());
  }
  for (const WrappedLabel& w : wrapped_) {
    w.label->SetLabel(w.text);
    w.label->Wrap(std::max(smallest_wrap_px, w.width(wrap_width())));
  }
  Layout();
  FitInside();
}

void ConflictPage::wrap_with_page(wxStaticText* label, std::function<int(int)> width) {
  wrapped_.push_back({label, label->GetLabel(), std::move(width)});
}

void ConflictPage::set_wrapped(wxStaticText* label, const wxString& text) {
  for (WrappedLabel& w : wrapped_)
    if (w.label == label) {
      w.text = text;
      label->SetLabel(text);
      label->Wrap(std::max(smallest_wrap_px, w.width(wrap_width())));
      Layout();
      FitInside();
      return;
    }
  label->SetLabel(text);  // not wrapped with the page: as it is
}

void ConflictPage::show_instruction(const wxString& text, const wxColour& colour) {
  instruction_text_ = text;
  refusal_text_.clear();  // the next step: the refusal of the last one is done with
  instruction_->SetForegroundColour(colour);
  rewrap();
}

void ConflictPage::show_prompt(const wxString& text) { show_instruction(text, ui::ink); }

void ConflictPage::set_result(const wxString& text) {
  result_text_ = text;
  rewrap();
}

void ConflictPage::refuse(const wxString& why) {
  // Beside the step it refuses, which keeps its prompt; the room is kept, so nothing moves.
  refusal_text_ = why;
  refusal_->SetLabel(why);
  refusal_->Wrap(wrap_width());
  Layout();
  FitInside();
  if (sounds_) sounds_->play(ui::Sound::refusal);
}

void ConflictPage::open_screen() {
  ++starts_;
  finished_ = false;
  limbs_->cancel();
  sizer_->Show(inputs_, true, true);
  if (result_area_) {
    result_area_->SetFont(ui::font(result_points_, true));
    result_area_->SetForegroundColour(ui::ink);
  }
  refusal_text_.clear();
  rewrap();
  Scroll(0, 0);
}

bool ConflictPage::ask_record(const std::string& type, Json payload, std::function<void(const RecordOutcome&)> then) {
  if (asker_->recording()) return false;
  const std::uint64_t asked_at = starts_;
  asker_->record<RecordOutcome>([type, payload = std::move(payload)](StationBackend& backend) { return backend.record(type, payload); },
                 [this, asked_at, then = std::move(then)](const RecordOutcome& outcome) {
                   if (starts_ == asked_at) then(outcome);
                 });
  return true;
}

bool ConflictPage::ask_record_and_read(const std::string& type, Json payload, std::function<Lookup(StationBackend&)> read,
                                       std::function<void(const RecordOutcome&, const Lookup& after)> then) {
  if (asker_->recording()) return false;
  const std::uint64_t asked_at = starts_;
  asker_->record_and_read(type, std::move(payload), std::move(read),
                          [this, asked_at, then = std::move(then)](const RecordOutcome& outcome, const Lookup& after) {
                            if (starts_ == asked_at) then(outcome, after);
                          });
  return true;
}

void ConflictPage::record_conflict(Json payload, const wxString& what, std::function<void()> after) {
  ask_record("conflict_resolved", std::move(payload), [this, what, after = std::move(after)](const RecordOutcome& r) {
    show_record(r, what);
    if (after) after();
  });
}

void ConflictPage::ask_limbs(std::vector<WoundedPerson> wounded) {
  if (wounded.empty()) return;
  limbs_->ask(*asker_, std::move(wounded));
  FitInside();
}

void ConflictPage::finish_screen() {
  finished_ = true;
  sizer_->Show(inputs_, false, true);  // nothing left to type in: Esc or a new F-key
  if (result_area_) result_area_->SetFont(ui::font(ui::banner_points, true));
  rewrap();
  Scroll(0, 0);
}

void ConflictPage::focus_next_input() {
  for (wxWindow* child : GetChildren())
    if (auto* field = dynamic_cast<wxTextCtrl*>(child);
        field && field->IsShownOnScreen() && field->IsEnabled() && field->GetBackgroundColour() == ui::waiting_yellow) {
      field->SetFocus();
      return;
    }
  focus_scan_field();
}

wxCheckBox* ConflictPage::check_box(const wxString& label, wxSizer* into, int flags, int border) {
  // The box without words and the words beside it in the body type (a click on them ticks it):
  // GTK 3 lays out a check button given a larger font too narrow and warns
  // ("gtk_box_gadget_distribute: size >= 0") each time its page is shown.
  auto* box = new wxCheckBox(this, wxID_ANY, "");
  auto* words = new wxStaticText(this, wxID_ANY, label);
  words->SetFont(ui::font(ui::body_points));
  words->Bind(wxEVT_LEFT_DOWN, [box](wxMouseEvent&) {
    box->SetValue(!box->GetValue());
    wxCommandEvent ticked(wxEVT_CHECKBOX, box->GetId());
    ticked.SetEventObject(box);
    ticked.SetInt(box->GetValue());
    box->GetEventHandler()->ProcessEvent(ticked);
  });
  auto* pair = new wxBoxSizer(wxHORIZONTAL);
  pair->Add(box, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
  pair->Add(words, 0, wxALIGN_CENTER_VERTICAL);
  into->Add(pair, 0, flags, border);
  return box;
}

void ConflictPage::chain_one_keys(OneKeyNumber* (&numbers)[2], const std::vector<std::string>& names,
                                  std::function<void()> then) {
  for (std::size_t i = 0; i < 2; ++i) {
    numbers[i]->on_changed([this] { update_odds(); });
    numbers[i]->on_refused([this, &names, i](const wxString& why) {
      refuse((names.size() > i ? wxString::FromUTF8(names[i]) + ": " : wxString()) + why);
    });
  }
  numbers[0]->on_done([second = numbers[1]] { second->SetFocus(); });
  numbers[1]->on_done(std::move(then));
}

void ConflictPage::add_virtual_draw_toggle(wxSizer* row) {
  virtual_draw_ =
      check_box(wx_tr("Station draws the cards (virtual deck)"), row, wxALIGN_CENTER_VERTICAL | wxRIGHT, 16);
}

std::optional<int> ConflictPage::typed_card(wxTextCtrl* field, const std::string& who) {
  if (auto card = parse_card(field->GetValue())) return card;
  field->SetFocus();
  // TRANSLATORS: {} is who drew the card; A is the Ace's letter on the cards (as "A" is translated).
  refuse(utf8(fmt::format(fmt::runtime(tr("Type the card {} drew: A or 2-10")), who)));
  return std::nullopt;
}

std::string result_words(const std::string& code) {
  // TRANSLATORS: a shot's or a punch's result, after the sum of its card: keep them short.
  if (code == "shooters_choice") return tr("13+: the shooter's choice");
  if (code == "knock_out") return tr("KNOCK-OUT");
  if (code == "stun") return tr("stunned");
  if (code == "miss") return tr("miss");
  if (code == "nicked") return tr("nicked");
  if (code == "wounded") return tr("wounded");
  if (code == "dead") return tr("dead");
  return code;  // a result the station does not know: the rules' own word
}

int ConflictPage::fill_next_card(const std::vector<wxTextCtrl*>& fields, int value) {
  int filled = 0;
  bool placed = false;
  for (wxTextCtrl* field : fields) {
    if (field->GetValue().Strip(wxString::both).empty()) {
      if (placed) continue;
      field->ChangeValue(card_face(value));
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

void ConflictPage::reserve_refusal_lines(int lines) {
  refusal_->SetMinSize(wxSize(-1, lines * refusal_->GetCharHeight() + 2));
}

wxStaticText* ConflictPage::add_result_area(int points) {
  result_area_ = new wxStaticText(this, wxID_ANY, "");
  result_points_ = std::max(points, ui::body_points);
  result_area_->SetFont(ui::font(result_points_, true));
  sizer_->Add(result_area_, 0, wxALL | wxEXPAND, 8);
  return result_area_;
}

void ConflictPage::add_odds_toggle(wxSizer* row, std::function<std::string()> compute) {
  odds_toggle_ = check_box(wx_tr("Show the odds"), row, wxALIGN_CENTER_VERTICAL | wxLEFT, 16);
  // A click must not take the keyboard from the next input: the box never takes the focus,
  // and after a click the keyboard is given back where the next card or scan goes.
  odds_toggle_->SetCanFocus(false);
  odds_toggle_->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) {
    update_odds();
    if (wxWindow::FindFocus() == odds_toggle_) focus_next_input();
  });
  odds_ = new wxStaticText(this, wxID_ANY, "");
  odds_->SetFont(ui::font(ui::body_points));
  inputs_->Add(odds_, 0, wxALL, 6);
  odds_text_ = std::move(compute);
}

void ConflictPage::update_odds() {
  if (!odds_) return;
  std::string text = odds_toggle_->IsChecked() ? odds_text_() : std::string();
  odds_shown_ = wxString::FromUTF8(text);
  odds_->SetLabel(odds_shown_);
  odds_->Wrap(wrap_width());
  Layout();
  FitInside();
}

namespace {

// Why the ledger refused a record, by what the record was (show_record's `what`).
std::string record_refused_words(const std::string& what, const std::string& reason) {
  // TRANSLATORS: {} says why, in the ledger's words.
  if (what == "duel") return fmt::format(fmt::runtime(tr("The ledger refused the duel: {}")), reason);
  if (what == "accusation") return fmt::format(fmt::runtime(tr("The ledger refused the accusation: {}")), reason);
  if (what == "fistfight") return fmt::format(fmt::runtime(tr("The ledger refused the fistfight: {}")), reason);
  if (what == "brawl") return fmt::format(fmt::runtime(tr("The ledger refused the brawl: {}")), reason);
  if (what == "became_brawl")
    return fmt::format(fmt::runtime(tr("The ledger refused the fistfight that became a brawl: {}")), reason);
  if (what == "shootout") return fmt::format(fmt::runtime(tr("The ledger refused the shootout: {}")), reason);
  if (what == "chase") return fmt::format(fmt::runtime(tr("The ledger refused the chase: {}")), reason);
  if (what == "action") return fmt::format(fmt::runtime(tr("The ledger refused the action: {}")), reason);
  // TRANSLATORS: what was recorded (a word of the station's), then why the ledger refused it.
  return fmt::format(fmt::runtime(tr("The ledger refused the {}: {}")), what, reason);
}

}  // namespace

void ConflictPage::show_record(const RecordOutcome& r, const wxString& what) {
  if (r.status == RecordOutcome::Status::refused) {
    refuse(utf8(record_refused_words(what.utf8_string(), r.reason)));
    return;
  }
  recorded_seq_ = r.status == RecordOutcome::Status::accepted ? r.seq : -1;
  if (sounds_) sounds_->play(ui::Sound::recorded);
  if (r.status == RecordOutcome::Status::provisional)
    show_instruction(wx_tr("Recorded PROVISIONALLY (the ledger is out of reach; it syncs when it returns).  Esc: back"),
                     ui::provisional_amber);
  else
    // TRANSLATORS: {} is the record's number in the ledger.
    show_instruction(utf8(fmt::format(fmt::runtime(tr("Recorded in the ledger as event #{}.  Esc: back")), r.seq)),
                     ui::accepted_green);
  // The result becomes the screen's banner, the inputs hidden.
  if (finishes_on_record()) finish_screen();
  // The screen's fields are done with (some are disabled now, and a disabled field with the
  // focus would take the keyboard with it): the next scan, Esc and F-key go to the window.
  focus_scan_field();
}

}  // namespace marshal::gm
