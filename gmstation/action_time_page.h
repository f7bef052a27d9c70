#pragma once
// The Action Time screen (F10): a round of The West That Wasn't (issue 18, docs/twtw.md "The
// Action Time screen"), each part a ledger event, so a restarted station continues the round at
// its next step (it rebuilds itself from GET /twtw on start).
//   Declaration, one character at a time (the keys field): F fast, N normal, S slow (Backspace
//   drops the last), D dodge, C continuous, U surprised, B the Bravery check after last round's
//   surprise, X sits out; Enter the next character; Ctrl+N records twtw_round_started.
//   Each step: the actors highlighted; a stunned actor's recovery first (Y made, N failed);
//   A an attack: who (if several), target by its number, paces (0: hand to hand), the TN with
//   its reasons, the card's result typed; a hit: location by number, DMG, the Stun check (Y/N)
//   when the ledger will want one. Backspace drops the last entry; Enter records
//   twtw_step_resolved. Ctrl+Z undoes the last step. After the last step Enter plays the End Step.
//   During an attack (action_time_attack_keys.cpp): Ctrl+M the firer's movement, Ctrl+H the
//   mount, Ctrl+C a called shot, Ctrl+S the snap penalty, Ctrl+V the advantage, Ctrl+F fan
//   firing, Ctrl+K the damage's kind, Ctrl+O the target's cover (then the hit's PV and RD).
//   Between rounds, in the Declaration (action_time_care.cpp): Ctrl+E care for the lit character,
//   C concussion, A first aid (a location, the healer), W a week's healing; Y/N the check.
#include <map>
#include <optional>

#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "gmstation/action_time_extras.h"
#include "gmstation/action_time_model.h"
#include "gmstation/conflict_page.h"
#include "gmstation/key_field.h"
#include "gmstation/one_key_number.h"
#include "gmstation/step_number.h"

namespace marshal::gm {

class ActionTimePage : public ConflictPage {
 public:
  ActionTimePage(wxWindow* parent, LedgerAsker& asker);
  void start() override;
  void on_scan(const std::string& code) override;
  bool on_key(int key) override;
  bool finishes_on_record() const override { return false; }
  void on_shown() override { focus_keys(); }
  // A deck of action cards (db/import/twtw_deck.h, read by the app from --twtw-deck): with one,
  // Enter on an empty card field draws from it; without, the GM types what the drawn card shows.
  void set_deck(std::vector<action_time::tw::ActionCard> cards);
  bool deck_mode() const { return !deck_.empty(); }
  wxString drawn_text() const { return drawn_text_; }  // the last card drawn, as shown

  enum class Mode { no_twtw, declaration, step, end_step };
  Mode mode() const { return mode_; }
  bool caring() const { return care_.has_value(); }  // Ctrl+E's care is being asked
  // For tests: the texts as written (labels are wrapped) and the fields.
  wxString roster_text() const;        // every row, one a line
  std::vector<std::string> highlighted() const;  // the names on a highlighted row
  wxString step_text() const { return step_text_; }
  wxString tn_text() const { return tn_text_; }
  wxString entries_text() const { return entries_text_; }
  wxString keys_help_text() const { return keys_help_text_; }
  KeyField* keys_field() const { return keys_; }
  OneKeyNumber* who_field() const { return who_; }
  OneKeyNumber* target_field() const { return target_; }
  wxTextCtrl* paces_field() const { return paces_; }
  StepNumber* increment_field() const { return increment_; }
  wxTextCtrl* card_field() const { return card_; }
  OneKeyNumber* location_field() const { return location_; }
  wxTextCtrl* dmg_field() const { return dmg_; }
  wxTextCtrl* pv_field() const { return pv_; }
  wxTextCtrl* rd_field() const { return rd_; }
  const action_time::AttackExtras& extras() const { return extras_; }

 private:
  // What the keys field waits for now.
  enum class Question { none, recovery, stun, care_kind, care_location, care_healer, care_passed };

