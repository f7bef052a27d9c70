// The kiosk in Russian (docs/i18n.md) on the Russian sample town (events/lincoln-1875-ru) at
// 1024 x 600: every screen a player, a buyer or an organiser meets, and at every step the window's
// texts are Russian (no English left once the town's own names and texts are taken out), every
// text fits (no label smaller than its text, none past the window's edge) and none is under 18 px. Screenshots:
// build/<preset>/screenshots/kiosk-ru-*.png.
#include <regex>
#include <set>

#include "kiosk_fixture.h"
#include "protocol/enrollment.h"
#include "support/screen_text.h"

using namespace marshal;
using namespace kiosk_testing;
using KioskScreen = kiosk::KioskFrame::Screen;

namespace {

// Latin words a Russian screen keeps: key names and the QR code's name.
const std::set<std::string> latin_kept{"PIN", "Esc", "Enter", "QR", "OK"};

// The English words left on screen once the town's own texts (names, title, card titles and
// texts, all Russian in this town but kept out in case) and what is typed as it is (a command, an
// address, a station's name) are taken out.
std::vector<std::string> english_left(std::string shown, const KioskTown& town) {
  static const std::regex typed("marshal station add[^\n]*|https://[0-9.:]+|porch-kiosk|lobby-kiosk");
  shown = std::regex_replace(shown, typed, " ");
  std::vector<std::string> data{town.definition.title};
  for (const auto& c : town.definition.characters) data.push_back(c.name);
  for (const auto& c : town.definition.cards) {
    data.push_back(c.title);
    if (c.detail.contains("text") && c.detail["text"].is_string()) data.push_back(c.detail["text"].get<std::string>());
  }
  return test_support::latin_words_left(shown, data, latin_kept);
}

void check_russian(kiosk::KioskFrame* frame, const KioskTown& town, const std::string& step) {
  pump(100);
  const std::string shown = frame->shown_text();
  INFO("at " << step << " the window shows:\n" << shown);
  std::string english;
  for (const auto& w : english_left(shown, town)) english += w + " ";
  INFO("English left: " << english);
  CHECK(english.empty());
  const std::vector<std::string> cut = test_support::cut_texts(frame);
  std::string cuts;
  for (const auto& c : cut) cuts += c + "\n";
  INFO("cut:\n" << cuts);
  CHECK(cut.empty());
  // Read at arm's length in Russian too: no text under 18 px.
  std::vector<std::string> small;
  test_support::collect_small(frame, 18.0, small);
  std::string smalls;
  for (const auto& s : small) smalls += s + "\n";
  INFO("too small:\n" << smalls);
  CHECK(small.empty());
}

}  // namespace

