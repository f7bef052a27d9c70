#include "gmstation/table_fight_model.h"

#include <fmt/format.h>

#include "core/initiative.h"
#include "i18n/translate.h"

namespace marshal::gm::table_fight {

using i18n::tr;
using i18n::trn;

namespace {

// A fighter's state (core::FighterState's words, as the ledger keeps them) as the roster shows it.
std::string state_words(const std::string& state) {
  // TRANSLATORS: a fighter's state in the Table screen's list, in capitals like SHAKEN.
  if (state == "incapacitated") return tr("INCAPACITATED");
  if (state == "bleeding_out") return tr("BLEEDING OUT");
  if (state == "unconscious") return tr("UNCONSCIOUS");
  if (state == "last_stand") return tr("LAST STAND");
  if (state == "dead") return tr("DEAD");
  if (state == "out") return tr("OUT");
  return "";  // fighting: nothing to say
}

std::string rank_words(int rank) {
  switch (rank) {
    // TRANSLATORS: a playing card's rank, as in "Jack of Spades".
    case 11: return tr("Jack");
    case 12: return tr("Queen");
    case 13: return tr("King");
    case 14: return tr("Ace");
    default: return std::to_string(rank);
  }
}

}  // namespace

std::string condition_words(const Json& combat) {
  if (!combat.is_object()) return "";
  std::string words;
  auto add = [&](const std::string& part) {
    if (!part.empty()) words += (words.empty() ? "" : ", ") + part;
  };
  const int wounds = combat.value("wounds", 0);
  if (wounds > 0)
    add(fmt::format(fmt::runtime(trn("{} wound", "{} wounds", static_cast<std::uint64_t>(wounds))), wounds));
  // TRANSLATORS: a fighter's state in the Table screen's list (001 L43), in capitals.
  if (combat.value("shaken", false)) add(tr("SHAKEN"));
  add(state_words(combat.value("state", "fighting")));
  return words;
}

std::string card_words(const std::string& text) {
  const auto card = core::parse_playing_card(text);
  if (!card) return text;
  // TRANSLATORS: the Action Card of 000 L54 that acts first.
  if (card->joker == core::Joker::black) return tr("Black Joker");
  // TRANSLATORS: the Action Card of 000 L54 that acts after the Black Joker.
  if (card->joker == core::Joker::red) return tr("Red Joker");
  switch (card->suit) {
    // TRANSLATORS: {} is a card's rank (10, Jack, Ace): "10 of Spades".
    case core::Suit::spades: return fmt::format(fmt::runtime(tr("{} of Spades")), rank_words(card->rank));
    // TRANSLATORS: {} is a card's rank (10, Jack, Ace).
    case core::Suit::hearts: return fmt::format(fmt::runtime(tr("{} of Hearts")), rank_words(card->rank));
    // TRANSLATORS: {} is a card's rank (10, Jack, Ace).
    case core::Suit::diamonds: return fmt::format(fmt::runtime(tr("{} of Diamonds")), rank_words(card->rank));
    // TRANSLATORS: {} is a card's rank (10, Jack, Ace).
    case core::Suit::clubs: return fmt::format(fmt::runtime(tr("{} of Clubs")), rank_words(card->rank));
  }
  return text;
}

std::string fight_line(const Json& fight) {
  if (!fight.is_object()) return "";
  const Json round = fight.value("round", Json());
  // TRANSLATORS: the Table screen's fight line before the first round's Action Cards.
  if (!round.is_object()) return tr("Fight under way: no cards dealt yet");
  std::string order;
  int place = 0;
  for (const Json& dealt : round.value("order", Json::array())) {
    std::string names;
    for (const Json& name : dealt.value("to", Json::array()))
      names += (names.empty() ? "" : ", ") + name.get<std::string>();
    std::string card = card_words(dealt.value("card", ""));
    // TRANSLATORS: after a Joker in the fight's order: its holder acts when they like, +2 (000 L54).
    if (dealt.value("joker", false)) card += ": " + tr("any time, +2");
    order += fmt::format("{}{} {} ({})", order.empty() ? "" : ", ", ++place, names, card);
  }
  // TRANSLATORS: {0} the round's number, {1} who acts in which order with their cards.
  std::string line = fmt::format(fmt::runtime(tr("Fight, round {}: {}")), round.value("number", 0), order);
  // TRANSLATORS: after the fight line: a Joker came out, so the deck is shuffled before the next deal (SWD).
  if (round.value("shuffle_next", false)) line += "; " + tr("shuffle before the next deal");
  return line;
}

}  // namespace marshal::gm::table_fight
