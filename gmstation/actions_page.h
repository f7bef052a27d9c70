#pragma once
// GM actions on one character: scan the badge, then Ctrl + a key (a scanner never sends Ctrl).
//   H heal a wound (then the Doctor's badge)      D dock a random innocent bystander
//   B bestow a new bystander (type its name; its card is printed on demand)
//   A arrest (then the Lawman's badge)   J jail   R release
//   S sell them a horse, T they steal one, L they (a Lawman) borrow one, U a horse goes back
//     to its owner: then scan the horse card
//   G they give a secret: scan the secret card, then the receiver's badge
//   I re-issue a card (lost, damaged): scan it; the old code is revoked, the new one printed
//   V they (the Mayor) call a vote: type the office; the ballots close in 15 minutes
//   N they pass a promissory note on: scan the note, then the receiver's badge
//   P they pay a promissory note they owe: scan the note
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "gmstation/conflict_page.h"

namespace marshal::gm {

class ActionsPage : public ConflictPage {
 public:
  ActionsPage(wxWindow* parent, LedgerAsker& asker);
  void start() override;
  void on_scan(const std::string& code) override;
  // A key pressed with Ctrl on this screen; true when it was an action key.
  bool on_key(int key) override;
  // A record does not end this screen: the next action on the same badge follows.
  bool finishes_on_record() const override { return false; }

 private:
  enum class Waiting {
    character, action, doctor, lawman, bystander_name, office, horse, secret, secret_receiver, reissue,
    note, note_receiver, note_paid,
    count_call, override_call  // the Mayor's call at the count (may be empty), a Judge's override
  };
  void show_character();  // asks the ledger for the character acted on, then shows them
  void show_character(const Lookup& who);
  void took_character(const std::string& code, const Lookup& who);  // a badge scanned to act on
  void record(const std::string& type, const Json& payload, const wxString& done);
  void recorded(const std::string& type, const RecordOutcome& r, const wxString& done);
  // Shows the text field for a name or an office and gives it the keyboard.
  bool ask_for_text(Waiting what, const wxString& hint, const wxString& prompt);
  void on_name_entered();
  // After a card is created with a new code: print it and say where.
  wxString printed(const std::string& code, const std::string& what);

  StationBackend& backend_;
  Waiting waiting_ = Waiting::character;
  std::string badge_;
  std::string horse_action_;   // horse_sold, horse_stolen, horse_borrowed, horse_returned
  std::string secret_;         // the secret card being given
  std::string note_;           // the promissory note being passed on
  wxStaticText* who_;
  wxTextCtrl* name_;           // a bestowed bystander's name, or the office a vote is for
  wxStaticText* result_;
};

}  // namespace marshal::gm
