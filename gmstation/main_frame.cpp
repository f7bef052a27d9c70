#include "gmstation/main_frame.h"

#include "gmstation/town_glance.h"

#include <wx/sizer.h>
#include <wx/time.h>

#include <fmt/format.h>

#include "ui/camera.h"
#include "ui/command_keys.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

namespace {

// The banner across the top while the ledger is out of reach (two spaces of margin before it).
std::string offline_banner_words() {
  return "  " + tr("OFFLINE: records are kept here and marked provisional; they sync when the ledger returns");
}

// A live panel entry: its text with HTML's special characters written as entities (the panel
// lays out HTML, which is what lets it wrap a long entry), in the body type: the panel's HTML
// takes the system's GUI font (10 pt here), and HTML's size 5 is 1.4 times it, 14 pt.
wxString live_line(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else out += c;
  }
  return wxString::FromUTF8("<font size=\"5\">" + out + "</font>");
}

}  // namespace

MainFrame::MainFrame(std::unique_ptr<StationBackend> backend)
    : wxFrame(nullptr, wxID_ANY, wx_tr("Marshal GM station"), wxDefaultPosition, wxSize(1024, 600)),
      backend_(std::move(backend)),
      timer_(this) {
  ui::apply(this);
  SetMinSize(wxSize(1024, 600));
  auto* root = new wxBoxSizer(wxVERTICAL);
  banner_ = new wxStaticText(this, wxID_ANY, utf8(offline_banner_words()));
  banner_->SetFont(ui::font(ui::body_points, true));
  banner_->SetBackgroundColour(ui::offline_banner);
  banner_->SetForegroundColour(*wxWHITE);
  root->Add(banner_, 0, wxEXPAND);
  banner_->Hide();

  asker_ = std::make_unique<LedgerAsker>(*backend_, this);
  auto* middle = new wxBoxSizer(wxHORIZONTAL);
  book_ = new wxSimplebook(this, wxID_ANY);
  home_ = new HomePage(book_, *asker_);
  book_->AddPage(home_, "home");  // the page's name, not shown
  duel_ = new DuelPage(
      book_, *asker_,
      [this](const wxString& s) {
        SetStatusText(s + "  |  " + wxString::FromUTF8(backend_->describe()));
        refresh();
      },
      [this](std::unique_ptr<ConflictSession> joined, std::vector<std::string> players) {
        shootout_->continue_duel(std::move(joined), std::move(players));
        book_->SetSelection(static_cast<std::size_t>(book_->FindPage(shootout_)));
      });
  accusation_ = new AccusationPage(book_, *asker_);
  fistfight_ = new FistfightPage(book_, *asker_, [this](std::unique_ptr<ConflictSession> fight,
                                                         std::vector<std::string> fighters) {
    brawl_->continue_fistfight(std::move(fight), std::move(fighters));
    book_->SetSelection(static_cast<std::size_t>(book_->FindPage(brawl_)));
  });
  actions_ = new ActionsPage(book_, *asker_);
  shootout_ = new ShootoutPage(book_, *asker_);
  brawl_ = new BrawlPage(book_, *asker_);
  chase_ = new ChasePage(book_, *asker_);
  table_ = new TablePage(book_, *asker_);
  action_time_ = new ActionTimePage(book_, *asker_);
  offices_ = new OfficesPage(book_, *asker_);
  // One function key per screen, in the order the help line gives them.
  screens_ = {{WXK_F2, duel_},     {WXK_F3, accusation_}, {WXK_F4, fistfight_}, {WXK_F5, actions_},
              {WXK_F6, shootout_}, {WXK_F7, brawl_},      {WXK_F8, chase_},
              {WXK_F9, table_},   {WXK_F10, action_time_}, {WXK_F11, offices_}};
  for (const auto& screen : screens_) book_->AddPage(screen.page, screen.page->GetName());
  // The screens wrap their text to the width they get: without a set minimum the widest screen
  // would squeeze the live panel to nothing at 1024 x 600.
  book_->SetMinSize(wxSize(640, -1));
  middle->Add(book_, 4, wxEXPAND | wxALL, 4);

  auto* side = new wxBoxSizer(wxVERTICAL);
  // TRANSLATORS: the title of the side panel listing what every station records, as it comes.
  auto* live_title = new wxStaticText(this, wxID_ANY, wx_tr("Live: every station"));
  live_title->SetFont(ui::font(ui::body_points, true));
  live_ = new wxSimpleHtmlListBox(this, wxID_ANY);
  live_->SetFont(ui::font(ui::body_points));
  live_->SetMinSize(wxSize(190, -1));  // wide enough to read an entry beside any screen
  refused_ = new wxStaticText(this, wxID_ANY, "");
  refused_->SetForegroundColour(ui::refusal_red);
  refused_->SetFont(ui::font(ui::body_points, true));
  side->Add(live_title, 0, wxALL, 4);
  side->Add(live_, 1, wxEXPAND | wxALL, 4);
  side->Add(refused_, 0, wxEXPAND | wxALL, 4);
  auto* timers_title = new wxStaticText(this, wxID_ANY, wx_tr("Timers"));
  timers_title->SetFont(ui::font(ui::body_points, true));
  timers_ = new wxStaticText(this, wxID_ANY, "");
  timers_->SetFont(ui::font(ui::body_points, true));
  timers_->SetForegroundColour(ui::provisional_amber);
  side->Add(timers_title, 0, wxLEFT | wxRIGHT | wxTOP, 4);
  side->Add(timers_, 0, wxEXPAND | wxALL, 4);
  middle->Add(side, 1, wxEXPAND);
  root->Add(middle, 1, wxEXPAND);

  scan_ = new ui::ScanInput(this, [this](const std::string& code) { on_code(code); });
  scan_->keep_mistyped_codes(true);
  for (const auto& screen : screens_) {
    screen.page->set_focus_scan_field([this] { scan_->focus_field(); });
    screen.page->set_sounds(&sounds_);
  }
  asker_->on_all_answered([this] { all_answered(); });
  // The event's definition, read once off the window's thread: the screens take its options.
  asker_->ask<Lookup>([](StationBackend& ledger) { return ledger.event(); }, [](const Lookup&) {});
  busy_timer_.Bind(wxEVT_TIMER, [this](wxTimerEvent&) { show_busy(); });
  root->Add(scan_, 0, wxEXPAND | wxALL, 4);
  SetSizer(root);
  CreateStatusBar();
  GetStatusBar()->SetFont(ui::font(ui::body_points));
  GetStatusBar()->SetMinHeight(GetStatusBar()->GetCharHeight() + 8);
  SetStatusText(wxString::FromUTF8(backend_->describe()));
  scan_->watch_keyboard(this);
  scan_->on_empty_enter([this] {
    if (!current_screen()) home_->play_shown_trick();
  });
  Bind(wxEVT_CHAR_HOOK, &MainFrame::on_key, this);
  // Every second the timers count down; every other second the ledger is asked what is new.
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) {
    if (++ticks_ % 2 == 0) refresh();
    else show_timers();
  });
  timer_.Start(1000);
  refresh();
  scan_->focus_field();
}

