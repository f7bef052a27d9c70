// A kiosk that knows both ledgers (issue 29, kiosk/kiosk_client.h): a real primary over TLS and a
// real standby following it on 127.0.0.1. The primary dies and the standby is promoted: the
// kiosk's health thread finds the new primary, its next request goes there at the new epoch, a
// player signs in there with the PIN the primary gave, and the kiosk starts there next time.
#include <chrono>
#include <thread>

#include "cli/standby_fetch.h"
#include "kiosk_fixture.h"
#include "ledger/replica.h"
#include "ledger/station_events.h"

using namespace marshal;
using namespace kiosk_testing;
using protocol::Json;

namespace {

bool becomes_true(const std::function<bool()>& done, int limit_ms = 15'000) {
  for (int waited = 0; waited < limit_ms; waited += 50) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return done();
}

client::HttpReply health_at(const std::string& url) { return client::HttpClient(url).get("/health", 3000); }

}  // namespace

TEST_CASE("a kiosk moves to the promoted standby when its ledger dies, and a player signs in there",
          "[kiosk][standby]") {
  ServedKiosk served(41, "porch-kiosk");
  const std::string primary_url = served.url();
  // Laptop B: a standby enrolled with its code over the pinned channel, serving on this machine.
  std::string standby_code;
  {
    db::Ledger ledger(served.town.db);
    standby_code = db::add_station(ledger.database(), "laptop-b", db::Role::standby, db::unix_time_ms());
  }
  const client::HttpReply enrolled = client::HttpClient(primary_url).post("/enroll", Json{{"code", standby_code}});
  REQUIRE(enrolled.status == 200);
  const std::string standby_path = served.town.dir.file("laptop-b.db");
  db::Ledger::create_replica(standby_path);
  db::ServerConfig standby_config;
  standby_config.db_path = standby_path;
  standby_config.host = "127.0.0.1";
  standby_config.port = 0;
  standby_config.log = [](const std::string&) {};
  standby_config.standby_of = db::ServerConfig::StandbyOf{
      .primary = primary_url, .fetch = cli::pinned_fetch(primary_url, enrolled.body["token"].get<std::string>())};
  db::LedgerServer standby(standby_config);
  const std::string standby_url = "http://127.0.0.1:" + std::to_string(standby.port());

  const std::string cache = served.town.dir.file("porch-kiosk.db");
  served.enrolled_client("porch-kiosk.db").reset();
  {  // what a card naming both ledgers, or the primary's /health, leaves in the kiosk's file
    db::Database file(cache, false);
    file.prepare("INSERT OR REPLACE INTO kiosk_settings(key, value) VALUES ('servers', ?)")
        .bind(1, Json::array({primary_url, standby_url}).dump())
        .run();
  }
  kiosk::KioskClient kiosk("", cache);
  REQUIRE(kiosk.online());
  CHECK(kiosk.server_url() == primary_url);
  REQUIRE(becomes_true([&] {
    const client::HttpReply h = health_at(standby_url);
    return h.body.value("in_sync", false) && h.body.value("events", -1) == health_at(primary_url).body.value("events", -2);
  }));

  served.stop();  // laptop A dies
  {  // marshal promote on laptop B (its checks are the standby CLI tests')
    db::Ledger promoted(standby_path);
    db::Transaction tx(promoted.database());
    db::append_ledger_promoted(promoted.database(),
                               db::Promotion{.epoch = 2, .key_pin = std::string(64, 'a'), .primary_was = primary_url,
                                             .last_contact_ms = db::unix_time_ms(), .was_in_sync = true, .forced = false},
                               db::unix_time_ms());
    db::ReplicaState state = *db::read_replica_state(promoted.database());
    state.role = "primary";
    db::write_replica_state(promoted.database(), state);
    tx.commit();
  }
  // The kiosk's health thread finds B; its next request goes there.
  REQUIRE(becomes_true([&] {
    kiosk.event();
    return kiosk.server_url() == standby_url && kiosk.online();
  }));
  const kiosk::KioskReply signed_in = kiosk.sign_in(served.town.badge(served.town.kid), kid_pin);
  INFO(signed_in.reason);
  CHECK(signed_in.ok);  // the PIN the primary gave, copied to the standby
  CHECK(kiosk.character(served.town.badge(served.town.kid)).ok);
  kiosk.sign_out();

  // Started again with no address given, it goes to B at once.
  kiosk::KioskClient again("", cache);
  CHECK(again.enrolled());
  CHECK(again.server_url() == standby_url);
  CHECK(again.online());
}
