#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "kiosk/app.h"

int main(int argc, char** argv) {
  // --help works anywhere, with or without a screen: the usage comes from the app's own options.
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      wxCmdLineParser parser(argc, argv);
      parser.AddSwitch("h", "help", "show this help");
      marshal::kiosk::describe_command_line(parser);
      std::fputs(parser.GetUsageString().utf8_str(), stdout);
      std::fputs("\nPlayers: scan your badge, type your PIN, F2 or a scanned secret to give it, Esc or Done to "
                 "finish. After 30 s without a touch the kiosk forgets the player (docs/kiosk.md).\n",
                 stdout);
      return 0;
    }
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) {
    std::fprintf(stderr,
                 "marshal-kiosk: no display here (neither DISPLAY nor WAYLAND_DISPLAY is set), and the kiosk "
                 "needs a screen.\n");
    return 1;
  }
  wxApp::SetInstance(new marshal::kiosk::KioskApp());
  return wxEntry(argc, argv);
}
