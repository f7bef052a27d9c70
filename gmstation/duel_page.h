#pragma once
// The duel screen: scan both duelists, enter what each commits to the draw, draw (cards typed
// from a physical deck, or drawn by the station), shoot round by round, and record the duel in
// the ledger. Every step by keys: digits and Enter; the scan field takes badges. "Not to kill" is
// declared per duelist before each round; a shot of 13 or more asks the shooter's choice. The
// duel also ends when both stop (Ctrl+S), or when a third badge is scanned: anyone else joining
// makes it a shootout (004 L87), carried on by the shootout screen with every wound.
#include <functional>
#include <array>
#include <memory>
#include <set>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/panel.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "core/csprng.h"
#include "gmstation/conflict_page.h"
#include "gmstation/one_key_number.h"
#include "gmstation/conflict_session.h"
#include "gmstation/station_backend.h"

namespace marshal::gm {

class DuelPage : public ConflictPage {
 public:
  // Called when someone else joins: the duel (recorded, if drawn) goes on as a shootout, its
  // players named in order (the duelists, then who joined).
  using BecomesShootout = std::function<void(std::unique_ptr<ConflictSession>, std::vector<std::string>)>;
  DuelPage(wxWindow* parent, LedgerAsker& asker, std::function<void(const wxString&)> status,
           BecomesShootout becomes_shootout);

  void start() override;  // a new, empty duel
  // A badge scanned while this screen is showing, or an action card (ACT01..ACT10): it fills
  // the card field the screen is waiting for (highlighted), and the step resolves by itself
  // once it has every card it needs.
  void on_scan(const std::string& code) override;
  // A shot of 13 or more: Ctrl+K kill, Ctrl+W wound, Ctrl+D disable (the shooter's choice);
  // Ctrl+S: both duelists agree to stop.
  bool on_key(int key) override;
  void both_stop();
  wxCheckBox* not_to_kill_box(int duelist) const { return not_to_kill_[duelist]; }  // for tests
  OneKeyNumber* commitment(int duelist) const { return commit_[duelist]; }          // for tests
  wxTextCtrl* card_field(int duelist) const { return card_[duelist]; }              // for tests

 private:
  enum class Step { first, second, draw, shoot, choice, done };
  // After a round resolved: asks for a pending 13+ choice, or shows the round and goes on.
  void show_round(const SessionOutcome& o);
  // Resolves with this round's cards, leaving out the slower duelist's when it is not drawn.
  SessionOutcome resolve_round();
  void show_duelists(const Json* now = nullptr);
  std::string odds_text();
  void on_go(wxCommandEvent&);
  void draw_step();
  void shoot_step();
  void record();
  // A third badge scanned mid-duel: recorded as joined (nothing when not drawn yet), then the
  // shootout screen takes everybody.
  // "Refused: " and why, in the words of the ledger or the rules.
  static wxString refusal_words(const std::string& why);
  // How a duel ends (duel_ending.cpp):
  void someone_joins(const std::string& code);
  void joins(const std::string& code, const Lookup& who);  // the ledger's answer on who joins
  void took_duelist(const std::string& code, const Lookup& who);
  // This round's cards: drawn by the station, or as typed (an empty field: no card).
  bool read_cards(Json& out);
  // An action card scanned: into the waiting field; the step goes on when it can.
  void card_scanned(int value);
  // The card fields in the order the cards are drawn: the faster duelist's first in a round.
  std::array<int, 2> card_order() const;
  std::vector<wxTextCtrl*> card_fields() const;  // in card_order()
  // One card in a round: resolves when the slower duelist does not draw (shot down first).
  bool try_round_with_one_card();

  StationBackend& backend_;
  std::function<void(const wxString&)> status_;
  BecomesShootout becomes_shootout_;
  std::unique_ptr<ConflictSession> session_;
  std::vector<std::string> names_;
  Step step_ = Step::first;

  wxStaticText* duelist_[2];
  OneKeyNumber* commit_[2];
  wxTextCtrl* card_[2];
  wxCheckBox* not_to_kill_[2];           // declared before each round's draw
  std::set<std::string> chosen_;         // shooters who made their 13+ choice this round
  Json round_cards_;                     // every card typed or drawn for this round
  int faster_ = 0;                       // who drew the higher total (0 on a tie)
  std::string choosing_;                 // the shooter asked now
  wxStaticText* result_;
  wxButton* go_;
};

}  // namespace marshal::gm
