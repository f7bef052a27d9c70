#pragma once
// For the GUI benchmarks: runs everything the window has queued (events, pending calls, idle
// handlers), a few times over, so a measurement ends when the window has done its work.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include <wx/app.h>
#include <wx/evtloop.h>

namespace marshal::bench {

// Starts wx for a benchmark's windows with an event loop of its own; false, said on standard
// error, without a display.
inline bool start_wx(char** argv, const char* bench_name) {
  wxApp::SetInstance(new wxApp());
  int wx_argc = 1;
  if (!wxEntryStart(wx_argc, argv)) {
    std::fprintf(stderr, "%s: no display (run it under xvfb-run)\n", bench_name);
    return false;
  }
  wxTheApp->CallOnInit();
  static wxGUIEventLoop loop;
  wxEventLoopBase::SetActive(&loop);
  return true;
}

inline void pump_until_idle() {
  wxEventLoopBase* loop = wxEventLoopBase::GetActive();
  for (int i = 0; i < 3; ++i) {
    while (loop->Pending()) loop->Dispatch();
    wxTheApp->ProcessPendingEvents();
    wxTheApp->ProcessIdle();
  }
}

// Turns the event loop until `done()` holds or `timeout_ms` has passed (a window whose requests
// come back from a worker answers between turns); true when done. `longest_turn_ms`, if given,
// is raised to the longest single turn: how long the window held its thread.
template <class Done>
bool pump_until(Done done, double timeout_ms, double* longest_turn_ms = nullptr) {
  using Clock = std::chrono::steady_clock;
  const auto end = Clock::now() + std::chrono::duration<double, std::milli>(timeout_ms);
  while (!done()) {
    if (Clock::now() >= end) return false;
    const auto t0 = Clock::now();
    pump_until_idle();
    const double took = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    if (longest_turn_ms) *longest_turn_ms = std::max(*longest_turn_ms, took);
    if (!done()) wxMilliSleep(1);
  }
  return true;
}

}  // namespace marshal::bench
