// A tabletop fight in the ledger (issue 32; docs/ledger.md "A fight at the table"): damage against
// the sheets of the sample posse's combat.csv, Shaken and wounds, a Soak paid with a chip, Shaken
// ended by a chip or a Spirit roll, the chips after a fight of deadlands-ru from the ledger's own
// d6s; each refusal with its code and nothing written; verify replays every fight.
#include <catch2/catch.hpp>

#include "db_test_helpers.h"
#include "ledger/combatants.h"
#include "ledger/verify.h"
#include "server/table_view.h"
#include "server/views.h"

using namespace marshal::db;
using namespace marshal::db::testing;

namespace {

fs::path posse_in(const TempDir& dir, const std::string& ruleset) {
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset," + ruleset);
  return folder;
}

}  // namespace

TEST_CASE("a fight: Shaken, Shaken again a wound, a Soak with a chip, Shaken ended by a chip, verify replays it",
          "[db][fight]") {
  TestLedger t(sample_posse_dir());  // deadlands-1876: the chip soaks one, then Vigor against TN 8 (000 L182)
  const std::string hannah = t.badge("Hannah Two Rivers"), smith = t.badge("Smith the Gunhand");
  t.accept("fight_started", Json::object());
  // 7 against Toughness 6: Shaken (SWD).
  AppendResult first = t.accept("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({4, 3})}});
  CHECK(first.ledger["total"] == 7);
  CHECK(first.ledger["toughness"] == 6);
  CHECK(first.ledger["shaken"] == true);
  CHECK(first.ledger["wounds"] == 0);
  CHECK(first.ledger["state"] == fighter_state(0, true));
  // Shaken again: a wound instead.
  AppendResult second = t.accept("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({4, 3})}});
  CHECK(second.ledger["wounds"] == 1);
  CHECK(second.ledger["state"] == fighter_state(1, true));
  // A Soak with a white chip: the chip's wound at once, the roll (5 against TN 8) nothing more.
  t.accept("chip_awarded", {{"to", hannah}, {"colour", "white"}, {"why", "the Marshal's favour"}});
  AppendResult soak = t.accept("soaked", {{"hit", second.seq},
                                          {"chip", {{"by", hannah}, {"colour", "white"}}},
                                          {"die", "d8"},
                                          {"dice", {{"trait", {5}}, {"wild", {2}}}}});
  CHECK(soak.ledger["tn"] == 8);
  CHECK(soak.ledger["wound_modifier"] == 0);  // deadlands-1876 has no wound penalties (000 L163)
  CHECK(soak.ledger["soaked"] == 1);
  CHECK(soak.ledger["kept"] == 1);
  CHECK(soak.ledger["state"] == fighter_state(0, true));  // Shaken from the first hit stays
  CHECK(t.count("SELECT COALESCE(SUM(count), 0) FROM chips") == 0);
  t.refuse("soaked", {{"hit", second.seq}, {"chip", {{"by", hannah}, {"colour", "white"}}}, {"die", "d8"},
                      {"dice", {{"trait", {5}}, {"wild", {2}}}}},
           "no_chip");
  t.accept("chip_awarded", {{"to", hannah}, {"colour", "red"}, {"why", "a good line"}});
  AppendResult unshaken = t.accept("unshaken", {{"by", hannah}, {"how", "chip"}, {"chip", {{"by", hannah}, {"colour", "red"}}}});
  CHECK(unshaken.ledger["unshaken"] == true);
  CHECK(unshaken.ledger["may_act"] == true);
  CHECK(unshaken.ledger["state"] == fighter_state(0, false));
  t.refuse("unshaken", {{"by", hannah}, {"how", "spirit"}, {"die", "d6"}, {"dice", {{"trait", {4}}, {"wild", {2}}}}},
           "illegal_move");  // not Shaken
  // Armour Piercing takes off armour only: Smith's Toughness 7 holds 1 of armour.
  AppendResult pierced = t.accept("damage_rolled", {{"by", hannah}, {"target", smith}, {"dice", damage_d6s({2, 3})}, {"ap", 2}});
  CHECK(pierced.ledger["toughness"] == 6);
  CHECK(pierced.ledger["shaken"] == false);
  AppendResult ended = t.accept("fight_ended", Json::object());
  CHECK_FALSE(ended.ledger.contains("awards"));  // deadlands-1876 awards its chips by the GM (000 L22)
  CHECK(t.count("SELECT COUNT(*) FROM hits") == 3);
  check_verifies(t);
}

TEST_CASE("an Extra is out with one wound and fights no more, a Wild Card past three wounds is Incapacitated",
          "[db][fight]") {
  TestLedger t(sample_posse_dir());
  const std::string deputy = t.badge("Gomorra Deputy"), jack = t.badge("Lucky Jack Dawson");
  t.accept("fight_started", Json::object());
  // 9 against Toughness 5: a raise, a wound: an Extra is out (001 L4).
  AppendResult out = t.accept("damage_rolled", {{"by", jack}, {"target", deputy}, {"dice", damage_d6s({5, 4})}});
  CHECK(out.ledger["total"] == 9);
  CHECK(out.ledger["wounds"] == 1);
  CHECK(out.ledger["state"] == fighter_state(0, true, "out"));
  t.refuse("damage_rolled", {{"by", jack}, {"target", deputy}, {"dice", damage_d6s({2})}}, "knocked_out");
  t.refuse("damage_rolled", {{"by", deputy}, {"target", jack}, {"dice", damage_d6s({2})}}, "knocked_out");  // out: no attack
  // Jack (Toughness 5): 21 is four raises, four wounds: past his three, Incapacitated at the third.
  AppendResult down = t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 5, 5, 5, 1})}});
  CHECK(down.ledger["wounds"] == 4);
  CHECK(down.ledger["state"] == fighter_state(3, true, "incapacitated"));
  t.refuse("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({2})}}, "illegal_move");  // the roll comes first
  t.refuse("damage_rolled", {{"by", jack}, {"target", deputy}, {"dice", damage_d6s({2})}}, "knocked_out");
  check_verifies(t);
}

