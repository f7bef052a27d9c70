// Measures the GM station and the player kiosk when the venue's Wi-Fi drops the way Wi-Fi does:
// silently. The ledger server on 127.0.0.1 is replaced by a listener on its port that takes
// connections and never answers (what a station sees when packets are lost: no "connection
// refused", only waiting). Figures, online and silent: the longest the window's event loop was
// held up (keys and scans wait that long), the share of the time it was held up over 100 ms, and
// a badge scan's time to its answer and the longest hold-up meanwhile, also for the first scan
// right after the drop, before the station's watch (the kiosk's health check) has noticed. Prints figures; judges nothing. Run under a display:
// xvfb-run -a build/dev/tests/bench/bench_offline [--quick]
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include <sodium.h>
#include <wx/app.h>
#include <wx/evtloop.h>

#include "gmstation/main_frame.h"
#include "import/import_event.h"
#include "kiosk/kiosk_frame.h"
#include "ledger/kiosk_pins.h"
#include "ledger/ledger.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "support/silent_listener.h"
#include "wx_pump.h"

using namespace marshal;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }

struct Stalls {
  double longest_ms = 0;
  double held_ms = 0;  // time spent in turns of the event loop that took over 100 ms
  double total_ms = 0;
};

// Turns the event loop for `seconds` as a window at rest would (its timers fire, it asks the
// ledger): how long each turn held the thread.
Stalls watch_event_loop(double seconds) {
  Stalls s;
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  const auto begin = Clock::now();
  while (Clock::now() < end) {
    const auto t0 = Clock::now();
    bench::pump_until_idle();
    const double took = ms(t0, Clock::now());
    s.longest_ms = std::max(s.longest_ms, took);
    if (took > 100) s.held_ms += took;
    wxMilliSleep(5);
  }
  s.total_ms = ms(begin, Clock::now());
  return s;
}

void print(const char* when, const Stalls& s) {
  std::printf("  %-7s at rest: event loop held up at most %.0f ms; held over 100 ms for %.0f of %.0f ms (%.0f%%)\n", when,
              s.longest_ms, s.held_ms, s.total_ms, 100 * s.held_ms / s.total_ms);
}

// A badge scanned: how long until its answer shows, and the longest the event loop was held
// meanwhile (a request made on the window's thread holds it that long).
struct ScanFigures {
  double answer_ms = 0;
  double longest_turn_ms = 0;
  bool answered = false;
};

// At the GM station's home screen: the answer names the character.
ScanFigures gm_scan(gm::MainFrame& frame, const std::string& code, const std::string& name) {
  ScanFigures s;
  frame.home()->clear_answer();
  const auto t0 = Clock::now();
  frame.scan_input()->deliver(code);
  s.longest_turn_ms = ms(t0, Clock::now());
  s.answered = bench::pump_until([&] { return frame.scan_answer().Contains(wxString::FromUTF8(name)); }, 10'000,
                                 &s.longest_turn_ms);
  s.answer_ms = ms(t0, Clock::now());
  return s;
}

using KioskScreen = kiosk::KioskFrame::Screen;

