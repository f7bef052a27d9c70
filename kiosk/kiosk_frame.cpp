#include "kiosk/kiosk_frame.h"

#include <cctype>
#include <functional>

#include <wx/datetime.h>
#include <wx/sizer.h>
#include <wx/time.h>

#include <fmt/format.h>

#include "kiosk/frame_style.h"
#include "kiosk/refusal_words.h"
#include "protocol/enrollment.h"
#include "ui/camera.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::kiosk {

using namespace style;
using ui::tr;
using ui::utf8;
using ui::wx_tr;

KioskFrame::KioskFrame(std::unique_ptr<KioskClient> client, KioskTimings timings)
    : wxFrame(nullptr, wxID_ANY, wx_tr("Marshal kiosk"), wxDefaultPosition, wxSize(1024, 600)),
      client_(std::move(client)),
      timings_(timings),
      timer_(this),
      worker_(std::make_unique<ui::RequestWorker>(this)) {
  ui::apply(this);
  auto* root = new wxBoxSizer(wxVERTICAL);
  countdown_ = label(this, "", headline_points, true);
  countdown_->SetBackgroundColour(ui::provisional_amber);
  countdown_->SetForegroundColour(*wxBLACK);
  root->Add(countdown_, 0, wxEXPAND);
  countdown_->Hide();
  busy_ = label(this, utf8("  " + tr("Asking the ledger\u2026")), headline_points, true);
  busy_->SetBackgroundColour(busy_background);
  busy_->SetForegroundColour(*wxWHITE);
  root->Add(busy_, 0, wxEXPAND);
  busy_->Hide();
  book_ = new wxSimplebook(this, wxID_ANY);
  build_attract(book_);
  build_pin(book_);
  build_player(book_);
  build_give(book_);
  build_message(book_);
  build_ballot(book_);
  build_enroll(book_);
  build_admin(book_);
  root->Add(book_, 1, wxEXPAND | wxALL, 8);
  // The scan field stays hidden: a kiosk has no keyboard. Scanner bursts are caught on the
  // window's key hook wherever the focus is.
  scan_ = new ui::ScanInput(this, [this](const std::string& code) { on_code(code); });
  scan_->Hide();
  root->Add(scan_, 0);
  SetSizer(root);
  // Bound before the scanner's hook, so the scanner sees every key first and keeps its bursts.
  Bind(wxEVT_CHAR_HOOK, &KioskFrame::on_key, this);
  scan_->watch_keyboard(this);
  watch_touches(this, [this] { screen_touched(); });
  watch_pointer(this, [this] { pointer_moved(); });
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) { tick(); });
  // Full screen comes after the window is made, and screens differ (1024 x 600 to 1920 x 1080):
  // the title is wrapped again to the width the window has.
  Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    attract_title_->SetLabel(wxString::FromUTF8(title_));
    attract_title_->Wrap(e.GetSize().GetWidth() - 40);
    e.Skip();
  });
  timer_.Start(250);

  if (!client_->enrolled()) {
    show(Screen::enroll);
    return;
  }
  read_title();
  show_attract();
}

void KioskFrame::start_camera(const std::string& pipeline_or_device) {
  camera_.reset();  // one camera at a time
  // The old camera's hint goes, after anything it queued before it stopped (CallAfter keeps the
  // order): the new one starts with nothing seen.
  CallAfter([this] { show_camera_hint(false); });
  camera_status_ = tr("Camera: reading");
  camera_ = ui::start_camera(
      this, scan_, pipeline_or_device,
      [this](const std::string& message) {
        camera_status_ = fmt::format(fmt::runtime(tr("Camera stopped: {}")), message);
        last_health_ms_ = 0;  // said on the attract screen at its next tick
        show_camera_hint(false);
      },
      [this](bool seen) { show_camera_hint(seen); });
}

void KioskFrame::show_camera_hint(bool seen) {
  if (attract_camera_hint_->IsShown() == seen) return;
  attract_camera_hint_->Show(seen);
  relayout();
}

void KioskFrame::read_title() {
  ask<KioskReply>([](KioskClient& c) { return c.event(); },
                  [this](const KioskReply& event) {
                    title_ = event.ok ? event.body.value("title", "") : "";
                    attract_title_->SetLabel(wxString::FromUTF8(title_));
                    attract_title_->Wrap(GetClientSize().GetWidth() - 40);  // a long title takes two lines, never cut
                    relayout();
                  },
                  IfMovedOn::answer);
}

