#include "gmstation/app.h"

#include <sodium.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>

#include <wx/cmdline.h>
#include <wx/msgdlg.h>

#include "core/card_code.h"
#include "gmstation/main_frame.h"
#include "gmstation/settings.h"
#include "import/import_event.h"
#include "ledger/ledger.h"

namespace marshal::gm {

// The sample town's ledger: made from events/lincoln-1875 the first time, then reused.
std::string GmApp::sample_ledger() {
  const char* data = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path dir = data ? std::filesystem::path(data) / "marshal"
                                   : std::filesystem::path(home ? home : ".") / ".local/share/marshal";
  std::filesystem::create_directories(dir);
  std::string path = (dir / "lincoln-1875.db").string();
  if (!std::filesystem::exists(path)) {
    db::ImportResult imported = db::import_event(MARSHAL_SAMPLE_EVENT, db::random_card_code);
    if (!imported.ok()) throw std::runtime_error("the sample event cannot be read: " + imported.errors.front().to_string());
    db::Ledger::create(path, imported.definition,
                       std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::system_clock::now().time_since_epoch()).count());
  }
  return path;
}

void describe_command_line(wxCmdLineParser& parser) {
  parser.SetLogo("Marshal GM station: scan cards, resolve conflicts, record them in the ledger.\n"
                 "Give --ledger FILE for a ledger on this machine, or --server URL with --cache FILE "
                 "(and --enroll CODE the first time); --sample opens the sample town.\n"
                 "The same options may stand in ~/.config/marshal/gm-station.conf as KEY = VALUE lines "
                 "(camera = /dev/video0); the command line wins.");
  parser.AddOption("", "ledger", "a ledger file on this machine (marshal init makes one)");
  parser.AddOption("", "server", "the ledger server, e.g. http://10.0.0.2:8080");
  parser.AddOption("", "cache", "this station's cache file (with --server)");
  parser.AddOption("", "enroll", "the one-time enrollment code from marshal station add");
  parser.AddOption("", "station", "this station's name in the ledger (with --ledger)");
  parser.AddOption("", "camera",
                   "read QR cards from a camera: a device (/dev/video0) or a GStreamer pipeline ending in "
                   "'appsink name=sink'");
  parser.AddSwitch("", "sample", "open a ledger of the sample town (created on first use in ~/.local/share/marshal)");
}

void GmApp::OnInitCmdLine(wxCmdLineParser& parser) {
  wxApp::OnInitCmdLine(parser);
  describe_command_line(parser);
}

bool GmApp::OnCmdLineParsed(wxCmdLineParser& parser) {
  // The settings file first; an option on the command line wins over it.
  std::map<std::string, std::string> settings;
  try {
    settings = read_settings(settings_path());
  } catch (const SettingsError& e) {
    std::fprintf(stderr, "marshal-gm: %s\n", e.what());
    wxMessageBox(wxString::FromUTF8(e.what()), "Marshal GM station: settings", wxOK | wxICON_ERROR);
    return false;
  }
  auto option = [&](const char* name, wxString& value) {
    if (!parser.Found(name, &value) && settings.count(name)) value = wxString::FromUTF8(settings[name]);
  };
  option("ledger", ledger_);
  option("server", server_);
  option("cache", cache_);
  option("enroll", enroll_);
  option("station", station_);
  option("camera", camera_);
  sample_ = parser.Found("sample");
  if (sample_ && ledger_.empty()) ledger_ = wxString::FromUTF8(sample_ledger());
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
    if (!camera_.empty()) frame->start_camera(camera_.ToStdString());
    return true;
  } catch (const std::exception& e) {
    wxMessageBox(wxString::FromUTF8(e.what()), "Marshal GM station", wxOK | wxICON_ERROR);
    return false;
  }
}

}  // namespace marshal::gm
