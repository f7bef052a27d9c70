// Players sign in at a kiosk with badge and PIN (docs/kiosk.md): the sign-in opens their secrets'
// texts and their hand-overs, five wrong PINs lock the badge on kiosks, and a kiosk records only
// as its signed-in player (a sale also as its buyer, who types their own PIN).
#include "ledger/kiosk_pins.h"
#include "server/kiosk_sign_ins.h"
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {

struct KioskFixture {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 1, .bystanders = 1}, 21);
  std::string kiosk_token = enrolled_token(ledger.path, "lobby-kiosk", db::Role::kiosk);
  std::string gm_token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  InProcessServer server{ledger.path};

  client::HttpReply sign_in(const std::string& badge, const std::string& pin, const std::string& token = "") {
    client::HttpClient http(server.url());
    http.set_token(token.empty() ? kiosk_token : token);
    return http.post("/kiosk/sign-in", Json{{"badge", badge}, {"pin", pin}});
  }
};

// A PIN that is not this character's.
std::string wrong_pin(const std::string& right) { return right == "0000" ? "1111" : "0000"; }

}  // namespace

TEST_CASE("every character gets a 4-digit kiosk PIN when the ledger is made", "[server][kiosk]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {}, 22);
  db::Database db(ledger.path, false);
  auto pins = db::kiosk_pins(db);
  REQUIRE(pins.size() == 2);
  for (const auto& p : pins) {
    INFO(p.name << ": '" << p.pin << "'");
    CHECK(db::well_formed_pin(p.pin));
    CHECK(p.badge == ledger.badge(p.name));
  }
  CHECK_FALSE(db::well_formed_pin("123"));
  CHECK_FALSE(db::well_formed_pin("12345"));
  CHECK_FALSE(db::well_formed_pin("12a4"));
  CHECK_FALSE(db::well_formed_pin("１２３４"));  // full-width digits are not digits here
  // The table refuses a PIN that is not four digits, whatever writes it.
  CHECK_THROWS(db.exec("UPDATE kiosk_pins SET pin = '12a4'"));
  CHECK_THROWS(db.exec("UPDATE kiosk_pins SET pin = '123'"));
}

TEST_CASE("a kiosk signs a player in with badge and PIN, the reply names the character", "[server][kiosk]") {
  KioskFixture f;
  client::HttpReply r = f.sign_in(f.ledger.badge(ada), pin_of(f.ledger.path, ada));
  INFO(describe(r));
  REQUIRE(r.status == 200);
  CHECK(r.body["name"] == ada);
  CHECK(r.body["sign_in"].get<std::string>().size() == 48);
  CHECK(r.body["idle_ms"] == db::kiosk_sign_in_idle_ms);
  // A badge in lower case with spaces, as a person might type it, is the same badge.
  std::string typed = core::format_card_code(f.ledger.badge(bo));
  for (auto& c : typed) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  CHECK(f.sign_in(typed, pin_of(f.ledger.path, bo)).status == 200);

  SECTION("bad requests say what is wrong") {
    struct Case {
      Json body;
      long status;
      std::string code, field;
    };
    std::string badge = f.ledger.badge(ada);
    for (const Case& c : std::vector<Case>{
             {{{"badge", badge}, {"pin", "12a4"}}, 400, "bad_input", "pin"},
             {{{"badge", badge}, {"pin", "12345"}}, 400, "bad_input", "pin"},
             {{{"badge", badge}, {"pin", 1234}}, 400, "bad_input", "body"},
             {{{"badge", badge}}, 400, "bad_input", "body"},
             {{{"badge", badge}, {"pin", "1234"}, {"as", "gm"}}, 400, "bad_input", "body"},
             {{{"badge", "NOT-A-BADGE"}, {"pin", "1234"}}, 400, "bad_code", "badge"},
             {{{"badge", core::format_card_code(f.ledger.cards("secret", ada).at(0))}, {"pin", "1234"}}, 404,
              "unknown_code", "badge"},
         }) {
      client::HttpClient http(f.server.url());
      http.set_token(f.kiosk_token);
      client::HttpReply reply = http.post("/kiosk/sign-in", c.body);
      INFO(c.body.dump() << ": " << describe(reply));
      CHECK(reply.status == c.status);
      CHECK(error_code(reply) == c.code);
      CHECK(reply.body["error"]["field"] == c.field);
    }
  }
  SECTION("a GM station signs nobody in, and GET is refused") {
    CHECK(f.sign_in(f.ledger.badge(ada), pin_of(f.ledger.path, ada), f.gm_token).status == 403);
    client::HttpClient http(f.server.url());
    http.set_token(f.kiosk_token);
    CHECK(http.get("/kiosk/sign-in").status == 405);
  }
}

