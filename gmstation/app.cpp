#include "gmstation/app.h"

#include <sodium.h>

#include <cstdio>
#include <map>

#include <fmt/format.h>

#include <wx/cmdline.h>
#include <wx/msgdlg.h>

#include "core/card_code.h"
#include "gmstation/enroll_frame.h"
#include "protocol/enrollment.h"
#include "gmstation/main_frame.h"
#include "gmstation/settings.h"
#include "import/sample_ledger.h"
#include "import/twtw_deck.h"
#include "ledger/ledger.h"
#include "paths/data_folders.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

void describe_command_line(wxCmdLineParser& parser) {
  parser.SetLogo(wx_tr("Marshal GM station: scan cards, resolve conflicts, record them in the ledger.\n"
                       "Give --ledger FILE for a ledger on this machine, or --server URL with --cache FILE "
                       "(and --enroll CODE the first time); --sample opens the sample town, --sample-posse the sample "
                       "tabletop game.\n"
                       "The same options may stand in ~/.config/marshal/gm-station.conf as KEY = VALUE lines "
                       "(camera = /dev/video0); the command line wins."));
  parser.AddOption("", "ledger", wx_tr("a ledger file on this machine (marshal init makes one)"));
  parser.AddOption("", "server",
                   wx_tr("the ledger server, e.g. https://10.0.0.2:8080#sha256=PIN (the pin from marshal head; once "
                         "enrolled, https://10.0.0.2:8080 is enough)"));
  parser.AddOption("", "cache", wx_tr("this station's cache file (with --server)"));
  parser.AddOption("", "enroll",
                   wx_tr("the one-time enrollment code from marshal station add, or the enrollment card's whole text "
                         "(MARSHAL-ENROLL HOST PORT CODE PIN: then --server is not needed)"));
  parser.AddOption("", "station", wx_tr("this station's name in the ledger (with --ledger)"));
  parser.AddOption("", "camera",
                   wx_tr("read QR cards from a camera: a device (/dev/video0) or a GStreamer pipeline ending in "
                         "'appsink name=sink'"));
  // TRANSLATORS: on and off are the values the option takes: keep them as they are.
  parser.AddOption("", "sound", wx_tr("on (the default) or off: a short sound for a good scan, a refusal and a record"));
  parser.AddOption("", "twtw-deck",
                   wx_tr("The West That Wasn't's action-card deck, a CSV (docs/twtw.md): the Action Time screen (F10) "
                         "draws from it; without one the GM types what the drawn card shows"));
  parser.AddOption("", "lang",
                   wx_tr("the language of the screens: en or ru (default: the environment's LANGUAGE/LANG)"));
  parser.AddSwitch("", "sample",
                   wx_tr("open a ledger of the sample town, in Russian with --lang ru (created on first use in "
                         "~/.local/share/marshal)"));
  parser.AddSwitch("", "sample-posse",
                   wx_tr("open a ledger of the sample tabletop game, a Deadlands posse (F9: the Table screen; created "
                         "on first use in ~/.local/share/marshal)"));
}

std::string requested_language(const std::vector<std::string>& args) {
  if (auto given = ui::language_argument(args)) return *given;
  try {
    const auto settings = read_settings(settings_path());
    if (auto lang = settings.find("lang"); lang != settings.end()) return lang->second;
  } catch (const SettingsError&) {
    // said when the command line is read (OnCmdLineParsed), in the language chosen without it
  }
  return "";
}

