// The shootout screen under Xvfb: three badges, orders typed, a killing shot a bystander takes
// (offered, a wrong card refused, the torn card scanned), a nick that offers nothing, everyone
// stops, and the ledger holds the shootout with the bystander spent.
#include <catch2/catch.hpp>

#include "sample_town.h"
#include "gmstation/shootout_orders.h"
#include "store/sqlite.h"

using namespace marshal;
using namespace gui_testing;

TEST_CASE("shootout orders: every form a GM types, and what is refused", "[shootout]") {
  const std::vector<std::string> players{"Ann", "Bob", "Cy"};
  std::string why;
  auto order = gm::parse_shootout_order("c", 0, players, why);
  REQUIRE(order);
  CHECK(order->kind == gm::ShootoutOrder::Kind::cover);
  order = gm::parse_shootout_order(" 2 ", 0, players, why);
  REQUIRE(order);
  CHECK((order->kind == gm::ShootoutOrder::Kind::shoot && order->target == 1 && !order->not_to_kill));
  order = gm::parse_shootout_order("s3!", 0, players, why);
  REQUIRE(order);
  CHECK((order->kind == gm::ShootoutOrder::Kind::shoot && order->target == 2 && order->not_to_kill));
  CHECK(gm::describe_order(*order, players) == "shoots Cy, not to kill");
  order = gm::parse_shootout_order("!3", 0, players, why);  // the one-key form: ! first
  REQUIRE(order);
  CHECK((order->kind == gm::ShootoutOrder::Kind::shoot && order->target == 2 && order->not_to_kill));
  CHECK_FALSE(gm::parse_shootout_order("!", 0, players, why));
  CHECK(why.find("!2") != std::string::npos);
  order = gm::parse_shootout_order("P1", 2, players, why);
  REQUIRE(order);
  CHECK((order->kind == gm::ShootoutOrder::Kind::pin && order->target == 0));
  CHECK(gm::order_action(*order, players) == protocol::Json{{"pin", "Ann"}});
  order = gm::parse_shootout_order("e", 1, players, why);
  REQUIRE(order);
  CHECK(order->kind == gm::ShootoutOrder::Kind::escape);

  CHECK_FALSE(gm::parse_shootout_order("", 0, players, why));
  CHECK(why.find("Ann's order") != std::string::npos);
  CHECK_FALSE(gm::parse_shootout_order("4", 0, players, why));
  CHECK(why == "There is no player 4 (1 to 3)");
  CHECK_FALSE(gm::parse_shootout_order("0", 0, players, why));
  CHECK_FALSE(gm::parse_shootout_order("1", 0, players, why));
  CHECK(why == "Ann cannot shoot themself");
  CHECK_FALSE(gm::parse_shootout_order("P2!", 0, players, why));
  CHECK_FALSE(gm::parse_shootout_order("X", 0, players, why));
  CHECK(why.find("C cover") != std::string::npos);
}

// Types `order` into player `row`'s order field (which has the focus) and waits for the keyboard
// to move on, as one key completes an order.
void type_order(wxUIActionSimulator& sim, gm::ShootoutPage* page, int row, const char* order) {
  wxWindow* focus = wxWindow::FindFocus();
  INFO("row " << row << ": the focus is on " << wxString(focus ? focus->GetClassInfo()->GetClassName() : L"nothing").ToStdString() << " "
                          << (focus ? focus->GetName() : wxString()).ToStdString() << " valued "
                          << (dynamic_cast<wxTextCtrl*>(focus) ? dynamic_cast<wxTextCtrl*>(focus)->GetValue() : wxString()).ToStdString());
  REQUIRE(page->order_field(row)->HasFocus());
  sim.Text(order);
  pump(2000, [&] { return !page->order_field(row)->HasFocus(); });
  CHECK(page->order_field(row)->GetValue().Upper() == wxString(order).Upper());
}

