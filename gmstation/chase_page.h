#pragma once
// The chase screen (an out-of-town station). Scan the fleeing riders' badges (a horse card right
// after a badge is that rider's horse; Ctrl+B then a location card names a secret ambush; Ctrl+L
// then a location card starts the chase out of town, from there: 004 L163), Ctrl+N:
// the wait timer counts down while the posse comes; their badges (and horses), Ctrl+N. Deal each
// side its hand from the printed location deck, scanning each card (LOCnn) as it is dealt. Then
// turn by turn: scan the varmint's card, then the posse's card(s) (riding hard: several), Ctrl+N.
// The station checks every card, keeps the count and names the outcome; caught or escaped, it
// is recorded.
#include <memory>
#include <optional>

#include <wx/timer.h>

#include "gmstation/conflict_page.h"
#include "gmstation/conflict_session.h"

namespace marshal::gm {

class ChasePage : public ConflictPage {
 public:
  ChasePage(wxWindow* parent, LedgerAsker& asker);
  void start() override;
  void on_scan(const std::string& code) override;
  bool on_key(int key) override;  // Ctrl+N next, Ctrl+B ambush, Ctrl+L where it starts out of town
  // Seconds left for the posse to come (0 when no wait is running).
  int wait_left_s() const { return wait_left_s_; }

 private:
  enum class Step { varmint, waiting, varmint_hand, posse_hand, varmint_turn, posse_turn, done };
  void next();
  void add_rider(const std::string& side, const std::string& code, const Lookup& who);
  void begin(const Lookup& event);  // start()'s rest, once the event's locations are read
  void add_horse(const std::string& side, const Lookup& horse);
  // The location a scanned LOCnn code names; nullopt with a refusal shown.
  std::optional<std::string> location_of(const std::string& code);
  void deal(const std::string& side, const std::string& location);
  void play(const std::string& location);
  void end_posse_turn();
  void tick();
  void show_state();
  std::string odds_text();
  int hand_size(const std::string& side);
  void record();

  StationBackend& backend_;
  std::unique_ptr<ConflictSession> session_;
  Json event_;                        // title, options, locations (from the ledger)
  Step step_ = Step::varmint;
  std::string last_rider_;            // the badge scanned last, for a horse card after it
  std::string last_side_;
  bool ambush_next_ = false;
  bool start_next_ = false;  // the next location card is where the chase starts
  Json pending_posse_ = Json::array();  // the posse's cards this turn
  std::string pending_varmint_;
  int wait_left_s_ = 0;
  wxTimer wait_timer_;
  wxStaticText* state_;
  wxStaticText* countdown_;  // the wait, in large type
  wxStaticText* result_;
};

}  // namespace marshal::gm
