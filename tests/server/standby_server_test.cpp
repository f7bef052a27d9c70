// A standby ledger server (issue 29, plan step 5), a real primary and a real standby on
// 127.0.0.1: the standby follows the primary's chain into its own file as it is written (every
// event, in order, the same hashes), serves the stations' reads with the same tokens, refuses
// every write 503 not_primary naming the primary, and takes writes once promoted while it runs.
// A standby whose own file was edited, or whose chain parted from the primary's, follows no more
// and says at which event. A promoted file still holding events not replayed into its tables
// replays them before it is served, and is not served when one does not replay.
#include <thread>

#include "ledger/replica.h"
#include "ledger/verify.h"

#include "standby_fixture.h"

using namespace marshal;
using namespace marshal::server_testing;

TEST_CASE("a standby server copies the primary's chain as it is written, serves its reads, and refuses writes",
          "[server][standby]") {
  PrimaryAndStandby f;
  REQUIRE(comes_true([&] { return f.standby_caught_up(); }));
  CHECK(chain_of(f.standby_path) == chain_of(f.ledger.path));
  for (int i = 0; i < 3; ++i) REQUIRE(f.record_lost_bystander(f.primary.url()).status == 200);
  REQUIRE(comes_true([&] { return f.standby_caught_up(); }));
  CHECK(chain_of(f.standby_path) == chain_of(f.ledger.path));
  CHECK(db::verify_ledger(f.standby_path).ok);

  client::HttpReply h = health(f.standby->url());
  CHECK(h.body["role"] == "standby");
  CHECK(h.body["following"] == f.primary.url());
  CHECK(h.body["problem"] == "");
  CHECK(h.body["last_contact_ms"].get<std::int64_t>() > 0);
  CHECK(health(f.primary.url()).body["role"] == "primary");

  // The GM's token works on the standby (the stations table follows the chain): its reads are
  // the primary's, its writes are refused with the primary named.
  const std::string character = "/characters/" + f.ledger.badge(ada);
  CHECK(client_get(f.standby->url(), character, f.gm_token).body == client_get(f.primary.url(), character, f.gm_token).body);
  client::HttpReply write = f.record_lost_bystander(f.standby->url());
  INFO(describe(write));
  CHECK(write.status == 503);
  CHECK(error_code(write) == "not_primary");
  CHECK(write.body["error"]["primary"] == f.primary.url());
  CHECK(chain_of(f.standby_path) == chain_of(f.ledger.path));  // nothing of its own
  // Nobody follows a standby: its chain is a copy, into which it writes nothing.
  client::HttpClient follower(f.standby->url());
  follower.set_token(f.standby_token);
  CHECK(error_code(follower.get("/replica/follow?after=0&after_hash=" + db::to_hex(db::genesis_hash()))) ==
        "not_primary");
  CHECK(error_code(follower.get("/replica/hash?seq=1")) == "not_primary");

  // The primary's refusal trail comes too: a refused record is in both files, the same row.
  client::HttpClient gm(f.primary.url());
  gm.set_token(f.gm_token);
  REQUIRE(post_event(gm, client::new_uuid_v7(now_ms()), "bystander_lost", {{"character", "NO-SUCH-BADGE"}}).status >= 400);
  const std::string trail = "SELECT group_concat(id || ':' || hex(hash), ',') FROM refusals";
  REQUIRE(comes_true([&] { return count_rows(f.standby_path, "SELECT COUNT(*) FROM refusals") > 0; }));
  CHECK(db::Database(f.standby_path, false).scalar_text(trail) == db::Database(f.ledger.path, false).scalar_text(trail));
}

TEST_CASE("a standby promoted while it runs takes writes at the new epoch, with the primary's PINs and codes",
          "[server][standby]") {
  PrimaryAndStandby f;
  const std::string kiosk_token = enrolled_token(f.ledger.path, "lobby", db::Role::kiosk);
  REQUIRE(f.record_lost_bystander(f.primary.url()).status == 200);
  // A station added on the primary while it serves: its code is not in the chain until it enrols.
  const std::string porch_code = add_station(f.ledger.path, "porch-gm", db::Role::gm);
  REQUIRE(comes_true([&] { return f.standby_caught_up(); }));
  const std::string pins = "SELECT group_concat(character || ':' || pin, ',') FROM kiosk_pins";
  REQUIRE(comes_true([&] {
    return count_rows(f.standby_path, "SELECT COUNT(*) FROM stations WHERE name = 'porch-gm'") == 1 &&
           db::Database(f.standby_path, false).scalar_text(pins) == db::Database(f.ledger.path, false).scalar_text(pins);
  }));
  CHECK(count_rows(f.standby_path, "SELECT COUNT(*) FROM kiosk_pins") > 0);
  f.primary.stop();  // the ledger machine dies
  promote(f.standby_path);
  REQUIRE(comes_true([&] { return health(f.standby->url()).body.value("role", "") == "primary"; }));
  CHECK(health(f.standby->url()).body["epoch"] == 2);
  client::HttpReply write = f.record_lost_bystander(f.standby->url(), 2);
  INFO(describe(write));
  CHECK(write.status == 200);
  CHECK(db::verify_ledger(f.standby_path).ok);
  // A player signs in with the PIN the primary gave; the station added there enrols with its code.
  CHECK_FALSE(kiosk_sign_in(f.standby->url(), kiosk_token, f.ledger.badge(ada), pin_of(f.ledger.path, ada)).empty());
  client::HttpReply enrolled = client::HttpClient(f.standby->url()).post("/enroll", Json{{"code", porch_code}});
  INFO(describe(enrolled));
  CHECK(enrolled.status == 200);
}

