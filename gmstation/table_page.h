#pragma once
// The Table screen (F9): a Savage Worlds or Deadlands game at the table (issue 17,
// docs/tabletop.md). The GM scans a badge (or types the number beside a name), types a trait's
// number, steps the modifier and the Target Number with + and -, reads the exact odds, then
// presses Enter for the station's dice or types the physical dice ("8 5, 3"). The ledger records
// the roll and judges it; the result spells out every Ace.
//   Ctrl+B  reroll with a Benny or chip (spent; the best total is kept, 001 L42)
//   Ctrl+A  award a chip to who is rolling     Ctrl+P  award one to the GM's pool
//   Ctrl+N  start or end the game night (savage deals the night's Bennies)
//   Ctrl+J  a Joker drawn by the posse, Ctrl+V by the villains: Joker's Wild (savage)
// A fight (issue 32, docs/table-fight.md; table_page_fight.cpp):
//   Ctrl+F  a fight starts (Ctrl+F twice: it ends)
//   Ctrl+D  the Action Cards: Enter, the station deals; or the cards of a real deck typed
//   Ctrl+R  who rolls spends a chip on another card, keeping the better (001 L45)
//   Ctrl+H  who rolls hits: the target's number, then the damage dice (2d6+1)
//   Ctrl+S  the last hit's wounds soaked with the target's chip
// Wounds and recovery (table_page_wounds.cpp):
//   Ctrl+U  who rolls, Shaken, rolls Spirit to recover (the station rolls); again after a
//           failed roll: a chip ends it
//   Ctrl+I  the Incapacitation roll (deadlands-1876's Vigor; elsewhere the GM names the fate)
//   Ctrl+E  who rolls heals: the patient's number, then the station rolls Healing
//   Ctrl+G  who rolls heals by the arcane Healing power, rolling the trait in the Trait field
//           (their arcane skill, Faith): the patient's number (000 L188)
// A token card scanned is played by its holder: a Connection Marker or a Hole Card sets up its
// roll, a Luck Charm rerolls the last roll for free. Everyone's chips by colour and the
// evening's roll log are on the same screen.
#include <optional>

#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "core/table_roll.h"
#include "gmstation/table_fight_model.h"
#include "gmstation/conflict_page.h"
#include "gmstation/one_key_number.h"
#include "gmstation/step_number.h"

namespace marshal::gm {

class TablePage : public ConflictPage {
 public:
  TablePage(wxWindow* parent, LedgerAsker& asker);
  void start() override;
  void on_scan(const std::string& code) override;
  bool on_key(int key) override;
  // A roll does not end this screen: the next roll follows.
  bool finishes_on_record() const override { return false; }

  // For tests: the fields in the order the keyboard visits them, and what is shown.
  OneKeyNumber* who_field() const { return who_number_; }
  OneKeyNumber* trait_field() const { return trait_number_; }
  StepNumber* modifier_field() const { return modifier_; }
  StepNumber* tn_field() const { return tn_; }
  wxTextCtrl* dice_field() const { return dice_; }
  // The texts as written (the labels are wrapped to their column).
  wxString odds_text() const { return odds_text_; }
  // As a person reads it: the non-breaking spaces that keep a name on one line read as spaces.
  wxString roster_text() const {
    wxString text = roster_text_;
    text.Replace(wxString::FromUTF8("\u00a0"), " ");
    return text;
  }
  wxString log_text() const { return log_text_; }
  // The fight under way: the heading of the list, which then runs in the order the fighters act
  // ("Round 2"); "" between fights.
  wxString fight_text() const {
    wxString text = fight_text_;
    text.Replace(wxString::FromUTF8("\u00a0"), " ");
    return text;
  }
  wxString keys_text() const {
    wxString text = keys_text_;
    text.Replace(wxString::FromUTF8("\u00a0"), " ");
    return text;
  }
  wxString rolling_text() const { return rolling_text_; }
  // The keyboard waits on who rolls (a digit picks a name; a scanned badge works anywhere).
  void on_shown() override { who_number_->SetFocus(); }
  // A fight under way (GET /table's `fight`).
  bool in_fight() const { return table_.value("fight", Json()).is_object(); }

 private:
  // What is about to be rolled: a trait of the sheet, untrained, or a token's die.
  struct RollSpec {
    std::string label;                      // "Shooting d10", "untrained", "Connection: Cullen Bohannon" as shown
    std::string ledger_label;               // the same as the ledger keeps it: English, whatever the screen speaks
    std::optional<core::SheetTrait> trait;  // empty: untrained
    bool wild_card = true;
  };