TEST_CASE("fight events refused: no fight, two at once, no sheet, bad dice, a Soak out of turn, someone else's chip",
          "[db][fight]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "combat.csv", "Hannah Two Rivers,6,,2,,,Vigor d8; no Fighting\n", "");
  TestLedger t(folder);
  const std::string hannah = t.badge("Hannah Two Rivers"), doc = t.badge("Doc Ezekiel Hale"),
                    smith = t.badge("Smith the Gunhand"), grimme = t.badge("Reverend Grimme");
  t.refuse("damage_rolled", {{"by", "gm"}, {"target", doc}, {"dice", damage_d6s({3})}}, "illegal_move");  // no fight
  t.refuse("fight_ended", Json::object(), "illegal_move");
  t.accept("fight_started", {{"note", "the saloon"}});
  t.refuse("fight_started", Json::object(), "illegal_move");
  AppendResult no_sheet = t.refuse("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({3})}}, "not_allowed");
  CHECK(no_sheet.reason.find("Hannah Two Rivers has no combat sheet") != std::string::npos);
  CHECK(t.refuse("damage_rolled", {{"by", "gm"}, {"target", doc}, {"dice", damage_d6s({7})}}, "bad_input").field == "dice[0][0]");
  CHECK(t.refuse("damage_rolled", {{"by", "gm"}, {"target", doc}, {"dice", damage_d6s({6})}}, "bad_input").field == "dice[0][1]");
  CHECK(t.refuse("damage_rolled", {{"by", "gm"}, {"target", doc}, {"dice", Json::array()}}, "bad_input").field == "dice");
  CHECK(t.refuse("damage_rolled", {{"by", "gm"}, {"target", doc}, {"dice", damage_d6s({3})}, {"raise", Json::array()}},
                 "bad_input").field == "raise");
  CHECK(t.refuse("damage_rolled", {{"by", "gm"}, {"target", doc}, {"dice", damage_d6s({3})}, {"crit_success", true}},
                 "bad_input").field == "dice[0][0]");  // a Critical Success's die opens on its maximum
  CHECK(t.refuse("damage_rolled", {{"by", "gm"}, {"target", doc}, {"dice", damage_d6s({3})}, {"aim", 2}}, "bad_input").field ==
        "aim");
  // A raise's d6 and a Critical Success: 6+2 on the weapon's d6, 6+1 on the raise's: 15 against 5.
  AppendResult crit = t.accept("damage_rolled", {{"by", smith},
                                                 {"target", doc},
                                                 {"dice", {{{"die", "d6"}, {"faces", {6, 2}}}}},
                                                 {"raise", {6, 1}},
                                                 {"crit_success", true}});
  CHECK(crit.ledger["total"] == 15);
  CHECK(crit.ledger["wounds"] == 2);
  AppendResult graze = t.accept("damage_rolled", {{"by", doc}, {"target", grimme}, {"dice", damage_d6s({4, 3})}});
  CHECK(graze.ledger["wounds"] == 0);
  Json soak{{"hit", graze.seq}, {"chip", {{"by", "gm"}, {"colour", "white"}}}, {"die", "d10"},
            {"dice", {{"trait", {5}}, {"wild", {2}}}}};
  t.refuse("soaked", soak, "illegal_move");  // no wound to soak
  soak["hit"] = crit.seq;
  soak["chip"]["by"] = smith;  // Smith pays for Doc
  t.refuse("soaked", soak, "not_allowed");
  t.accept("chip_awarded", {{"to", "gm"}, {"colour", "white"}, {"why", "the pool"}});
  soak["chip"]["by"] = "gm";  // the GM's pool pays for the GM's characters only
  t.refuse("soaked", soak, "not_allowed");
  t.accept("damage_rolled", {{"by", smith}, {"target", doc}, {"dice", damage_d6s({2})}});  // a miss, yet a hit on record
  soak["chip"]["by"] = doc;
  t.accept("chip_awarded", {{"to", doc}, {"colour", "white"}, {"why", "a soak"}});
  t.refuse("soaked", soak, "illegal_move");  // a later hit came: the Soak was not at once
  // The GM's pool pays for Reverend Grimme's Soak of a fresh hit.
  AppendResult hit = t.accept("damage_rolled", {{"by", doc}, {"target", grimme}, {"dice", damage_d6s({5, 5})}, {"modifier", 2}});
  CHECK(hit.ledger["wounds"] == 1);  // 12 against 7, Shaken already from the graze
  AppendResult soaked = t.accept("soaked", {{"hit", hit.seq}, {"chip", {{"by", "gm"}, {"colour", "white"}}}, {"die", "d10"},
                                            {"dice", {{"trait", {10, 2}}, {"wild", {1}}}}});
  CHECK(soaked.ledger["soaked"] == 1);  // 12 against TN 8 soaks more, but the hit dealt one
  CHECK(soaked.ledger["state"] == fighter_state(0, true));  // the graze's Shaken stays
  check_verifies(t);

  TestLedger lincoln;
  lincoln.refuse("fight_started", Json::object(), "illegal_move");
}

TEST_CASE("deadlands-ru: the Soak and the Spirit roll bear the wound penalty, a Soak rerolled keeps the better",
          "[db][fight]") {
  TempDir dir;
  TestLedger t(posse_in(dir, "deadlands-ru"));  // vigor_roll: Vigor against TN 4 (001 L44), -1 a wound (002 L6)
  const std::string hannah = t.badge("Hannah Two Rivers");
  t.accept("fight_started", Json::object());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({5, 5})}});  // 10: a wound (T 6)
  AppendResult hit = t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({5, 5})}});
  CHECK(hit.ledger["state"] == fighter_state(2, true));
  t.accept("chip_awarded", {{"to", hannah}, {"colour", "white"}, {"count", 2}, {"why", "two"}});
  Json soak{{"hit", hit.seq}, {"chip", {{"by", hannah}, {"colour", "white"}}}, {"die", "d8"},
            {"dice", {{"trait", {4}}, {"wild", {3}}}}};
  AppendResult first = t.accept("soaked", soak);
  CHECK(first.ledger["wound_modifier"] == -1);  // the wound held before the hit
  CHECK(first.ledger["result"] == 3);
  CHECK(first.ledger["soaked"] == 0);
  CHECK(first.ledger["state"] == fighter_state(2, true));
  soak["dice"]["trait"] = {5};
  AppendResult reroll = t.accept("soaked", soak);  // the second chip rerolls it: 4, a success
  CHECK(reroll.ledger["soaked"] == 1);
  CHECK(reroll.ledger["kept"] == 1);
  CHECK(reroll.ledger["state"] == fighter_state(1, true));
  // Spirit: 5 - 1 = 4 recovers; acting at once needs a raise (SWD).
  AppendResult spirit = t.accept("unshaken", {{"by", hannah}, {"how", "spirit"}, {"die", "d6"},
                                               {"dice", {{"trait", {5}}, {"wild", {2}}}}});
  CHECK(spirit.ledger["tn"] == 4);
  CHECK(spirit.ledger["unshaken"] == true);
  CHECK(spirit.ledger["may_act"] == false);
  // A Soak whose roll is a Critical Failure is not rerolled (001 L42).
  AppendResult third = t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({5, 5})}});
  CHECK(third.ledger["state"] == fighter_state(2, true));
  t.accept("chip_awarded", {{"to", hannah}, {"colour", "white"}, {"count", 2}, {"why", "two more"}});
  Json snake_eyes{{"hit", third.seq}, {"chip", {{"by", hannah}, {"colour", "white"}}}, {"die", "d8"},
                  {"dice", {{"trait", {1}}, {"wild", {1}}}}};
  AppendResult failed = t.accept("soaked", snake_eyes);
  CHECK(failed.ledger["crit_fail"] == true);
  CHECK(failed.ledger["soaked"] == 0);
  snake_eyes["dice"]["trait"] = {6};
  t.refuse("soaked", snake_eyes, "illegal_move");
  CHECK(t.count("SELECT count FROM chips WHERE colour = 'white' AND holder = " +
                std::to_string(t.character_id("Hannah Two Rivers"))) == 1);  // the refused reroll spent nothing
  check_verifies(t);
}

