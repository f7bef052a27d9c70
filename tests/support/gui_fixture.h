#pragma once
// Runs the real GM station window in the test process under Xvfb (the test is started by
// xvfb-run): wx is started once, windows are created per test, events are pumped while waiting.
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>

#include <wx/app.h>
#include <wx/evtloop.h>
#include <catch2/catch.hpp>

#include <cstdlib>

#include <wx/frame.h>
#include <wx/uiaction.h>

#include "support/scanner_keys.h"

namespace gui_testing {

inline void start_wx() {
  static bool started = false;
  if (started) return;
  static int argc = 1;
  static char name[] = "gm_tests";
  static char* argv[] = {name, nullptr};
  wxApp::SetInstance(new wxApp());
  if (!wxEntryStart(argc, argv)) throw std::runtime_error("wx cannot start: is there a display?");
  wxTheApp->CallOnInit();
  // No MainLoop() runs in a test: an active event loop lets pump() dispatch GTK's events.
  static wxGUIEventLoop loop;
  wxEventLoopBase::SetActive(&loop);
  started = true;
}

// Processes events for `ms` milliseconds, or until `done` says so.
inline bool pump(int ms, const std::function<bool()>& done = {}) {
  auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < end) {
    wxEventLoopBase* loop = wxEventLoopBase::GetActive();
    while (loop->Pending()) loop->Dispatch();
    wxTheApp->ProcessPendingEvents();
    wxTheApp->ProcessIdle();
    if (done && done()) return true;
    wxMilliSleep(10);
  }
  return done ? done() : true;
}

// Types text as a keyboard-wedge scanner does: a fast burst, then Enter (support/scanner_keys.h
// says why not with the simulator). The simulator is asked for because it is what gave the
// window the X focus the keys go to.
inline void scan_burst(wxUIActionSimulator&, const std::string& code) {
  marshal::test_support::scanner_types(code);
  pump(300);
}

// Shows a window with the keyboard given to it. Without a window manager nobody does that:
// raising it once mapped asks X directly, and X sends keys to the window under the pointer, so
// the pointer is put over it.
inline void show_with_keyboard(wxFrame* frame) {
  frame->Show();
  pump(400);
  frame->Raise();
  pump(300);
  wxUIActionSimulator sim;
  wxRect r = frame->GetScreenRect();
  sim.MouseMove(r.x + r.width / 2, r.y + r.height / 3);
  pump(200);
}

// Saves what the window shows, as the X server has it (for a person to look at after the run).
// ImageMagick's import reads the screen; wx's own screen DC can lag behind under GTK 3.
inline void screenshot(wxFrame* frame, const std::string& name) {
  frame->Refresh();
  pump(400);
  wxRect r = frame->GetScreenRect();
  std::filesystem::create_directories(SCREENSHOT_DIR);
  std::string command = "import -window root -crop " + std::to_string(r.width) + "x" + std::to_string(r.height) +
                        "+" + std::to_string(r.x) + "+" + std::to_string(r.y) + " " + SCREENSHOT_DIR + "/" + name +
                        ".png";
  if (std::system(command.c_str()) != 0) WARN("no screenshot: " << command);
}

}  // namespace gui_testing
