#pragma once
// The player kiosk's window (docs/kiosk.md): one full-screen window of screens a stranger uses
// from scans and touches alone.
//   attract  -> a badge is scanned ->  pin  -> the right PIN ->  player (their own state)
//   player   -> a secret they hold is scanned (or F2 / "Give a secret")  -> give: the receiver's
//               badge -> confirm (Enter / Confirm) -> message (5 s) -> player
//   player   -> a horse they own is scanned (or F3 / "Sell a horse") -> give: the buyer's badge
//               -> pin: the buyer's own PIN (the buyer agrees) -> confirm -> message -> player
//   player   -> F4 / Vote while a vote is open -> ballot: a name touched (or arrows) or the
//               candidate's badge scanned -> Enter / Vote -> message -> player
//   message  -> a refusal (red) or a recorded hand-over (green, "Anything else?"): a touch on the
//               screen or the player's own badge carries on (a key does not: at a kiosk keys
//               come from the scanner, whoever holds the card); after 5 s the player is signed out (it
//               never goes back to the player's state by itself); another badge starts its own
// A session is one person's (docs/kiosk.md, "Who is at the keypad"): any other badge scanned
// outside an explicit step (the receiver, the buyer, a candidate) ends it.
// A kiosk not enrolled yet shows the enroll screen: its enrollment card scanned enrolls it.
// The kiosk's admin card scanned at the attract screen, then its admin PIN, opens the admin
// screen (leave full screen, quit, re-enroll, scanner test, camera).
// Esc or Done goes back to the attract screen; so does silence: after 30 s without a touch, key
// or the player's own scan a 10 s countdown ("still there?") and then everything of the player
// is forgotten.
// The window never waits on the network: every request goes to a worker (ui/request_worker.h)
// and its answer comes back between events; a request out longer than busy_after_ms shows
// "Asking the ledger..." at the top (docs/kiosk.md "When the network drops").
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <wx/button.h>
#include <wx/frame.h>
#include <wx/listbox.h>
#include <wx/scrolwin.h>
#include <wx/simplebook.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/timer.h>

#include "kiosk/kiosk_client.h"
#include "kiosk/player_view.h"
#include "ui/request_worker.h"
#include "ui/sounds.h"
#include "scan/frame_source.h"
#include "ui/scan_input.h"

namespace marshal::kiosk {

// How long the kiosk waits; tests shorten them.
struct KioskTimings {
  std::int64_t idle_ms = 30'000;       // without input before the countdown
  std::int64_t countdown_ms = 10'000;  // "still there?" before the attract screen
  std::int64_t message_ms = 5'000;     // a refusal or a confirmation stays this long
  std::int64_t reread_ms = 10'000;     // the player's state is read again this often
  std::int64_t pointer_idle_ms = 3'000;  // the mouse still this long: the pointer is hidden
  std::int64_t busy_after_ms = 250;  // a request out this long: "Asking the ledger..." is shown
};

class KioskFrame : public wxFrame {
 public:
  enum class Screen { attract, pin, player, give, message, ballot, enroll, admin };  // in the book's order

  KioskFrame(std::unique_ptr<KioskClient> client, KioskTimings timings = {});

  Screen screen() const { return screen_; }
  // Every text the window shows now, a line per label, each label's wrapped lines joined with
  // spaces (for the privacy test and for people).
  std::string shown_text() const;
  // The big line of the screen showing (the instruction, the refusal, the player's name), its
  // wrapped lines joined with spaces.
  std::string headline() const;
  bool countdown_shown() const { return countdown_->IsShown(); }
  bool busy_shown() const { return busy_->IsShown(); }
  bool pointer_hidden() const { return pointer_hidden_; }
  ui::ScanInput* scan_input() { return scan_; }
  // Reads codes from a camera too (ui/camera.h); a camera that stops says so on the attract screen.
  void start_camera(const std::string& pipeline_or_device);
  std::string camera_status() const { return camera_status_; }
  // The attract screen's "Badge seen: hold it still", while the camera sees a code it cannot read.
  bool camera_hint_shown() const { return attract_camera_hint_->IsShown(); }
  // What touching the keypad's digits and then OK does (for benchmarks; tests type).
  void enter_pin(const std::string& digits);
  // Runs the clocks: the idle countdown, a message's return, the timers shown (a wx timer calls
  // it four times a second; tests may call it after changing nothing but time).
  void tick();

