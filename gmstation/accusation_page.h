#pragma once
// The cheating accusation screen: scan the accused player's badge, the trick they flipped
// (theirs, not played before tonight), then the accuser's badge; both draw (typed, or drawn by
// the station) and add Gambling. The result says whether the trick was opened, what it was, and
// which bystander card the loser hands over, picked at random by the station.
#include <memory>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/textctrl.h>

#include "gmstation/conflict_page.h"
#include "gmstation/conflict_session.h"

namespace marshal::gm {

class AccusationPage : public ConflictPage {
 public:
  AccusationPage(wxWindow* parent, LedgerAsker& asker);
  void start() override;
  // The accusation of a trick just played at the home screen: its holder is the accused, the
  // trick is in; the accuser's badge comes next.
  void start_from_trick(const std::string& holder_badge, const std::string& trick);
  void on_scan(const std::string& code) override;

 private:
  enum class Step { accused, trick, accuser, draw, done };
  // An action card scanned (ACT01..ACT10): the accuser's, then the accused's; the second settles it.
  void card_scanned(int value);
  void on_go(wxCommandEvent&);
  std::string odds_text();
  // The ledger's answers to a scan: the accused or the accuser, the trick.
  void took_person(const std::string& code, const Lookup& who);
  void took_trick(const std::string& code, const Lookup& trick);
  void show_players();  // who is accused, with which trick, by whom

  StationBackend& backend_;
  std::unique_ptr<ConflictSession> session_;
  Step step_ = Step::accused;
  std::string accused_, accuser_;
  wxStaticText* who_;
  wxTextCtrl* card_[2];  // accuser, accused
  wxStaticText* result_;
};

}  // namespace marshal::gm
