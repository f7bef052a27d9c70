#pragma once
// What every conflict screen shares: its title, the instruction line (ink, provisional amber,
// recorded green) with a refusal line under it (red, its room kept so nothing moves), the inputs
// (hidden once the screen's result is recorded), cards typed from a physical deck, the station's
// own CSPRNG for virtual draws, and the result: in large type as a banner once recorded. The
// page scrolls when a long result does not fit (1024 x 600).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <wx/wrapsizer.h>
#include <wx/checkbox.h>
#include <wx/scrolwin.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "core/csprng.h"
#include "gmstation/limb_question.h"
#include "gmstation/one_key_number.h"
#include "gmstation/ledger_asker.h"
#include "ui/sounds.h"

namespace marshal::gm {

// A result code of the rules as a GM says it, in the language of the screens: "shooters_choice" is
// "13+: the shooter's choice", "knock_out" is "KNOCK-OUT", "stun" is "stunned"; the rest (miss,
// nicked, wounded, dead) as in English.
std::string result_words(const std::string& code);

class ConflictPage : public wxScrolledWindow {
 public:
  // `asker`: how the page asks the ledger (the window's, which outlives it).
  ConflictPage(wxWindow* parent, const wxString& title, LedgerAsker& asker);

  // What the window asks of every screen: begin anew (its function key), take a scanned code,
  // and take a Ctrl+letter (true when the key meant something here).
  virtual void start() = 0;
  // Lays the page out once it has a real size: laid out at the few pixels a page has before the
  // book sizes it, its check boxes would get less than their size (GTK warns of each).
  bool Layout() override;
  virtual void on_scan(const std::string& code) = 0;
  virtual bool on_key(int /*key*/) { return false; }
  // Once the window has shown the screen and given the scan field the keyboard: a screen whose
  // first input is a field of its own takes the keyboard here.
  virtual void on_shown() {}
  // The window shows another screen, or home: an answer asked for this one is dropped when it comes.
  void left() { ++starts_; }

  // The instruction as written (the label itself is wrapped to the window's width): the step's
  // prompt, or what was recorded; a refusal does not replace it.
  wxString instruction() const { return instruction_text_; }
  // The last refusal, shown under the instruction until the next step (empty when none).
  wxString refusal_text() const { return refusal_text_; }
  // The result is shown as the screen's banner (large type, inputs hidden): it was recorded.
  bool finished() const { return finished_; }
  wxStaticText* result_label() const { return result_area_; }
  // The result as written (the label is wrapped to the window's width).
  wxString result_text() const { return result_text_; }
  // Recorded in the ledger, or kept provisionally while it is out of reach (seq -1).
  bool recorded() const { return recorded_seq_ != 0; }
  std::int64_t recorded_seq() const { return recorded_seq_; }
  // The odds box, if the page has one, and the odds line as shown (for tests).
  wxCheckBox* odds_toggle() const { return odds_toggle_; }
  wxString odds_shown() const { return odds_shown_; }
  // The limb asked of a wounded player after a record (for tests): its field, and whether asked.
  OneKeyNumber* limb_field() const { return limbs_->field(); }
  bool asking_limb() const { return limbs_->asking(); }
  // How the page gives the keyboard back to the window's scan field (set by the window).
  void set_focus_scan_field(std::function<void()> focus) { focus_scan_field_ = std::move(focus); }
  // The window's sounds: a refusal and a record sound here.
  void set_sounds(ui::Sounds* sounds) { sounds_ = sounds; }

