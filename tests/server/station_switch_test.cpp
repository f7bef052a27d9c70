// A station that knows both ledgers (issue 29, shared/client/server_list.h) on a real primary and
// a real standby on 127.0.0.1: while the primary answers it is the one asked; when it dies the
// station reads from the standby, keeps its records until the standby is promoted, then sends
// them there, each once, even one the dead primary had already written; and it goes on there
// after a restart.
#include <set>

#include "client/ledger_watch.h"

#include "standby_fixture.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

// What an enrolment card naming both ledgers, or a primary's /health, leaves in a cache.
void list_servers(const std::string& cache, const std::vector<std::string>& urls) {
  db::Database db(cache, false);
  db.prepare("INSERT OR REPLACE INTO settings(key, value) VALUES ('servers', ?)").bind(1, Json(urls).dump()).run();
}

// A record the station made whose reply never came: in its outbox, though the ledger has it.
void record_with_lost_reply(const std::string& cache, const std::string& uuid, const std::string& type,
                            const Json& payload) {
  db::Database db(cache, false);
  db.prepare("INSERT INTO records(uuid, type, payload, created_ms) VALUES (?, ?, ?, ?)")
      .bind(1, uuid).bind(2, type).bind(3, payload.dump()).bind(4, now_ms()).run();
  db.prepare("INSERT INTO outbox(uuid) VALUES (?)").bind(1, uuid).run();
}

std::int64_t times_in(const std::string& ledger_path, const std::string& uuid) {
  db::Database db(ledger_path, false);
  auto s = db.prepare("SELECT COUNT(*) FROM events WHERE uuid = ?");
  s.bind(1, uuid);
  s.step();
  return s.int64(0);
}

}  // namespace

TEST_CASE("a station goes on at the promoted standby when its ledger dies, every record once", "[server][standby][switch]") {
  PrimaryAndStandby f;
  const std::string cache = f.dir.file("porch-gm.db");
  {
    client::LedgerClient gm(client::ClientConfig{f.primary.url(), cache, 2000});
    std::string error;
    REQUIRE(gm.enroll(add_station(f.ledger.path, "porch-gm", db::Role::gm), error));
  }
  {  // what an enrolment card naming both ledgers leaves (gmstation's connect_to_server)
    client::LedgerClient gm(client::ClientConfig{f.primary.url(), cache, 2000});
    CHECK(gm.add_server(f.standby->url()));
    CHECK_FALSE(gm.add_server(f.standby->url()));  // known
    CHECK_FALSE(gm.add_server("https://10.0.0.9:8080"));  // no pin: never
  }
  client::LedgerClient gm(client::ClientConfig{f.primary.url(), cache, 2000});
  CHECK(gm.servers().urls() == std::vector<std::string>{f.primary.url(), f.standby->url()});
  REQUIRE(gm.enrolled());
  CHECK(gm.servers().current() == f.primary.url());

  std::vector<client::Record> accepted;
  for (int i = 0; i < 5; ++i) {
    accepted.push_back(gm.record("bystander_lost", {{"character", f.ledger.badge(ada)}}, now_ms()));
    REQUIRE(accepted.back().status == client::RecordStatus::accepted);
  }
  CHECK(gm.servers().current() == f.primary.url());  // it answers: never the standby
  // One more reaches the primary (and so the standby) but its reply is lost on the way back.
  const std::string lost_reply = client::new_uuid_v7(now_ms());
  {
    client::HttpClient raw(f.primary.url());
    raw.set_token(f.gm_token);
    REQUIRE(post_event(raw, lost_reply, "bystander_lost", {{"character", f.ledger.badge(bo)}}).status == 200);
  }
  record_with_lost_reply(cache, lost_reply, "bystander_lost", {{"character", f.ledger.badge(bo)}});
  REQUIRE(comes_true([&] { return f.standby_caught_up(); }));

  // A second client of the same cache (a GM station's worker beside its watch), made before.
  client::LedgerClient worker(client::ClientConfig{f.primary.url(), cache, 2000});
  const std::string primary_url = f.primary.url();
  f.primary.stop();  // the ledger machine dies
  // Records wait in the outbox: the standby takes none before it is promoted.
  const client::Record waiting = gm.record("bystander_lost", {{"character", f.ledger.badge(ada)}}, now_ms());
  CHECK(waiting.status == client::RecordStatus::provisional);
  // Reads come from the standby meanwhile, fresh, not from the cache.
  const client::View view = gm.character(f.ledger.badge(ada));
  CHECK(view.found);
  CHECK_FALSE(view.from_cache);
  CHECK(gm.servers().current() == f.standby->url());
  // The worker follows what the other client found (the cache's server_current), at once.
  const client::View worker_view = worker.card(f.ledger.badge(ada));
  CHECK(worker.servers().current() == f.standby->url());
  CHECK_FALSE(worker_view.from_cache);

  promote(f.standby_path);
  REQUIRE(comes_true([&] { return health(f.standby->url()).body.value("role", "") == "primary"; }));
  const client::SyncReport report = gm.sync();
  CHECK(report.online);
  CHECK(report.left == 0);
  CHECK(gm.known_epoch() == 2);
  CHECK(gm.provisional().empty());
  CHECK(gm.refused().empty());
  // Every record the station holds as accepted is in the new primary's chain exactly once; the
  // one whose reply was lost is the dead primary's event, answered again as a duplicate.
  for (const client::Record& r : accepted) CHECK(times_in(f.standby_path, r.uuid) == 1);
  CHECK(times_in(f.standby_path, lost_reply) == 1);
  CHECK(times_in(f.standby_path, waiting.uuid) == 1);
  const std::optional<client::Record> answered = gm.find(lost_reply);
  REQUIRE(answered);
  CHECK(answered->status == client::RecordStatus::accepted);
  CHECK(answered->seq == db::Database(f.standby_path, false).scalar_int(
                             "SELECT seq FROM events WHERE uuid = '" + lost_reply + "'"));

  // The station restarted with its card's address (the dead primary's): it goes to the new one.
  client::LedgerClient restarted(client::ClientConfig{primary_url, cache, 2000});
  CHECK(restarted.enrolled());
  CHECK(restarted.servers().current() == f.standby->url());
  CHECK(restarted.record("bystander_lost", {{"character", f.ledger.badge(ada)}}, now_ms()).status ==
        client::RecordStatus::accepted);
}

