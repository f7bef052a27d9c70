// The Table screen's Action Cards (issue 32; gmstation/table_fight_deal.h): who is dealt a
// card, the station's deal and a real deck's cards typed, a chip's new card (001 L45; 000 L52-54).
#include "gmstation/table_fight_deal.h"

#include <algorithm>
#include <string>
#include <utility>

#include "core/initiative.h"
#include "core/refusal.h"
#include "gmstation/table_fight_model.h"
#include "i18n/sentence.h"

namespace marshal::gm::table_fight {

namespace {

// A fighter dealt a card: state fighting or last_stand (db/ledger/combatants.h's
// require_still_fighting refuses the rest).
bool still_in(const Json& c) {
  const Json combat = c.value("combat", Json());
  if (!combat.is_object() || c.value("dead", false)) return false;
  const std::string state = combat.value("state", "fighting");
  return state == "fighting" || state == "last_stand";
}

}  // namespace

std::vector<std::string> fighters_in(const Json& table) {
  std::vector<std::string> badges;
  for (const Json& c : table.value("characters", Json::array()))
    if (c.is_object() && still_in(c)) badges.push_back(c.value("badge", ""));
  return badges;
}

std::vector<std::vector<std::string>> deal_groups(const Json& table) {
  std::vector<std::vector<std::string>> groups;
  std::vector<std::string> group_names;  // the Extras' name of each group; "" for a fighter alone
  for (const Json& c : table.value("characters", Json::array())) {
    if (!c.is_object() || !still_in(c)) continue;
    const std::string badge = c.value("badge", "");
    const bool like_extra = !c.value("wild_card", true) && c.value("side", "") == "gm";
    const std::string name = like_extra ? c.value("name", "") : "";
    std::size_t g = 0;
    while (g < groups.size() && (name.empty() || group_names[g] != name || groups[g].size() >= max_shared_card)) ++g;
    if (g == groups.size()) {
      groups.push_back({});
      group_names.push_back(name);
    }
    groups[g].push_back(badge);
  }
  return groups;
}

std::string deal_numbers(const Json& table) {
  std::vector<std::string> badges;
  for (const Json& c : table.value("characters", Json::array())) badges.push_back(c.is_object() ? c.value("badge", "") : "");
  std::string numbers;
  for (const auto& group : deal_groups(table)) {
    std::string members;
    for (const std::string& badge : group)
      members += (members.empty() ? "" : "+") +
                 std::to_string(std::find(badges.begin(), badges.end(), badge) - badges.begin() + 1);
    numbers += (numbers.empty() ? "" : ", ") + members;
  }
  return numbers;
}

namespace {

// The groups a deal goes to (refused with none) and the deck it deals from: as the fight left
// it, shuffled first after a round with a Joker (SWD) or when fewer cards are left than groups.
struct DealStart {
  std::vector<std::vector<std::string>> groups;
  core::InitiativeDeck deck;
  bool shuffled = false;
};

DealStart deal_start(const Json& table) {
  DealStart start{deal_groups(table), {}, false};
  // TRANSLATORS: refused when the GM deals Action Cards and nobody with a combat sheet can fight.
  if (start.groups.empty()) throw core::Refusal(core::RefusalCode::missing_input, "cards", i18n::say("nobody is left in the fight to deal a card to"));
  const Json fight = table.value("fight", Json());
  const Json round = fight.is_object() ? fight.value("round", Json()) : Json();
  start.shuffled = round.is_object() && round.value("shuffle_next", false);
  if (!start.shuffled && fight.is_object())
    for (const Json& out : fight.value("out", Json::array()))
      if (const auto card = core::parse_playing_card(out.get<std::string>())) start.deck.take(*card);
  if (start.deck.left() < static_cast<int>(start.groups.size())) {
    start.deck.shuffle();
    start.shuffled = true;
  }
  return start;
}

Json deal_of(const std::vector<std::vector<std::string>>& groups, const std::vector<std::string>& cards, bool shuffled) {
  Json dealt = Json::array();
  for (std::size_t i = 0; i < groups.size(); ++i)
    dealt.push_back({{"to", groups[i].size() == 1 ? Json(groups[i].front()) : Json(groups[i])}, {"card", cards[i]}});
  Json payload{{"cards", dealt}};
  if (shuffled) payload["shuffled"] = true;
  return payload;
}

// A key of a Russian layout read as the Latin letter on the same key (a card's rank and suit).
std::string latin_card_keys(std::string_view text) {
  static const std::pair<const char*, char> keys[] = {
      {"\u044b", 'S'}, {"\u042b", 'S'}, {"\u0440", 'H'}, {"\u0420", 'H'}, {"\u0432", 'D'}, {"\u0412", 'D'},
      {"\u0441", 'C'}, {"\u0421", 'C'}, {"\u0444", 'A'}, {"\u0424", 'A'}, {"\u043e", 'J'}, {"\u041e", 'J'},
      {"\u0439", 'Q'}, {"\u0419", 'Q'}, {"\u043b", 'K'}, {"\u041b", 'K'}, {"\u043a", 'R'}, {"\u041a", 'R'},
      {"\u0438", 'B'}, {"\u0418", 'B'}, {"\u0431", ','}, {"\u0411", ','}};  // ы р в с ф о й л к и б: S H D C A J Q K R B ,
  std::string latin(text);
  for (const auto& [cyrillic, letter] : keys)
    for (std::size_t at = latin.find(cyrillic); at != std::string::npos; at = latin.find(cyrillic, at + 1))
      latin.replace(at, std::string_view(cyrillic).size(), 1, letter);
  return latin;
}

// A card as typed in Latin letters ("10h") as the ledger spells it ("10H"), or refused.
std::string card_spelled(const std::string& word, const std::string& field) {
  const auto card = core::parse_playing_card(word);
  if (!card)
    // TRANSLATORS: {} is what was typed as a playing card; the spellings after it are not translated.
    throw core::Refusal(core::RefusalCode::out_of_range, field,
                        i18n::say("'{}' is no card: a rank 2-10, J, Q, K or A and a suit S, H, D or C (10H, AS), or RJ, BJ", word));
  return core::card_text(*card);
}

}  // namespace

std::string parse_typed_card(std::string_view text, const std::string& field) {
  std::string latin = latin_card_keys(text);
  const auto first = latin.find_first_not_of(" ,"), last = latin.find_last_not_of(" ,");
  latin = first == std::string::npos ? "" : latin.substr(first, last - first + 1);
  return card_spelled(latin, field);
}

Json deal_payload(const Json& table, core::Csprng& rng) {
  DealStart start = deal_start(table);
  std::vector<std::string> cards;
  for (std::size_t i = 0; i < start.groups.size(); ++i) cards.push_back(core::card_text(start.deck.draw(rng)));
  return deal_of(start.groups, cards, start.shuffled);
}

Json typed_deal_payload(const Json& table, std::string_view text) {
  const DealStart start = deal_start(table);
  std::vector<std::string> cards;
  std::string word;
  const std::string latin = latin_card_keys(text) + " ";
  for (const char c : latin) {
    if (c != ' ' && c != ',') {
      word += c;
      continue;
    }
    if (word.empty()) continue;
    cards.push_back(card_spelled(word, "cards"));
    word.clear();
  }
  if (cards.size() != start.groups.size())
    // TRANSLATORS: {0} counts the cards to deal (a fighter each, like Extras one between them), {1} the cards typed.
    throw core::Refusal(core::RefusalCode::out_of_range, "cards",
                        i18n::say("cards to deal: {}, cards typed: {}: one each, in the numbers' order", start.groups.size(),
                                  cards.size()));
  return deal_of(start.groups, cards, start.shuffled);
}

Json redraw_payload(const Json& table, const Json& who, core::Csprng& rng) {
  const std::string badge = who.value("badge", ""), name = who.value("name", "");
  const auto place = acting_place(table, badge);
  // TRANSLATORS: {} is a character's name: refused a new Action Card (001 L45) with none dealt to them.
  if (!place) throw core::Refusal(core::RefusalCode::illegal_move, "to", i18n::say("{} holds no Action Card this round", name));
  const Json fight = table.value("fight", Json());
  const auto held = core::parse_playing_card(fight["round"]["order"][*place].value("card", ""));
  const Json chip = chip_to_spend(table, who);
  // TRANSLATORS: {} is a character's name.
  if (chip.is_null()) throw core::Refusal(core::RefusalCode::missing_input, "chip", i18n::say("{} has no chip to spend", name));
  core::InitiativeDeck deck;
  for (const Json& out : fight.value("out", Json::array()))
    if (const auto card = core::parse_playing_card(out.get<std::string>())) deck.take(*card);
  if (deck.left() == 0)
    // TRANSLATORS: refused a new Action Card: every card is out until the next deal shuffles the deck.
    throw core::Refusal(core::RefusalCode::illegal_move, "card", i18n::say("no card is left in the deck until the next deal shuffles it"));
  const core::PlayingCard drawn = deck.draw(rng);
  const bool keep_new = !held || core::acts_before(drawn, *held);
  return {{"to", badge}, {"card", core::card_text(drawn)}, {"keep", keep_new ? "new" : "old"}, {"chip", chip},
          {"held", held ? core::card_text(*held) : std::string()}};
}
}  // namespace marshal::gm::table_fight