TEST_CASE("deadlands-ru: after a fight each of the posse gets a chip by Luck and the GM's pool two, colours by d6",
          "[db][fight][chips]") {
  TempDir dir;
  TestLedger t(posse_in(dir, "deadlands-ru"));
  const std::string hannah = t.badge("Hannah Two Rivers");
  t.accept("fight_started", Json::object());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({4, 3})}});
  AppendResult ended = t.accept("fight_ended", Json::object());
  const Json& awards = ended.ledger["awards"];
  REQUIRE(awards.size() == 4);  // the posse: 002 L15
  std::size_t chips = 0;
  for (const Json& a : awards) {
    chips += a["colours"].size();
    if (a["to"] == "Lucky Jack Dawson") {
      CHECK(a["luck"] == "lucky");
      REQUIRE(a.contains("luck_d6"));
      CHECK(a["colours"].size() == (a["luck_d6"].get<int>() >= 5 ? 2U : 1U));  // 002 L17
    } else {
      CHECK(a["colours"].size() == 1);
      CHECK_FALSE(a.contains("luck_d6"));
    }
  }
  CHECK(ended.ledger["gm_pool"].size() == 2);  // 002 L19
  CHECK(ended.ledger["d6s"].size() == chips + 2 + 1);  // a colour each, and Jack's Luck
  CHECK(t.count("SELECT COALESCE(SUM(count), 0) FROM chips") == static_cast<std::int64_t>(chips + 2));
  CHECK(t.count("SELECT shaken FROM combatants WHERE character = " + std::to_string(t.character_id("Hannah Two Rivers"))) ==
        0);  // Shaken ends with the fight
  check_verifies(t);
}

