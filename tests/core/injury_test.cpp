// The Injury an Incapacitation leaves (000 L173-178; core/injury.h): which result owes which
// Injury, an injuries.csv `cards` cell read by rank, and a group's table built and checked whole.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "core/injury.h"
#include "core/refusal.h"

using namespace marshal::core;

namespace {

// The refusal's code and field, or "accepted".
std::string injury_refusal(const std::function<void()>& call) {
  try {
    call();
  } catch (const Refusal& r) {
    return std::string(to_string(r.code())) + " " + r.field() + ": " + r.reason();
  }
  return "accepted";
}

// A complete table of one injury per row: each rank, then the Joker.
InjuryTable table_by_rank() {
  InjuryTable table;
  for (const char* cards : {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "joker"})
    table.add({cards, std::string("hurt ") + cards});
  return table;
}

}  // namespace

TEST_CASE("an Incapacitation result owes the Injury of 000 L173-176", "[core][injury]") {
  CHECK(injury_after(Incapacitation::bleeding_out) == InjuryKind::permanent);  // "a permanent Injury" if they live
  CHECK(injury_after(Incapacitation::unconscious) == InjuryKind::temporary);
  CHECK(injury_after(Incapacitation::last_stand) == InjuryKind::temporary);
  CHECK_FALSE(injury_after(Incapacitation::death).has_value());
  CHECK_FALSE(injury_after(Incapacitation::stays_in).has_value());  // "avoids the killing blow"
  CHECK(injury_kind_from_string(to_string(InjuryKind::permanent)) == InjuryKind::permanent);
  CHECK(injury_kind_from_string(to_string(InjuryKind::temporary)) == InjuryKind::temporary);
  CHECK_FALSE(injury_kind_from_string("lasting").has_value());
}

TEST_CASE("an injuries.csv cards cell: ranks, ranges from the lower, the Joker, lists", "[core][injury]") {
  CHECK(parse_injury_cards("2") == std::vector<int>{2});
  CHECK(parse_injury_cards("10") == std::vector<int>{10});
  CHECK(parse_injury_cards(" j ") == std::vector<int>{11});
  CHECK(parse_injury_cards("2-4") == std::vector<int>{2, 3, 4});
  CHECK(parse_injury_cards("Q-K") == std::vector<int>{12, 13});
  CHECK(parse_injury_cards("10 - A") == std::vector<int>{10, 11, 12, 13, 14});
  CHECK(parse_injury_cards("A-A") == std::vector<int>{14});  // a range of one, both ends included
  CHECK(parse_injury_cards("Joker") == std::vector<int>{joker_injury_key});
  CHECK(parse_injury_cards("2, 5-6, joker") == std::vector<int>{2, 5, 6, joker_injury_key});
  for (const char* bad : {"", "1", "11", "0", "4-2", "K-Q", "2-", "-4", "Jack", "2;3", "2,", "QH", "jokers"}) {
    INFO(bad);
    CHECK(injury_refusal([&] { parse_injury_cards(bad); }).rfind("out_of_range cards: ", 0) == 0);
  }
  CHECK(injury_refusal([] { parse_injury_cards("2, 4-2"); }).find("'4-2'") != std::string::npos);  // names the part
}

TEST_CASE("a drawn card finds its rank's injury, a Joker of either colour the Joker's", "[core][injury]") {
  const InjuryTable table = table_by_rank();
  CHECK_NOTHROW(table.check_complete());
  CHECK(table.injury_for({2, Suit::clubs, Joker::none}) == "hurt 2");
  CHECK(table.injury_for({12, Suit::hearts, Joker::none}) == "hurt Q");
  CHECK(table.injury_for({14, Suit::spades, Joker::none}) == "hurt A");
  CHECK(table.injury_for({0, Suit::clubs, Joker::red}) == "hurt joker");
  CHECK(table.injury_for({0, Suit::clubs, Joker::black}) == "hurt joker");
  CHECK(table.rows().size() == static_cast<std::size_t>(injury_table_keys));
  CHECK(injury_key_text(11) == "J");
  CHECK(injury_key_text(14) == "A");
  CHECK(injury_key_text(joker_injury_key) == "Joker");
}

TEST_CASE("an injury table: a rank twice, one missing, an injury empty or too long, refused", "[core][injury]") {
  InjuryTable table;
  table.add({"2-4", "Arm"});
  CHECK(injury_refusal([&] { table.add({"4-5", "Guts"}); }) == "illegal_move cards: 4 has an injury already");
  CHECK(table.rows().size() == 1);  // a row refused adds nothing, not even its free rank 5
  // A rank twice within one cell too: the ledger's table holds each once.
  CHECK(injury_refusal([&] { table.add({"5, 5", "Guts"}); }) == "illegal_move cards: 5 has an injury already");
  CHECK(injury_refusal([&] { table.add({"6-8, 7", "Guts"}); }) == "illegal_move cards: 7 has an injury already");
  CHECK(injury_refusal([&] { table.add({"joker, Joker", "Head"}); }) == "illegal_move cards: Joker has an injury already");
  CHECK(injury_refusal([&] { table.check_complete(); }) ==
        "missing_input cards: no injury for 5, 6, 7, 8, 9, 10, J, Q, K, A, Joker: every rank and the Joker need one");
  table.add({"5-A", "Guts"});
  CHECK(injury_refusal([&] { table.check_complete(); }) == "missing_input cards: no injury for Joker: every rank and the Joker need one");
  CHECK(injury_refusal([&] { table.add({"joker", " "}); }).rfind("missing_input injury: ", 0) == 0);
  // max_injury_characters counts characters, not bytes: 80 Cyrillic letters fit, 81 do not.
  std::string longest;
  for (std::size_t i = 0; i < max_injury_characters; ++i) longest += "\u0436";
  CHECK(injury_refusal([&] { check_injury_name(longest + "\u0436"); }) == "out_of_range injury: must be at most 80 characters");
  table.add({"joker", longest});
  CHECK_NOTHROW(table.check_complete());
}
