#pragma once
// The fistfight screen: scan both fighters; each round each splits HtH into offense (defense is
// the rest), both cards are typed (a stunned fighter sits the round out: leave its card empty)
// or drawn by the station; the screen shows each swing and the stuns in a row, and records the
// fight at a knock-out or when both stop (S). A third badge scanned mid-fight turns it into a
// brawl, carried on by the brawl screen in the same record.
#include <functional>
#include <memory>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/textctrl.h>

#include "gmstation/conflict_page.h"
#include "gmstation/one_key_number.h"
#include "gmstation/conflict_session.h"

namespace marshal::gm {

class FistfightPage : public ConflictPage {
 public:
  // Called when a third fighter's badge is scanned mid-fight: the fight, with the joiner in it,
  // goes on as a brawl (the brawl's fighters named in order).
  using BecomesBrawl = std::function<void(std::unique_ptr<ConflictSession>, std::vector<std::string>)>;
  FistfightPage(wxWindow* parent, LedgerAsker& asker, BecomesBrawl becomes_brawl);
  void start() override;
  OneKeyNumber* offense(int fighter) const { return offense_[fighter]; }  // for tests
  wxTextCtrl* card_field(int fighter) const { return card_[fighter]; }   // for tests
  void on_scan(const std::string& code) override;
  void both_stop();
  bool on_key(int key) override;  // Ctrl+S: both stop

 private:
  // The ledger's answer on a third fighter who joins.
  void joins(const std::string& code, const Lookup& who);
  // The ledger's answer on a fighter scanned.
  void took_fighter(const std::string& code, const Lookup& who);
  enum class Step { first, second, rounds, done };
  void on_go(wxCommandEvent&);
  // Plays the round with the splits and cards on screen; `quiet`: a refusal shows nothing
  // (a scanned card tried alone, in case the other fighter sits the round out stunned).
  bool play_round(bool quiet);
  // An action card scanned (ACT01..ACT10): into the waiting card field; the round is played
  // once it has its cards.
  void card_scanned(int value);
  void record();
  void show_fighters();
  std::string odds_text();

  void third_fighter_joins(const std::string& code);

  StationBackend& backend_;
  BecomesBrawl becomes_brawl_;
  std::unique_ptr<ConflictSession> session_;
  std::vector<std::string> names_;
  Step step_ = Step::first;
  wxStaticText* fighter_[2];
  OneKeyNumber* offense_[2];
  wxTextCtrl* card_[2];
  wxStaticText* result_;
};

}  // namespace marshal::gm
