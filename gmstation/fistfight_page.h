#pragma once
// The fistfight screen: scan both fighters; each round each splits HtH into offense (defense is
// the rest), both cards are typed (a stunned fighter sits the round out: leave its card empty)
// or drawn by the station; the screen shows each swing and the stuns in a row, and records the
// fight at a knock-out or when both stop (S).
#include <memory>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/spinctrl.h>
#include <wx/textctrl.h>

#include "gmstation/conflict_page.h"
#include "gmstation/conflict_session.h"

namespace marshal::gm {

class FistfightPage : public ConflictPage {
 public:
  FistfightPage(wxWindow* parent, StationBackend& backend);
  void start();
  void on_scan(const std::string& code);
  void both_stop();

 private:
  enum class Step { first, second, rounds, done };
  void on_go(wxCommandEvent&);
  void record();
  void show_fighters();

  StationBackend& backend_;
  std::unique_ptr<ConflictSession> session_;
  std::vector<std::string> names_;
  Step step_ = Step::first;
  wxStaticText* fighter_[2];
  wxSpinCtrl* offense_[2];
  wxTextCtrl* card_[2];
  wxCheckBox* virtual_draw_;
  wxStaticText* result_;
};

}  // namespace marshal::gm