TEST_CASE("a shootout: a killing shot taken by a scanned bystander, recorded in the ledger",
          "[gui][shootout]") {
  SampleTown town(6);
  const std::string brady = "Sheriff Amos Brady", black_jack = "Black Jack Mulroney", crane = "Jubal Crane";
  std::vector<std::string> black_jacks_bystanders = town.cards(black_jack, "bystander");
  std::vector<std::string> bradys_bystanders = town.cards(brady, "bystander");
  REQUIRE(!black_jacks_bystanders.empty());
  REQUIRE(!bradys_bystanders.empty());

  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  gm::ShootoutPage* page = frame->shootout();
  wxUIActionSimulator sim;
  sim.Char(WXK_F6);
  pump(300);
  CHECK(page->instruction().Contains("2 or more"));
  scan_burst(sim, town.badge(brady));
  CHECK(page->instruction().Contains("1 in"));
  sim.Char('N', wxMOD_CONTROL);
  pump(200);
  CHECK(page->refusal_text().Contains("Scan at least two players"));
  scan_burst(sim, town.badge(black_jack));
  CHECK(page->instruction().Contains("a shooting of two, not a duel"));  // Ctrl+N would start it
  scan_burst(sim, town.badge(crane));
  CHECK(page->instruction().Contains("Ctrl+N"));
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  REQUIRE(page->instruction().Contains("Round 1"));

  // Round 1. The Sheriff shoots Black Jack: 8 + Accuracy 3 = 11, a killing shot. Black Jack
  // shoots the Sheriff not to kill: 3 + 3 = 6, a miss. Jubal Crane takes cover. One key an
  // order moves the keyboard on (!1 waits for its number); after the last, the first card.
  type_order(sim, page, 0, "2");
  type_order(sim, page, 1, "!1");
  type_order(sim, page, 2, "c");
  CHECK(page->meaning_text(1).Contains("shoots Sheriff Amos Brady, not to kill"));
  CHECK(page->card_field(0)->HasFocus());
  enter_fields(sim, {"8", "", "3"});
  pump(400);
  REQUIRE(page->instruction().Contains("Black Jack Mulroney may tear an innocent bystander for Sheriff Amos Brady's shot (11: dead)"));
  CHECK(page->result_text().Contains("Sheriff Amos Brady fires at Black Jack Mulroney: 8 + 3 = 11 -> dead"));
  screenshot(frame, "shootout-bystander-offered");

  scan_burst(sim, bradys_bystanders.front());  // not Black Jack's to tear
  CHECK(page->refusal_text().Contains("is not one of Black Jack Mulroney's innocent bystanders"));
  scan_burst(sim, black_jacks_bystanders.front());
  pump(300);
  REQUIRE(page->instruction().Contains("Round 2"));
  // The bystander by the card's title and its owner, never its code.
  std::string title;
  for (const auto& card : town.definition.cards)
    if (card.code == black_jacks_bystanders.front()) title = card.title;
  INFO(page->result_text().ToStdString());
  CHECK(page->result_text().Contains(wxString::FromUTF8("an innocent bystander takes the bullet: \"" + title +
                                                        "\", Black Jack Mulroney's")));
  CHECK_FALSE(page->result_text().Contains(wxString::FromUTF8(black_jacks_bystanders.front())));

  // Round 2: the Sheriff only nicks Black Jack (4 + 3 = 7): nothing for a bystander to take.
  // The focus starts on the Sheriff's card; orders are kept
  enter_fields(sim, {"4", "", "2"});
  pump(400);
  INFO(page->instruction().ToStdString());
  REQUIRE(page->instruction().Contains("Round 3"));
  CHECK(page->result_text().Contains("8 + 3 = 11") == false);
  CHECK(page->result_text().Contains("4 + 3 = 7 -> nicked"));

  sim.Char('S', wxMOD_CONTROL);
  pump(800, [&] { return page->recorded(); });
  REQUIRE(page->recorded());
  CHECK(page->result_text().Contains("THE SHOOTING IS OVER"));
  CHECK(page->result_text().Contains("Black Jack Mulroney: unhurt"));
  screenshot(frame, "shootout-recorded");
  // The keyboard is not dead: the recorded shootout's fields are disabled, and the focus went to
  // the scan field. F2 opens the duel and a badge scanned goes to it, with no click first.
  sim.Char(WXK_F2);
  pump(300);
  REQUIRE(frame->duel()->IsShownOnScreen());
  scan_burst(sim, town.badge("Kid Calloway"));
  CHECK(frame->duel()->instruction().Contains("second duelist"));
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_int("SELECT COUNT(*) FROM events WHERE type = 'conflict_resolved' AND "
                          "json_extract(payload, '$.kind') = 'shootout'") == 1);
  CHECK(ledger.scalar_text("SELECT fate FROM cards WHERE code = '" + black_jacks_bystanders.front() + "'") == "dead");
  CHECK(ledger.scalar_int("SELECT spent FROM cards WHERE code = '" + bradys_bystanders.front() + "'") == 0);
  CHECK(ledger.scalar_int("SELECT dead + wounded FROM characters WHERE name = 'Black Jack Mulroney'") == 0);
}