  void refresh();           // asks the ledger (GET /twtw) and rebuilds the screen
  void show_roster();
  void begin_declaration();
  void show_declaration_keys();
  void show_declaring();
  void declare_key(char key);
  void record_declaration();
  void begin_step();
  void show_step();
  void show_step_keys();  // the keys line between attacks
  void step_key(char key);
  void ask_next_recovery();
  void start_attack();
  void choose_attacker();
  void update_tn();
  void take_card();
  void bump_location(int up);  // Up (+1) or Down (-1) on a drawn card's stack (003 L410-417)
  void draw_card();  // from the deck: its face shown, its result in the card field
  void take_dmg();
  void take_pv();      // behind cover: the card's PV against the cover's AV (003 L433-440)
  void take_rd();      // an ablated hit's RD
  void judge_hit();    // the hit previewed as the ledger will judge it: a Stun check asked, or added
  // A Ctrl key of an attack's extras (action_time_attack_keys.cpp); false when `key` is none.
  bool attack_key(int key);
  void show_attack_keys();
  void add_hit(std::optional<bool> stun_passed);
  void drop_last_entry();
  void rebuild_working();  // the targets as this step's hits leave them
  void record_step();
  void record_end_step();
  void undo_step();
  // Care between rounds (action_time_care.cpp): Ctrl+E, then C, A or W, a location, the healer, Y/N.
  void start_care();
  void end_care();
  void care_key(char key);
  void care_location_done();
  void care_healer_done();
  void ask_care_passed(int tn);
  void record_care(bool passed);
  void restore_declaration();  // after a care's rebuild: the Declaration typed so far back
  void focus_keys();
  void set_text(wxStaticText* label, wxString& kept, const wxString& text);
  void rewrap_texts();
  // Records, then `then` with what the ledger added; a refusal is shown instead.
  void record_or_refuse(const std::string& type, const Json& payload, std::function<void(const RecordOutcome&)> then);
  void rebuild(const Lookup& view);
  void show_round_started(const RecordOutcome& outcome);  // the screen from GET /twtw's answer
  void took_badge(const Lookup& who);  // a badge scanned: who declares, or an attack's target
  const action_time::Fighter* fighter(const std::string& name) const;
  int index_of(const std::string& name) const;
  bool declared_dodge(const std::string& name) const;  // declared a dodge this round
  bool dodge_lost(const std::string& name) const;      // stunned or down since: the Dodge is gone (003 L365)
  bool dodging(const std::string& name) const;         // declared, and not lost
  // A whole number typed in `field`, low..high; nullopt when it is not one.
  static std::optional<int> typed_number(wxTextCtrl* field, int low, int high);

  StationBackend& backend_;
  Json view_ = Json::object();
  action_time::tw::Options options_;
  std::vector<action_time::Fighter> fighters_;
  Mode mode_ = Mode::no_twtw;
  Question question_ = Question::none;

  // The Declaration being built.
  std::vector<action_time::Declared> declared_;
  std::size_t declaring_ = 0;

  // The care being asked (Ctrl+E in the Declaration), and the Declaration kept through its record.
  struct CareAsked {
    std::string patient;
    action_time::tw::Care care = action_time::tw::Care::concussion;
    std::string location, healer;  // the ledger's words; empty when the care has none
  };
  std::optional<CareAsked> care_;
  struct KeptDeclaration {
    std::vector<action_time::Declared> declared;
    std::size_t declaring = 0;
    std::string patient;
  };
  std::optional<KeptDeclaration> care_restores_;

  // The step being played: its number (1-based), actors, and what is entered so far.
  Json round_;
  int step_number_ = 0;
  std::vector<std::string> actors_;
  std::vector<std::string> to_recover_;          // stunned actors still to be asked
  Json recoveries_ = Json::array();
  Json hits_ = Json::array();
  // What was entered in this step, as the GM reads it, last first to drop with Backspace.
  enum class Entry { miss, hit, recovery };
  struct StepEntry {
    Entry kind;
    std::string words;
    std::string fan_by;  // a fan shot's attacker: dropped, the fan's series steps back
  };
  std::vector<StepEntry> entries_;
  // The attack's extras (Ctrl keys), kept for the same attacker's next attack in the step.
  action_time::AttackExtras extras_;
  std::string extras_of_;  // whose attack the extras were set for
  std::vector<std::pair<std::string, std::string>> fan_shots_;  // this step's fan shots: attacker, target
  bool card_taken_ = false;  // the card is drawn for this attack: its TN stands (003 L225)
  int location_bumps_ = 0;   // the hit's bumps up the drawn card's stack (down below 0)
  std::optional<action_time::HitCover> hit_cover_;
  std::string card_words_;                       // "Miranda at Angus Laroq: card 9 vs TN 6"
  std::string hit_fan_by_;                       // the hit being entered is a fan shot of this attacker
  std::map<std::string, action_time::tw::WoundState> working_;  // the targets after this step's hits
  std::vector<std::string> attackers_;           // actors able to attack this step
  std::string attacker_, target_name_;
  action_time::tw::TnBreakdown tn_;
  bool tn_valid_ = false;  // tn_ is this attack's, as the TN line shows it
  std::optional<action_time::HitPreview> preview_;
  std::string hit_location_;
  std::vector<action_time::tw::ActionCard> deck_, draw_pile_;  // the deck, and what is left to draw
  std::optional<action_time::tw::ActionCard> drawn_;           // the card drawn for this attack
  int hit_dmg_ = 0;

  std::vector<wxStaticText*> rows_;
  wxBoxSizer* posse_column_;
  wxBoxSizer* judge_column_;
  wxStaticText* step_;
  wxStaticText* tn_line_;
  wxStaticText* entries_label_;
  wxStaticText* drawn_label_;
  wxStaticText* keys_help_;
  KeyField* keys_;
  OneKeyNumber* who_;
  OneKeyNumber* target_;
  wxTextCtrl* paces_;
  StepNumber* increment_;
  wxTextCtrl* card_;
  OneKeyNumber* location_;
  wxTextCtrl* dmg_;
  wxTextCtrl* pv_;
  wxTextCtrl* rd_;
  wxString step_text_, tn_text_, entries_text_, keys_help_text_, drawn_text_;
  std::vector<wxString> row_texts_;
};

}  // namespace marshal::gm
