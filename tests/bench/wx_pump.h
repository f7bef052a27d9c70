#pragma once
// For the GUI benchmarks: runs everything the window has queued (events, pending calls, idle
// handlers), a few times over, so a measurement ends when the window has done its work.
#include <wx/app.h>
#include <wx/evtloop.h>

namespace marshal::bench {

inline void pump_until_idle() {
  wxEventLoopBase* loop = wxEventLoopBase::GetActive();
  for (int i = 0; i < 3; ++i) {
    while (loop->Pending()) loop->Dispatch();
    wxTheApp->ProcessPendingEvents();
    wxTheApp->ProcessIdle();
  }
}

}  // namespace marshal::bench
