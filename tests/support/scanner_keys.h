#pragma once
// Types a code into the X display as a keyboard-wedge scanner does: every key of the code and
// the closing Enter handed to the X server in one go (XTest), so they arrive a fraction of a
// millisecond apart, stamped by the server.
//
// Why not wxUIActionSimulator::Text: it runs the program's event loop and sleeps 20 ms after
// every key, so its keys come 20 ms or more apart; on a loaded machine they drift past the
// wedge detector's 35 ms gap and a scan is split into typing and a short code. A real scanner
// sends a 17-character code in a few milliseconds.
#include <stdexcept>
#include <string>

#include <X11/XKBlib.h>
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>

namespace marshal::test_support {

inline Display* scanner_display() {
  static Display* display = XOpenDisplay(nullptr);
  if (!display) throw std::runtime_error("scanner_keys: no X display to type into");
  return display;
}

// Printable ASCII (card codes: digits, capitals, a dash) and Enter. The focus is the X
// server's: the window wx's simulator last focused, as for its own keys.
inline void scanner_types(const std::string& code) {
  Display* display = scanner_display();
  const KeyCode shift = XKeysymToKeycode(display, XK_Shift_L);
  auto press = [&](KeyCode key, bool down) { XTestFakeKeyEvent(display, key, down ? True : False, CurrentTime); };
  for (char c : code) {
    // Latin-1 keysyms are the characters' own codes.
    const KeySym symbol = static_cast<KeySym>(static_cast<unsigned char>(c));
    const KeyCode key = XKeysymToKeycode(display, symbol);
    if (key == 0) throw std::runtime_error(std::string("scanner_keys: no key types '") + c + "'");
    const bool shifted = XkbKeycodeToKeysym(display, key, 0, 0) != symbol;
    if (shifted) press(shift, true);
    press(key, true);
    press(key, false);
    if (shifted) press(shift, false);
  }
  const KeyCode enter = XKeysymToKeycode(display, XK_Return);
  press(enter, true);
  press(enter, false);
  XSync(display, False);
}

}  // namespace marshal::test_support