wxArrayString MainFrame::live_entries() const {
  wxArrayString lines;
  for (const wxString& markup : live_->GetStrings()) {
    wxString text;
    bool in_tag = false;
    for (wxUniChar c : markup) {
      if (c == '<') in_tag = true;
      else if (c == '>') in_tag = false;
      else if (!in_tag) text += c;
    }
    text.Replace("&lt;", "<");
    text.Replace("&gt;", ">");
    text.Replace("&amp;", "&");
    lines.Add(text);
  }
  return lines;
}

void MainFrame::on_key(wxKeyEvent& event) {
  // A Ctrl command by its Latin letter on any layout (Ctrl+Т on a Russian keyboard is Ctrl+N).
  const int key = event.ControlDown() ? ui::command_key(event.GetKeyCode(), event.GetUnicodeKey()) : event.GetKeyCode();
  const bool leaving_key = key == WXK_ESCAPE || (key >= WXK_F1 && key <= WXK_F24);
  const bool command_key = event.ControlDown() && key >= 'A' && key <= 'Z';  // not Ctrl itself, as it goes down
  if (!leaving_key && !command_key) return event.Skip();
  // While a record's answer is out, the screen stays until the GM has seen what came of it.
  if (asker_->recording()) return;
  // A person's key (Esc, a screen's F-key, a Ctrl command) is handled here, before the scan
  // input sees it: it is told, so the same card scanned next is meant, not a double read.
  scan_->person_key();
  if (leaving_key) queued_.clear();  // scanned before the key, meant for the screen left
  if (key == WXK_ESCAPE) return show_home();
  for (const auto& screen : screens_)
    if (key == screen.key) {
      // F3 at home right after a trick is played there: the accusation starts from that trick.
      const auto played = current_screen() ? std::nullopt : home_->just_played();
      if (screen.page == accusation_ && played)
        return show_screen(screen.page, [this, played] { accusation_->start_from_trick(played->holder_badge, played->trick); });
      return show_screen(screen.page);
    }
  // Screen commands are Ctrl+letter: a scanner never sends Ctrl, so a code can start with any letter.
  // While a lookup's answer is out, a command waits behind it with the scans, in the order pressed.
  if (ConflictPage* page = current_screen()) {
    if (asker_->waiting()) return queue({{}, key});
    if (page->on_key(key)) return;
  }
  event.Skip();
}