void GmApp::OnInitCmdLine(wxCmdLineParser& parser) {
  // The language before any word: the options' descriptions and the usage are in it. wx is up
  // here (OnInit runs this), so its own texts follow too (ui::start_language).
  std::vector<std::string> args;
  for (int i = 0; i < argc; ++i) args.push_back(argv[i].utf8_string());
  language_.choose(requested_language(args));
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
    wxMessageBox(wxString::FromUTF8(e.what()), wx_tr("Marshal GM station: settings"), wxOK | wxICON_ERROR);
    return false;
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
    std::fprintf(stderr, "marshal-gm: %s\n", language_.problem().c_str());
    wxMessageBox(utf8(language_.problem()), wx_tr("Marshal GM station"), wxOK | wxICON_ERROR);
    return false;
  }
  option("ledger", ledger_);
  option("server", server_);
  option("cache", cache_);
  option("enroll", enroll_);
  option("station", station_);
  option("camera", camera_);
  option("twtw-deck", twtw_deck_);
  wxString sound = "on";
  option("sound", sound);
  if (sound != "on" && sound != "off") {
    // TRANSLATORS: on and off are the values the option takes: keep them as they are.
    const std::string words = fmt::format(fmt::runtime(tr("sound is on or off, not '{}'")), sound.utf8_string());
    std::fprintf(stderr, "marshal-gm: %s\n", words.c_str());
    parser.Usage();
    return false;
  }
  sound_ = sound == "on";
  sample_ = parser.Found("sample");
  // The samples in the language of the screens where there is one (events/lincoln-1875-ru).
  const std::string language = i18n::current_language();
  if (sample_ && ledger_.empty())
    ledger_ = wxString::FromUTF8(
        db::sample_ledger(db::sample_in_language(paths::sample_event("lincoln-1875").string(), language)));
  if (parser.Found("sample-posse") && ledger_.empty()) {
    sample_ = true;
    ledger_ = wxString::FromUTF8(
        db::sample_ledger(db::sample_in_language(paths::sample_event("deadlands-posse").string(), language)));
  }
  // --enroll may be the enrollment card's whole text (as a scanner types it): it names the
  // server and the key's pin too.
  if (auto card = protocol::parse_enrollment_payload(enroll_.ToStdString())) {
    if (server_.empty()) server_ = wxString::FromUTF8(card->pinned_url());
    enroll_ = wxString::FromUTF8(card->code);
    standby_ = card->standby_pinned_url();
  }
  if (ledger_.empty() == server_.empty()) {
    parser.Usage();
    return false;
  }
  return wxApp::OnCmdLineParsed(parser);
}

bool GmApp::OnInit() {
  if (!wxApp::OnInit()) return false;
  if (sodium_init() < 0) return false;
  const std::string cache = cache_.empty() ? std::string("gm-station-cache.db") : cache_.ToStdString();
  auto open = [this](std::unique_ptr<StationBackend> backend) {
    auto* frame = new MainFrame(std::move(backend));
    frame->sounds().set_enabled(sound_);
    if (!twtw_deck_.empty()) {
      db::TwtwDeck deck = db::read_twtw_deck(twtw_deck_.ToStdString());
      for (const auto& e : deck.errors) std::fprintf(stderr, "marshal-gm: %s\n", e.to_string().c_str());
      if (deck.ok()) frame->action_time()->set_deck(deck.cards);
      else
        wxMessageBox(utf8(fmt::format(fmt::runtime(trn("The TWTW deck {} has {} problem (listed on the terminal): the "
                                                       "Action Time screen runs in physical mode.",
                                                       "The TWTW deck {} has {} problems (listed on the terminal): the "
                                                       "Action Time screen runs in physical mode.",
                                                       deck.errors.size())),
                                      twtw_deck_.utf8_string(), deck.errors.size())),
                     wx_tr("Marshal GM station"), wxOK | wxICON_WARNING);
    }
    frame->Show();
    if (!camera_.empty()) frame->start_camera(camera_.ToStdString());
  };
  try {
    if (!ledger_.empty()) {
      open(open_local_ledger(ledger_.ToStdString(), station_.ToStdString()));
      return true;
    }
    std::unique_ptr<StationBackend> backend;
    try {
      backend = connect_to_server(server_.ToStdString(), cache, enroll_.ToStdString(), standby_);
    } catch (const std::exception&) {
      if (!enroll_.empty()) throw;
      // Not enrolled and no code given: the station asks for its enrollment card.
      (new EnrollFrame(cache, open))->Show();
      return true;
    }
    open(std::move(backend));
    return true;
  } catch (const std::exception& e) {
    wxMessageBox(wxString::FromUTF8(e.what()), wx_tr("Marshal GM station"), wxOK | wxICON_ERROR);
    return false;
  }
}

}  // namespace marshal::gm
