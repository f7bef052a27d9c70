#pragma once
// The GM station's window: the scan field at the bottom, the current screen in the middle
// (home: what a scan shows; or a conflict screen), the live panel of what other stations record
// on the right, and an OFFLINE banner across the top while the ledger cannot be reached.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>

#include <wx/frame.h>
#include <wx/htmllbox.h>
#include <wx/simplebook.h>
#include <wx/stattext.h>
#include <wx/timer.h>

#include "gmstation/accusation_page.h"
#include "gmstation/action_time_page.h"
#include "gmstation/actions_page.h"
#include "gmstation/brawl_page.h"
#include "gmstation/chase_page.h"
#include "gmstation/duel_page.h"
#include "gmstation/fistfight_page.h"
#include "gmstation/home_page.h"
#include "gmstation/ledger_asker.h"
#include "gmstation/offices_page.h"
#include "gmstation/shootout_page.h"
#include "gmstation/station_backend.h"
#include "gmstation/table_page.h"
#include "scan/frame_source.h"
#include "ui/scan_input.h"
#include "ui/sounds.h"

namespace marshal::gm {

// A scan or a Ctrl command that comes while the ledger's answer to the last is out waits for
// it; more than this many waiting (scans and commands, counted) are dropped: a GM scans a few
// cards in a row, never dozens.
inline constexpr std::size_t inputs_queued_max = 8;
// "Asking the ledger…" shows in the status bar once a request has waited this long (ms): a
// venue network answers well within it.
inline constexpr int busy_after_ms = 250;

class MainFrame : public wxFrame {
 public:
  MainFrame(std::unique_ptr<StationBackend> backend);

  // What the home screen shows after a scan (for tests and screenshots).
  wxString scan_answer() const { return home_->answer(); }
  HomePage* home() { return home_; }
  bool offline_banner_shown() const { return banner_->IsShown(); }
  wxString offline_banner_text() const { return banner_->GetLabel(); }
  DuelPage* duel() { return duel_; }
  AccusationPage* accusation() { return accusation_; }
  FistfightPage* fistfight() { return fistfight_; }
  ActionsPage* actions() { return actions_; }
  ShootoutPage* shootout() { return shootout_; }
  BrawlPage* brawl() { return brawl_; }
  ChasePage* chase() { return chase_; }
  TablePage* table() { return table_; }
  ActionTimePage* action_time() { return action_time_; }
  OfficesPage* offices() { return offices_; }
  ui::ScanInput* scan_input() { return scan_; }
  void show_home();
  // Begins a screen anew and shows it (what its function key does), then runs `then`. When the
  // event was never read (out of reach since the station started) it is asked first: the screen
  // begins once it is answered.
  void show_screen(ConflictPage* page, std::function<void()> then = {});
  // Reads codes from a camera: a GStreamer pipeline ending in `appsink name=sink`, or a device
  // such as /dev/video0. Decoding runs on the scanner's thread; codes reach the window with
  // CallAfter and count like any scan. Errors show in the status bar.
  void start_camera(const std::string& pipeline_or_device);
  wxString camera_status() const { return camera_status_; }
  // A short sound for a good scan, a refusal and a record (off with sound = off).
  ui::Sounds& sounds() { return sounds_; }
  // The live panel's lines, newest first (this station's provisional records on top).
  wxArrayString live_entries() const;
  wxSimpleHtmlListBox* live_panel() const { return live_; }
  void refresh();  // the live panel, the timers and the online state, also run by a timer
  // Waits (at most max_wait_ms) until a station on a server has asked the ledger once more, then
  // refreshes: for tests and benchmarks; the window's own timer never waits on the network.
  void refresh_after_asking(long max_wait_ms = 5000);
  // Whether a request to the ledger is out (on a ledger server), and how many scans and Ctrl
  // commands wait for it.
  bool asking_ledger() const { return asker_->waiting(); }
  std::size_t inputs_waiting() const { return queued_.size(); }
  bool busy_shown() const { return busy_shown_; }  // "Asking the ledger…" in the status bar
  // The timers strip as shown (for tests).
  wxString timers_text() const { return timers_text_; }

 private:
  // A scan, or a Ctrl command for the screen showing (command_key its Latin letter, else 0).
  struct QueuedInput {
    std::string code;
    int command_key = 0;
  };
  void on_code(const std::string& code);
  void queue(QueuedInput input);  // while an answer is out
  void handle(const QueuedInput& input);  // once no answer is out
  void all_answered();  // the last answer out is in: the scans that waited, in order
  void show_busy();
  void on_key(wxKeyEvent& event);
  // The conflict or actions screen showing, or nullptr at home.
  ConflictPage* current_screen() const;
  void show_station_status();  // the status bar: where the ledger is (and the camera)

  struct Screen {
    int key;             // its function key
    ConflictPage* page;  // in the book after home, in this order
  };
  std::vector<Screen> screens_;
  std::unique_ptr<StationBackend> backend_;
  std::unique_ptr<scan::CameraScanner> camera_;
  ui::Sounds sounds_;
  wxString camera_status_;
  wxStaticText* banner_;
  wxSimplebook* book_;
  HomePage* home_;
  DuelPage* duel_;
  TablePage* table_;
  ActionTimePage* action_time_;
  OfficesPage* offices_;
  AccusationPage* accusation_;
  FistfightPage* fistfight_;
  ActionsPage* actions_;
  ShootoutPage* shootout_;
  BrawlPage* brawl_;
  ChasePage* chase_;
  wxSimpleHtmlListBox* live_;  // wraps a long entry instead of cutting it
  wxStaticText* refused_;
  wxStaticText* timers_;
  wxString timers_text_;  // as written; the label itself is wrapped
  struct RunningTimer {
    enum class Kind { vote, headache, knocked_out, healing, jail } kind;
    std::string who;           // the character ("Kid Calloway"), or the office voted for ("" if none named)
    wxLongLong ends_ms;        // on this machine's clock
  };
  std::vector<RunningTimer> running_;
  void show_timers();
  int ticks_ = 0;
  ui::ScanInput* scan_;
  wxTimer timer_;
  client::FeedCursor live_feed_;  // the live panel's place in the feed
  std::vector<std::string> last_conflicts_;  // the live panel's lines of the last conflicts, newest last
  unsigned provisional_lines_ = 0;  // at the top of the live panel
  std::deque<QueuedInput> queued_;  // scanned or pressed while an answer was out, oldest first
  std::uint64_t screens_opened_ = 0;  // show_screen and show_home count: a screen begun late checks it
  wxTimer busy_timer_;  // its own owner: its ticks never reach the frame's timer handler
  bool busy_shown_ = false;  // "Asking the ledger…" in the status bar
  wxString busy_text_;       // that line as written
  std::unique_ptr<LedgerAsker> asker_;  // last: its worker stops before the rest goes
};

}  // namespace marshal::gm