TEST_CASE("in Russian a player signs in, sees their state, gives a secret and votes, every screen Russian and "
          "nothing cut",
          "[gui][kiosk][i18n]") {
  test_support::InLanguage russian("ru");
  KioskTown town(61, "lincoln-1875-ru");
  {
    db::Ledger ledger(town.db);
    const std::int64_t now = db::unix_time_ms();
    db::AppendResult r = ledger.append({db::make_uuid_v7(now), "saloon-gm", now, "vote_called",
                                        {{"character", town.badge("Захария Чемберлен")}, {"office", "Шериф"}}},
                                       now);
    INFO(r.reason);
    REQUIRE(r.accepted);
  }
  kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
  kiosk::KioskFrame* frame = open_kiosk(ledger);
  wxUIActionSimulator sim;
  REQUIRE(frame->screen() == KioskScreen::attract);
  pump(3000, [&] { return frame->shown_text().find("Шериф") != std::string::npos; });
  CHECK(frame->shown_text().find("Отсканируйте свой значок") != std::string::npos);
  check_russian(frame, town, "the attract screen");
  screenshot(frame, "kiosk-ru-attract");

  scan_burst(sim, town.badge(town.kid));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  CHECK(frame->headline().find(town.kid) != std::string::npos);
  check_russian(frame, town, "the PIN screen");
  screenshot(frame, "kiosk-ru-pin");
  type_pin(sim, "9999");
  headline_shows(frame, "4", 3000);
  check_russian(frame, town, "a wrong PIN");
  screenshot(frame, "kiosk-ru-pin-wrong");
  type_pin(sim, kid_pin);
  REQUIRE(wait_for(frame, KioskScreen::player));
  CHECK(frame->headline() == town.kid);
  check_russian(frame, town, "the player's screen");
  screenshot(frame, "kiosk-ru-player");

  // Someone else's secret: refused in Russian.
  scan_burst(sim, town.cards(town.sheriff, "secret").at(0));
  REQUIRE(wait_for(frame, KioskScreen::message));
  check_russian(frame, town, "a refused secret");
  screenshot(frame, "kiosk-ru-refused");
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::player));

  // Give a secret to the Sheriff.
  scan_burst(sim, town.cards(town.kid, "secret").at(0));
  REQUIRE(wait_for(frame, KioskScreen::give));
  check_russian(frame, town, "the give screen");
  scan_burst(sim, town.badge(town.sheriff));
  headline_shows(frame, town.sheriff, 2000);
  REQUIRE(frame->headline().find(town.sheriff) != std::string::npos);
  check_russian(frame, town, "the confirmation");
  screenshot(frame, "kiosk-ru-give-confirm");
  sim.Char(WXK_RETURN);
  REQUIRE(wait_for(frame, KioskScreen::message));
  check_russian(frame, town, "the secret given");
  screenshot(frame, "kiosk-ru-given");
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::player));
  {
    db::Database db(town.db, false);
    CHECK(db.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'secret_given'") == 1);
  }

  // The vote for Sheriff: the ballot screen, then a ballot cast.
  sim.Char(WXK_F4);
  REQUIRE(wait_for(frame, KioskScreen::ballot));
  check_russian(frame, town, "the ballot");
  scan_burst(sim, town.badge(town.sheriff));
  pump(1000);
  check_russian(frame, town, "a name chosen");
  screenshot(frame, "kiosk-ru-ballot");
  sim.Char(WXK_RETURN);
  REQUIRE(wait_for(frame, KioskScreen::message));
  check_russian(frame, town, "the ballot cast");
  touch_screen(frame, sim);
  REQUIRE(wait_for(frame, KioskScreen::player));

  // Selling the horse: the buyer's PIN screen, then Esc: both signed out, in Russian.
  scan_burst(sim, town.cards(town.kid, "horse").at(0));
  pump(2000, [&] { return frame->screen() == KioskScreen::give; });
  scan_burst(sim, town.badge(town.sheriff));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  check_russian(frame, town, "the buyer's PIN");
  screenshot(frame, "kiosk-ru-buyer-pin");
  sim.Char(WXK_ESCAPE);
  REQUIRE(wait_for(frame, KioskScreen::message));
  check_russian(frame, town, "the sale cancelled");
  frame->Destroy();
  pump(200);
}

TEST_CASE("in Russian the enrollment and admin screens speak Russian and fit", "[gui][kiosk][i18n]") {
  test_support::InLanguage russian("ru");
  ServedKiosk served(62, "porch-kiosk", true, "lincoln-1875-ru");
  const KioskTown& town = served.town;
  {
    kiosk::KioskFrame* fresh = open_kiosk_with(std::make_unique<kiosk::KioskClient>("", town.dir.file("new-kiosk.db")));
    wxUIActionSimulator sim;
    REQUIRE(fresh->screen() == KioskScreen::enroll);
    check_russian(fresh, town, "the enrollment screen");
    screenshot(fresh, "kiosk-ru-enroll");
    scan_burst(sim, town.badge(town.kid));  // a badge is no enrollment card
    pump(1000);
    check_russian(fresh, town, "a badge at the enrollment screen");
    fresh->Destroy();
    pump(200);
  }
  kiosk::KioskFrame* frame = open_kiosk_with(served.enrolled_client("porch-kiosk.db"));
  wxUIActionSimulator sim;
  scan_burst(sim, protocol::admin_payload(served.admin.code));
  REQUIRE(wait_for(frame, KioskScreen::pin));
  check_russian(frame, town, "the admin PIN");
  type_pin(sim, served.admin.pin);
  REQUIRE(wait_for(frame, KioskScreen::admin));
  check_russian(frame, town, "the admin screen");
  screenshot(frame, "kiosk-ru-admin");
  frame->Destroy();
  pump(200);
}