TEST_CASE("GET /table shows the fight under way with its last hits, and each fighter's state", "[db][fight]") {
  TestLedger t(sample_posse_dir());
  const std::string hannah = t.badge("Hannah Two Rivers");
  CHECK(table_view(t.db())["fight"].is_null());
  AppendResult started = t.accept("fight_started", Json::object());
  std::vector<std::int64_t> seqs;
  for (int i = 0; i < static_cast<int>(table_fight_hits) + 1; ++i)
    seqs.push_back(t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({1})}}).seq);
  Json fight = table_view(t.db())["fight"];
  CHECK(fight["seq"] == started.seq);
  REQUIRE(fight["hits"].size() == table_fight_hits);
  CHECK(fight["hits"][0]["seq"] == seqs[1]);  // the oldest shown: the first one is past the limit
  CHECK(fight["hits"].back() == Json{{"seq", seqs.back()}, {"target", "Hannah Two Rivers"}, {"total", 1},
                                     {"toughness", 6}, {"shaken", false}, {"wounds", 0}, {"soaked", 0},
                                     {"badge", hannah}});
  t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({4, 3})}});
  const Json shaken_view = table_view(t.db());  // kept: the loop reads into it
  for (const Json& c : shaken_view["characters"])
    if (c["name"] == "Hannah Two Rivers") CHECK(c["combat"]["shaken"] == true);
  // Her own view (GET /characters/BADGE) carries the same `combat`: a GM's and her kiosk's.
  const std::int64_t hannah_id = *character_of_badge(t.db(), hannah);
  for (const auto& [role, player] : {std::pair{Role::gm, std::optional<std::int64_t>()},
                                     std::pair{Role::kiosk, std::optional<std::int64_t>(hannah_id)}}) {
    const std::optional<Json> own = character_view(t.db(), hannah, role, 0, player);
    REQUIRE(own);
    CHECK((*own)["combat"]["shaken"] == true);
    CHECK((*own)["combat"]["wounds"] == 0);
  }
  // Anyone else at a kiosk (the next in the queue, signed in as themselves or not at all) reads
  // her name and whether she lives, never her condition in the fight.
  const std::int64_t smith_id = *character_of_badge(t.db(), t.badge("Smith the Gunhand"));
  for (const std::optional<std::int64_t> other : {std::optional<std::int64_t>(smith_id), std::optional<std::int64_t>()}) {
    const std::optional<Json> seen = character_view(t.db(), hannah, Role::kiosk, 0, other);
    REQUIRE(seen);
    INFO(seen->dump());
    CHECK((*seen)["public"] == true);
    CHECK_FALSE(seen->contains("combat"));
  }
  // A town without combat.csv (the Lincoln sample): no `combat` in a character's view.
  TestLedger town;
  const std::string someone = town.db().scalar_text("SELECT code FROM cards WHERE kind = 'badge' LIMIT 1");
  CHECK_FALSE(character_view(town.db(), someone, Role::gm, 0)->contains("combat"));
  t.accept("fight_ended", Json::object());
  CHECK(table_view(t.db())["fight"].is_null());
}
