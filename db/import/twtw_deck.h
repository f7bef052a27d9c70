#pragma once
// Reads a TWTW action-card deck from the CSV a group supplies (docs/twtw.md "The action-card
// deck"), checking every cell: each problem names the file, line and column, and a deck with
// any problem is not used (the station then runs in physical mode: the GM types what the drawn
// card shows).
#include <string>
#include <vector>

#include "core/twtw_cards.h"
#include "import/csv_table.h"

namespace marshal::db {

inline constexpr int max_deck_cards = 200;   // rows of a deck file (copies counted)
inline constexpr int max_card_copies = 10;   // copies of one card in the deck

struct TwtwDeck {
  std::vector<core::twtw::ActionCard> cards;  // one entry a copy, in the file's order
  std::vector<ImportError> errors;
  bool ok() const { return errors.empty() && !cards.empty(); }
};

TwtwDeck read_twtw_deck(const std::string& path);

}  // namespace marshal::db
