// A trait roll's situation in a fight (issue 32; docs/ledger.md roll_recorded): the Table screen
// sends the wounds it saw and the Joker it claims, and the ledger adds the wound penalty (savage:
// -1 a wound; deadlands-1876: none, 000 L164) and the Joker's +2 (000 L54) to the GM's modifier,
// refusing a station whose view differs from the ledger's. verify replays each.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "server/table_view.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

// A d8 with the Wild Die: the trait die shows `trait`, the Wild Die 1, the GM's modifier 0, TN 4.
Json roll_in(const std::string& by, int trait, const Json& situation) {
  Json payload{{"by", by}, {"die", "d8"}, {"modifier", 0}, {"tn", 4}, {"dice", {{"trait", {trait}}, {"wild", {1}}}}};
  if (!situation.is_null()) payload["situation"] = situation;
  return payload;
}

Json situation(int wounds, bool joker) { return {{"wounds", wounds}, {"joker", joker}}; }

}  // namespace

TEST_CASE("savage: a wounded roller's roll bears -1 a wound, the Joker's holder +2, as the ledger sees them", "[db][fight][rolls]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,savage");
  TestLedger t(folder);
  const std::string hannah = t.badge("Hannah Two Rivers"), smith = t.badge("Smith the Gunhand");
  t.accept("fight_started", Json::object());
  t.accept("cards_dealt", {{"cards", {{{"to", smith}, {"card", "RJ"}}, {{"to", hannah}, {"card", "4D"}}}}});
  // 8 + 2 (the Joker) = 10 against Hannah's Toughness 6: one wound.
  AppendResult hit = t.accept("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({5, 3})}, {"joker", true}});
  REQUIRE(hit.ledger["wounds"] == 1);
  // A 4 on her d8 is a success without the wound, a failure with it (4 - 1 = 3 against 4).
  AppendResult hurt = t.accept("roll_recorded", roll_in(hannah, 4, situation(1, false)));
  CHECK(hurt.ledger["modifiers"] == Json{{"wounds", -1}, {"joker", 0}});
  CHECK(hurt.ledger["success"] == false);
  // During a fight a fighter's roll must say its situation (else the penalty would be escaped).
  CHECK(t.refuse("roll_recorded", roll_in(hannah, 4, Json()), "bad_input").field == "situation");
  // A station that saw her unhurt, or claims a Joker she does not hold, is refused.
  CHECK(t.refuse("roll_recorded", roll_in(hannah, 4, situation(0, false)), "outcome_mismatch").field == "situation.wounds");
  CHECK(t.refuse("roll_recorded", roll_in(hannah, 4, situation(1, true)), "outcome_mismatch").field == "situation.joker");
  // Smith holds the Red Joker: +2, a 2 on his d8 becomes 4, a success; not claiming it is refused.
  AppendResult joker = t.accept("roll_recorded", roll_in(smith, 2, situation(0, true)));
  CHECK(joker.ledger["modifiers"] == Json{{"wounds", 0}, {"joker", 2}});
  CHECK(joker.ledger["success"] == true);
  CHECK(t.refuse("roll_recorded", roll_in(smith, 2, situation(0, false)), "outcome_mismatch").field == "situation.joker");
  // The GM's own roll holds no card; a wound count beyond any sheet is bad input.
  CHECK(t.refuse("roll_recorded", roll_in("gm", 4, situation(0, true)), "bad_input").field == "situation.joker");
  CHECK(t.refuse("roll_recorded", roll_in(hannah, 4, situation(11, false)), "bad_input").field == "situation.wounds");
  CHECK(t.refuse("roll_recorded", roll_in(hannah, 4, {{"wounds", 1}, {"mood", "grim"}}), "bad_input").field.rfind("situation", 0) == 0);
  // After the fight the wounds stay: a roll may still say them; without a situation, the GM's
  // modifier alone (Joker claims need a deal: none now).
  t.accept("fight_ended", Json::object());
  AppendResult after = t.accept("roll_recorded", roll_in(hannah, 4, situation(1, false)));
  CHECK(after.ledger["modifiers"] == Json{{"wounds", -1}, {"joker", 0}});
  AppendResult plain = t.accept("roll_recorded", roll_in(hannah, 4, Json()));
  CHECK(plain.ledger["success"] == true);
  CHECK_FALSE(plain.ledger.contains("modifiers"));
  // GET /table's rolls show what the ledger added beside the GM's own modifier.
  const Json rolls = table_view(t.db())["rolls"];
  REQUIRE(rolls.size() >= 2);
  CHECK(rolls[rolls.size() - 2]["modifiers"] == Json{{"wounds", -1}, {"joker", 0}});
  CHECK(rolls[rolls.size() - 2]["modifier"] == 0);
  CHECK_FALSE(rolls.back().contains("modifiers"));
  CHECK(t.refuse("roll_recorded", roll_in(hannah, 4, situation(1, true)), "outcome_mismatch").field == "situation.joker");
  check_verifies(t);
}

TEST_CASE("deadlands-1876: wounds put no penalty on a roll (000 L164), the Joker's +2 still counts", "[db][fight][rolls]") {
  TestLedger t(sample_posse_dir());
  const std::string hannah = t.badge("Hannah Two Rivers");
  t.accept("fight_started", Json::object());
  t.accept("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "BJ"}}}}});
  // 10 against Toughness 6: a raise, one wound.
  t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({5, 5})}});
  AppendResult hurt = t.accept("roll_recorded", roll_in(hannah, 2, situation(1, true)));
  CHECK(hurt.ledger["modifiers"] == Json{{"wounds", 0}, {"joker", 2}});
  CHECK(hurt.ledger["success"] == true);  // 2 + 2 = 4
  check_verifies(t);
}