TEST_CASE("five wrong PINs lock the badge on every kiosk, a GM station can still look", "[server][kiosk]") {
  KioskFixture f;
  std::string badge = f.ledger.badge(ada), right = pin_of(f.ledger.path, ada);
  for (int tries_left = db::pin_tries_before_lock - 1; tries_left >= 1; --tries_left) {
    client::HttpReply r = f.sign_in(badge, wrong_pin(right));
    INFO(describe(r));
    CHECK(r.status == 403);
    CHECK(error_code(r) == "wrong_pin");
    CHECK(r.body["error"]["reason"].get<std::string>().find(std::to_string(tries_left) + " more tr") !=
          std::string::npos);
    // The numbers travel as data too, for a kiosk that words them in its own language.
    CHECK(r.body["error"]["tries_left"] == tries_left);
    CHECK(r.body["error"]["lock_minutes"] == db::pin_lock_ms / 60'000);
  }
  client::HttpReply fifth = f.sign_in(badge, wrong_pin(right));
  INFO(describe(fifth));
  CHECK(fifth.status == 423);
  CHECK(error_code(fifth) == "pin_locked");
  CHECK(fifth.body["error"]["reason"].get<std::string>().find("locked on kiosks for 5 minutes more") !=
        std::string::npos);
  CHECK(fifth.body["error"]["locked_minutes"] == 5);
  // Locked: the right PIN too, at another kiosk too.
  CHECK(f.sign_in(badge, right).status == 423);
  std::string other_kiosk = enrolled_token(f.ledger.path, "porch-kiosk", db::Role::kiosk);
  CHECK(f.sign_in(badge, right, other_kiosk).status == 423);
  // Bo's badge is not locked; the GM station still sees Ada.
  CHECK(f.sign_in(f.ledger.badge(bo), pin_of(f.ledger.path, bo)).status == 200);
  CHECK(client_get(f.server.url(), "/characters/" + badge, f.gm_token).status == 200);
  f.server.stop();  // the trail's last counts are written when the server stops
  // The trail has each failure, with the badge and never a PIN.
  CHECK(refusals_counted(f.ledger.path, "type = 'kiosk_sign_in'") == db::pin_tries_before_lock + 2);
  CHECK(count_rows(f.ledger.path, "SELECT COUNT(*) FROM refusals WHERE type = 'kiosk_sign_in' AND payload != '" +
                                      badge + "'") == 0);
  CHECK(count_rows(f.ledger.path, "SELECT COUNT(*) FROM refusals WHERE instr(payload || reason, '" + right +
                                      "') > 0 OR instr(payload || reason, '" + wrong_pin(right) + "') > 0") == 0);
}

TEST_CASE("the sign-in clock: tries in a window, the lock's end, idle sign-ins, a kiosk's few", "[server][kiosk]") {
  db::KioskSignIns s;
  const std::int64_t t0 = 1'000'000;
  using Result = db::SignInAttempt::Result;
  SECTION("four slips, then the window passes: the fifth is a fresh first") {
    for (int i = 0; i < db::pin_tries_before_lock - 1; ++i) CHECK(s.attempt("k", 7, false, t0 + i).result == Result::wrong_pin);
    db::SignInAttempt later = s.attempt("k", 7, false, t0 + db::pin_try_window_ms);
    CHECK(later.result == Result::wrong_pin);
    // The first slip fell out of the window (it was at t0): three are left in it, with this one.
    CHECK(later.tries_left == db::pin_tries_before_lock - 4);
  }
  SECTION("the lock lasts pin_lock_ms to the millisecond") {
    for (int i = 0; i < db::pin_tries_before_lock; ++i) s.attempt("k", 7, false, t0);
    CHECK(s.locked_for_ms(7, t0) == db::pin_lock_ms);
    CHECK(s.attempt("k", 7, true, t0 + db::pin_lock_ms - 1).result == Result::locked);
    CHECK(s.locked_for_ms(7, t0 + db::pin_lock_ms) == 0);
    CHECK(s.attempt("k", 7, true, t0 + db::pin_lock_ms).result == Result::signed_in);
    CHECK(s.locked_for_ms(8, t0) == 0);  // other characters never were
  }
  SECTION("the right PIN forgives earlier slips") {
    for (int i = 0; i < db::pin_tries_before_lock - 1; ++i) s.attempt("k", 7, false, t0);
    REQUIRE(s.attempt("k", 7, true, t0).result == Result::signed_in);
    CHECK(s.attempt("k", 7, false, t0).tries_left == db::pin_tries_before_lock - 1);
  }
  SECTION("a sign-in unused for kiosk_sign_in_idle_ms ends; a use keeps it open") {
    std::string token = s.attempt("k", 7, true, t0).token;
    CHECK(s.use(token, "k", t0 + db::kiosk_sign_in_idle_ms - 1));
    CHECK(s.use(token, "k", t0 + 2 * db::kiosk_sign_in_idle_ms - 2));
    CHECK_FALSE(s.use(token, "k", t0 + 3 * db::kiosk_sign_in_idle_ms - 2));
  }
  SECTION("a sign-in is its kiosk's, and signing out ends it") {
    std::string token = s.attempt("k", 7, true, t0).token;
    CHECK_FALSE(s.use(token, "other", t0));
    s.sign_out(token, "other");  // not its kiosk: nothing happens
    CHECK(s.use(token, "k", t0));
    s.sign_out(token, "k");
    CHECK_FALSE(s.use(token, "k", t0));
  }
  SECTION("a kiosk holds max_sign_ins_per_station; one more ends its least recently used") {
    std::vector<std::string> tokens;
    for (std::size_t i = 0; i < db::max_sign_ins_per_station; ++i)
      tokens.push_back(s.attempt("k", static_cast<std::int64_t>(i), true, t0 + static_cast<std::int64_t>(i)).token);
    CHECK(s.use(tokens[0], "k", t0 + 10));  // the first is now the most recent
    std::string extra = s.attempt("k", 99, true, t0 + 11).token;
    CHECK(s.use(extra, "k", t0 + 12));
    CHECK(s.use(tokens[0], "k", t0 + 12));
    CHECK_FALSE(s.use(tokens[1], "k", t0 + 12));  // the least recently used went
    CHECK(s.use(tokens[2], "k", t0 + 12));
  }
}

TEST_CASE("a kiosk records only as its signed-in player, a sale needs the buyer's sign-in", "[server][kiosk]") {
  TempDir dir;
  fs::path folder = dir.path() / "event";
  write_event_folder(folder, {});
  write_text(folder / "horses.csv", "character,name,rating\n" + ada + ",Dusty,2\n");
  db::ImportResult imported = db::import_event(folder.string(), seeded_code_maker(23));
  REQUIRE(imported.ok());
  TestLedger ledger{dir.file("ledger.db"), imported.definition};
  db::Ledger::create(ledger.path, ledger.definition, now_ms());
  std::string kiosk_token = enrolled_token(ledger.path, "lobby-kiosk", db::Role::kiosk);
  InProcessServer server(ledger.path);
  const std::string ada_badge = ledger.badge(ada), bo_badge = ledger.badge(bo);
  const std::string ada_in = kiosk_sign_in(server.url(), kiosk_token, ada_badge, pin_of(ledger.path, ada));
  const std::string bo_in = kiosk_sign_in(server.url(), kiosk_token, bo_badge, pin_of(ledger.path, bo));
  const std::int64_t before = event_count(ledger.path);
  auto post = [&](const std::string& sign_in, const std::string& countersign, const std::string& type,
                  const Json& payload) {
    client::HttpClient http(server.url());
    http.set_token(kiosk_token);
    http.set_header("X-Sign-In", sign_in);
    http.set_header("X-Countersign", countersign);
    return http.post("/events", Json{{"uuid", client::new_uuid_v7(now_ms())}, {"type", type}, {"payload", payload}});
  };
  const std::string horse = ledger.cards("horse", ada).at(0), bo_secret = ledger.cards("secret", bo).at(0);

  // Bo signed in cannot give Ada's secret away in her name, nor sell her horse.
  client::HttpReply r = post(bo_in, "", "secret_given",
                             {{"secret", ledger.cards("secret", ada).at(0)}, {"from", ada_badge}, {"to", bo_badge}});
  INFO(describe(r));
  CHECK(r.status == 403);
  CHECK(error_code(r) == "not_yours");
  r = post(bo_in, ada_in, "horse_sold", {{"horse", horse}, {"from", ada_badge}, {"to", bo_badge}});
  CHECK(error_code(r) == "not_yours");
  // Nor play her trick in her name; his own name on her trick: the ledger says it is not his.
  const std::string ada_trick = ledger.cards("trick", ada).at(0);
  CHECK(error_code(post(bo_in, "", "trick_flipped", {{"character", ada_badge}, {"trick", ada_trick}})) == "not_yours");
  r = post(bo_in, "", "trick_flipped", {{"character", bo_badge}, {"trick", ada_trick}});
  INFO(describe(r));
  CHECK(r.status == 409);
  CHECK(error_code(r) == "not_holder");
  // Ada sells without Bo's sign-in, or with her own as the buyer's: refused.
  for (const std::string& countersign : {std::string(), ada_in, std::string("ffff")}) {
    r = post(ada_in, countersign, "horse_sold", {{"horse", horse}, {"from", ada_badge}, {"to", bo_badge}});
    INFO("countersign '" << countersign << "': " << describe(r));
    CHECK(r.status == 403);
    CHECK(error_code(r) == "buyer_must_agree");
  }
  // A sale without a seller from a kiosk is not its player's either.
  CHECK(error_code(post(ada_in, bo_in, "horse_sold", {{"horse", horse}, {"to", bo_badge}})) == "not_yours");
  CHECK(event_count(ledger.path) == before);

  // Both signed in: the sale lands; Bo gives his own secret to Ada.
  r = post(ada_in, bo_in, "horse_sold", {{"horse", horse}, {"from", ada_badge}, {"to", bo_badge}});
  INFO(describe(r));
  CHECK(r.status == 200);
  r = post(bo_in, "", "secret_given", {{"secret", bo_secret}, {"from", bo_badge}, {"to", ada_badge}});
  INFO(describe(r));
  CHECK(r.status == 200);
  CHECK(event_count(ledger.path) == before + 2);
  // The ledger still checks the rest: Bo no longer holds the secret he gave.
  r = post(bo_in, "", "secret_given", {{"secret", bo_secret}, {"from", bo_badge}, {"to", ada_badge}});
  CHECK(r.status == 409);

  // Signed out, the kiosk can no longer act for Ada.
  client::HttpClient http(server.url());
  http.set_token(kiosk_token);
  http.set_header("X-Sign-In", ada_in);
  CHECK(http.post("/kiosk/sign-out", Json::object()).status == 200);
  r = post(ada_in, "", "secret_given", {{"secret", bo_secret}, {"from", ada_badge}, {"to", bo_badge}});
  CHECK(error_code(r) == "sign_in_needed");
}
