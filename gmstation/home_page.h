#pragma once
// The GM station's home screen: the function keys' help, what a scanned badge or card is, in
// a few lines of large type, and under it the town at a glance (gmstation/town_glance.h). A poker trick scanned here can be played (004 L109-119: "each Trick
// card can only be played once"): Enter with nothing typed records it flipped by its holder; a
// trick played before says when and at which station. F3 then starts the cheating accusation
// from the trick just played.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <wx/panel.h>
#include <wx/stattext.h>

#include "gmstation/ledger_asker.h"

namespace marshal::gm {

class HomePage : public wxPanel {
 public:
  HomePage(wxWindow* parent, LedgerAsker& asker);

  // A code scanned at home: the character or card it is.
  void show_lookup(const std::string& code);
  // Enter with nothing typed: plays the trick shown, if it can be played. False when no trick
  // is waiting (Enter then does nothing here).
  bool play_shown_trick();
  // The trick played last here, while it is what the screen shows: F3 accuses with it.
  struct PlayedTrick {
    std::string trick, holder_badge;
  };
  const std::optional<PlayedTrick>& just_played() const { return just_played_; }
  void forget_played() { just_played_.reset(); }

  // The answer as written (the label itself is wrapped to the page's width).
  wxString answer() const { return answer_text_; }

  // The town at a glance from GET /timers (with its town) and the last conflicts of the feed
  // (the newest last); the main frame calls it on every refresh.
  void show_town(const Json& timers, const std::vector<std::string>& last_conflicts);
  wxString town_text() const { return town_text_; }
  bool town_shown() const { return town_->IsShown(); }
  // Esc at home: the scan's answer goes, the town at a glance comes back.
  void clear_answer();

 private:
  void show_answer(const wxString& text, const wxColour& colour);
  void show_lookup_answer(const std::string& code, const Lookup& what);
  void show_played(const PlayedTrick& trick, const RecordOutcome& outcome, const Lookup& card);

  LedgerAsker& asker_;
  std::uint64_t clears_ = 0;  // Esc at home: a lookup's answer asked before it is dropped
  wxStaticText* answer_;
  wxString answer_text_;
  wxStaticText* town_;
  wxString town_text_;
  std::optional<PlayedTrick> playable_;  // the unplayed trick shown now
  std::optional<PlayedTrick> just_played_;
};

}  // namespace marshal::gm
