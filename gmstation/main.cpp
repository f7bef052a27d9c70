#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gmstation/app.h"
#include "i18n/translate.h"
#include "ui/words.h"

namespace {

// The language of what main says before the app exists (the help, no display): --lang, the
// settings file's lang, else the environment's. Only tr()'s: wx's translations need wx up (the
// app chooses again with them, ui::start_language). A language that cannot be used leaves these
// lines in the environment's language; the app then says why and stops.
void choose_language(int argc, char** argv) {
  const std::string asked = marshal::gm::requested_language(std::vector<std::string>(argv, argv + argc));
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
      marshal::gm::describe_command_line(parser);
      std::fputs(parser.GetUsageString().utf8_str(), stdout);
      // TRANSLATORS: the GM station's function keys, as marshal-gm --help lists them.
      const std::string keys = marshal::i18n::tr(
          "Keys: F2 duel, F3 accusation, F4 fistfight, F5 GM actions, F6 shootout, F7 brawl, F8 chase, F9 tabletop "
          "roll, F10 action time (TWTW), F11 offices (Judges and the Mayor), Esc home (docs/gmstation.md).");
      std::fprintf(stdout, "\n%s\n", keys.c_str());
      return 0;
    }
  // Without a screen GTK cannot start: say so plainly instead of failing inside wx.
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) {
    choose_language(argc, argv);
    const std::string words = marshal::i18n::tr(
        "no display here (neither DISPLAY nor WAYLAND_DISPLAY is set), and the GM station needs a screen.\n"
        "On the command line, `marshal demo` runs a sample evening on a local ledger, and `marshal resolve --help` "
        "resolves any conflict from JSON.");
    std::fprintf(stderr, "marshal-gm: %s\n", words.c_str());
    return 1;
  }
  wxApp::SetInstance(new marshal::gm::GmApp());
  return wxEntry(argc, argv);
}