 private:
  void build_attract(wxWindow* book);
  void show_camera_hint(bool seen);
  void build_pin(wxWindow* book);
  void build_player(wxWindow* book);
  void build_give(wxWindow* book);
  void build_message(wxWindow* book);
  void build_ballot(wxWindow* book);
  void build_enroll(wxWindow* book);
  void build_admin(wxWindow* book);
  void admin_pin_entered(const std::string& pin);
  void admin_full_screen();
  void admin_scanner_test();
  void admin_reenroll();
  void admin_quit();
  void admin_camera();
  void enrollment_scanned(const std::string& code);
  void read_title();
  wxButton* big_button(wxWindow* parent, const wxString& label, void (KioskFrame::*action)());
  // A row of a confirming button and Cancel (Esc) at the foot of `sizer`; the confirming button.
  wxButton* add_confirm_row(wxWindow* page, wxSizer* sizer, const wxString& text, void (KioskFrame::*action)());

  // What comes of a reply when the kiosk has moved on since it was asked (another screen shown,
  // the player forgotten): dropped, so that nobody sees an answer meant for a screen gone (or a
  // player gone); or answered anyway (the attract screen's title and news).
  enum class IfMovedOn { drop, answer };
  // Asks the ledger on the worker, never on the window's thread; `then` runs on the window's
  // thread with the reply. A request that throws is answered with an empty reply (for a
  // KioskReply: not reached), the error said on standard error.
  template <class Reply>
  void ask(std::function<Reply(KioskClient&)> request, std::function<void(const Reply&)> then,
           IfMovedOn if_moved_on = IfMovedOn::drop) {
    KioskClient* client = client_.get();
    const std::uint64_t asked_at = moves_;
    auto answer = [this, asked_at, if_moved_on, then](const Reply& reply) {
      if (if_moved_on == IfMovedOn::answer || moves_ == asked_at) then(reply);
    };
    worker_->ask<Reply>([client, request] { return request(*client); }, answer, [answer](const std::string& what) {
      std::fprintf(stderr, "marshal-kiosk: %s\n", what.c_str());
      answer(Reply{});
    });
  }
  void ask(std::function<KioskReply(KioskClient&)> request, std::function<void(const KioskReply&)> then) {
    ask<KioskReply>(std::move(request), std::move(then));
  }
  // Records a hand-over, a ballot or a trick: while its answer is out, keys are ignored and a scan
  // counts only as another player's badge, so the player always sees what came of it.
  void record(std::function<KioskReply(KioskClient&)> request, std::function<void(const KioskReply&)> then);
  // Asks whether `code` is another character's badge (as a card: a card code looked up as a badge
  // would go into the audit's refusal trail as an unknown badge): if so, this session ends and
  // theirs begins; if not, `otherwise` (when given) has the card's reply.
  void someone_else_or(const std::string& code, std::function<void(const KioskReply& card)> otherwise);

  void show(Screen screen);
  void relayout();
  void focus_screen();  // the keyboard to where the screen's next input goes
  void show_attract();
  void show_player();
  void show_message(const std::string& text, bool good, Screen then);
  void on_code(const std::string& code);
  void on_key(wxKeyEvent& event);
  void touched();  // the signed-in player's input: the idle clock starts again
  // A touch anywhere on the screen: touched, and a message shown to a signed-in player gives way
  // to what they were doing.
  void screen_touched();
  void resume_after_message();
  bool own_badge(const std::string& code) const;   // the signed-in player's badge
  bool holds_card(const std::string& code) const;  // a secret or horse in the player's view
  // The ledger no longer knows this player's sign-in (sign_in_ended): the player is forgotten
  // and told; true when it was so.
  bool ledger_ended_session(const KioskReply& reply);
  // A sale stopped at the buyer's step (Esc, a wrong or refused PIN, a refusal): both players
  // are signed out, the seller signs in again to retry.
  void cancel_sale(const std::string& why);
  void pointer_moved();

  void badge_scanned(const std::string& badge);
  void pin_entered();
  void pin_digit(char digit);
  void pin_back();
  // A PIN not taken (wrong, or the admin's wrong): said under the field, which keeps the focus.
  void pin_refused(const std::string& why);
  void start_give();
  void start_sale();
  void card_scanned(const std::string& code);  // what to hand over
  // Why a card scanned at the player's screen cannot be handed over, from the ledger's view of it.
  void explain_card(const KioskReply& card);
  void receiver_scanned(const std::string& badge);
  void receiver_answered(const std::string& badge, const KioskReply& character);
  void buyer_pin_entered(const std::string& pin);
  void buyer_answered(const KioskReply& countersign);
  void ask_confirmation();
  void confirm_hand_over();
  void confirm_trick();  // the trick chosen is played (trick_flipped, by the player signed in)
  void end_hand_over();  // back to the player's screen
  void start_ballot();
  void ballot_answered(const KioskReply& vote);
  void choose_candidate(int index);  // the list's row, as touched, arrowed to or scanned
  void cast_ballot();
  void cast_answered(const KioskReply& reply);
  // The attract screen's lines: whether the ledger answers, and the vote's news.
  struct AttractNews {
    bool online = false;
    KioskReply vote;
  };
  void ask_attract_news();
  void show_vote_news(const KioskReply& vote);
  void cancel();  // Esc: one step back; from the player's screen, done
  void done();
  void forget_player();
  void refresh_player_text();
  // Reads the player's view (and the vote) again: ok, failed (nothing read before and the ledger
  // out of reach), or ended (the ledger ended the sign-in: the player was forgotten and told).
  enum class Reread { ok, failed, ended };
  struct PlayerRead {
    KioskReply character, vote;
  };
  void reread_player(std::function<void(Reread)> then);