ConflictPage* MainFrame::current_screen() const {
  return book_->GetSelection() == 0 ? nullptr : dynamic_cast<ConflictPage*>(book_->GetCurrentPage());
}

void MainFrame::show_screen(ConflictPage* page, std::function<void()> then) {
  if (ConflictPage* was = current_screen()) was->left();
  const std::uint64_t opened = ++screens_opened_;
  auto begin = [this, page, opened, then = std::move(then)] {
    if (opened != screens_opened_) return;  // the GM went elsewhere while the event was asked
    page->start();
    book_->SetSelection(static_cast<std::size_t>(book_->FindPage(page)));
    show_station_status();
    scan_->focus_field();
    page->on_shown();
    if (then) then();
  };
  if (backend_->event_as_known().found) return begin();
  // The event's options were never read (the ledger was out of reach when the station started):
  // asked again now, and the screen begins with them once answered (else with the defaults).
  book_->SetSelection(static_cast<std::size_t>(book_->FindPage(page)));
  asker_->ask<Lookup>([](StationBackend& ledger) { return ledger.event(); }, [begin](const Lookup&) { begin(); });
  busy_timer_.StartOnce(busy_after_ms);
}

// What is true now, whatever the last screen said ("Duel recorded" belongs to that duel).
void MainFrame::show_station_status() {
  wxString where = wxString::FromUTF8(backend_->describe());
  SetStatusText(camera_ ? camera_status_ + "  |  " + where : where);
}

void MainFrame::start_camera(const std::string& pipeline_or_device) {
  camera_.reset();  // one camera at a time
  // The old camera's hint goes, after anything it queued before it stopped (CallAfter keeps the
  // order): the new one starts with nothing seen.
  CallAfter([this] { scan_->show_camera_hint(false); });
  camera_status_ = wx_tr("Camera: reading");
  SetStatusText(camera_status_ + "  |  " + wxString::FromUTF8(backend_->describe()));
  camera_ = ui::start_camera(
      this, scan_, pipeline_or_device,
      [this](const std::string& message) {
        camera_status_ = utf8(fmt::format(fmt::runtime(tr("Camera stopped: {}")), message));
        SetStatusText(camera_status_);
        scan_->show_camera_hint(false);
      },
      [this](bool seen) { scan_->show_camera_hint(seen); });
}

