#include "import/twtw_deck.h"

#include <filesystem>
#include <set>
#include <sstream>

#include "core/twtw_ancillary.h"
#include "core/twtw_damage.h"
#include "i18n/translate.h"
#include "import/row_reader.h"

namespace marshal::db {

using i18n::tr;
using i18n::trn;

namespace {

using core::twtw::ActionCard;

// Whole numbers separated by spaces or ';', each in min..max; at most `most` of them.
std::vector<int> numbers(RowReader& r, const std::string& column, const std::string& cell, int min, int max,
                         std::size_t most) {
  std::vector<int> out;
  std::string text = cell;
  for (char& c : text)
    if (c == ';') c = ' ';
  std::istringstream words(text);
  std::string word;
  while (words >> word) {
    std::size_t used = 0;
    int value = 0;
    try {
      value = std::stoi(word, &used);
    } catch (...) {
      used = 0;
    }
    if (used != word.size()) {
      r.error(column, fmt::format(fmt::runtime(tr("'{}' is not a whole number")), word));
      continue;
    }
    if (value < min || value > max) {
      r.error(column, fmt::format(fmt::runtime(tr("{} is out of range {} to {}")), value, min, max));
      continue;
    }
    out.push_back(value);
  }
  if (out.size() > most)
    // TRANSLATORS: a cell of a deck's file: {0} how many numbers it has, {1} how many it may have.
    r.error(column, fmt::format(fmt::runtime(tr("has {} numbers; at most {}")), out.size(), most));
  return out;
}

}  // namespace

TwtwDeck read_twtw_deck(const std::string& path) {
  TwtwDeck deck;
  const std::string name = std::filesystem::path(path).filename().string();
  CsvTable table(path, name, deck.errors);
  if (!table.exists()) {
    deck.errors.push_back({name, 0, 0, "", tr("does not exist: give the deck's CSV file")});
    return deck;
  }
  if (!table.check_columns({"card", "result", "locations", "effects", "failure"},
                           {"scatter", "unintended", "copies", "note"}, deck.errors))
    return deck;
  std::set<std::string> names;
  int total = 0;
  for (const CsvRow& row : table.rows()) {
    RowReader r(table, row, deck.errors);
    ActionCard card;
    card.name = r.text("card", true, 20);
    if (!card.name.empty() && !names.insert(card.name).second)
      r.error("card", fmt::format(fmt::runtime(tr("'{}' is in the deck twice (use copies)")), card.name));
    card.result = r.number("result", 0, core::twtw::max_card_result);
    std::vector<std::string> stack = split_list(r.text("locations", true));
    if (stack.size() != card.locations.size())
      // TRANSLATORS: a cell of a deck's file: {} is how many hit locations it lists.
      r.error("locations", fmt::format(fmt::runtime(tr("has {} locations; a card's stack has 4, top to bottom, "
                                                       "separated by ';'")),
                                       stack.size()));
    for (std::size_t i = 0; i < stack.size() && i < card.locations.size(); ++i) {
      auto location = core::twtw::hit_location_from_string(stack[i]);
      if (!location)
        r.error("locations", fmt::format(fmt::runtime(tr("'{}' is not a location (head, vitals, chest, belly, right arm, "
                                                         "left arm, right leg, left leg)")),
                                         stack[i]));
      else
        card.locations[i] = *location;
    }
    card.effects = numbers(r, "effects", r.text("effects", true), 0, core::twtw::max_effect_value,
                           core::twtw::max_effect_rows);
    card.failure = r.number("failure", 1, core::twtw::max_failure_number);
    // The scatter element is the card's clock face (003 L476): an hour, 12 on past the target.
    if (!table.cell(row, "scatter").empty()) {
      const std::size_t before = deck.errors.size();
      card.scatter = r.number("scatter", 1, core::twtw::clock_hours);
      if (deck.errors.size() > before)  // say what the number is: older decks held metres here
        // TRANSLATORS: added to what is wrong with a deck's scatter cell.
        deck.errors.back().reason += tr(": the clock face's hour, 12 on past the target, 6 back toward the thrower (003 L476)");
    }
    card.unintended = numbers(r, "unintended", table.cell(row, "unintended"), 1, 20, core::twtw::max_unintended_icons);
    const int copies = table.cell(row, "copies").empty() ? 1 : r.number("copies", 1, max_card_copies);
    r.text("note", false, 200);
    total += copies;
    if (total > max_deck_cards) {
      r.error("copies", fmt::format(fmt::runtime(trn("the deck passes {} card here", "the deck passes {} cards here",
                                                     max_deck_cards)),
                                    max_deck_cards));
      break;
    }
    for (int i = 0; i < copies; ++i) deck.cards.push_back(card);
  }
  if (deck.errors.empty() && deck.cards.empty()) deck.errors.push_back({name, 0, 0, "", tr("has no cards")});
  if (!deck.errors.empty()) deck.cards.clear();  // never half a deck
  return deck;
}

}  // namespace marshal::db
