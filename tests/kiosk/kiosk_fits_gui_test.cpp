// Every kiosk screen a player meets fits at 1024 x 600 and at 1920 x 1080 (issue 28), in English
// and in Russian: at each step of a walk (the attract screen with a vote open, the PIN, the
// player's state, a refusal, a secret given, the ballot) no text runs past the window's edge or is
// cut inside its label; so too the organiser's screens (enrollment with a refusal, the admin PIN,
// admin). Screenshots: build/<preset>/screenshots/kiosk-fits-LANG-SIZE-*.png.
#include "kiosk_fixture.h"
#include "protocol/enrollment.h"
#include "support/in_language.h"
#include "support/screen_text.h"

using namespace marshal;
using namespace kiosk_testing;
using KioskScreen = kiosk::KioskFrame::Screen;

TEST_CASE("every kiosk screen at 1024 x 600 and 1920 x 1080 cuts no text, in English and in Russian",
          "[gui][kiosk][fits]") {
  std::uint64_t seed = 70;
  struct Language {
    const char *lang, *event, *mayor;
  };
  for (const auto& [lang, event, mayor] : {Language{"en", "lincoln-1875", "Zechariah Chamberlain"},
                                           Language{"ru", "lincoln-1875-ru", "Захария Чемберлен"}})
    for (const wxSize size : {wxSize(1024, 600), wxSize(1920, 1080)}) {
      test_support::InLanguage in(lang);
      KioskTown town(++seed, event);
      {
        db::Ledger ledger(town.db);
        const std::int64_t now = db::unix_time_ms();
        db::AppendResult r = ledger.append({db::make_uuid_v7(now), "saloon-gm", now, "vote_called",
                                            {{"character", town.badge(mayor)}, {"office", "Sheriff"}}},
                                           now);
        INFO(r.reason);
        REQUIRE(r.accepted);
      }
      kiosk::LocalLedger ledger(town.db, "lobby-kiosk");
      // Nobody is signed out while the walk looks (a loaded machine is slow between steps).
      kiosk::KioskTimings timings = quick_timings();
      timings.idle_ms = timings.message_ms = 60'000;
      kiosk::KioskFrame* frame = open_kiosk(ledger, timings);
      frame->SetSize(size);
      pump(300);
      REQUIRE(frame->GetSize() == size);
      const std::string at = std::string(lang) + "-" + std::to_string(size.x);
      INFO("in " << lang << " at " << size.x << " x " << size.y);
      auto check = [&](const std::string& step) {
        pump(150);
        test_support::check_nothing_cut(frame, at + " " + step);
        screenshot(frame, "kiosk-fits-" + at + "-" + step);
      };
      wxUIActionSimulator sim;
      REQUIRE(pump(3000, [&] { return frame->shown_text().find("Sheriff") != std::string::npos; }));
      check("attract");
      scan_burst(sim, town.badge(town.kid));
      REQUIRE(wait_for(frame, KioskScreen::pin));
      check("pin");
      type_pin(sim, kid_pin);
      REQUIRE(wait_for(frame, KioskScreen::player));
      check("player");
      scan_burst(sim, town.cards(town.sheriff, "secret").at(0));  // not theirs: refused in words
      REQUIRE(wait_for(frame, KioskScreen::message));
      check("refused");
      touch_screen(frame, sim);
      REQUIRE(wait_for(frame, KioskScreen::player));
      scan_burst(sim, town.cards(town.kid, "secret").at(0));
      REQUIRE(wait_for(frame, KioskScreen::give));
      check("give");
      scan_burst(sim, town.badge(town.sheriff));
      REQUIRE(headline_shows(frame, town.sheriff, 2000));
      check("confirm");
      sim.Char(WXK_RETURN);
      REQUIRE(wait_for(frame, KioskScreen::message));
      check("given");
      touch_screen(frame, sim);
      REQUIRE(wait_for(frame, KioskScreen::player));
      sim.Char(WXK_F4);
      REQUIRE(wait_for(frame, KioskScreen::ballot));
      scan_burst(sim, town.badge(town.sheriff));
      pump(500);
      check("ballot");
      frame->Destroy();
      pump(200);
    }
}