TEST_CASE("an ambush: two players, the ambusher's free round first, then both shoot, a 13+ choice",
          "[gui][shootout]") {
  SampleTown town(12);
  gm::MainFrame* frame = open_station(town.db, "trail-gm");
  gm::ShootoutPage* page = frame->shootout();
  wxUIActionSimulator sim;
  sim.Char(WXK_F6);
  pump(300);
  scan_burst(sim, town.badge("Black Jack Mulroney"));  // Accuracy 3
  sim.Char('A', wxMOD_CONTROL);
  pump(200);
  CHECK(page->instruction().Contains("Black Jack Mulroney lies in ambush"));
  scan_burst(sim, town.badge("Deputy Wade Hollis"));  // Accuracy 2
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  REQUIRE(page->instruction().Contains("only the ambushers act"));

  // The free round: Black Jack nicks the Deputy (5 + 3 = 8); the Deputy's fields are closed.
  enter_fields(sim, {"2", "5"});
  pump(400);
  INFO(page->instruction().ToStdString());
  REQUIRE(page->instruction().Contains("Round 1"));  // the ambush was round 0
  CHECK(page->result_text().Contains("Black Jack Mulroney fires at Deputy Wade Hollis: 5 + 3 = 8 -> nicked"));
  // Round 1, both: Black Jack 3 + 3 = 6, the Deputy 2 + 2 = 4; both miss.
  enter_fields(sim, {"3", "1", "2"});
  pump(400);
  CHECK(page->result_text().Contains("Deputy Wade Hollis fires at Black Jack Mulroney: 2 + 2 = 4 -> miss"));
  // Round 2: Black Jack 10 + 3 = 13: he chooses to wound; the Deputy misses again (3 + 2).
  enter_fields(sim, {"10", "", "3"});
  pump(400);
  INFO("now: " << page->instruction().ToStdString());
  REQUIRE(page->instruction().Contains("13 or more! Black Jack Mulroney chooses"));
  CHECK(page->result_text().Contains("13 or more, the shooter chooses"));
  CHECK_FALSE(page->result_text().Contains("shooters_choice"));  // words, never the rules' codes
  sim.Char('W', wxMOD_CONTROL);
  pump(400);
  CHECK(page->result_text().Contains("= 13 -> the shooter's choice at 13+: wound: Deputy Wade Hollis is wounded"));
  REQUIRE(page->instruction().Contains("Round 3"));
  sim.Char('S', wxMOD_CONTROL);
  pump(800, [&] { return page->recorded(); });
  REQUIRE(page->recorded());
  screenshot(frame, "shootout-ambush");
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  CHECK(ledger.scalar_text("SELECT json_extract(payload, '$.input.ambushers[0]') FROM events WHERE type = "
                           "'conflict_resolved'") == "Black Jack Mulroney");
  CHECK(ledger.scalar_int("SELECT json_array_length(payload, '$.input.rounds') FROM events WHERE type = "
                          "'conflict_resolved'") == 3);
  CHECK(ledger.scalar_int("SELECT wounded FROM characters WHERE name = 'Deputy Wade Hollis'") == 1);
}

