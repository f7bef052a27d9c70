#include "gmstation/app.h"

#include <sodium.h>

#include <wx/cmdline.h>
#include <wx/msgdlg.h>

#include "gmstation/main_frame.h"

namespace marshal::gm {

void GmApp::OnInitCmdLine(wxCmdLineParser& parser) {
  wxApp::OnInitCmdLine(parser);
  parser.SetLogo("Marshal GM station: scan cards, resolve conflicts, record them in the ledger.\n"
                 "Give --ledger FILE for a ledger on this machine, or --server URL with --cache FILE "
                 "(and --enroll CODE the first time).");
  parser.AddOption("", "ledger", "a ledger file on this machine (marshal init makes one)");
  parser.AddOption("", "server", "the ledger server, e.g. http://10.0.0.2:8080");
  parser.AddOption("", "cache", "this station's cache file (with --server)");
  parser.AddOption("", "enroll", "the one-time enrollment code from marshal station add");
  parser.AddOption("", "station", "this station's name in the ledger (with --ledger)");
}

bool GmApp::OnCmdLineParsed(wxCmdLineParser& parser) {
  parser.Found("ledger", &ledger_);
  parser.Found("server", &server_);
  parser.Found("cache", &cache_);
  parser.Found("enroll", &enroll_);
  parser.Found("station", &station_);
  if (ledger_.empty() == server_.empty()) {
    parser.Usage();
    return false;
  }
  return wxApp::OnCmdLineParsed(parser);
}

bool GmApp::OnInit() {
  if (!wxApp::OnInit()) return false;
  if (sodium_init() < 0) return false;
  try {
    std::unique_ptr<StationBackend> backend =
        !ledger_.empty() ? open_local_ledger(ledger_.ToStdString(), station_.ToStdString())
                         : connect_to_server(server_.ToStdString(),
                                             cache_.empty() ? std::string("gm-station-cache.db") : cache_.ToStdString(),
                                             enroll_.ToStdString());
    auto* frame = new MainFrame(std::move(backend));
    frame->Show();
    return true;
  } catch (const std::exception& e) {
    wxMessageBox(wxString::FromUTF8(e.what()), "Marshal GM station", wxOK | wxICON_ERROR);
    return false;
  }
}

}  // namespace marshal::gm