  std::unique_ptr<KioskClient> client_;
  KioskTimings timings_;
  std::uint64_t moves_ = 0;  // screens shown and players forgotten: a reply asked before is stale
  bool recording_ = false;   // a record's answer is out (record())
  Screen screen_ = Screen::attract;
  Screen after_message_ = Screen::attract;
  std::int64_t last_input_ms_ = 0;
  std::int64_t message_until_ms_ = 0;
  std::int64_t last_health_ms_ = 0;
  std::int64_t last_pointer_ms_ = 0;
  bool pointer_hidden_ = false;  // when the ledger was last asked whether it is there
  std::string title_;

  // The player signed in, and what they are doing; all of it forgotten at the attract screen.
  std::string badge_, name_;
  Json view_;
  std::int64_t view_fetched_ms_ = 0;
  std::string view_as_of_;            // "03:12": when the view was read, on the wall clock
  bool offline_ = false;              // the last read failed: the view shown is the one before
  std::int64_t last_reread_ms_ = 0;
  // A secret given or a horse sold, step by step.
  struct HandOver {
    enum class Kind { none, secret, horse, trick } kind = Kind::none;  // a trick: played, to nobody
    bool chosen = false;  // false: waiting for the card to be scanned
    std::string code, title, to_badge, to_name;
    bool buyer_agreed = false;  // a sale: the buyer typed their own PIN
  } hand_over_;
  // What came of a hand-over or a trick recorded (record()): said in words.
  void hand_over_answered(const HandOver& done_with, const KioskReply& reply);
  void trick_answered(const HandOver& trick, const KioskReply& reply);
  bool asking_buyer_pin_ = false;
  Json vote_;  // GET /vote as last read
  int ballot_choice_ = -1;     // the candidate chosen, -1 none yet
  bool list_touched_ = false;  // a touch went down on the list: its next selection is a choice

  wxStaticText* countdown_;
  wxStaticText* busy_;  // "Asking the ledger...": a request has been out over busy_after_ms
  wxSimplebook* book_;
  // attract
  wxStaticText* attract_title_;
  wxStaticText* attract_camera_hint_;
  wxStaticText* attract_clock_;
  wxStaticText* attract_state_;
  // pin
  wxStaticText* pin_name_;
  wxStaticText* pin_problem_;
  wxTextCtrl* pin_field_;
  // player
  wxScrolledWindow* player_panel_;
  wxStaticText* player_name_;
  wxStaticText* player_standing_;
  wxStaticText* player_timers_;
  wxStaticText* player_body_;
  wxStaticText* player_hint_;
  wxStaticText* player_vote_;
  wxButton* vote_button_;
  wxButton* give_button_;  // hidden for the dead, who give and sell nothing (004 L79)
  wxButton* sell_button_;
  // ballot
  wxStaticText* ballot_text_;
  wxListBox* candidates_;
  wxButton* ballot_cast_;
  // attract
  wxStaticText* attract_vote_;
  // enroll
  wxStaticText* enroll_problem_;
  // admin
  wxStaticText* admin_text_;
  wxStaticText* admin_scanned_;
  wxButton* admin_full_screen_;
  wxButton* admin_camera_;
  std::string admin_code_;        // the admin card scanned, until its PIN is typed
  bool asking_admin_pin_ = false;
  bool scanner_test_ = false;     // the admin screen shows what is scanned instead of acting on it
  std::vector<std::int64_t> admin_wrong_ms_;  // wrong admin PINs in the last 5 minutes
  std::vector<std::string> cameras_;          // "" (none) and the /dev/video* found
  std::size_t camera_choice_ = 0;
  // give
  wxStaticText* give_text_;
  wxButton* give_confirm_;
  // message
  wxPanel* message_panel_;
  wxStaticText* message_text_;

  ui::ScanInput* scan_;
  ui::Sounds sounds_;
  std::unique_ptr<scan::CameraScanner> camera_;
  std::string camera_status_;  // empty: no camera
  wxTimer timer_;
  // Last: stopped (waiting for the request under way) before anything its answers use goes.
  std::unique_ptr<ui::RequestWorker> worker_;
};

}  // namespace marshal::kiosk
