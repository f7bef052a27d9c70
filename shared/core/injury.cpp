#include "core/injury.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "core/refusal.h"
#include "i18n/utf8_text.h"

namespace marshal::core {

std::string_view to_string(InjuryKind kind) { return kind == InjuryKind::permanent ? "permanent" : "temporary"; }

std::optional<InjuryKind> injury_kind_from_string(std::string_view text) {
  if (text == "temporary") return InjuryKind::temporary;
  if (text == "permanent") return InjuryKind::permanent;
  return std::nullopt;
}

std::optional<InjuryKind> injury_after(Incapacitation result) {
  switch (result) {
    case Incapacitation::bleeding_out: return InjuryKind::permanent;
    case Incapacitation::unconscious:
    case Incapacitation::last_stand: return InjuryKind::temporary;
    case Incapacitation::death:
    case Incapacitation::stays_in: break;
  }
  return std::nullopt;
}

int injury_key(const PlayingCard& card) { return card.joker != Joker::none ? joker_injury_key : card.rank; }

std::string injury_key_text(int key) {
  static const char* const faces[] = {"J", "Q", "K", "A"};  // i18n: not words (card ranks as typed)
  if (key == joker_injury_key) return "Joker";                // i18n: not words (as injuries.csv writes it)
  if (key > 10 && key <= highest_rank) return faces[key - 11];
  return std::to_string(key);
}

namespace {

std::string trimmed_lower(std::string_view text) {
  std::string out;
  for (char c : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto first = out.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return out.substr(first, out.find_last_not_of(" \t") - first + 1);
}

// A rank as written ("7", "10", "j", "a"), nullopt for anything else.
std::optional<int> rank_of(const std::string& text) {
  static const std::map<std::string, int> ranks{{"2", 2},  {"3", 3},  {"4", 4},  {"5", 5},  {"6", 6},
                                                {"7", 7},  {"8", 8},  {"9", 9},  {"10", 10}, {"j", 11},
                                                {"q", 12}, {"k", 13}, {"a", 14}};
  auto found = ranks.find(text);
  if (found == ranks.end()) return std::nullopt;
  return found->second;
}

Refusal not_cards(const std::string& part) {
  return Refusal(RefusalCode::out_of_range, "cards",
                 // TRANSLATORS: {} is what was written in injuries.csv's cards column; the rest is how to write it.
                 say("'{}' is not a rank (2-10, J, Q, K, A), a range of them (2-4, Q-K) or joker", part));
}

}  // namespace

std::vector<int> parse_injury_cards(std::string_view text) {
  std::vector<int> keys;
  std::string part;
  const std::string all = std::string(text) + ",";
  for (char c : all) {
    if (c != ',') {
      part += c;
      continue;
    }
    const std::string item = trimmed_lower(part);
    part.clear();
    if (item == "joker") {
      keys.push_back(joker_injury_key);
      continue;
    }
    const auto dash = item.find('-');
    const auto low = rank_of(trimmed_lower(item.substr(0, dash)));
    const auto high = dash == std::string::npos ? low : rank_of(trimmed_lower(item.substr(dash + 1)));
    if (!low || !high || *high < *low) throw not_cards(item.empty() ? std::string(text) : item);
    for (int rank = *low; rank <= *high; ++rank) keys.push_back(rank);
  }
  return keys;
}

void check_injury_name(std::string_view injury) {
  if (injury.find_first_not_of(" \t") == std::string_view::npos)
    throw Refusal(RefusalCode::missing_input, "injury", say("is empty: name the injury"));
  if (i18n::characters_in(injury) > max_injury_characters)
    throw Refusal(RefusalCode::out_of_range, "injury", say("must be at most {} characters", max_injury_characters));
}

void InjuryTable::add(const Row& row) {
  const std::vector<int> keys = parse_injury_cards(row.cards);
  check_injury_name(row.injury);
  std::set<int> in_row;
  for (int key : keys)
    if (by_key_.count(key) || !in_row.insert(key).second)
      // TRANSLATORS: {} is a card rank ("7", "J") or "Joker" given an injury twice in injuries.csv.
      throw Refusal(RefusalCode::illegal_move, "cards", say("{} has an injury already", injury_key_text(key)));
  for (int key : keys) by_key_[key] = row.injury;
  rows_.push_back(row);
}

void InjuryTable::check_complete() const {
  std::string missing;
  std::vector<int> keys;
  for (int rank = lowest_rank; rank <= highest_rank; ++rank) keys.push_back(rank);
  keys.push_back(joker_injury_key);
  for (int key : keys)
    if (!by_key_.count(key)) missing += (missing.empty() ? "" : ", ") + injury_key_text(key);
  if (!missing.empty())
    // TRANSLATORS: {} lists card ranks ("2, 7, Joker"): every card drawn must find an injury.
    throw Refusal(RefusalCode::missing_input, "cards", say("no injury for {}: every rank and the Joker need one", missing));
}

const std::string& InjuryTable::injury_for(const PlayingCard& card) const { return by_key_.at(injury_key(card)); }

}  // namespace marshal::core