TEST_CASE("a standby whose file was edited, or whose chain parted from the primary's, follows no more and names the "
          "event",
          "[server][standby]") {
  SECTION("edited in place") {
    PrimaryAndStandby f;
    REQUIRE(comes_true([&] { return f.standby_caught_up(); }));
    f.standby.reset();
    {
      db::Database db(f.standby_path, false);
      db.exec("DROP TRIGGER IF EXISTS events_no_update");
      db.exec("UPDATE events SET payload = replace(payload, 'Ada', 'Eve') WHERE seq = 1");
    }
    REQUIRE(f.record_lost_bystander(f.primary.url()).status == 200);
    f.start_standby_on(f.standby_path, false);
    REQUIRE(comes_true([&] { return health(f.standby->url()).body.value("problem", "") != ""; }));
    const std::string problem = health(f.standby->url()).body["problem"];
    CHECK_THAT(problem, Catch::Contains("event 1"));
    CHECK(event_count(f.standby_path) < event_count(f.ledger.path));  // nothing more was added
  }
  SECTION("its replay mark past its last event") {
    PrimaryAndStandby f;
    REQUIRE(comes_true([&] { return f.standby_caught_up(); }));
    f.standby.reset();
    const std::int64_t head = event_count(f.standby_path);
    db::Database(f.standby_path, false)
        .prepare("INSERT INTO replica_state(key, value) VALUES ('replayed_seq', ?1) "
                 "ON CONFLICT(key) DO UPDATE SET value = ?1")
        .bind(1, std::to_string(head + 3))
        .run();
    REQUIRE(f.record_lost_bystander(f.primary.url()).status == 200);
    f.start_standby_on(f.standby_path, false);
    REQUIRE(comes_true([&] { return health(f.standby->url()).body.value("problem", "") != ""; }));
    const std::string problem = health(f.standby->url()).body["problem"];
    CHECK_THAT(problem, Catch::Contains("own file fails its check"));  // at the start, not at a follow
    CHECK_THAT(problem, Catch::Contains("names event " + std::to_string(head + 3)));
    CHECK_THAT(problem, Catch::Contains("follows no more"));
    CHECK(event_count(f.standby_path) == head);  // nothing more was added
  }
  SECTION("another chain") {
    PrimaryAndStandby f(false);
    // A standby file that followed another ledger: its event 1 is not this primary's.
    TempDir other_dir;
    TestLedger other = make_ledger(other_dir, {.tricks = 1, .bystanders = 1}, 30);
    std::filesystem::copy_file(other.path, f.standby_path);
    f.start_standby_on(f.standby_path, false);
    REQUIRE(comes_true([&] { return health(f.standby->url()).body.value("problem", "") != ""; }));
    const std::string problem = health(f.standby->url()).body["problem"];
    CHECK_THAT(problem, Catch::Contains("part at event"));
    CHECK(chain_of(f.standby_path) == chain_of(other.path));
  }
}

