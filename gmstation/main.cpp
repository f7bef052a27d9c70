#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "gmstation/app.h"

int main(int argc, char** argv) {
  // --help works anywhere, with or without a screen: the usage comes from the app's own options.
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      wxCmdLineParser parser(argc, argv);
      parser.AddSwitch("h", "help", "show this help");
      marshal::gm::describe_command_line(parser);
      std::fputs(parser.GetUsageString().utf8_str(), stdout);
      std::fputs("\nKeys: F2 duel, F3 accusation, F4 fistfight, F5 GM actions, F6 shootout, F7 brawl, F8 chase, F9 tabletop roll, F10 action time (TWTW), "
                 "Esc home (docs/gmstation.md).\n",
                 stdout);
      return 0;
    }
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
