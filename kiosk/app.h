#pragma once
// The kiosk program: command line, which ledger, the window full screen (or windowed).
#include <memory>

#include <wx/app.h>
#include <wx/cmdline.h>

#include "kiosk/local_ledger.h"

namespace marshal::kiosk {

// The options marshal-kiosk takes, on `parser` (the app's, or the one --help prints without a screen).
void describe_command_line(wxCmdLineParser& parser);

class KioskApp : public wxApp {
 public:
  bool OnInit() override;
  void OnInitCmdLine(wxCmdLineParser& parser) override;
  bool OnCmdLineParsed(wxCmdLineParser& parser) override;

 private:
  wxString ledger_, server_, cache_, enroll_, station_ = "kiosk";
  bool sample_ = false, windowed_ = false;
  std::unique_ptr<LocalLedger> local_;  // the embedded default's server, while the window lives
};

}  // namespace marshal::kiosk
