// Ballots over the network (docs/kiosk.md): a kiosk casts a ballot only for its signed-in player,
// nobody reads for whom (the GM feed leaves the candidate out), and GET /vote says how many were
// cast and whether this player has voted.
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

TEST_CASE("a kiosk casts its signed-in player's ballot, ballots stay secret from every station", "[server][votes]") {
  TempDir dir;
  fs::path folder = dir.path() / "event";
  write_event_folder(folder, {});
  // Ada is the Mayor here too.
  write_text(folder / "characters.csv", "name,hth,speed,accuracy,gambling,riding,powers\n" + ada +
                                            ",2,3,2,4,1,lawman;mayor\n" + bo + ",3,1,3,1,2,judge\n");
  db::ImportResult imported = db::import_event(folder.string(), seeded_code_maker(24));
  REQUIRE(imported.ok());
  TestLedger ledger{dir.file("ledger.db"), imported.definition};
  db::Ledger::create(ledger.path, ledger.definition, now_ms());
  const std::string kiosk_token = enrolled_token(ledger.path, "lobby-kiosk", db::Role::kiosk);
  const std::string gm_token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  InProcessServer server(ledger.path);
  const std::string ada_badge = ledger.badge(ada), bo_badge = ledger.badge(bo);

  client::HttpClient gm(server.url());
  gm.set_token(gm_token);
  auto post = [&](client::HttpClient& http, const std::string& type, const Json& payload) {
    return http.post("/events", Json{{"uuid", client::new_uuid_v7(now_ms())}, {"type", type}, {"payload", payload}});
  };
  client::HttpReply called = post(gm, "vote_called", {{"character", ada_badge}, {"office", "Sheriff"}});
  INFO(describe(called));
  REQUIRE(called.status == 200);

  client::HttpClient kiosk(server.url());
  kiosk.set_token(kiosk_token);
  kiosk.set_header("X-Sign-In", kiosk_sign_in(server.url(), kiosk_token, bo_badge, pin_of(ledger.path, bo)));
  Json before = kiosk.get("/vote").body;
  CHECK(before["open"] == true);
  CHECK(before["voted"] == false);
  CHECK(before["ballots"] == 0);
  REQUIRE(before["candidates"].size() == 2);
  // Bo cannot vote in Ada's name; he votes for Ada as himself.
  client::HttpReply forged = post(kiosk, "ballot_cast", {{"voter", ada_badge}, {"candidate", bo_badge}});
  CHECK(forged.status == 403);
  CHECK(error_code(forged) == "not_yours");
  client::HttpReply cast = post(kiosk, "ballot_cast", {{"voter", bo_badge}, {"candidate", ada_badge}});
  INFO(describe(cast));
  CHECK(cast.status == 200);
  client::HttpReply again = post(kiosk, "ballot_cast", {{"voter", bo_badge}, {"candidate", bo_badge}});
  CHECK(again.status == 409);

  Json after = kiosk.get("/vote").body;
  CHECK(after["ballots"] == 1);
  CHECK(after["voted"] == true);
  CHECK_FALSE(after.contains("result"));
  // The GM's feed shows that a ballot was cast and by whom, never for whom.
  Json feed = gm.get("/events?after=0").body;
  int ballots = 0;
  for (const auto& e : feed["events"])
    if (e["type"] == "ballot_cast") {
      ++ballots;
      CHECK(e["payload"]["voter"] == bo_badge);
      CHECK_FALSE(e["payload"].contains("candidate"));
    }
  CHECK(ballots == 1);
  CHECK(gm.get("/vote").body["ballots"] == 1);
}
