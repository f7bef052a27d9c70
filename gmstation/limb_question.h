#pragma once
// After a wound (004 L79, L101): "which limb does the wounded player lose the use of?" asked
// at the GM station by one digit (1 left arm, 2 right arm, 3 left leg, 4 right leg), each answer
// recorded as wound_limb_named. Several wounded are asked in turn. A page places the row (a
// question and its field) in its sizer; it is hidden while nothing is asked.
#include <functional>
#include <vector>

#include <wx/sizer.h>
#include <wx/stattext.h>

#include "gmstation/conflict_session.h"
#include "gmstation/one_key_number.h"
#include "gmstation/ledger_asker.h"

namespace marshal::gm {

class LimbQuestion {
 public:
  struct Callbacks {
    std::function<void(const wxString&)> refuse;    // a digit out of range, a ledger's refusal
    std::function<void(const wxString&)> answered;  // "Sheriff Amos Brady loses the use of the left arm"
    std::function<void()> done;                     // nobody left to ask: the keyboard back to the scans
  };
  // The row is added to `sizer` (hidden).
  LimbQuestion(wxWindow* page, wxSizer* sizer, Callbacks callbacks);

  // Asks each of `wounded` in turn, the field focused; records through `asker`.
  void ask(LedgerAsker& asker, std::vector<WoundedPerson> wounded);
  void cancel();  // a new screen: nothing is asked any more (the GM actions' Ctrl+W asks later)
  bool asking() const { return !owed_.empty(); }
  OneKeyNumber* field() const { return field_; }  // for tests

 private:
  void ask_next();
  void chosen();

  wxWindow* page_;
  wxSizer* row_;
  wxStaticText* question_;
  OneKeyNumber* field_;
  Callbacks callbacks_;
  LedgerAsker* asker_ = nullptr;
  std::vector<WoundedPerson> owed_;  // the first is asked now
};

}  // namespace marshal::gm
