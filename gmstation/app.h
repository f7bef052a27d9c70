#pragma once
// The GM station program: command line, language, backend choice, the main window.
#include <string>
#include <vector>

#include <wx/app.h>
#include <wx/cmdline.h>

#include "ui/words.h"

namespace marshal::gm {

// The options marshal-gm takes, on `parser` (the app's, or the one --help prints without a
// screen), in the language chosen (shared/i18n/translate.h).
void describe_command_line(wxCmdLineParser& parser);

// The language asked for before the command line is parsed, so that the options' words and the
// help are in it: --lang X or --lang=X in `args` (the program's arguments, its name first), else
// the settings file's `lang`; "" when neither asks (the environment's language then).
std::string requested_language(const std::vector<std::string>& args);

class GmApp : public wxApp {
 public:
  bool OnInit() override;
  void OnInitCmdLine(wxCmdLineParser& parser) override;
  bool OnCmdLineParsed(wxCmdLineParser& parser) override;

 private:
  wxString ledger_, server_, cache_, enroll_, camera_, twtw_deck_, station_ = "gm";
  std::string standby_;  // the standby an --enroll card's text names (pinned), or empty
  ui::LanguageChoice language_;  // its problem is said once the command line is read
  bool sample_ = false;
  bool sound_ = true;
};

}  // namespace marshal::gm
