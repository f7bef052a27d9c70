// A fight's rounds and its aftermath in the ledger (issue 32; docs/ledger.md): Action Cards dealt
// each round (001 L45; 000 L52-54) in their order, each card once between shuffles and the deck
// shuffled after a Joker, the Joker's +2 decided by the deal, Joker's Wild in savage (001 L35,
// L39); the Incapacitation roll (000 L170-176) or the GM's result where the seeds give no table;
// healing, the dying brought back at three wounds and Shaken (002 L36). verify replays each.
#include <catch2/catch.hpp>

#include <algorithm>

#include "db_test_helpers.h"
#include "ledger/verify.h"
#include "server/table_view.h"

using namespace marshal::db;
using namespace marshal::db::testing;

TEST_CASE("Action Cards: a round's order, each card once between shuffles, a shuffle after a Joker, the Joker's +2",
          "[db][fight]") {
  TestLedger t(sample_posse_dir());
  const std::string hannah = t.badge("Hannah Two Rivers"), smith = t.badge("Smith the Gunhand"),
                    doc = t.badge("Doc Ezekiel Hale"), jack = t.badge("Lucky Jack Dawson"),
                    deputy = t.badge("Gomorra Deputy");
  t.refuse("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "AS"}}}}}, "illegal_move");  // no fight
  t.accept("fight_started", Json::object());
  AppendResult first = t.accept("cards_dealt", {{"cards",
                                                 {{{"to", hannah}, {"card", "AS"}},
                                                  {{"to", jack}, {"card", "10h"}},
                                                  {{"to", {deputy}}, {"card", "2C"}},
                                                  {{"to", smith}, {"card", "BJ"}},
                                                  {{"to", doc}, {"card", "10S"}}}}});
  CHECK(first.ledger["round"] == 1);
  CHECK(first.ledger["shuffled"] == true);  // a fight starts from a shuffled deck
  CHECK(first.ledger["shuffle_next"] == true);
  const Json& order = first.ledger["order"];
  REQUIRE(order.size() == 5);
  CHECK(order[0] == Json{{"to", {"Smith the Gunhand"}}, {"card", "BJ"}, {"joker", true}});  // 000 L54
  CHECK(order[1]["card"] == "AS");
  CHECK(order[2]["card"] == "10S");  // Spades before Hearts (SWD)
  CHECK(order[3]["card"] == "10H");
  CHECK(order[4]["to"] == Json{"Gomorra Deputy"});
  CHECK_FALSE(first.ledger.contains("jokers_wild"));  // deadlands-1876 has no Joker's Wild
  // GET /table shows the round as the ledger ordered it, each entry with its badges (names may
  // repeat; a station finds its fighters by badge).
  const Json round = table_view(t.db())["fight"]["round"];
  CHECK(round["number"] == 1);
  REQUIRE(round["order"].size() == order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    Json without_badges = round["order"][i];
    without_badges.erase("badges");
    CHECK(without_badges == order[i]);
  }
  CHECK(round["order"][0]["badges"] == Json{smith});
  CHECK(round["order"][4]["badges"] == Json{deputy});
  CHECK_FALSE(order[0].contains("badges"));  // the ledger part as recorded
  CHECK(round["shuffle_next"] == true);
  // GET /table: who holds a Joker this round, and the cards out since the shuffle (a station
  // dealing draws from the rest).
  {
    const Json view = table_view(t.db());
    CHECK(view["fight"]["out"] == Json{"AS", "10H", "2C", "BJ", "10S"});
    for (const Json& c : view["characters"])
      if (c["combat"].is_object()) CHECK(c["combat"]["joker"] == (c["name"] == "Smith the Gunhand"));
  }
  // The Joker's holder rolls at +2 this round, and no one else does.
  t.refuse("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({2})}}, "outcome_mismatch");
  AppendResult plus2 = t.accept("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({2})}, {"joker", true}});
  CHECK(plus2.ledger["total"] == 4);
  t.refuse("damage_rolled", {{"by", doc}, {"target", smith}, {"dice", damage_d6s({2})}, {"joker", true}}, "outcome_mismatch");
  // After a Joker the deck is shuffled before the deal.
  const Json again{{"cards", {{{"to", hannah}, {"card", "AS"}}}}};
  CHECK(t.refuse("cards_dealt", again, "illegal_move").field == "shuffled");
  Json shuffled = again;
  shuffled["shuffled"] = true;
  AppendResult second = t.accept("cards_dealt", shuffled);
  CHECK(second.ledger["round"] == 2);
  CHECK(second.ledger["shuffle_next"] == false);
  // Shuffled: only this round's card is out; no one holds a Joker now.
  const Json shuffled_view = table_view(t.db());  // kept: the loop reads into it
  CHECK(shuffled_view["fight"]["out"] == Json{"AS"});
  for (const Json& c : shuffled_view["characters"])
    if (c["combat"].is_object()) CHECK(c["combat"]["joker"] == false);
  // No shuffle now: the Ace of Spades is out since it; the others are not.
  AppendResult out = t.refuse("cards_dealt", again, "illegal_move");
  CHECK(out.field == "cards[0].card");
  CHECK(out.reason.find("AS") != std::string::npos);
  t.accept("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "KD"}}, {{"to", smith}, {"card", "3h"}}}}});
  CHECK(t.refuse("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "QD"}}, {{"to", hannah}, {"card", "QS"}}}}},
                 "illegal_move").field == "cards[1].to");
  CHECK(t.refuse("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "1X"}}}}}, "bad_input").field == "cards[0].card");
  CHECK(t.refuse("cards_dealt", {{"cards", Json::array()}}, "bad_input").field == "cards");
  // Smith's Joker was last round's: no +2 now.
  t.refuse("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({2})}, {"joker", true}}, "outcome_mismatch");
  check_verifies(t);
}

TEST_CASE("savage: a Joker dealt gives Joker's Wild Bennies by the side that drew it (001 L35, L39)", "[db][fight][chips]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,savage");
  TestLedger t(folder);
  t.accept("fight_started", Json::object());
  AppendResult dealt = t.accept("cards_dealt", {{"cards",
                                                 {{{"to", t.badge("Smith the Gunhand")}, {"card", "RJ"}},
                                                  {{"to", t.badge("Hannah Two Rivers")}, {"card", "4D"}}}},
                                                {"shuffled", true}});  // said of a first deal too
  REQUIRE(dealt.ledger["jokers_wild"].size() == 1);
  CHECK(dealt.ledger["jokers_wild"][0] == Json{{"characters", 2}, {"gm_pool", 1}, {"drawn_by", "gm"}});
  CHECK(t.count("SELECT count FROM chips WHERE holder = 0") == 1);
  // During a fight the deal gives Joker's Wild: the event of its own would give it twice.
  t.refuse("jokers_wild", {{"drawn_by", "posse"}}, "illegal_move");
  check_verifies(t);
}

TEST_CASE("deadlands-1876: the Incapacitation roll decides, the dying healed come back at three wounds, Shaken",
          "[db][fight]") {
  TestLedger t(sample_posse_dir());
  const std::string jack = t.badge("Lucky Jack Dawson"), doc = t.badge("Doc Ezekiel Hale"),
                    hannah = t.badge("Hannah Two Rivers");
  t.accept("fight_started", Json::object());
  t.refuse("incapacitation_rolled", {{"by", jack}, {"die", "d6"}, {"dice", {{"trait", {4}}, {"wild", {2}}}}},
           "illegal_move");  // not Incapacitated
  // 21 against Toughness 5: four wounds, past his three.
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 5, 5, 5, 1})}});
  t.refuse("healed", {{"healer", jack}, {"patient", doc}, {"die", "d6"}, {"dice", {{"trait", {5}}, {"wild", {1}}}}},
           "knocked_out");  // the Incapacitated heal no one
  t.refuse("healed", {{"healer", doc}, {"patient", jack}, {"die", "d8"}, {"dice", {{"trait", {5}}, {"wild", {1}}}}},
           "illegal_move");  // nor are healed before their Incapacitation roll
  // Vigor 4 against TN 4: a success, unconscious (000 L174).
  AppendResult rolled = t.accept("incapacitation_rolled", {{"by", jack}, {"die", "d6"}, {"dice", {{"trait", {4}}, {"wild", {2}}}}});
  CHECK(rolled.ledger["incapacitation"] == "unconscious");
  CHECK(rolled.ledger["state"] == fighter_state(3, true, "unconscious"));
  t.refuse("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({2})}}, "knocked_out");
  // Doc heals him: 5 against 4, one success: back at his last Wound level, Shaken (002 L36).
  AppendResult healed = t.accept("healed", {{"healer", doc}, {"patient", jack}, {"die", "d8"},
                                             {"dice", {{"trait", {5}}, {"wild", {1}}}}});
  CHECK(healed.ledger["healed"] == 1);
  CHECK(healed.ledger["wound_modifier"] == 0);  // deadlands-1876: no wound penalties (000 L163)
  CHECK(healed.ledger["state"] == fighter_state(3, true, "fighting"));
  // Healed, his wounds are not improved by more treatment (000 L200; healing_rules_test.cpp).
  CHECK(t.refuse("healed", {{"healer", doc}, {"patient", jack}, {"die", "d8"}, {"dice", {{"trait", {5}}, {"wild", {1}}}}},
                 "illegal_move").field == "patient");
  t.refuse("healed", {{"healer", doc}, {"patient", hannah}, {"die", "d8"}, {"dice", {{"trait", {5}}, {"wild", {1}}}}},
           "illegal_move");  // no wound to heal
  // Snake eyes on the Incapacitation roll: death (000 L172); no Healing for the dead.
  t.accept("damage_rolled", {{"by", "gm"}, {"target", hannah}, {"dice", damage_d6s({5, 5, 5, 5, 3})}});
  AppendResult death = t.accept("incapacitation_rolled", {{"by", hannah}, {"die", "d8"}, {"dice", {{"trait", {1}}, {"wild", {1}}}}});
  CHECK(death.ledger["incapacitation"] == "death");
  CHECK(t.character_text("Hannah Two Rivers", "dead") == "1");  // dead for the rest of the game
  t.refuse("unshaken", {{"by", hannah}, {"how", "chip"}, {"chip", {{"by", hannah}, {"colour", "white"}}}}, "dead");
  CHECK(t.refuse("healed", {{"healer", doc}, {"patient", hannah}, {"die", "d8"}, {"dice", {{"trait", {5}}, {"wild", {1}}}}},
                 "dead").field == "patient");
  check_verifies(t);
}

TEST_CASE("deadlands-ru: the GM names the Incapacitation result, healing bears both wound penalties", "[db][fight]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,deadlands-ru");
  TestLedger t(folder);
  const std::string jack = t.badge("Lucky Jack Dawson"), doc = t.badge("Doc Ezekiel Hale");
  t.accept("fight_started", Json::object());
  t.accept("damage_rolled", {{"by", "gm"}, {"target", jack}, {"dice", damage_d6s({5, 5, 5, 5, 1})}});
  CHECK(t.refuse("incapacitation_rolled", {{"by", jack}, {"result", "dying"}}, "bad_input").field == "result");
  AppendResult named = t.accept("incapacitation_rolled", {{"by", jack}, {"result", "bleeding_out"}});
  CHECK(named.ledger["state"] == fighter_state(3, true, "bleeding_out"));
  // Doc (one wound himself) heals Jack (three): -4 on the roll; 8 then 1 is 9, 9 - 4 = 5: a success.
  t.accept("damage_rolled", {{"by", "gm"}, {"target", doc}, {"dice", damage_d6s({5, 4})}});  // 9 against 5: a wound
  AppendResult healed = t.accept("healed", {{"healer", doc}, {"patient", jack}, {"die", "d8"},
                                             {"dice", {{"trait", {8, 1}}, {"wild", {2}}}}});
  CHECK(healed.ledger["wound_modifier"] == -4);
  CHECK(healed.ledger["healed"] == 1);
  CHECK(healed.ledger["state"] == fighter_state(3, true, "fighting"));
  check_verifies(t);
}

TEST_CASE("a chip buys another Action Card before the round begins, the holder keeps their choice (001 L45)", "[db][fight][chips]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,savage");
  TestLedger t(folder);
  const std::string hannah = t.badge("Hannah Two Rivers"), smith = t.badge("Smith the Gunhand"), jack = t.badge("Lucky Jack Dawson");
  t.accept("fight_started", Json::object());
  const Json chip{{"by", hannah}, {"colour", "benny"}};
  t.refuse("card_redrawn", {{"to", hannah}, {"card", "KS"}, {"keep", "new"}, {"chip", chip}}, "illegal_move");  // no deal yet
  t.accept("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "AS"}}, {{"to", smith}, {"card", "10H"}}, {{"to", jack}, {"card", "2C"}}}}});
  t.accept("chip_awarded", {{"to", hannah}, {"colour", "benny"}, {"count", 2}, {"why", "a test"}});
  // Hannah draws the King and keeps her Ace: the King is out all the same, her chip spent.
  AppendResult kept = t.accept("card_redrawn", {{"to", hannah}, {"card", "KS"}, {"keep", "old"}, {"chip", chip}});
  CHECK(kept.ledger["kept"] == "AS");
  CHECK(kept.ledger["order"][0]["to"] == Json{"Hannah Two Rivers"});
  CHECK(kept.ledger["shuffle_next"] == false);
  CHECK(t.count("SELECT count FROM chips c JOIN cards b ON b.holder = c.holder WHERE b.code = '" + hannah + "'") == 1);
  Json out = table_view(t.db())["fight"]["out"];
  CHECK(std::find(out.begin(), out.end(), Json("KS")) != out.end());
  // A card out since the shuffle is not drawn again; a word other than new or old is refused.
  CHECK(t.refuse("card_redrawn", {{"to", hannah}, {"card", "KS"}, {"keep", "new"}, {"chip", chip}}, "illegal_move").field == "card");
  CHECK(t.refuse("card_redrawn", {{"to", hannah}, {"card", "QS"}, {"keep", "both"}, {"chip", chip}}, "bad_input").field == "keep");
  // Her choice of all her draws (001 L45): the King she passed over, named; a card she never drew is refused.
  CHECK(t.refuse("card_redrawn", {{"to", hannah}, {"card", "QS"}, {"keep", "JD"}, {"chip", chip}}, "illegal_move").field == "keep");
  AppendResult earlier = t.accept("card_redrawn", {{"to", hannah}, {"card", "QS"}, {"keep", "ks"}, {"chip", chip}});
  CHECK(earlier.ledger["kept"] == "KS");
  CHECK(t.count("SELECT count FROM chips c JOIN cards b ON b.holder = c.holder WHERE b.code = '" + hannah + "'") == 0);
  out = table_view(t.db())["fight"]["out"];
  for (const char* card : {"AS", "KS", "QS"}) CHECK(std::find(out.begin(), out.end(), Json(card)) != out.end());
  // Jack has no chip; Hannah's chip is not Jack's to spend.
  t.refuse("card_redrawn", {{"to", jack}, {"card", "QS"}, {"keep", "new"}, {"chip", {{"by", jack}, {"colour", "benny"}}}}, "no_chip");
  CHECK(t.refuse("card_redrawn", {{"to", jack}, {"card", "QS"}, {"keep", "new"}, {"chip", chip}}, "not_allowed").field == "chip.by");
  // The GM's pool pays for Smith, who draws the Red Joker and keeps it: he acts first at +2, the
  // deck is shuffled before the next deal, and in savage the villains' Joker's Wild gives Bennies.
  t.accept("chip_awarded", {{"to", "gm"}, {"colour", "benny"}, {"count", 1}, {"why", "a test"}});
  AppendResult joker = t.accept("card_redrawn", {{"to", smith}, {"card", "RJ"}, {"keep", "new"}, {"chip", {{"by", "gm"}, {"colour", "benny"}}}});
  CHECK(joker.ledger["kept"] == "RJ");
  CHECK(joker.ledger["order"][0]["to"] == Json{"Smith the Gunhand"});
  CHECK(joker.ledger["shuffle_next"] == true);
  REQUIRE(joker.ledger["jokers_wild"].size() == 1);
  CHECK(joker.ledger["jokers_wild"][0]["drawn_by"] == "gm");
  out = table_view(t.db())["fight"]["out"];
  CHECK(std::find(out.begin(), out.end(), Json("10H")) != out.end());  // the card he passed over stays out
  const Json view = table_view(t.db());  // kept: the loop refers into it
  for (const Json& c : view["characters"])
    if (c["combat"].is_object()) CHECK(c["combat"]["joker"] == (c["name"] == "Smith the Gunhand"));
  // Once a roll of the round is recorded, no more cards are drawn.
  t.accept("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({2})}, {"joker", true}});
  CHECK(t.refuse("card_redrawn", {{"to", hannah}, {"card", "QS"}, {"keep", "new"}, {"chip", chip}}, "illegal_move").field == "type");
  t.refuse("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "QS"}}}}}, "illegal_move");  // a Joker was drawn: shuffle first
  check_verifies(t);
}

TEST_CASE("a Spirit roll begins the round as a hit does: no new Action Card after it (001 L45)", "[db][fight][chips]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,savage");
  TestLedger t(folder);
  const std::string hannah = t.badge("Hannah Two Rivers"), smith = t.badge("Smith the Gunhand");
  const Json chip{{"by", hannah}, {"colour", "benny"}};
  t.accept("fight_started", Json::object());
  t.accept("chip_awarded", {{"to", hannah}, {"colour", "benny"}, {"count", 3}, {"why", "a test"}});
  t.accept("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "2S"}}, {{"to", smith}, {"card", "3S"}}}}});
  // 4 + 2 against her Toughness 6: Shaken, no wound; the round has begun.
  t.accept("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({4, 2})}});
  CHECK(t.count("SELECT begun FROM fight_rounds WHERE number = 1") == 1);
  t.refuse("card_redrawn", {{"to", hannah}, {"card", "KS"}, {"keep", "new"}, {"chip", chip}}, "illegal_move");
  // Round 2: her Spirit roll at the start of her turn (001 L43) begins it as well.
  t.accept("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "4S"}}, {{"to", smith}, {"card", "5S"}}}}});
  CHECK(t.count("SELECT begun FROM fight_rounds WHERE number = 2") == 0);
  t.accept("unshaken", {{"by", hannah}, {"how", "spirit"}, {"die", "d6"}, {"dice", {{"trait", {2}}, {"wild", {1}}}}});
  CHECK(t.count("SELECT begun FROM fight_rounds WHERE number = 2") == 1);
  CHECK(t.refuse("card_redrawn", {{"to", hannah}, {"card", "KS"}, {"keep", "new"}, {"chip", chip}}, "illegal_move").field == "type");
  // Round 3 has not begun: a chip buys her a card.
  t.accept("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "6S"}}, {{"to", smith}, {"card", "7S"}}}}});
  CHECK(t.accept("card_redrawn", {{"to", hannah}, {"card", "KS"}, {"keep", "new"}, {"chip", chip}}).ledger["kept"] == "KS");
  check_verifies(t);
}

TEST_CASE("a ledger of schema 23 whose chip bought a card after a Spirit roll still verifies", "[db][fight][migrations]") {
  TempDir dir;
  fs::path folder = copy_sample(dir, "posse", sample_posse_dir());
  replace_in_file(folder / "options.csv", "ruleset,deadlands-1876", "ruleset,savage");
  TestLedger t(folder);
  const std::string hannah = t.badge("Hannah Two Rivers"), smith = t.badge("Smith the Gunhand");
  t.accept("fight_started", Json::object());
  t.accept("chip_awarded", {{"to", hannah}, {"colour", "benny"}, {"count", 1}, {"why", "a test"}});
  t.accept("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "2S"}}, {{"to", smith}, {"card", "3S"}}}}});
  t.accept("damage_rolled", {{"by", smith}, {"target", hannah}, {"dice", damage_d6s({4, 2})}});  // Shaken
  t.accept("cards_dealt", {{"cards", {{{"to", hannah}, {"card", "4S"}}, {{"to", smith}, {"card", "5S"}}}}});
  t.accept("unshaken", {{"by", hannah}, {"how", "spirit"}, {"die", "d6"}, {"dice", {{"trait", {2}}, {"wild", {1}}}}});
  // Before migration 24 a Spirit roll did not begin the round: the chip's card was taken.
  t.db().exec("UPDATE fight_rounds SET begun = 0 WHERE number = 2");
  t.accept("card_redrawn", {{"to", hannah}, {"card", "KS"}, {"keep", "new"}, {"chip", {{"by", hannah}, {"colour", "benny"}}}});
  t.db().exec("UPDATE fight_rounds SET begun = 1 WHERE number = 2");  // as migration 24 finds it
  check_verifies(t);
}