  void refresh_table();  // asks the ledger for the table, then shows it
  void show_table(const Lookup& table);  // the roster and the log from GET /table's answer
  void show_roster();
  void show_log();
  void show_fight();  // the keys, which differ in a fight
  void select(int index);  // who rolls: an index into the table's characters
  // The index in the table's characters of `badge`'s holder; -1 when not at the table (or "").
  int index_of(const std::string& badge) const;
  // Who rolls, as an index of the table as last read; -1 when nobody is (or they left it).
  int selected() const { return index_of(selected_badge_); }
  void choose_trait(int number);
  void ask_modifier();
  void update_odds_line();
  core::TraitRoll current_roll() const;
  // Who rolls' situation in a fight (table_fight::situation_of): null without a combat sheet.
  Json roller_situation() const;
  void roll_from_dice_field();
  // Records the roll (dice rolled here or typed) and shows it.
  void record_roll(const core::TraitRoll& roll, const core::RolledTrait& rolled);
  void reroll(bool free_by_token);
  void award(bool to_pool);
  void toggle_night();
  void jokers_wild(const std::string& drawn_by);  // "posse" or "gm" (001 L35, L39)
  void play_token(const Json& card);
  // Records, then `then` with what the ledger added; a refusal is shown instead.
  void record_or_refuse(const std::string& type, const Json& payload, std::function<void(const RecordOutcome&)> then);
  void roll_again();
  void prompt_who_rolls();  // start()'s rest, once the table is read
  void took_code(const std::string& code, const Lookup& card);  // a scan: a badge at the table, else a card  // a reroll's rest, once its chip is spent
  std::string roller_badge() const;  // the selected character's badge

  // A fight (table_page_fight.cpp, table_page_wounds.cpp). A hit asks its target (the Who field
  // or a badge), then its dice (the Dice field); a healing its patient; the GM's Incapacitation
  // result its number (the Dice field). Any other choice of who rolls drops it.
  // An Injury asks its card (Enter: the station draws), then its name where the event has no
  // injury table.
  // Shaken asks how it ends: Enter rolls Spirit, Ctrl+U again spends a chip (001 L43).
  enum class FightStep { none, deal, hit_target, hit_dice, heal_patient, fate, injury_card, injury_name, unshake };
  // The steps whose Dice field holds what they ask (cards, damage, a fate, an Injury), not dice.
  bool dice_field_asked() const;
  // Which of the two characters a step asks the second of: who is hit, or who is healed.
  bool asks_other() const { return fight_step_ == FightStep::hit_target || fight_step_ == FightStep::heal_patient; }
  // Forgets a hit half asked (its damage typed) and an end of the fight half asked.
  void drop_fight_step();
  void toggle_fight();
  void deal_cards();  // asks: Enter deals, or the cards of a real deck typed
  void deal_from_dice_field();
  void redraw_card();  // who rolls spends a chip on another Action Card (001 L45)
  void start_hit();
  void roll_damage_from_dice_field();
  // A hit as recorded: who rolled what on whom, for a chip's reroll of its damage (001 L46).
  struct LastHit {
    std::int64_t seq = 0;  // the hit's event (a reroll takes its place)
    std::string by, target;  // badges
    core::DamageRoll roll;
    bool typed = false;  // faces typed from physical dice: the reroll's are typed too
    int total = 0;       // the total that stands
    std::string spec;    // the dice as typed before the colon ("2d6+1")
  };
  void record_damage(LastHit hit, const core::RolledDamage& rolled);  // a hit, or the reroll reroll_chip_ pays
  void reroll_last_hit();  // Ctrl+B right after a hit: its damage rerolled with who rolled it's chip
  void soak_last_hit();
  // Who rolls hits or heals: asks for the other (the Who field or a badge); refused without a roller.
  void ask_other(FightStep step);
  void choose_other(int index);  // the hit's target or the healing's patient
  // A sheet's die rolled by the station for `who` (table_fight::sheet_roll): its payload fields;
  // false when refused, the refusal shown.
  // Physical dice typed in the Dice field for it ("5 3, 2", typed_dice) are judged rather than
  // rolled; blank: the station rolls. Refused, the dice typed stay in the field to be mended.
  bool roll_sheet_die(const Json& who, const table_fight::SheetDie& die, core::RolledTrait& rolled, Json& payload);
  // The Dice field's text, unless a fight step asked it for other text (damage, cards, a fate);
  // the Spirit roll's step asks it for the Spirit dice.
  std::string typed_dice() const;
  // table_page_wounds.cpp
  void unshake();      // who rolls is Shaken: asks Enter (Spirit) or Ctrl+U again (a chip)
  void roll_spirit();  // Enter after Ctrl+U: the Spirit roll; after a failure Ctrl+U again spends a chip
  void incapacitation();  // who rolls (or the one fighter Incapacitated): their fate
  void record_fate(const Json& payload, const std::string& said);  // said: who rolled what, the result follows
  void fate_from_dice_field();  // the GM's Incapacitation result typed (rulesets without a table)
  void ask_injury(int index);      // the Injury card of `index`, who owes one (000 L173-178)
  void injury_from_dice_field();   // the card (or Enter: drawn), then without injuries.csv its name
  void record_injury(const Json& payload);
  // Ctrl+E (the Healing skill) or Ctrl+G (`power`: the arcane Healing power, rolling the trait
  // chosen in the Trait field): asks the patient, or after a failed roll of the same kind
  // rerolls it with a chip.
  void start_healing(bool power);
  // The healer's Healing of `patient`; with `chip`, the reroll of their failed roll (000 L200);
  // with `power`, by the arcane power and the chosen trait (000 L188: past the golden hour too).
  void heal(int patient, bool chip, bool power);
  void natural_healing();  // who rolls, wounded, between fights: a day's Vigor roll (000 L204)
  void hour_passes();      // between fights, pressed twice: the golden hour of every wound so far ends (000 L188)
  // What to do after a step whose ledger part leaves a fighter in `ledger`'s "state": the
  // Incapacitation roll when it is owed, else the next to act.
  static std::string next_in_fight(const Json& ledger);
  // "Recorded as event #N" (or kept provisionally) and what comes next.
  void show_recorded(const RecordOutcome& outcome, const std::string& next);
  const Json& character(int index) const { return table_["characters"][static_cast<std::size_t>(index)]; }
  FightStep fight_step_ = FightStep::none;
  std::string other_badge_;       // the hit's target, the Incapacitated fighter whose fate is asked
  // The key pressed once whose second press records: 'F' in a fight ends it, 'T' between fights
  // says an hour has passed; 0 none.
  char armed_key_ = 0;
  // "skill|power healer patient" of a failed Healing: Ctrl+E (skill) or Ctrl+G (power) again
  // rerolls it with a chip.
  std::string chip_heals_;
  bool healing_power_ = false;  // the patient asked for a healing by the arcane power (Ctrl+G)
  std::string chip_unshakes_;     // the badge Ctrl+U just asked about, or whose Spirit roll failed: Ctrl+U again spends a chip
  std::optional<LastHit> last_hit_;  // the last hit recorded here, while it is newer than the last trait roll
  Json reroll_chip_;                 // the chip a damage reroll under way spends (null: none)
  Json injury_payload_;              // an Injury's card drawn, its name asked next (null: none)
  // Shows `text` in `label` wrapped to its column (the left one or the right), keeping it as written.
  void show_text(wxStaticText* label, wxString& kept, const wxString& text, bool left_column);
  void rewrap_columns();
  // Puts the keys under the odds in the left column when that makes the page shorter (the chips
  // list on the right runs longer than who rolls), else under the result across the page: after a
  // fight with a long list, below it they fell past the fold at 1024 x 600.
  void place_keys();
  bool rewrapping_ = false;  // rewrap_columns is wrapping every column: place_keys once, after

