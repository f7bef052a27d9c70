#pragma once
// GM actions on one character: scan the badge, then Ctrl + a key. H heal a wound (then scan the
// Doctor's badge), D dock a random bystander (the ledger picks it and the screen names the card
// to take), A arrest (then scan the Lawman's badge), J jail an arrested character, R release.
#include <wx/stattext.h>

#include "gmstation/conflict_page.h"

namespace marshal::gm {

class ActionsPage : public ConflictPage {
 public:
  ActionsPage(wxWindow* parent, StationBackend& backend);
  void start();
  void on_scan(const std::string& code);
  // A key pressed with Ctrl on this screen; true when it was an action key.
  bool on_key(int key);

 private:
  enum class Waiting { character, action, doctor, lawman };
  void show_character();
  void record(const std::string& type, const Json& payload, const wxString& done);

  StationBackend& backend_;
  Waiting waiting_ = Waiting::character;
  std::string badge_;
  wxStaticText* who_;
  wxStaticText* result_;
};

}  // namespace marshal::gm