// At the kiosk: the PIN screen shows, or a message when the ledger is away.
ScanFigures kiosk_scan(kiosk::KioskFrame& frame, const std::string& badge) {
  ScanFigures s;
  const KioskScreen before = frame.screen();
  const auto t0 = Clock::now();
  frame.scan_input()->deliver(badge);  // runs on_code: a request made here holds the thread
  s.longest_turn_ms = ms(t0, Clock::now());
  s.answered = bench::pump_until([&] { return frame.screen() != before; }, 10'000, &s.longest_turn_ms);
  s.answer_ms = ms(t0, Clock::now());
  return s;
}

void print_scan(const char* when, const ScanFigures& s) {
  std::printf("  %-44s answered in %.0f ms%s; the event loop held up at most %.0f ms meanwhile\n", when, s.answer_ms,
              s.answered ? "" : " (NOT answered in 10 s)", s.longest_turn_ms);
}

// The kiosk on a server of its own over the same ledger file: a player signs in and stays on
// their screen (read again every 2 s), signs out, then the network goes silent and a badge is
// scanned at once, and the kiosk is watched while silent.
void kiosk_figures(const std::string& db_path, const std::filesystem::path& dir, double seconds) {
  db::ServerConfig config;
  config.db_path = db_path;
  config.log = [](const std::string&) {};
  auto server = std::make_unique<db::LedgerServer>(config);
  const int port = server->port();
  std::string code;
  std::vector<db::KioskPin> pins;
  {
    db::Ledger ledger(db_path);
    code = db::add_station(ledger.database(), "bench-kiosk", db::Role::kiosk, 0);
    pins = db::kiosk_pins(ledger.database());
  }
  auto client = std::make_unique<kiosk::KioskClient>("http://127.0.0.1:" + std::to_string(port),
                                                     (dir / "kiosk-cache.db").string());
  std::string error;
  if (!client->enroll(code, error)) {
    std::printf("kiosk: cannot enroll: %s\n", error.c_str());
    return;
  }
  kiosk::KioskTimings timings;
  timings.reread_ms = 2000;          // the player's state read every 2 s rather than 10
  timings.idle_ms = 10 * 60 * 1000;  // nobody is signed out while measured
  auto* frame = new kiosk::KioskFrame(std::move(client), timings);
  frame->Show();
  bench::pump_until([&] { return frame->screen() == KioskScreen::attract; }, 5000);

  const ScanFigures online_scan = kiosk_scan(*frame, pins[0].badge);
  frame->enter_pin(pins[0].pin);
  bench::pump_until([&] { return frame->screen() == KioskScreen::player; }, 5000);
  const bool signed_in = frame->screen() == KioskScreen::player;
  const Stalls online = watch_event_loop(seconds);
  wxKeyEvent esc(wxEVT_CHAR_HOOK);
  esc.m_keyCode = WXK_ESCAPE;
  frame->GetEventHandler()->ProcessEvent(esc);  // Done: back to the attract screen
  bench::pump_until([&] { return frame->screen() == KioskScreen::attract; }, 5000);

  server.reset();
  test_support::SilentListener silence(port);
  const ScanFigures first_silent_scan = kiosk_scan(*frame, pins[1].badge);
  const Stalls silent = watch_event_loop(seconds);
  frame->GetEventHandler()->ProcessEvent(esc);  // the message gives way to the attract screen
  bench::pump_until([&] { return frame->screen() == KioskScreen::attract; }, 5000);
  const ScanFigures later_silent_scan = kiosk_scan(*frame, pins[2].badge);

  std::printf("Player kiosk on a ledger server, then a network that never answers (%.0f s each):\n", seconds);
  std::printf("  online, a player signed in: %s\n", signed_in ? "yes" : "NO");
  print("online", online);
  print("silent", silent);
  print_scan("online, a badge scanned:", online_scan);
  print_scan("the first badge scanned after the drop:", first_silent_scan);
  print_scan("a badge scanned while silent, later:", later_silent_scan);
  frame->Destroy();
  bench::pump_until_idle();
}

// The GM station on a ledger server: every badge scanned once online (so that its cache knows
// them), watched online, then watched with the network silent.
void gm_station_figures(const std::string& db_path, const std::filesystem::path& dir, const std::string& enrollment,
                        const std::vector<std::pair<std::string, std::string>>& badges, double seconds) {
  db::ServerConfig config;
  config.db_path = db_path;
  auto server = std::make_unique<db::LedgerServer>(config);
  const int port = server->port();
  const std::string url = "http://127.0.0.1:" + std::to_string(port);

  auto* frame = new gm::MainFrame(gm::connect_to_server(url, (dir / "cache.db").string(), enrollment));
  frame->Show();
  bench::pump_until_idle();

  // Online: every badge seen once, so the station's cache knows them when the ledger is gone.
  for (const auto& [code, name] : badges) gm_scan(*frame, code, name);
  const Stalls online = watch_event_loop(seconds);
  const ScanFigures online_scan = gm_scan(*frame, badges[0].first, badges[0].second);

  server.reset();
  test_support::SilentListener silence(port);
  // At once, before the station's watch has found the ledger silent: this request waits out
  // its whole timeout.
  const ScanFigures first_silent_scan = gm_scan(*frame, badges[2].first, badges[2].second);
  const Stalls silent = watch_event_loop(seconds);
  const ScanFigures later_silent_scan = gm_scan(*frame, badges[1].first, badges[1].second);

  std::printf("GM station on a ledger server, then a network that never answers (%.0f s each):\n", seconds);
  print("online", online);
  print("silent", silent);
  print_scan("online, a badge scanned:", online_scan);
  print_scan("the first badge scanned after the drop:", first_silent_scan);
  print_scan("a badge scanned while silent, later:", later_silent_scan);
  std::printf("  offline banner shown while silent: %s\n", frame->offline_banner_shown() ? "yes" : "no");

  frame->Destroy();
  bench::pump_until_idle();
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const double seconds = quick ? 3 : 12;
  if (sodium_init() < 0) return 1;
  auto dir = std::filesystem::temp_directory_path() / ("marshal-bench-offline-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string db_path = (dir / "town.db").string();
  db::ImportResult imported =
      db::import_event(std::string(MARSHAL_SOURCE_DIR) + "/events/lincoln-1875", db::random_card_code);
  db::Ledger::create(db_path, imported.definition, db::unix_time_ms());
  std::string enrollment;
  {
    db::Ledger ledger(db_path);
    enrollment = db::add_station(ledger.database(), "bench-gm", db::Role::gm, 0);
  }
  std::vector<std::pair<std::string, std::string>> badges;  // code, name
  for (const auto& card : imported.definition.cards)
    if (card.kind == "badge") badges.push_back({card.code, card.holder});

  if (!bench::start_wx(argv, "bench_offline")) return 1;
  gm_station_figures(db_path, dir, enrollment, badges, seconds);
  kiosk_figures(db_path, dir, seconds);
  wxEntryCleanup();
  std::filesystem::remove_all(dir);
  return 0;
}
