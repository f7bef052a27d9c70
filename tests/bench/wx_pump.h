#pragma once
// For the GUI benchmarks: runs everything the window has queued (events, pending calls, idle
// handlers), a few times over, so a measurement ends when the window has done its work.
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

}  // namespace marshal::bench
