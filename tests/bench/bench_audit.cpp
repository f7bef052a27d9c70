// Measures `marshal audit` with its full report on a generated evening and prints figures
// (the targets live in issue 16's note): an evening of the sample town played through the real
// rules and ledger (tests/support/played_evening.h: stand-offs with their station draws,
// bystanders bestowed and lost, three GM stations), then `marshal audit --db ... --out ...` run
// as the organisers run it, in its own process: wall time and peak memory (wait4's ru_maxrss).
// Run from the dev build: build/dev/tests/bench_audit [--quick] [--events N] [--keep DIR]
// (--keep leaves the ledger and the report in DIR to look at).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "support/played_evening.h"
#include "support/temp_dir.h"

using namespace marshal;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

namespace {

struct RunFigures {
  int exit_code = -1;
  double wall_s = 0;
  double peak_mb = 0;
};

// Runs the marshal binary with `args` in a child process, its output to `log`.
RunFigures run_marshal(const std::vector<std::string>& args, const std::string& log) {
  std::fflush(stdout);  // or the child would print what is buffered again
  auto start = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    std::FILE* out = std::freopen(log.c_str(), "w", stdout);
    if (!out || !std::freopen(log.c_str(), "a", stderr)) _exit(127);
    std::vector<char*> argv{const_cast<char*>(MARSHAL_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(MARSHAL_BINARY, argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  RunFigures f;
  f.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
  f.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  f.peak_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;  // kilobytes on Linux
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  std::int64_t events = 100'000;
  std::string keep;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) events = 2'000;
    else if (std::strcmp(argv[i], "--events") == 0 && i + 1 < argc) events = std::atoll(argv[++i]);
    else if (std::strcmp(argv[i], "--keep") == 0 && i + 1 < argc) keep = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_audit [--quick] [--events N] [--keep DIR]\n");
      return 1;
    }
  }
  test_support::TempDir temp;
  fs::path dir = keep.empty() ? fs::path(temp.path()) : fs::path(keep);
  fs::create_directories(dir);
  std::string ledger = (dir / "evening.db").string(), out = (dir / "audit").string();
  fs::remove(ledger);

  test_support::EveningPlan plan;
  plan.events = events;
  auto start = Clock::now();
  test_support::play_evening(ledger, plan);
  double played_s = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("evening: %lld events played through the rules and ledger in %.1f s (%.0f events/s), %.1f MB file\n",
              static_cast<long long>(events), played_s, static_cast<double>(events) / played_s,
              static_cast<double>(fs::file_size(ledger)) / 1e6);

  RunFigures audit = run_marshal({"audit", "--db", ledger, "--out", out}, (dir / "audit.log").string());
  std::printf("marshal audit with its full report: %.2f s wall, peak %.0f MB resident, exit %d\n", audit.wall_s,
              audit.peak_mb, audit.exit_code);
  for (const char* file : {"report.html", "report.pdf", "summary.json", "events.csv"}) {
    fs::path p = fs::path(out) / file;
    std::printf("  %-13s %s\n", file,
                fs::exists(p) ? (std::to_string(fs::file_size(p) / 1024) + " KB").c_str() : "MISSING");
  }
  if (!keep.empty()) std::printf("kept in %s\n", dir.c_str());
  // The audit of a clean evening passes (exit 0; its only warning: no anchor given).
  return audit.exit_code == 0 ? 0 : 1;
}