void KioskFrame::enrollment_scanned(const std::string& code) {
  std::string problem;
  auto enrollment = protocol::parse_enrollment_payload(code, &problem);
  if (!enrollment) {
    enroll_problem_->SetLabel(
        problem.empty() ? wx_tr("That is not an enrollment card. Scan the card printed by marshal station add --card.")
                        : utf8(fmt::format(fmt::runtime(tr("Not enrolled: {}")), ui::enrollment_problem_words(problem))));
    enroll_problem_->Wrap(GetClientSize().GetWidth() - 60);
    sounds_.play(ui::Sound::refusal);
    return relayout();
  }
  ask([url = enrollment->pinned_url(), enrollment_code = enrollment->code,
       standby = enrollment->standby_pinned_url()](KioskClient& c) {
    KioskReply enrolled;
    enrolled.ok = c.enroll_at(url, enrollment_code, enrolled.reason, standby);
    return enrolled;
  }, [this](const KioskReply& enrolled) {
    if (!enrolled.ok) {
      enroll_problem_->SetLabel(utf8(fmt::format(fmt::runtime(tr("Not enrolled: {}")), enrolled.reason)));
      enroll_problem_->Wrap(GetClientSize().GetWidth() - 60);
      sounds_.play(ui::Sound::refusal);
      return relayout();
    }
    read_title();
    show_attract();
  });
}

void KioskFrame::record(std::function<KioskReply(KioskClient&)> request, std::function<void(const KioskReply&)> then) {
  recording_ = true;
  ask(std::move(request), [this, then](const KioskReply& reply) {
    recording_ = false;
    then(reply);
  });
}

// ---- screens ------------------------------------------------------------------------------

void KioskFrame::show(Screen screen) {
  ++moves_;  // a reply asked for the screen before is dropped
  screen_ = screen;
  book_->SetSelection(static_cast<std::size_t>(screen));
  relayout();
  focus_screen();
  // GTK focuses only a shown widget: once the page is up, the focus is set again.
  CallAfter([this] { focus_screen(); });
}

void KioskFrame::focus_screen() {
  if (screen_ == Screen::pin) pin_field_->SetFocus();
  // Not the list: GTK's list takes Enter for itself, before the window's hook sees it.
  else if (screen_ == Screen::ballot) ballot_cast_->SetFocus();
  else book_->GetCurrentPage()->SetFocus();  // keys reach the window's hook from here
}

void KioskFrame::relayout() {
  Layout();
  book_->GetCurrentPage()->Layout();  // wrapped labels change their height
}

void KioskFrame::show_attract() {
  forget_player();
  countdown_->Hide();
  show(Screen::attract);
  last_health_ms_ = 0;  // the ledger's state and the vote's news at once
  tick();
}

void KioskFrame::forget_player() {
  ++moves_;  // nothing asked for this player is shown any more
  recording_ = false;
  worker_->post([client = client_.get()] { client->sign_out(); });
  badge_.clear();
  name_.clear();
  view_ = Json();
  offline_ = false;
  hand_over_ = {};
  asking_buyer_pin_ = false;
  asking_admin_pin_ = false;
  admin_code_.clear();
  scanner_test_ = false;
  vote_ = Json::object();
  candidates_->Clear();
  pin_field_->Clear();
  for (wxStaticText* l : {pin_name_, pin_problem_, player_name_, player_standing_, player_timers_, player_body_, give_text_,
                          player_vote_, ballot_text_, admin_scanned_})
    l->SetLabel("");
}

void KioskFrame::show_message(const std::string& text, bool good, Screen then) {
  message_panel_->SetBackgroundColour(good ? done_background : refusal_background);
  message_text_->SetBackgroundColour(good ? done_background : refusal_background);
  message_text_->SetLabel(wxString::FromUTF8(text));
  message_text_->Wrap(GetClientSize().GetWidth() - 80);
  after_message_ = then;
  message_until_ms_ = now_ms() + timings_.message_ms;
  sounds_.play(good ? ui::Sound::recorded : ui::Sound::refusal);
  show(Screen::message);
}