  StationBackend& backend_;
  Json table_ = Json::object();
  core::TraitRules rules_;
  // Who rolls, by badge: the table read again after any record may list characters in another
  // order (a character enrolled meanwhile).
  std::string selected_badge_;
  RollSpec spec_;
  std::optional<core::TraitRoll> last_roll_;  // the last roll shown, for a reroll
  std::int64_t last_seq_ = 0;                 // its event (the series' first for a reroll's reroll_of)
  std::int64_t series_first_seq_ = 0;
  int series_best_ = 0;                       // the best total so far in this roll's rerolls
  int rerolls_after_crit_fail_ = 0;
  bool last_crit_fail_ = false;
  bool last_virtual_ = true;                  // the station rolled it (a reroll rolls at once)
  bool rerolling_ = false;                    // a chip was spent: the next roll is a reroll

  wxStaticText* rolling_;   // who rolls and the trait list
  OneKeyNumber* who_number_;
  OneKeyNumber* trait_number_;
  StepNumber* modifier_;
  StepNumber* tn_;
  wxTextCtrl* dice_;
  wxStaticText* odds_;
  wxStaticText* chips_heading_;  // "Chips and Bennies" and the GM's pool
  wxStaticText* roster_;    // everyone's chips
  wxStaticText* log_;       // the evening's last rolls
  wxStaticText* keys_;      // the screen's Ctrl keys: in the left column or under the result (place_keys)
  wxBoxSizer* left_column_;
  bool keys_in_left_ = false;
  wxStaticText* result_;
  wxString rolling_text_, odds_text_, roster_text_, log_text_, keys_text_, chips_heading_text_, fight_text_;
};

}  // namespace marshal::gm