 protected:
  // A new prompt (ink) for the next step; it clears the refusal line.
  void show_instruction(const wxString& text, const wxColour& colour);
  void show_prompt(const wxString& text);
  // Every page's start() begins with this: the inputs shown again, the banner back to the
  // result's live size, no refusal.
  void open_screen();
  // Whether recording ends the screen (a banner, the inputs hidden): a conflict does; the GM
  // actions screen goes on with the same badge.
  virtual bool finishes_on_record() const { return true; }
  // Shows a result in the page's result area, wrapped so it is never cut off.
  void set_result(const wxString& text);
  void refuse(const wxString& why);
  // Shows what the ledger said of a record. `what` names the record for a refusal, as a code
  // (never translated: each has its own sentence): "duel", "accusation", "fistfight", "brawl",
  // "became_brawl" (a fistfight that became a brawl), "shootout", "chase", "action".
  void show_record(const RecordOutcome& r, const wxString& what);
  // After a record that wounded `wounded`: asks each which limb they lose, one digit each, each
  // answer recorded and added to the result (LimbQuestion).
  void ask_limbs(std::vector<WoundedPerson> wounded);
  // Asks the ledger off the window's thread (ledger_asker.h); `then` runs with the answer unless
  // the screen began anew meanwhile (its function key pressed again).
  template <class Reply>
  void ask(std::function<Reply(StationBackend&)> request, std::function<void(const Reply&)> then) {
    const std::uint64_t asked_at = starts_;
    asker_->ask<Reply>(std::move(request), [this, asked_at, then = std::move(then)](const Reply& reply) {
      if (starts_ == asked_at) then(reply);
    });
  }
  void ask_character(const std::string& badge, std::function<void(const Lookup&)> then) {
    ask<Lookup>([badge](StationBackend& backend) { return backend.character(badge); }, std::move(then));
  }
  void ask_card(const std::string& code, std::function<void(const Lookup&)> then) {
    ask<Lookup>([code](StationBackend& backend) { return backend.card(code); }, std::move(then));
  }
  // As ask_character and ask_card, and `then` only while `step` (the page's step member) still is
  // what it was when asked: an answer that comes after the screen moved on is dropped.
  template <class Step>
  void ask_character_at(const Step& step, const std::string& badge, std::function<void(const Lookup&)> then) {
    ask_character(badge, [&step, asked_at = step, then = std::move(then)](const Lookup& who) {
      if (step == asked_at) then(who);
    });
  }
  template <class Step>
  void ask_card_at(const Step& step, const std::string& code, std::function<void(const Lookup&)> then) {
    ask_card(code, [&step, asked_at = step, then = std::move(then)](const Lookup& card) {
      if (step == asked_at) then(card);
    });
  }
  // Records `type` with `payload`, then `then` with what the ledger said. A record asked while one
  // is out is not sent (a key pressed twice): false.
  bool ask_record(const std::string& type, Json payload, std::function<void(const RecordOutcome&)> then);
  // As ask_record, and once recorded (not when refused) `read` in the same request: the screen's
  // view after the record comes with it, so a key pressed meanwhile never meets the view before.
  bool ask_record_and_read(const std::string& type, Json payload, std::function<Lookup(StationBackend&)> read,
                           std::function<void(const RecordOutcome&, const Lookup& after)> then);
  // Records a conflict (conflict_resolved with `payload`), shows what the ledger said (`what` as
  // for show_record), then runs `after` (recorded() says whether it was kept).
  void record_conflict(Json payload, const wxString& what, std::function<void()> after = {});
  // Whether the answer to a record is still out (the screen's keys wait for it).
  bool recording() const { return asker_->recording(); }
  // Two one-key numbers, one a side (a duelist's commitment, a fighter's offense): a refusal
  // names the side from `names` (as they stand when it comes), the first moves on to the second,
  // the second calls `then`; any change updates the odds.
  void chain_one_keys(OneKeyNumber* (&numbers)[2], const std::vector<std::string>& names, std::function<void()> then);
  // A check box with `label` beside it in the body type, added to `into` with `flags`.
  wxCheckBox* check_box(const wxString& label, wxSizer* into, int flags = 0, int border = 0);
  // "Station draws the cards (virtual deck)" added to `row`, and whether it is ticked.
  void add_virtual_draw_toggle(wxSizer* row);
  bool station_draws() const { return virtual_draw_ && virtual_draw_->IsChecked(); }
  // The card `who` drew, typed in `field` (A, 2-10); else a refusal naming them, the field
  // focused, and nullopt.
  std::optional<int> typed_card(wxTextCtrl* field, const std::string& who);
  // Action cards shown to the scanner (the deck's ACT01..ACT10): `value` goes into the first
  // empty field of `fields` (the order the cards are drawn in); how many are filled now.
  int fill_next_card(const std::vector<wxTextCtrl*>& fields, int value);
  // Marks the first empty field of `fields` as the one the next card goes to (yellow, and with
  // the focus when `focus`); the others plain.
  void mark_waiting_card(const std::vector<wxTextCtrl*>& fields, bool focus = true);
  // The large-type line where a screen shows what happened, added to the page (below the
  // inputs); once recorded it becomes the banner (ui::banner_points).
  wxStaticText* add_result_area(int points);
  // The refusal line's room, kept whether or not a refusal is shown (two lines unless a page
  // says otherwise): a crowded page (the Table, Action Time) keeps one, so that at 1024 x 600
  // its keys and result still show; a longer refusal then moves the page down a line.
  void reserve_refusal_lines(int lines);
  // A "Show the odds" box added to `row` and the line under it (added to the page now); `compute`
  // gives the text, empty while there is nothing to say. update_odds() after any change.
  void add_odds_toggle(wxSizer* row, std::function<std::string()> compute);
  void update_odds();
  // The event's options as the ledger has them (null when it cannot be reached: the defaults).
  static Json event_options(StationBackend& backend) {
    Lookup event = backend.event_as_known();
    return event.found ? event.data.value("options", Json()) : Json();
  }
  // A label that wraps within width(page_px) pixels whenever the page's width or its text
  // changes, so that no column runs past the page's edge at 1024 x 600 (a duel's two columns
  // share what the row labels leave: each half of it). page_px is wrap_width(). set_wrapped()
  // gives it a new text; a label's own SetLabel would lose the wrapping.
  void wrap_with_page(wxStaticText* label, std::function<int(int page_px)> width);
  // A two-sided screen's grid (a duel, a fistfight): the row labels take at most two fifths of
  // the page, each side's column half of the rest (less the grid's gaps of 18 px and borders of
  // 10 px).
  static int row_labels_px(int page_px) { return page_px * 2 / 5; }
  static int side_column_px(int page_px) { return (page_px - row_labels_px(page_px) - 2 * 18 - 2 * 10) / 2; }
  void set_wrapped(wxStaticText* label, const wxString& text);
  // After a field of the page is done with (hidden), scans and typing go to the scan field.
  void focus_scan_field() {
    if (focus_scan_field_) focus_scan_field_();
  }

