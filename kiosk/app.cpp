#include "kiosk/app.h"

#include <sodium.h>

#include <cstdio>
#include <map>
#include <stdexcept>

#include <wx/msgdlg.h>

#include <fmt/format.h>

#include "client/settings_file.h"
#include "import/sample_ledger.h"
#include "kiosk/kiosk_frame.h"
#include "paths/data_folders.h"
#include "protocol/enrollment.h"
#include "ui/words.h"

namespace marshal::kiosk {

using ui::tr;
using ui::wx_tr;

const std::vector<std::string> settings_keys{"server", "cache", "enroll", "ledger", "station", "camera", "lang"};

void describe_command_line(wxCmdLineParser& parser) {
  parser.SetLogo(wx_tr("Marshal player kiosk: players scan their badge, type their PIN, see their own state and "
                       "give their secrets to each other.\n"
                       "Give --cache FILE (and --server URL with --enroll CODE the first time, from `marshal station "
                       "add NAME --role kiosk`; or scan the kiosk's enrollment card when it asks), or --ledger FILE for "
                       "a ledger on this machine; --sample opens the sample town (its PINs: marshal pins --db "
                       "~/.local/share/marshal/lincoln-1875.db).\n"
                       "The same options may stand in ~/.config/marshal/kiosk.conf as KEY = VALUE lines (cache = "
                       "/home/kiosk/kiosk.db); the command line wins.\n"
                       "Full screen unless --windowed; docs/kiosk.md says how to lock a machine down."));
  parser.AddOption("", "server",
                   wx_tr("the ledger server, e.g. https://10.0.0.2:8080#sha256=PIN (the pin from marshal head; once "
                         "enrolled, https://10.0.0.2:8080 is enough)"));
  parser.AddOption("", "cache",
                   wx_tr("this kiosk's cache file: its station token and server, nothing of any player (an enrolled "
                         "kiosk needs only this)"));
  parser.AddOption("", "enroll",
                   wx_tr("the one-time enrollment code from marshal station add NAME --role kiosk, or the enrollment "
                         "card's whole text (MARSHAL-ENROLL HOST PORT CODE PIN: then --server is not needed)"));
  parser.AddOption("", "ledger", wx_tr("a ledger file on this machine (marshal init makes one)"));
  parser.AddOption("", "station", wx_tr("this kiosk's station name with --ledger or --sample (default kiosk)"));
  parser.AddOption("", "camera",
                   wx_tr("read QR cards from a camera too: a device (/dev/video0) or a GStreamer pipeline ending in "
                         "'appsink name=sink'"));
  parser.AddOption("", "lang",
                   wx_tr("the language of the screens: en or ru (default: the environment's LANGUAGE/LANG)"));
  parser.AddSwitch("", "sample",
                   wx_tr("the sample town's ledger, in Russian with --lang ru (made on first use in "
                         "~/.local/share/marshal)"));
  parser.AddSwitch("", "windowed", wx_tr("a normal window instead of full screen (for development)"));
}


std::string requested_language(const std::vector<std::string>& args) {
  if (auto given = ui::language_argument(args)) return *given;
  try {
    const auto settings = client::read_settings(client::settings_path(settings_file_name), settings_keys);
    if (auto lang = settings.find("lang"); lang != settings.end()) return lang->second;
  } catch (const client::SettingsError&) {
    // said when the command line is read (OnCmdLineParsed), in the language chosen without it
  }
  return "";
}

void KioskApp::OnInitCmdLine(wxCmdLineParser& parser) {
  // The language before any word: the options' descriptions and the usage are in it. wx is up
  // here (OnInit runs this), so its own texts follow too (ui::start_language).
  std::vector<std::string> args;
  for (int i = 0; i < argc; ++i) args.push_back(argv[i].utf8_string());
  language_.choose(requested_language(args));
  wxApp::OnInitCmdLine(parser);
  describe_command_line(parser);
}

bool KioskApp::OnCmdLineParsed(wxCmdLineParser& parser) {
  // The settings file first; an option on the command line wins over it.
  std::map<std::string, std::string> settings;
  try {
    settings = client::read_settings(client::settings_path(settings_file_name), settings_keys);
  } catch (const client::SettingsError& e) {
    std::fprintf(stderr, "marshal-kiosk: %s\n", e.what());
    return false;  // no dialog: nobody at a kiosk could answer it
  }
  auto option = [&](const char* name, wxString& value) {
    if (!parser.Found(name, &value) && settings.count(name)) value = wxString::FromUTF8(settings[name]);
  };
  // The language was chosen from the same places before the options were described
  // (OnInitCmdLine); chosen again only if the parser read the command line otherwise.
  wxString lang;
  option("lang", lang);
  language_.choose(lang.utf8_string());
  if (!language_.ok()) {
    std::fprintf(stderr, "marshal-kiosk: %s\n", language_.problem().c_str());
    return false;
  }
  option("server", server_);
  option("cache", cache_);
  option("enroll", enroll_);
  option("ledger", ledger_);
  option("station", station_);
  option("camera", camera_);
  sample_ = parser.Found("sample");
  windowed_ = parser.Found("windowed");
  if (sample_ && ledger_.empty())  // the sample town in the language of the screens where there is one
    ledger_ = wxString::FromUTF8(db::sample_ledger(
        db::sample_in_language(paths::sample_event("lincoln-1875").string(), i18n::current_language())));
  // --enroll may be the enrollment card's whole text: it names the server and the key's pin too.
  if (auto card = protocol::parse_enrollment_payload(enroll_.utf8_string())) {
    if (server_.empty()) server_ = wxString::FromUTF8(card->pinned_url());
    enroll_ = wxString::FromUTF8(card->code);
    standby_ = card->standby_pinned_url();
  }
  const bool remote = !server_.empty() || !cache_.empty();  // a cache file remembers its server
  if (ledger_.empty() == !remote || (!ledger_.empty() && !server_.empty())) {
    const std::string words = tr("give --server URL (a venue's ledger server) or --cache FILE (a kiosk enrolled "
                                 "before), --ledger FILE, or --sample");
    std::fprintf(stderr, "marshal-kiosk: %s\n\n", words.c_str());
    parser.Usage();
    return false;
  }
  return wxApp::OnCmdLineParsed(parser);
}

bool KioskApp::OnInit() {
  if (!wxApp::OnInit()) return false;
  if (sodium_init() < 0) return false;
  try {
    std::unique_ptr<KioskClient> client;
    if (!ledger_.empty()) {
      local_ = std::make_unique<LocalLedger>(ledger_.utf8_string(), station_.utf8_string());
      client = local_->client();
    } else {
      client = std::make_unique<KioskClient>(server_.utf8_string(),
                                             cache_.empty() ? std::string("kiosk-cache.db") : cache_.utf8_string());
      std::string error;
      if (!enroll_.empty() && !client->enroll_at(client->server_url(), enroll_.utf8_string(), error, standby_))
        throw std::runtime_error(fmt::format(fmt::runtime(tr("enrollment refused: {}")), error));
      // Not enrolled: the window asks for the kiosk's enrollment card.
      if (!client->enrolled()) {
        const std::string words =
            tr("not enrolled yet: scan the kiosk's enrollment card (or start with --enroll CODE)");
        std::fprintf(stderr, "marshal-kiosk: %s\n", words.c_str());
      }
    }
    auto* frame = new KioskFrame(std::move(client));
    if (!camera_.empty()) frame->start_camera(camera_.utf8_string());
    if (windowed_) frame->Show();
    else frame->ShowFullScreen(true);
    return true;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "marshal-kiosk: %s\n", e.what());
    return false;
  }
}

}  // namespace marshal::kiosk