TEST_CASE("a primary waits for its standby before it answers, goes on alone when it is gone, and says so in the chain",
          "[server][standby]") {
  PrimaryAndStandby f;
  REQUIRE(comes_true([&] { return f.standby_caught_up(); }));
  REQUIRE(comes_true([&] { return health(f.primary.url()).body["standby"].value("state", "") == "in_sync"; }));
  // In step: an acknowledged event is on the standby's disk when the reply comes.
  client::HttpReply recorded = f.record_lost_bystander(f.primary.url());
  REQUIRE(recorded.status == 200);
  const std::int64_t seq = recorded.body["seq"];
  CHECK(count_rows(f.standby_path, "SELECT COUNT(*) FROM events WHERE seq = " + std::to_string(seq)) == 1);

  // The standby's laptop dies: the next reply waits for it a bounded time, then the ledger goes
  // on alone, and writes so before it answers.
  f.standby.reset();
  client::HttpReply alone = f.record_lost_bystander(f.primary.url());  // the wait's bound: standby_link_test
  REQUIRE(alone.status == 200);
  const std::int64_t alone_seq = alone.body["seq"];
  CHECK(count_rows(f.ledger.path, "SELECT COUNT(*) FROM events WHERE type = 'ledger_alone' AND seq > " +
                                      std::to_string(alone_seq)) == 1);
  client::HttpReply h = health(f.primary.url());
  CHECK(h.body["standby"]["state"] == "alone");
  CHECK(h.body["standby"]["name"] == "laptop-b");
  // When it went alone, on the wall clock (the link itself times on a steady clock): a moment ago.
  const std::int64_t since = h.body["standby"]["since_ms"];
  CHECK(since <= db::unix_time_ms());
  CHECK(since >= db::unix_time_ms() - 60'000);

  // Back: it catches up, the ledger writes that it is in step, and holds again.
  f.start_standby_on(f.standby_path, false);
  REQUIRE(comes_true([&] { return health(f.primary.url()).body["standby"].value("state", "") == "in_sync"; }));
  REQUIRE(comes_true([&] { return f.standby_caught_up(); }));
  CHECK(count_rows(f.standby_path, "SELECT COUNT(*) FROM events WHERE type = 'standby_in_sync' AND seq > " +
                                       std::to_string(alone_seq)) == 1);
  CHECK(chain_of(f.standby_path) == chain_of(f.ledger.path));
}

TEST_CASE("an old primary restarted after a promotion is refused by a station that has seen the new epoch",
          "[server][standby]") {
  PrimaryAndStandby f;
  const std::string cache = f.dir.file("saloon-gm-cache.db");
  {
    client::LedgerClient gm(client::ClientConfig{f.primary.url(), cache, 3000});
    std::string error;
    REQUIRE(gm.enroll(add_station(f.ledger.path, "saloon-gm-2", db::Role::gm), error));
    CHECK(gm.record("bystander_lost", {{"character", f.ledger.badge(ada)}}, now_ms()).status ==
          client::RecordStatus::accepted);
    CHECK(gm.known_epoch() == 1);
  }
  REQUIRE(comes_true([&] { return f.standby_caught_up(); }));
  f.primary.stop();
  promote(f.standby_path);
  REQUIRE(comes_true([&] { return health(f.standby->url()).body.value("role", "") == "primary"; }));
  {  // the station records on the promoted standby and learns epoch 2 from its reply
    client::LedgerClient gm(client::ClientConfig{f.standby->url(), cache, 3000});
    CHECK(gm.record("bystander_lost", {{"character", f.ledger.badge(bo)}}, now_ms()).status ==
          client::RecordStatus::accepted);
    CHECK(gm.known_epoch() == 2);
  }
  // Laptop A comes back and is served as a primary by mistake: the station refuses it.
  f.standby.reset();
  InProcessServer old_primary(f.ledger.path);
  const std::int64_t events_before = event_count(f.ledger.path);
  client::LedgerClient gm(client::ClientConfig{old_primary.url(), cache, 3000});
  CHECK(gm.known_epoch() == 2);
  const client::Record kept = gm.record("bystander_lost", {{"character", f.ledger.badge(ada)}}, now_ms());
  CHECK(kept.status == client::RecordStatus::provisional);  // in the outbox, for the current ledger
  CHECK(event_count(f.ledger.path) == events_before);
  const client::SyncReport report = gm.sync();
  CHECK(report.left == 1);
  const client::View view = gm.character(f.ledger.badge(ada));  // never from the old ledger
  CHECK((!view.found || view.from_cache));
  // The old ledger fenced itself off: a write with the new epoch is refused 421.
  client::HttpClient raw(old_primary.url());
  raw.set_token(f.gm_token);
  raw.set_header("X-Marshal-Epoch", "2");
  client::HttpReply refused = post_event(raw, client::new_uuid_v7(now_ms()), "bystander_lost",
                                         {{"character", f.ledger.badge(ada)}});
  CHECK(refused.status == 421);
  CHECK(event_count(f.ledger.path) == events_before);
}

TEST_CASE("a promoted file holding events not replayed is replayed before it is served, one that does not replay is "
          "not served",
          "[server][standby]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 3}, 29);
  const std::string gm_token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  {  // an event with an outcome of the ledger's (the bystander picked), forged below
    db::Ledger l(ledger.path);
    REQUIRE(l.append({db::make_uuid_v7(now_ms()), "saloon-gm", now_ms(), "bystander_lost",
                      Json{{"character", ledger.badge(ada)}}},
                     now_ms())
                .accepted);
  }
  std::vector<db::EventRow> rows;
  {
    db::Database source(ledger.path, false);
    db::Statement s = source.prepare(std::string("SELECT ") + db::event_columns + " FROM events ORDER BY seq");
    while (s.step()) rows.push_back(db::event_row_from(s));
  }
  // A standby's copy, written but not replayed, then marked promoted (as an older marshal promote
  // could leave it, a follower's batch coming after its replay).
  auto promoted_copy = [&](const std::string& name, const std::vector<db::EventRow>& chain) {
    const std::string path = dir.file(name);
    db::Ledger::create_replica(path);
    db::Ledger copy(path);
    copy.append_replicated({chain, {}, std::nullopt});
    db::set_replica_role(copy.database(), "primary");
    return path;
  };
  auto replayed_mark = [](const std::string& path) {
    db::Database db(path, false);
    return db::replayed_seq(db);
  };
  const std::string path = promoted_copy("promoted.db", rows);
  REQUIRE(replayed_mark(path) == std::optional<std::int64_t>(0));
  {
    InProcessServer server(path);
    CHECK_FALSE(replayed_mark(path));  // every event replayed before the first write is judged
    client::HttpClient http(server.url());
    http.set_token(gm_token);
    client::HttpReply lost = post_event(http, client::new_uuid_v7(now_ms()), "bystander_lost", {{"character", ledger.badge(ada)}});
    INFO(describe(lost));
    CHECK(lost.status == 200);
  }
  CHECK(db::verify_ledger(path).ok);

  // The outcome taken out and the event hashed again: it links, but it does not replay.
  std::vector<db::EventRow> forged = rows;
  REQUIRE(forged.back().type == "bystander_lost");
  Json payload = Json::parse(forged.back().payload);
  REQUIRE(payload.contains("ledger"));
  payload.erase("ledger");
  forged.back().payload = payload.dump();
  forged.back().hash = db::event_hash(forged.back());
  const std::string forged_path = promoted_copy("forged.db", forged);
  try {
    InProcessServer server(forged_path);
    FAIL("served");
  } catch (const std::exception& e) {
    const std::string why = e.what();
    INFO(why);
    CHECK(why.find("is not served") != std::string::npos);
    CHECK(why.find("event " + std::to_string(forged.back().seq)) != std::string::npos);
  }

  // A replay mark past the file's last event (edited by hand): not served, naming it, rather than
  // replaying again the events the rules judge from here once the chain grows past the mark.
  const std::string marked_path = promoted_copy("marked.db", rows);
  const std::int64_t head = rows.back().seq;
  db::Database(marked_path, false)
      .prepare("UPDATE replica_state SET value = ? WHERE key = 'replayed_seq'")
      .bind(1, std::to_string(head + 5))
      .run();
  try {
    InProcessServer server(marked_path);
    FAIL("served");
  } catch (const std::exception& e) {
    const std::string why = e.what();
    INFO(why);
    CHECK(why.find("is not served") != std::string::npos);
    CHECK(why.find("names event " + std::to_string(head + 5) + ", past its last event " + std::to_string(head)) !=
          std::string::npos);
    // No event is to blame, and marshal verify cannot mend a mark: the way out is a new file.
    CHECK(why.find("Start the standby again from a new file") != std::string::npos);
    CHECK(why.find("marshal verify") == std::string::npos);
  }

  // The same chain on a standby: `marshal promote` refuses it, --force or not, naming the event,
  // and leaves it a standby.
  const std::string standby_path = dir.file("forged-standby.db");
  {
    db::Ledger::create_replica(standby_path);
    db::Ledger copy(standby_path);
    copy.append_replicated({forged, {}, std::nullopt});
    db::Transaction tx(copy.database());
    db::ReplicaState state;
    state.primary = "https://127.0.0.1:9";  // nothing answers there: the primary is gone
    db::write_replica_state(copy.database(), state);
    tx.commit();
  }
  for (const bool force : {false, true}) {
    std::vector<std::string> args{"promote", "--db", standby_path};
    if (force) args.push_back("--force");
    ProgramRun run = run_marshal(args, dir.file(force ? "promote-force.log" : "promote.log"));
    INFO(run.out);
    CHECK(run.exit_code == 4);  // exit_verify_failed
    CHECK(run.out.find("cannot be promoted: event " + std::to_string(forged.back().seq) + " does not replay") !=
          std::string::npos);
    // The way out, with this build's version to compare with the primary's (R5 of the plan).
    CHECK(run.out.find("Its chain is unchanged") != std::string::npos);
    CHECK(run.out.find("install the primary's here and run marshal promote again") != std::string::npos);
    db::Database after(standby_path, false);
    CHECK(db::read_replica_state(after)->role == "standby");
  }
}
