#pragma once
// The GM station program: command line, backend choice, the main window.
#include <wx/app.h>

namespace marshal::gm {

class GmApp : public wxApp {
 public:
  bool OnInit() override;
  void OnInitCmdLine(wxCmdLineParser& parser) override;
  bool OnCmdLineParsed(wxCmdLineParser& parser) override;

 private:
  wxString ledger_, server_, cache_, enroll_, station_ = "gm";
};

}  // namespace marshal::gm