void MainFrame::show_timers() {
  wxLongLong now = wxGetLocalTimeMillis();
  std::string text;
  for (const auto& t : running_) {
    long long left_s = ((t.ends_ms - now).GetValue() + 999) / 1000;
    if (left_s <= 0) continue;
    const std::string left = fmt::format("{}:{:02}", left_s / 60, left_s % 60);
    switch (t.kind) {
      case RunningTimer::Kind::vote:
        text += t.who.empty()
                    // TRANSLATORS: {} is the time left before the ballots close, m:ss.
                    ? fmt::format(fmt::runtime(tr("Vote for an office: ballots close in {}")), left)
                    // TRANSLATORS: the office voted for (Sheriff), then the time left before the
                    // ballots close, m:ss.
                    : fmt::format(fmt::runtime(tr("Vote for {}: ballots close in {}")), t.who, left);
        break;
      case RunningTimer::Kind::headache:
        // TRANSLATORS: a character's name, then the time left, m:ss.
        text += fmt::format(fmt::runtime(tr("{} headache {}")), t.who, left);
        break;
      case RunningTimer::Kind::knocked_out:
        // TRANSLATORS: a character's name, then the time left, m:ss.
        text += fmt::format(fmt::runtime(tr("{} knocked out {}")), t.who, left);
        break;
      case RunningTimer::Kind::healing:
        // TRANSLATORS: a character's name, then the time left of a Doctor's healing, m:ss.
        text += fmt::format(fmt::runtime(tr("{} healed in {}")), t.who, left);
        break;
      case RunningTimer::Kind::jail:
        // TRANSLATORS: a character's name, then the time left of a Judge's jail sentence, m:ss.
        text += fmt::format(fmt::runtime(tr("{} in jail, free in {}")), t.who, left);
        break;
    }
    text += "\n";
  }
  // TRANSLATORS: under the title Timers: no timer is running.
  if (text.empty()) text = tr("none running");
  if (timers_text_ != wxString::FromUTF8(text)) {
    timers_text_ = wxString::FromUTF8(text);
    timers_->SetLabel(timers_text_);
    timers_->Wrap(std::max(150, live_->GetSize().x));
    Layout();
  }
}

void MainFrame::show_home() {
  if (ConflictPage* was = current_screen()) was->left();
  else home_->clear_answer();  // Esc at home: back to the town at a glance
  ++screens_opened_;
  book_->SetSelection(0);
  show_station_status();
  scan_->focus_field();
}

void MainFrame::on_code(const std::string& code) {
  sounds_.play(ui::Sound::scan);  // read; a refusal sounds after it
  // A scan while the ledger's answer to the last is out waits for it: each scan meets the screen
  // as the one before left it, as if the window had waited.
  if (asker_->waiting()) return queue({code, 0});
  handle({code, 0});
}

void MainFrame::queue(QueuedInput input) {
  if (queued_.size() < inputs_queued_max) queued_.push_back(std::move(input));
  if (!busy_timer_.IsRunning()) busy_timer_.StartOnce(busy_after_ms);
}

void MainFrame::handle(const QueuedInput& input) {
  ConflictPage* page = current_screen();
  if (input.command_key != 0) {
    if (page) page->on_key(input.command_key);
  } else if (page) {
    page->on_scan(input.code);
  } else {
    home_->show_lookup(input.code);
  }
  if (asker_->waiting() && !busy_timer_.IsRunning()) busy_timer_.StartOnce(busy_after_ms);
}

void MainFrame::all_answered() {
  if (busy_shown_) {
    busy_shown_ = false;
    // Back to where the ledger is, unless what was answered wrote its own line meanwhile.
    if (GetStatusBar()->GetStatusText() == busy_text_) show_station_status();
  }
  while (!queued_.empty() && !asker_->waiting()) {
    const QueuedInput next = queued_.front();
    queued_.pop_front();
    handle(next);
  }
}

