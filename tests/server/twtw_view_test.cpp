// The TWTW round over HTTP (docs/server.md "GET /twtw"): a GM station records a round and a hit
// and reads them back, as a restarted station would; the character view carries the wounds; a
// kiosk is not shown the round.
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

TEST_CASE("GET /twtw and the character view read a TWTW round back from the ledger", "[server][twtw]") {
  TempDir dir;
  db::ImportResult imported =
      db::import_event((fs::path(MARSHAL_SOURCE_DIR) / "events" / "twtw-posse").string(), seeded_code_maker(18));
  REQUIRE(imported.ok());
  TestLedger ledger{dir.file("ledger.db"), imported.definition};
  db::Ledger::create(ledger.path, ledger.definition, now_ms());
  const std::string gm_token = enrolled_token(ledger.path, "table-gm", db::Role::gm);
  const std::string kiosk_token = enrolled_token(ledger.path, "lobby-kiosk", db::Role::kiosk);
  InProcessServer server(ledger.path);
  client::HttpClient gm(server.url());
  gm.set_token(gm_token);

  Json before = gm.get("/twtw").body;
  CHECK(before["round"].is_null());
  REQUIRE(before["characters"].size() == 7);
  CHECK(before["characters"][0]["name"] == "Miranda");
  CHECK(before["characters"][0]["reflex"] == "d12");
  CHECK(before["options"]["wound_table"] == "five_level");

  auto post = [&](const std::string& type, const Json& payload) {
    client::HttpReply r = post_event(gm, client::new_uuid_v7(now_ms()), type, payload);
    INFO(describe(r));
    REQUIRE(r.status == 200);
    return r;
  };
  post("twtw_round_started", {{"declarations", {{{"character", "Miranda"}, {"actions", {"normal"}}},
                                                {{"character", "Angus Laroq"}, {"actions", {"fast"}}}}}});
  post("twtw_step_resolved", {{"step", 1}});  // Angus, d10, phase I: he holds his fire
  post("twtw_step_resolved",
       {{"step", 2},
        {"hits", {{{"by", "Miranda"}, {"target", "Angus Laroq"}, {"location", "belly"}, {"dmg", 19}, {"stun_passed", false}}}}});
  client::HttpReply late = post_event(gm, client::new_uuid_v7(now_ms()), "twtw_step_resolved", {{"step", 2}});
  CHECK(late.status == 409);
  CHECK(error_code(late) == "illegal_move");

  Json after = gm.get("/twtw").body;
  REQUIRE(after["round"].is_object());
  CHECK(after["round"]["number"] == 1);
  CHECK(after["round"]["done"] == 2);
  CHECK(after["round"]["next_step"].is_null());
  CHECK(after["round"]["steps"].size() == 2);
  Json angus;
  for (const auto& c : after["characters"])
    if (c["name"] == "Angus Laroq") angus = c;
  REQUIRE(angus.is_object());
  CHECK(angus["wounds"]["torso"] == 3);  // 19 by Size 6: 3 wounds, 1 CT
  CHECK(angus["ct"] == 11);
  CHECK(angus["stunned"] == true);
  CHECK(angus["wound"] == "Heavy");
  CHECK(angus["bleeding"] == 1);

  Json character = gm.get("/characters/" + ledger.badge("Angus Laroq")).body;
  CHECK(character["twtw"]["wounds"]["torso"] == 3);
  CHECK(character["twtw"]["state"] == "fighting");

  client::HttpReply kiosk = client_get(server.url(), "/twtw", kiosk_token);
  CHECK(kiosk.status == 403);
}
