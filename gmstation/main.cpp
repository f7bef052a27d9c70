#include <cstdio>
#include <cstdlib>

#include "gmstation/app.h"

int main(int argc, char** argv) {
  // Without a screen GTK cannot start: say so plainly instead of failing inside wx.
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) {
    std::fprintf(stderr,
                 "marshal-gm: no display here (neither DISPLAY nor WAYLAND_DISPLAY is set), and the GM "
                 "station needs a screen.\nOn the command line, `marshal demo` runs a sample evening on a "
                 "local ledger, and `marshal resolve --help` resolves any conflict from JSON.\n");
    return 1;
  }
  wxApp::SetInstance(new marshal::gm::GmApp());
  return wxEntry(argc, argv);
}
