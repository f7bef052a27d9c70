#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "i18n/translate.h"
#include "kiosk/app.h"
#include "ui/words.h"

namespace {

// The language of what main says before the app exists (the help, no display): --lang, the
// settings file's lang, else the environment's. Only tr()'s: wx's translations need wx up (the
// app chooses again with them, ui::start_language). A language that cannot be used leaves these
// lines in the environment's language; the app then says why and stops.
void choose_language(int argc, char** argv) {
  const std::string asked = marshal::kiosk::requested_language(std::vector<std::string>(argv, argv + argc));
  if (!asked.empty() && marshal::i18n::use_language(asked, nullptr)) return;
  marshal::i18n::use_language(marshal::i18n::language_from_environment(), nullptr);
}

}  // namespace

int main(int argc, char** argv) {
  // --help works anywhere, with or without a screen: the usage comes from the app's own options.
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      choose_language(argc, argv);
      wxCmdLineParser parser(argc, argv);
      parser.AddSwitch("h", "help", marshal::ui::wx_tr("show this help"));
      marshal::kiosk::describe_command_line(parser);
      std::fputs(parser.GetUsageString().utf8_str(), stdout);
      const std::string players =
          marshal::i18n::tr("Players: scan your badge, type your PIN, F2 or a scanned secret to give it, Esc or Done "
                            "to finish. After 30 s without a touch the kiosk forgets the player (docs/kiosk.md).");
      std::fprintf(stdout, "\n%s\n", players.c_str());
      return 0;
    }
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) {
    choose_language(argc, argv);
    const std::string words = marshal::i18n::tr(
        "no display here (neither DISPLAY nor WAYLAND_DISPLAY is set), and the kiosk needs a screen.");
    std::fprintf(stderr, "marshal-kiosk: %s\n", words.c_str());
    return 1;
  }
  wxApp::SetInstance(new marshal::kiosk::KioskApp());
  return wxEntry(argc, argv);
}