TEST_CASE("a shootout's cards scanned: orders typed, each shooter's card shown to the scanner, the round fires itself",
          "[gui][shootout]") {
  SampleTown town(6);
  const std::string brady = "Sheriff Amos Brady", black_jack = "Black Jack Mulroney", crane = "Jubal Crane";
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  gm::ShootoutPage* page = frame->shootout();
  wxUIActionSimulator sim;
  sim.Char(WXK_F6);
  pump(300);
  for (const auto& name : {brady, black_jack, crane}) scan_burst(sim, town.badge(name));
  scan_burst(sim, "ACT08");  // before the shooting starts: said so
  CHECK(page->refusal_text().Contains("Ctrl+N, first"));
  sim.Char('N', wxMOD_CONTROL);
  pump(300);
  REQUIRE(page->instruction().Contains("Round 1"));
  // The orders typed (the Sheriff shoots Black Jack, Black Jack shoots him not to kill, Jubal
  // Crane takes cover), the cards left empty for the scanner.
  sim.Text("2");
  sim.Char(WXK_TAB);
  sim.Char(WXK_TAB);
  sim.Text("1!");
  sim.Char(WXK_TAB);
  sim.Char(WXK_TAB);
  sim.Text("c");
  pump(200);
  scan_burst(sim, "ACT08");
  INFO(page->instruction().ToStdString() << " / " << page->result_text().ToStdString());
  CHECK(page->instruction().Contains("Now Black Jack Mulroney's card"));
  scan_burst(sim, "ACT03");
  pump(1000, [&] { return page->result_text().Contains("8 + 3 = 11"); });
  CHECK(page->result_text().Contains("Sheriff Amos Brady fires at Black Jack Mulroney: 8 + 3 = 11 -> dead"));
  CHECK(page->instruction().Contains("Black Jack Mulroney may tear an innocent bystander"));
  frame->Destroy();
  pump(200);
}

TEST_CASE("a shootout: orders kept for the next round, but never at the dead, the dead shown as DEAD",
          "[gui][shootout]") {
  SampleTown town(6);
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  gm::ShootoutPage* page = frame->shootout();
  wxUIActionSimulator sim;
  start_with(sim, town, WXK_F6, {"Sheriff Amos Brady", "Black Jack Mulroney", "Jubal Crane"});
  REQUIRE(page->instruction().Contains("Round 1"));
  // The Sheriff and Jubal Crane both shoot Black Jack; Black Jack shoots the Sheriff.
  type_order(sim, page, 0, "2");
  type_order(sim, page, 1, "1");
  type_order(sim, page, 2, "2");
  // The Sheriff's 8 + 3 = 11 kills; the others' Aces miss.
  scan_burst(sim, "ACT08");
  scan_burst(sim, "ACT01");
  scan_burst(sim, "ACT01");
  pump(1000, [&] { return page->instruction().Contains("may tear an innocent bystander"); });
  REQUIRE(page->instruction().Contains("Black Jack Mulroney may tear an innocent bystander"));
  sim.Char('T', wxMOD_CONTROL);  // he does not: he is dead
  pump(500, [&] { return page->instruction().Contains("Round 2"); });
  INFO(page->instruction().ToStdString() << " / " << page->result_text().ToStdString());
  REQUIRE(page->instruction().Contains("Round 2"));
  CHECK(page->meaning_text(1).Contains("DEAD"));
  // Both orders at the dead man are cleared, said, and the keyboard waits on the first of them.
  CHECK(page->instruction().Contains("a new order for Sheriff Amos Brady and Jubal Crane"));
  CHECK(page->order_field(0)->GetValue().empty());
  CHECK(page->order_field(2)->GetValue().empty());
  CHECK(page->order_field(0)->HasFocus());
  CHECK_FALSE(page->order_field(1)->IsEnabled());
  screenshot(frame, "shootout-order-at-the-dead");
  // Firing with no order is refused, the round's prompt kept.
  sim.Char(WXK_RETURN);
  pump(200);
  CHECK(page->refusal_text().Contains("Sheriff Amos Brady's order"));
  CHECK(page->instruction().Contains("Round 2"));
  frame->Destroy();
  pump(200);
}