void MainFrame::show_busy() {
  if (!asker_->waiting()) return;
  busy_shown_ = true;
  // TRANSLATORS: in the status bar while a request to the ledger has not been answered yet.
  busy_text_ = wx_tr("Asking the ledger…") + "  |  " + wxString::FromUTF8(backend_->describe());
  SetStatusText(busy_text_);
}


void MainFrame::refresh_after_asking(long max_wait_ms) {
  backend_->wait_for_ledger(max_wait_ms);
  refresh();
}

void MainFrame::refresh() {
  bool online = backend_->online();
  // An impostor at the ledger's address is said as such, never taken for the ledger.
  // (The shared client's words for another key, client::wrong_key_words, in the banner's sentence.)
  const wxString banner_words =
      utf8(backend_->wrong_key() ? "  " + tr("OFFLINE: this is not your ledger: its key does not match the one on your "
                                             "enrolment card.")
                                 : offline_banner_words());
  if (banner_->GetLabel() != banner_words) banner_->SetLabel(banner_words);
  if (banner_->IsShown() == online) {
    banner_->Show(!online);
    Layout();
  }
  // This station's records the ledger has not seen yet stay on top, marked, until they sync.
  for (; provisional_lines_ > 0; --provisional_lines_) live_->Delete(0);
  for (const auto& e : backend_->feed(live_feed_)) {
    const std::string line = e.station.empty()
                                 ? fmt::format("#{} {}", e.seq, e.summary)
                                 // TRANSLATORS: a line of the live panel: the event's number, what
                                 // happened, and the station that recorded it.
                                 : fmt::format(fmt::runtime(tr("#{} {} ({})")), e.seq, e.summary, e.station);
    live_->Insert(live_line(line), 0);
    // The home screen's glance names the last few (town_glance.h).
    if (e.type == "conflict_resolved") {
      last_conflicts_.push_back(line);
      if (last_conflicts_.size() > glance_conflicts_shown) last_conflicts_.erase(last_conflicts_.begin());
    }
  }
  std::vector<std::string> waiting = backend_->provisional();
  for (const auto& summary : waiting) {
    // TRANSLATORS: a line of the live panel: a record of this station the ledger has not seen yet.
    live_->Insert(live_line(fmt::format(fmt::runtime(tr("PROVISIONAL {} (here)")), summary)), 0);
    ++provisional_lines_;
  }
  Lookup timers = backend_->timers();
  if (timers.found) home_->show_town(timers.data, last_conflicts_);
  if (timers.found) {
    running_.clear();
    wxLongLong now = wxGetLocalTimeMillis();
    for (const auto& t : timers.data["timers"]) {
      const bool vote = t["kind"] == "vote";
      running_.push_back({vote                       ? RunningTimer::Kind::vote
                          : t["kind"] == "headache" ? RunningTimer::Kind::headache
                          : t["kind"] == "healing"  ? RunningTimer::Kind::healing
                          : t["kind"] == "jail"     ? RunningTimer::Kind::jail
                                                    : RunningTimer::Kind::knocked_out,
                          vote ? t.value("office", std::string()) : t["character"].get<std::string>(),
                          now + t["remaining_ms"].get<std::int64_t>()});
    }
  }
  show_timers();
  auto refused = backend_->refused_after_sync();
  std::string text;
  if (!waiting.empty())
    text += fmt::format(fmt::runtime(trn("{} provisional record waiting for the ledger",
                                         "{} provisional records waiting for the ledger", waiting.size())),
                        waiting.size()) +
            "\n";
  // TRANSLATORS: {} is the record's type and why the ledger refused it, in the ledger's words.
  for (const auto& r : refused) text += fmt::format(fmt::runtime(tr("Refused after sync: {}")), r) + "\n";
  refused_->SetLabel(utf8(text));
  refused_->Wrap(std::max(150, live_->GetSize().x));
  Layout();
}

}  // namespace marshal::gm
