#pragma once
// The shootout screen: scan every player's badge (3 or more; 2 when an ambush opens it: Ctrl+A
// after a badge marks that player an ambusher, who alone acts in the free first round), Ctrl+N. Each round the GM
// types each player's order (C cover, 2 shoot player 2, 2! not to kill, P2 pin, E escape) and
// the card they drew, Enter. Shots resolve at once; for every wounding or killing shot whose
// target still holds an innocent bystander the screen offers the sacrifice: the GM scans the
// torn card to confirm, or Ctrl+T to take the bullet. A shot of 13 or more first asks the
// shooter's choice: Ctrl+K kill, Ctrl+W wound, Ctrl+D disable. Over, or Ctrl+S everyone stops: recorded.
#include <array>
#include <memory>
#include <set>

#include <wx/checkbox.h>
#include <wx/textctrl.h>

#include <map>

#include <wx/timer.h>

#include "gmstation/conflict_page.h"
#include "gmstation/conflict_session.h"
#include "gmstation/shootout_orders.h"

namespace marshal::gm {

class ShootoutPage : public ConflictPage {
 public:
  static constexpr int max_players = 8;
  ShootoutPage(wxWindow* parent, LedgerAsker& asker);
  void start() override;
  // A duel someone joined (004 L87): its players, wounds carried over, are in; more may be
  // scanned before Ctrl+N starts the shooting.
  void continue_duel(std::unique_ptr<ConflictSession> joined, std::vector<std::string> players);
  void on_scan(const std::string& code) override;
  // A key pressed with Ctrl on this screen (N start, T take the bullet, S everyone stops).
  bool on_key(int key) override;
  // For tests: player `i`'s order and card fields.
  wxTextCtrl* order_field(int i) const { return order_[static_cast<std::size_t>(i)]; }
  wxTextCtrl* card_field(int i) const { return card_[static_cast<std::size_t>(i)]; }
  // Player `i`'s state and order as shown beside the fields.
  wxString meaning_text(int i) const { return meaning_[static_cast<std::size_t>(i)]->GetLabel(); }

 private:
  // The ledger's answer on a player scanned in.
  void took_player(const std::string& code, const Lookup& who);
  // An action card scanned (ACT01..ACT10): into the next shooter's card field (in the players'
  // order); the round is fired once every shooter has a card.
  void card_scanned(int value);
  std::vector<wxTextCtrl*> shooters_card_fields();
  enum class Step { scanning, orders, sacrifices, done };
  struct Offer {
    std::string shooter, target, result;
    int total = 0;
  };
  void begin_rounds();
  void fire();
  void show_players();
  void show_meaning(int row);
  void order_typed(int row);
  // A bystander card as the table knows it: "Mrs. Pruitt", Kid Calloway's.
  // A torn bystander card in the round's lines: its title and whose it is, as the ledger named it
  // when it was scanned (name_bystander), else its code.
  std::string bystander_words(const std::string& code) const;
  void name_bystander(const std::string& code, const Lookup& card);
  void order_settled();
  std::string odds_text();
  // The shots of the round being played that a bystander could still take.
  std::vector<Offer> open_offers(const Json& resolution) const;
  void offer_next();
  void on_torn_card(const std::string& code);
  void finish_round();
  void everyone_stops();
  void record();
  Json& open_round() { return session_->input()["rounds"].back(); }
  // Before the first round of an ambush: only the ambushers act.
  bool ambush_round() const;
  // Player `i`'s state after the rounds resolved so far (or as scanned, before any).
  const Json& state_of(std::size_t i) const;
  // Dead, escaped or shot out of the fight: no more part in it.
  static bool out_of_it(const Json& state);

  StationBackend& backend_;
  std::unique_ptr<ConflictSession> session_;
  std::vector<std::string> names_;
  Step step_ = Step::scanning;
  SessionOutcome last_;                     // the resolution with the open round in it
  std::set<std::string> ambushers_;
  std::set<std::string> declined_;          // "shooter>target" offers turned down this round
  std::set<std::string> chosen_;            // shooters who made their 13+ choice this round
  std::string choosing_;                    // the shooter asked now
  std::vector<Offer> offers_;
  std::array<wxStaticText*, max_players> player_{};
  std::array<wxTextCtrl*, max_players> order_{};
  std::array<wxStaticText*, max_players> meaning_{};  // the player's state, then the order's meaning
  std::array<std::string, max_players> stats_{};
  std::array<wxTextCtrl*, max_players> card_{};
  wxStaticText* result_;
  std::map<std::string, std::string> bystander_names_;  // bystander_words, by code, this conflict
  // How long a complete order waits before the keyboard moves on: well past the gap between a
  // scanner's keys (scan::WedgeOptions::max_gap_ms, 35 ms), and past a Tab typed straight after
  // by a GM used to tabbing on (which then moves on instead, once).
  static constexpr int order_settle_ms = 250;
  wxTimer order_settle_;
  int settling_row_ = -1;
  wxString settling_text_;
};

}  // namespace marshal::gm