TEST_CASE("a shooting of two that is not a duel: a bystander takes the bullet, the death judged as in a shootout",
          "[gui][shootout][shooting-of-two]") {
  SampleTown town(6);
  const std::string kid = "Kid Calloway", deputy = "Deputy Wade Hollis";
  std::vector<std::string> deputys_bystanders = town.cards(deputy, "bystander");
  REQUIRE(!deputys_bystanders.empty());
  gm::MainFrame* frame = open_station(town.db, "saloon-gm");
  gm::ShootoutPage* page = frame->shootout();
  wxUIActionSimulator sim;
  start_with(sim, town, WXK_F6, {"Kid Calloway", "Deputy Wade Hollis"});
  INFO(page->instruction().ToStdString() << " / " << page->refusal_text().ToStdString());
  REQUIRE(page->instruction().Contains("A shooting of two, not a duel"));

  // Round 1: the Kid shoots the Deputy: 7 + Accuracy 4 = 11, a killing shot. Unlike a duel, a
  // bystander may take it: the Deputy tears one.
  type_order(sim, page, 0, "2");
  type_order(sim, page, 1, "1");  // the Deputy shoots back: Ace + 2 = 3, a miss
  enter_fields(sim, {"7", "", "1"});  // the Kid's card, past the Deputy's order, his card
  pump(1000, [&] { return page->instruction().Contains("may tear an innocent bystander"); });
  INFO("round 1: " << page->instruction().ToStdString() << " / " << page->refusal_text().ToStdString() << " / "
                   << page->result_text().ToStdString());
  REQUIRE(page->instruction().Contains("Deputy Wade Hollis may tear an innocent bystander"));
  screenshot(frame, "shooting-of-two");
  scan_burst(sim, deputys_bystanders.front());
  pump(1000, [&] { return page->instruction().Contains("Round 2"); });
  REQUIRE(page->instruction().Contains("Round 2"));
  // Round 2, the orders kept (the keyboard on the Kid's card): his 8 + 4 = 12 kills (the Deputy's
  // Ace misses again); this time
  // the Deputy takes the bullet (Ctrl+T).
  enter_fields(sim, {"8", "", "1"});
  pump(1000, [&] { return page->instruction().Contains("may tear an innocent bystander"); });
  INFO("round 2: " << page->instruction().ToStdString() << " / " << page->refusal_text().ToStdString());
  REQUIRE(page->instruction().Contains("may tear an innocent bystander"));
  sim.Char('T', wxMOD_CONTROL);
  pump(3000, [&] { return page->recorded(); });
  INFO(page->result_text().ToStdString());
  REQUIRE(page->recorded());
  frame->Destroy();
  pump(200);

  db::Database ledger(town.db, false);
  auto payload = nlohmann::json::parse(ledger.scalar_text("SELECT payload FROM events WHERE type = 'conflict_resolved'"));
  CHECK(payload["kind"] == "shootout");
  CHECK(payload["input"]["shooting_of_two"] == true);
  CHECK(ledger.scalar_text("SELECT fate FROM cards WHERE code = '" + deputys_bystanders.front() + "'") == "dead");
  CHECK(ledger.scalar_int("SELECT dead FROM characters WHERE name = 'Deputy Wade Hollis'") == 1);
  // Not a duel's lawful death: a killing the Judges look at.
  CHECK(ledger.scalar_text("SELECT killing FROM characters WHERE name = 'Deputy Wade Hollis'") == "possible_murder");
}