void KioskFrame::refresh_player_text() {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  player_name_->SetLabel(wxString::FromUTF8(p.name));
  player_standing_->SetLabel(wxString::FromUTF8(p.standing));
  std::string timers;
  for (const auto& t : p.timers) timers += (timers.empty() ? "" : "\n") + t;
  player_timers_->SetLabel(wxString::FromUTF8(timers));
  player_timers_->Show(!timers.empty());
  std::string body = p.attributes + "\n";
  for (const auto& line : p.lines) body += line + "\n";
  if (p.secrets.empty() && !p.tabletop) body += tr("Secrets you hold: none") + "\n";
  else if (!p.secrets.empty()) body += tr("Secrets you hold:") + "\n";
  for (const auto& s : p.secrets) body += "  \u2022 " + s.title + ": " + s.text + "\n";
  player_body_->SetLabel(wxString::FromUTF8(body));
  // TRANSLATORS: {} is the time the player's state was read last, such as 21:05.
  player_hint_->SetLabel(offline_ ? utf8(fmt::format(fmt::runtime(tr("As of {}: the ledger cannot be reached. Nothing "
                                                                     "can be given, sold or voted until it is back.")),
                                                     view_as_of_))
                         : p.dead ? wx_tr("The dead give, sell and vote nothing this evening.")
                         // TRANSLATORS: the kiosk's hint to a tabletop game's player: nothing to hand over, their sheet to read.
                         : p.tabletop && p.secrets.empty() ? wx_tr("Your character as the GM's ledger keeps it. Esc when done.")
                                  : wx_tr("To give one of your secrets, sell your horse or play a poker trick, scan its card."));
  player_hint_->SetForegroundColour(offline_ || p.dead ? ui::refusal_red : ui::ink);
  // Nothing offered that the ledger would refuse: the dead hand nothing over (004 L79); a
  // tabletop character has no horse to sell, and a secret to give only if they hold one.
  give_button_->Show(!p.dead && (!p.tabletop || !p.secrets.empty()));
  sell_button_->Show(!p.dead && !p.tabletop);
  player_hint_->Wrap(GetClientSize().GetWidth() - 40);
  const bool vote_open = vote_.value("open", false) && !p.dead;
  const bool voted = vote_.value("voted", false);
  const std::string office = vote_.value("office", std::string());
  std::string vote_line;
  // TRANSLATORS: {} is the office voted for, as the Mayor named it (Sheriff, Deputy...).
  if (vote_open && voted) vote_line = fmt::format(fmt::runtime(tr("You have cast your ballot for {}.")), office);
  else if (vote_open)
    // TRANSLATORS: {} is the office voted for; "Vote (F4)" is the button's label.
    vote_line = fmt::format(fmt::runtime(tr("A vote for {} is open: press Vote (F4) to cast your ballot.")), office);
  player_vote_->SetLabel(utf8(vote_line));
  player_vote_->Wrap(GetClientSize().GetWidth() - 40);  // a longer language takes two lines, never cut
  player_vote_->Show(vote_open);
  vote_button_->Show(vote_open && !voted);
  player_body_->Wrap(GetClientSize().GetWidth() - 60);
  // A tabletop character's standing is their condition, a long Injury in it: two lines, never cut.
  player_standing_->Wrap(GetClientSize().GetWidth() - 60);
  player_panel_->FitInside();
}

void KioskFrame::show_player() {
  reread_player([this](Reread read) {
    if (read == Reread::ended) return;  // said, and the player forgotten
    if (read == Reread::failed) {
      forget_player();
      show_message(tr("Your state cannot be read now. Try again in a minute."), false, Screen::attract);
      return;
    }
    hand_over_ = {};
    refresh_player_text();
    show(Screen::player);
  });
}

void KioskFrame::reread_player(std::function<void(Reread)> then) {
  last_reread_ms_ = now_ms();
  ask<PlayerRead>(
      [badge = badge_](KioskClient& c) {
        PlayerRead read;
        read.character = c.character(badge);
        if (read.character.ok) read.vote = c.vote();
        return read;
      },
      [this, then](const PlayerRead& read) {
        const KioskReply& r = read.character;
        if (ledger_ended_session(r)) return then(Reread::ended);
        if (r.ok) {
          view_ = r.body;
          view_fetched_ms_ = now_ms();
          view_as_of_ = wxDateTime::Now().Format("%H:%M").utf8_string();
          offline_ = false;
          vote_ = read.vote.ok ? read.vote.body : Json::object();
          return then(Reread::ok);
        }
        // Out of reach with the player signed in: the state read last stays, marked as such.
        if (!r.reached && view_.is_object()) {
          offline_ = true;
          return then(Reread::ok);
        }
        then(Reread::failed);
      });
}

