// Measures the player kiosk (run under a display, e.g. xvfb-run): the time from start to the
// attract screen, and from a badge scan to the player's state drawn (the badge looked up, the
// PIN screen, the sign-in and the player's view; the player's typing not counted), against a
// real ledger server on 127.0.0.1 while 32 GM station connections append events to it.
// Prints figures; judges nothing. build/dev/tests/bench/bench_kiosk [--quick] [--tls] (--tls: the
// kiosk talks TLS with the ledger's key pinned, as at a venue).
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <thread>
#include <vector>

#include <sodium.h>
#include <wx/app.h>
#include <wx/evtloop.h>

#include "bench_events.h"
#include "http_load.h"
#include "wx_pump.h"
#include "import/import_event.h"
#include "kiosk/kiosk_frame.h"
#include "kiosk/local_ledger.h"
#include "ledger/kiosk_pins.h"
#include "ledger/ledger.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "server/tls_identity.h"

using namespace marshal;
using Clock = std::chrono::steady_clock;

using bench::pump_until_idle;

namespace {

double ms(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }


double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  const auto start = Clock::now();
  bool quick = false, tls = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) quick = true;
    else if (std::strcmp(argv[i], "--tls") == 0) tls = true;
    else {
      std::fprintf(stderr, "usage: bench_kiosk [--quick] [--tls]\n");
      return 2;
    }
  }
  const int gm_connections = 32;
  if (sodium_init() < 0) return 1;
  auto dir = std::filesystem::temp_directory_path() / ("marshal-bench-kiosk-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string db_path = (dir / "town.db").string();
  db::ImportResult imported =
      db::import_event(std::string(MARSHAL_SOURCE_DIR) + "/events/lincoln-1875", db::random_card_code);
  db::Ledger::create(db_path, imported.definition, db::unix_time_ms());
  std::map<std::string, std::string> pin_of;  // badge -> PIN
  std::string gm_token;
  {
    db::Ledger ledger(db_path);
    for (const auto& p : db::kiosk_pins(ledger.database())) pin_of[p.badge] = p.pin;
    gm_token = db::enroll_station(ledger.database(), db::add_station(ledger.database(), "bench-gm", db::Role::gm, 0), 0)->token;
  }
  const auto setup_done = Clock::now();

  // Start: wx, the kiosk's own server on the ledger, enrollment, the window, the attract screen.
  const auto launch = Clock::now();
  if (!bench::start_wx(argv, "bench_kiosk")) return 1;
  auto local = std::make_unique<kiosk::LocalLedger>(db_path, "bench-kiosk");
  auto* frame = new kiosk::KioskFrame(local->client());
  frame->Show();
  pump_until_idle();
  const double startup = ms(launch, Clock::now());

  // With --tls the kiosk measured talks TLS with the ledger's key pinned, as at a venue, to a
  // second server on the same ledger file (it only reads and signs in: the writes stay with the
  // first, whose plain port takes the GM load below).
  std::unique_ptr<db::LedgerServer> tls_server;
  if (tls) {
    db::ServerConfig config;
    config.db_path = db_path;
    config.log = [](const std::string&) {};
    const db::TlsIdentity identity = db::make_tls_identity(db_path);
    config.tls_key_pem = identity.key_pem;
    config.tls_cert_pem = identity.cert_pem;
    tls_server = std::make_unique<db::LedgerServer>(config);
    std::string code;
    {
      db::Ledger ledger(db_path);
      code = db::add_station(ledger.database(), "bench-tls-kiosk", db::Role::kiosk, 0);
    }
    auto client = std::make_unique<kiosk::KioskClient>(
        "https://127.0.0.1:" + std::to_string(tls_server->port()) + "#sha256=" + identity.key_pin,
        (dir / "tls-kiosk.db").string());
    std::string error;
    if (!client->enroll(code, error)) {
      std::fprintf(stderr, "bench_kiosk: the TLS kiosk cannot enroll: %s\n", error.c_str());
      return 1;
    }
    frame->Destroy();
    pump_until_idle();
    frame = new kiosk::KioskFrame(std::move(client));
    frame->Show();
    pump_until_idle();
  }

  // 32 GM connections record duels (replayed by the server) for as long as the kiosk is measured.
  const std::string url = local->url();
  const auto port = static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1)));
  std::vector<std::string> badges, names;
  for (const auto& c : imported.definition.characters) {
    badges.push_back(c.badge_code);
    names.push_back(c.name);
  }
  std::atomic<bool> stop{false};
  std::atomic<long> appended{0};
  std::string load_error;
  std::thread load([&] {
    while (!stop) {
      bench::LoadResult r = bench::drive_load(port, "/events", gm_token, gm_connections, gm_connections * 20,
                                              [&](int c, int) {
                                                // Station c: duels between one pair, as bench_ledger.
                                                const auto a = static_cast<std::size_t>(2 * c) % badges.size(),
                                                           b = static_cast<std::size_t>(2 * c + 1) % badges.size();
                                                db::Json body{{"uuid", db::make_uuid_v7(db::unix_time_ms())},
                                                              {"type", "conflict_resolved"},
                                                              {"payload", bench::duel_between(badges[a], badges[b], names[a], names[b])}};
                                                return body.dump();
                                              });
      appended += static_cast<long>(r.latency_ms.size()) - r.not_accepted;
      if (!r.error.empty()) {
        load_error = r.error;
        return;
      }
    }
  });

  // Each round scans every character's badge once; rounds are 2 s apart so that the scan input's
  // double-read guard never swallows a badge.
  const int rounds = quick ? 1 : 5;
  std::vector<double> to_pin, to_state, total;
  int refused = 0;
  const auto measure_start = Clock::now();
  for (int round = 0; round < rounds; ++round) {
    if (round > 0) {
      auto until = Clock::now() + std::chrono::milliseconds(2100);
      while (Clock::now() < until) pump_until_idle();
    }
    for (const auto& badge : badges) {
      auto t0 = Clock::now();
      frame->scan_input()->deliver(badge);
      // The answer comes back from the kiosk's request worker: the screen changes when it has.
      bench::pump_until([&] { return frame->screen() != kiosk::KioskFrame::Screen::attract; }, 10'000);
      auto t1 = Clock::now();
      if (frame->screen() != kiosk::KioskFrame::Screen::pin) {
        ++refused;
        continue;
      }
      frame->enter_pin(pin_of[badge]);
      bench::pump_until([&] { return frame->screen() != kiosk::KioskFrame::Screen::pin; }, 10'000);
      auto t2 = Clock::now();
      if (frame->screen() != kiosk::KioskFrame::Screen::player) {
        ++refused;
        continue;
      }
      to_pin.push_back(ms(t0, t1));
      to_state.push_back(ms(t1, t2));
      total.push_back(ms(t0, t1) + ms(t1, t2));
      wxKeyEvent esc(wxEVT_CHAR_HOOK);
      esc.m_keyCode = WXK_ESCAPE;
      frame->GetEventHandler()->ProcessEvent(esc);  // Done: sign out, back to the attract screen
      bench::pump_until([&] { return frame->screen() == kiosk::KioskFrame::Screen::attract; }, 10'000);
    }
  }
  const double seconds = ms(measure_start, Clock::now()) / 1000;
  stop = true;
  load.join();

  std::printf("bench_kiosk: the sample town (%zu characters), %s, the kiosk over %s\n", badges.size(),
              quick ? "quick" : "full", tls ? "TLS (the ledger's key pinned)" : "plain HTTP on loopback");
  std::printf("kiosk start to the attract screen (wx, the kiosk's ledger server, enrollment, window): %.0f ms\n",
              startup);
  if (!total.empty()) {
    std::printf("badge scan to the player's state drawn, while %d GM connections appended %.0f events/s:\n",
                gm_connections, static_cast<double>(appended.load()) / seconds);
    std::printf("  scan to the PIN screen:        p50 %.1f ms  p99 %.1f ms\n", percentile(to_pin, 0.5), percentile(to_pin, 0.99));
    std::printf("  PIN to the player's state:     p50 %.1f ms  p99 %.1f ms\n", percentile(to_state, 0.5),
                percentile(to_state, 0.99));
    std::printf("  both (the player's wait):      p50 %.1f ms  p99 %.1f ms  max %.1f ms  (%zu sign-ins)\n",
                percentile(total, 0.5), percentile(total, 0.99), *std::max_element(total.begin(), total.end()),
                total.size());
  }
  if (refused) std::printf("  %d badge scans did not reach the player's state\n", refused);
  if (!load_error.empty()) std::printf("  the GM load stopped: %s\n", load_error.c_str());
  std::printf("(setup of the ledger file, not counted: %.0f ms)\n", ms(start, setup_done));
  frame->Destroy();
  pump_until_idle();
  tls_server.reset();
  local.reset();
  wxEntryCleanup();
  std::filesystem::remove_all(dir);
  return refused == 0 && load_error.empty() ? 0 : 1;
}
