#pragma once
// The GM station program: command line, backend choice, the main window.
#include <string>

#include <wx/app.h>
#include <wx/cmdline.h>

namespace marshal::gm {

// The options marshal-gm takes, on `parser` (the app's, or the one --help prints without a screen).
void describe_command_line(wxCmdLineParser& parser);

class GmApp : public wxApp {
 public:
  bool OnInit() override;
  void OnInitCmdLine(wxCmdLineParser& parser) override;
  bool OnCmdLineParsed(wxCmdLineParser& parser) override;

 private:
  wxString ledger_, server_, cache_, enroll_, camera_, twtw_deck_, station_ = "gm";
  bool sample_ = false;
  bool sound_ = true;
};

}  // namespace marshal::gm