TEST_CASE("the kiosk's enrollment and admin screens at 1024 x 600 and 1920 x 1080 cut no text, in English and in "
          "Russian",
          "[gui][kiosk][fits]") {
  std::uint64_t seed = 80;
  for (const auto& [lang, event] : {std::pair{"en", "lincoln-1875"}, std::pair{"ru", "lincoln-1875-ru"}})
    for (const wxSize size : {wxSize(1024, 600), wxSize(1920, 1080)}) {
      test_support::InLanguage in(lang);
      ServedKiosk served(++seed, "porch-kiosk", true, event);
      const std::string at = std::string(lang) + "-" + std::to_string(size.x);
      INFO("in " << lang << " at " << size.x << " x " << size.y);
      wxUIActionSimulator sim;
      {
        kiosk::KioskFrame* fresh =
            open_kiosk_with(std::make_unique<kiosk::KioskClient>("", served.town.dir.file("new-kiosk.db")));
        fresh->SetSize(size);
        pump(300);
        REQUIRE(fresh->screen() == KioskScreen::enroll);
        scan_burst(sim, served.town.badge(served.town.kid));  // a badge is no enrollment card: said why
        pump(1000);
        test_support::check_nothing_cut(fresh, at + " enrollment");
        fresh->Destroy();
        pump(200);
      }
      kiosk::KioskFrame* frame = open_kiosk_with(served.enrolled_client("porch-kiosk.db"));
      frame->SetSize(size);
      pump(300);
      scan_burst(sim, protocol::admin_payload(served.admin.code));
      REQUIRE(wait_for(frame, KioskScreen::pin));
      test_support::check_nothing_cut(frame, at + " admin PIN");
      type_pin(sim, served.admin.pin);
      REQUIRE(wait_for(frame, KioskScreen::admin));
      test_support::check_nothing_cut(frame, at + " admin");
      frame->Destroy();
      pump(200);
    }
}

TEST_CASE("a tabletop player's sheet, wounds and the posse's longest Injury after a fight fit at 1024 x 600, in "
          "English and in Russian",
          "[gui][kiosk][fits]") {
  std::uint64_t seed = 90;
  struct Posse {
    const char *lang, *event, *hannah, *injury;
  };
  for (const auto& [lang, event, hannah, injury] :
       {Posse{"en", "deadlands-posse", "Hannah Two Rivers", "nobody's business"},
        Posse{"ru", "deadlands-posse-ru", "Ханна Две Реки", "никому знать не надо"}}) {
    test_support::InLanguage in(lang);
    test_support::SampleTown posse(++seed, event);
    // deadlands-ru in both (the GM names the fate), so the same events make the same state.
    const std::string file =
        posse.variant("fought.db", [](db::EventDefinition& d) { d.options.ruleset = core::Ruleset::deadlands_ru; });
    const std::string badge = posse.badge(hannah);
    {
      db::Database d(file, false);
      d.exec("UPDATE kiosk_pins SET pin = '" + kid_pin + "' WHERE character = (SELECT id FROM characters WHERE name = '" +
             hannah + "')");
      db::Ledger ledger(file);
      std::int64_t now = db::unix_time_ms();
      auto append = [&](const char* type, const protocol::Json& payload) {
        ++now;
        db::AppendResult r = ledger.append({db::make_uuid_v7(now), "saloon-gm", now, type, payload}, now);
        INFO(type << ": " << r.reason);
        REQUIRE(r.accepted);
      };
      // Past her three wounds, unconscious (3), the two of clubs: the posse's longest Injury; the
      // fight over. Her wounds and the Injury stay.
      protocol::Json dice = protocol::Json::array();
      for (int face : {5, 5, 5, 5, 3}) dice.push_back({{"die", "d6"}, {"faces", {face}}});
      append("fight_started", protocol::Json::object());
      append("damage_rolled", {{"by", "gm"}, {"target", badge}, {"dice", dice}});
      append("incapacitation_rolled", {{"by", badge}, {"result", "unconscious"}});
      append("injury_drawn", {{"by", badge}, {"card", "2C"}, {"days", {{"die", 8}, {"face", 2}}}});
      append("fight_ended", protocol::Json::object());
    }
    kiosk::LocalLedger ledger(file, "lobby-kiosk");
    kiosk::KioskTimings timings = quick_timings();
    timings.idle_ms = timings.message_ms = 60'000;
    kiosk::KioskFrame* frame = open_kiosk(ledger, timings);
    frame->SetSize(1024, 600);
    pump(300);
    INFO("in " << lang);
    wxUIActionSimulator sim;
    scan_burst(sim, badge);
    REQUIRE(wait_for(frame, KioskScreen::pin));
    type_pin(sim, kid_pin);
    REQUIRE(wait_for(frame, KioskScreen::player));
    pump(300);
    INFO(frame->shown_text());
    CHECK(frame->shown_text().find(injury) != std::string::npos);
    const bool ru = std::string(lang) == "ru";
    CHECK(frame->shown_text().find(ru ? "3 раны, БЕЗ СОЗНАНИЯ" : "3 wounds, UNCONSCIOUS") != std::string::npos);
    CHECK(frame->shown_text().find(ru ? "Выносливость d8" : "Vigor d8") != std::string::npos);  // her traits as dice
    CHECK(frame->shown_text().find(ru ? "Фишки: " : "Chips: ") != std::string::npos);
    CHECK(frame->shown_text().find(ru ? "прохожих" : "bystanders") == std::string::npos);  // nothing of the Lincoln game
    CHECK(frame->shown_text().find(ru ? "лошадь" : "horse") == std::string::npos);
    test_support::check_nothing_cut(frame, std::string(lang) + " tabletop player");
    test_support::check_in_view(frame, wxString::FromUTF8(injury), std::string(lang) + " tabletop player");
    screenshot(frame, std::string("kiosk-fits-") + lang + "-1024-tabletop-player");
    frame->Destroy();
    pump(200);
  }
}
