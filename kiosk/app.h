#pragma once
// The kiosk program: command line, which ledger, the window full screen (or windowed).
#include <memory>
#include <string>
#include <vector>

#include <wx/app.h>
#include <wx/cmdline.h>

#include "kiosk/local_ledger.h"
#include "ui/words.h"

namespace marshal::kiosk {

// The kiosk's settings file (shared/client/settings_file.h) and the keys it may hold.
inline constexpr const char* settings_file_name = "kiosk.conf";
extern const std::vector<std::string> settings_keys;

// The options marshal-kiosk takes, on `parser` (the app's, or the one --help prints without a
// screen), in the language chosen (shared/i18n/translate.h).
void describe_command_line(wxCmdLineParser& parser);

// The language asked for before the command line is parsed, so that the options' words and the
// help are in it: --lang X or --lang=X in `args` (the program's arguments, its name first), else
// the settings file's `lang`; "" when neither asks (the environment's language then).
std::string requested_language(const std::vector<std::string>& args);

class KioskApp : public wxApp {
 public:
  bool OnInit() override;
  void OnInitCmdLine(wxCmdLineParser& parser) override;
  bool OnCmdLineParsed(wxCmdLineParser& parser) override;

 private:
  wxString ledger_, server_, cache_, enroll_, camera_, station_ = "kiosk";
  std::string standby_;  // the standby an --enroll card's text names (pinned), or empty
  ui::LanguageChoice language_;  // its problem is said once the command line is read
  bool sample_ = false, windowed_ = false;
  std::unique_ptr<LocalLedger> local_;  // the embedded default's server, while the window lives
};

}  // namespace marshal::kiosk