TEST_CASE("a station learns the standby from its ledger's health, and its watch follows it after a promotion",
          "[server][standby][switch]") {
  PrimaryAndStandby f;
  const std::string cache = f.dir.file("bar-gm.db");
  {
    std::string error;
    client::LedgerClient at_primary(client::ClientConfig{f.primary.url(), cache, 2000});
    REQUIRE(at_primary.enroll(add_station(f.ledger.path, "bar-gm", db::Role::gm), error));
  }
  // The token works on the standby too (the stations table follows the chain). A station that
  // knows only the standby: asked there, the standby names the primary it follows.
  list_servers(cache, {f.standby->url()});
  {
    db::Database db(cache, false);
    db.prepare("UPDATE settings SET value = ? WHERE key = 'server'").bind(1, f.standby->url()).run();
  }
  client::LedgerClient gm(client::ClientConfig{f.standby->url(), cache, 2000});
  REQUIRE(gm.sync().online);
  CHECK(gm.servers().contains(f.primary.url()));  // learnt from /health's "following"
  // ...and back to the primary at once: it answers, so the standby is not the one to read from.
  CHECK(gm.servers().current() == f.primary.url());
  CHECK(gm.record("bystander_lost", {{"character", f.ledger.badge(ada)}}, now_ms()).status ==
        client::RecordStatus::accepted);
  CHECK(gm.servers().current() == f.primary.url());

  client::LedgerWatch watch(client::ClientConfig{f.primary.url(), cache, 2000}, std::chrono::milliseconds(100));
  REQUIRE(comes_true([&] { return watch.online() == true; }));
  f.primary.stop();
  promote(f.standby_path);
  REQUIRE(comes_true([&] { return health(f.standby->url()).body.value("role", "") == "primary"; }));
  const client::Record after = gm.record("bystander_lost", {{"character", f.ledger.badge(bo)}}, now_ms());
  REQUIRE(after.status == client::RecordStatus::accepted);
  REQUIRE(comes_true([&] { return watch.current_server() == f.standby->url() && watch.online() == true; }));
  client::FeedCursor live;
  REQUIRE(comes_true([&] {
    for (const Json& e : watch.events_after(live))
      if (e.value("seq", std::int64_t{0}) == after.seq) return true;
    return false;
  }));
}