  LedgerAsker* asker_;
  wxBoxSizer* sizer_;  // title, instruction, refusal line, inputs_, then the result area
  wxBoxSizer* inputs_;  // pages add their fields and buttons here; hidden once recorded
  core::Csprng rng_;
  std::int64_t recorded_seq_ = 0;

  // The width text of the page wraps to: the page less its margins, and never under 400 px.
  int wrap_width() const;

 private:
  struct WrappedLabel {
    wxStaticText* label;
    wxString text;
    std::function<int(int)> width;
  };
  std::vector<WrappedLabel> wrapped_;
  std::uint64_t starts_ = 0;  // open_screen() counts: an answer asked before the last start is dropped
  void finish_screen();
  // The keyboard goes back to the next input: the waiting card's field, else the scan field.
  void focus_next_input();
  void rewrap();

  wxStaticText* instruction_;
  wxString instruction_text_;
  std::unique_ptr<LimbQuestion> limbs_;
  wxStaticText* refusal_;
  wxString refusal_text_;
  wxStaticText* result_area_ = nullptr;
  int result_points_ = 0;
  bool finished_ = false;
  wxString result_text_;
  std::function<void()> focus_scan_field_;
  ui::Sounds* sounds_ = nullptr;
  wxCheckBox* virtual_draw_ = nullptr;
  wxCheckBox* odds_toggle_ = nullptr;
  wxStaticText* odds_ = nullptr;
  std::function<std::string()> odds_text_;
  wxString odds_shown_;  // as written; the label itself is wrapped
};

// "A", "a", "1".."10": a card typed from the physical deck (the Ace also as the printed cards of
// the language of the screens show it: Т in Russian).
std::optional<int> parse_card(const wxString& text);
// A card's value as the deck shows it: the Ace's letter ("A"; translated), else its number.
wxString card_face(int value);

// Gives the keyboard to the first of `fields` a player can type in now.
template <class Fields>
void focus_first_enabled(const Fields& fields) {
  for (auto* field : fields)
    if (field->IsShown() && field->IsEnabled()) {
      field->SetFocus();
      return;
    }
}

}  // namespace marshal::gm
