// Measures the GM station (run under a display, e.g. xvfb-run): the time from start to a window
// ready for its first scan, the time from a scan to its answer on screen, and each conflict's
// common path scripted input by input (its F-key, badges and cards as the scanner delivers
// them) to the result recorded, on the sample town's ledger. Prints figures; judges nothing.
// build/dev/tests/bench/bench_gm [--quick]
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

#include "core/card_code.h"
#include "wx_pump.h"
#include "gmstation/main_frame.h"
#include "import/import_event.h"
#include "ledger/ledger.h"

using namespace marshal;
using Clock = std::chrono::steady_clock;

using bench::pump_until_idle;

namespace {
double ms(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }

std::string code_of(const db::EventDefinition& town, const std::string& kind, const std::string& holder,
                    const std::string& title = "") {
  for (const auto& card : town.cards)
    if (card.kind == kind && card.holder == holder && (title.empty() || card.title == title)) return card.code;
  return "";
}

// One conflict's common path: its function key, then each code as the scanner hands it over,
// the window left to finish its work after each; the time from the key to the record.
struct CommonPath {
  const char* name;
  gm::ConflictPage* (*screen)(gm::MainFrame&);
  std::vector<std::string> codes;
};

void time_common_path(gm::MainFrame& frame, const CommonPath& path) {
  auto t0 = Clock::now();
  gm::ConflictPage* page = path.screen(frame);
  frame.show_screen(page);  // what its F-key does
  pump_until_idle();
  for (const auto& code : path.codes) {
    frame.scan_input()->deliver(code);
    pump_until_idle();
  }
  double took = ms(t0, Clock::now());
  if (!page->recorded()) {
    std::printf("%-12s NOT RECORDED: %s\n", path.name, page->instruction().ToStdString().c_str());
    return;
  }
  std::printf("%-12s %zu inputs (F-key + %zu scans), key to record %.1f ms\n", path.name, path.codes.size() + 1,
              path.codes.size(), took);
}
}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  if (sodium_init() < 0) return 1;
  auto dir = std::filesystem::temp_directory_path() / ("marshal-bench-gm-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::string db = (dir / "town.db").string();
  db::ImportResult imported =
      db::import_event(std::string(MARSHAL_SOURCE_DIR) + "/events/lincoln-1875", db::random_card_code);
  db::Ledger::create(db, imported.definition, 0);

  auto start = Clock::now();
  if (!bench::start_wx(argv, "bench_gm")) return 1;
  auto* frame = new gm::MainFrame(gm::open_local_ledger(db, "bench"));
  frame->Show();
  pump_until_idle();
  double startup = ms(start, Clock::now());

  // Every card of the town once (badges are characters, the rest cards): no repeat for the
  // 2-second debouncer to swallow.
  std::vector<double> scans;
  const std::size_t n = std::min<std::size_t>(quick ? 20 : 300, imported.definition.cards.size());
  for (std::size_t i = 0; i < n; ++i) {
    const auto& card = imported.definition.cards[i];
    auto t0 = Clock::now();
    frame->scan_input()->deliver(card.code);
    pump_until_idle();
    double took = ms(t0, Clock::now());
    if (frame->scan_answer().Contains(wxString::FromUTF8(card.kind == "badge" ? card.holder : card.title)))
      scans.push_back(took);
  }
  std::sort(scans.begin(), scans.end());

  // Each common path on a fresh ledger of its own (a duel's dead stay dead).
  std::vector<CommonPath> paths{
      {"duel", [](gm::MainFrame& f) -> gm::ConflictPage* { return f.duel(); },
       {code_of(imported.definition, "badge", "Kid Calloway"), code_of(imported.definition, "badge", "Sheriff Amos Brady"),
        "ACT09", "ACT03", "ACT08"}},
      {"fistfight", [](gm::MainFrame& f) -> gm::ConflictPage* { return f.fistfight(); },
       {code_of(imported.definition, "badge", "Sheriff Amos Brady"), code_of(imported.definition, "badge", "Kid Calloway"),
        "ACT07", "ACT02"}},
      {"accusation", [](gm::MainFrame& f) -> gm::ConflictPage* { return f.accusation(); },
       {code_of(imported.definition, "badge", "Gentleman Beau Fontaine"),
        code_of(imported.definition, "trick", "Gentleman Beau Fontaine", "Royal Flush"),
        code_of(imported.definition, "badge", "Sheriff Amos Brady"), "ACT09", "ACT01"}},
  };
  for (std::size_t i = 0; i < paths.size(); ++i) {
    std::string path_db = (dir / ("path-" + std::to_string(i) + ".db")).string();
    db::Ledger::create(path_db, imported.definition, 0);
    auto* path_frame = new gm::MainFrame(gm::open_local_ledger(path_db, "bench"));
    path_frame->Show();
    pump_until_idle();
    time_common_path(*path_frame, paths[i]);
    path_frame->Destroy();
    pump_until_idle();
  }
  std::printf("GM station start to ready (wx, window, ledger opened, first paint): %.1f ms\n", startup);
  if (!scans.empty())
    std::printf("scan to its answer in the window (lookup in the ledger, text set; painting follows): median %.2f ms, p95 %.2f ms, max %.2f ms (%zu scans)\n",
                scans[scans.size() / 2], scans[std::min(scans.size() - 1, scans.size() * 95 / 100)], scans.back(),
                scans.size());
  frame->Destroy();
  pump_until_idle();
  wxEntryCleanup();
  std::filesystem::remove_all(dir);
  return 0;
}