void KioskFrame::ask_attract_news() {
  ask<AttractNews>(
      [](KioskClient& c) {
        AttractNews news;
        news.online = c.online();
        if (news.online) news.vote = c.vote();
        return news;
      },
      [this](const AttractNews& news) {
        std::string state = news.online ? tr("Ledger: online") : tr("OFFLINE: the ledger cannot be reached; try again soon");
        if (!camera_status_.empty()) state += "   |   " + camera_status_;
        attract_state_->SetLabel(wxString::FromUTF8(state));
        attract_state_->SetForegroundColour(news.online ? ui::ink : ui::refusal_red);
        if (news.online) show_vote_news(news.vote);
        if (screen_ == Screen::attract) relayout();  // the news may take another line
      },
      IfMovedOn::answer);
}

void KioskFrame::tick() {
  const std::int64_t now = now_ms();
  // A touch screen needs no pointer: it goes once the mouse has been still a while.
  if (!pointer_hidden_ && now - last_pointer_ms_ >= timings_.pointer_idle_ms) {
    pointer_hidden_ = true;
    set_cursor_everywhere(this, wxCursor(wxCURSOR_BLANK));
  }
  // A request out for a while: said, so that a scan never seems to do nothing.
  const bool busy = worker_->waited().count() >= timings_.busy_after_ms;
  if (busy != busy_->IsShown()) {
    busy_->Show(busy);
    Layout();
  }
  const bool worker_idle = worker_->idle();
  if (screen_ == Screen::enroll) return;  // no ledger yet: nothing to ask, nobody to forget
  if (screen_ == Screen::attract) {
    attract_clock_->SetLabel(wxDateTime::Now().Format("%H:%M"));
    // The ledger's state, asked every few seconds rather than on every tick, and never queued
    // behind a request that waits.
    static constexpr std::int64_t health_every_ms = 5000;
    if (now - last_health_ms_ >= health_every_ms && worker_idle) {
      last_health_ms_ = now;
      ask_attract_news();
    }
    Layout();
    return;
  }
  // A message's time over: the player is signed out, whatever they were doing. The kiosk never
  // goes back to a player's state by itself (the next in the queue may be standing there).
  if (screen_ == Screen::message && now >= message_until_ms_) return show_attract();
  const std::int64_t idle = now - last_input_ms_;
  if (idle >= timings_.idle_ms + timings_.countdown_ms) return show_attract();
  if (idle >= timings_.idle_ms) {
    // TRANSLATORS: {} is the time left before the kiosk forgets the player, such as 0:08.
    countdown_->SetLabel(utf8("  " + fmt::format(fmt::runtime(tr("Still there? Touch the screen or scan: {}")),
                                                 clock_text(timings_.idle_ms + timings_.countdown_ms - idle))));
    if (!countdown_->IsShown()) {
      countdown_->Show();
      Layout();
    }
  }
  if (screen_ == Screen::player && now - last_reread_ms_ >= timings_.reread_ms && worker_idle) {
    // The ledger read again now and then: what other stations did, and whether it is there.
    reread_player([this](Reread read) {
      if (read != Reread::ok) return;
      refresh_player_text();
      relayout();
    });
  }
  if (screen_ == Screen::player) {
    PlayerView p = player_view(view_, view_fetched_ms_, now);
    std::string timers;
    for (const auto& t : p.timers) timers += (timers.empty() ? "" : "\n") + t;
    player_timers_->SetLabel(wxString::FromUTF8(timers));
  }
}

std::string KioskFrame::shown_text() const {
  std::string out;
  collect_text(this, out);
  return out;
}

std::string KioskFrame::headline() const {
  switch (screen_) {
    case Screen::attract: return tr("Scan your badge");
    case Screen::pin: return flat(pin_name_->GetLabel() + " " + pin_problem_->GetLabel());
    case Screen::player: return flat(player_name_->GetLabel());
    case Screen::give: return flat(give_text_->GetLabel());
    case Screen::message: return flat(message_text_->GetLabel());
    case Screen::ballot: return flat(ballot_text_->GetLabel());
    case Screen::enroll: return flat(wx_tr("This kiosk is not enrolled yet.") + " " + enroll_problem_->GetLabel());
    case Screen::admin: return flat(admin_text_->GetLabel() + " " + admin_scanned_->GetLabel());
  }
  return "";
}

}  // namespace marshal::kiosk
