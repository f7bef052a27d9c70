#include "core/action_deck.h"

#include <fmt/format.h>

#include "core/refusal.h"

namespace marshal::core {

void check_one_round(const std::vector<int>& values) {
  std::array<int, 11> used{};
  for (int value : values) {
    if (value < lowest_card || value > highest_card)
      throw Refusal(RefusalCode::out_of_range, "cards",
                    say("card {} is not in the action deck (Ace=1 .. 10)", value));
    if (++used[value] > action_deck_copies[value])
      throw Refusal(RefusalCode::impossible_cards, "cards",
                    value == 1
                        ? say("one round drew {} cards of value Ace, but the deck has only {}",
                              used[value], action_deck_copies[value])
                        // TRANSLATORS: {0} cards drawn, {1} their value (2-10), {2} the copies in the deck.
                        : say("one round drew {} cards of value {}, but the deck has only {}",
                              used[value], value, action_deck_copies[value]));
  }
}

RoundDeck::RoundDeck(GivenCards given, Csprng* rng, const std::vector<std::string>* names)
    : given_(std::move(given)), rng_(rng), names_(names) {
  // Entered cards are taken out first, so virtual draws come from what the table left.
  for (std::size_t i = 0; i < given_.size(); ++i) {
    if (!given_[i]) continue;
    int value = *given_[i];
    if (value < lowest_card || value > highest_card)
      throw Refusal(RefusalCode::out_of_range, "cards." + name_of(static_cast<int>(i)),
                    say("card {} is not in the action deck (Ace=1 .. 10)", value));
    if (left_[value] == 0)
      throw Refusal(RefusalCode::impossible_cards, "cards." + name_of(static_cast<int>(i)),
                    value == 1 ? say("one round cannot draw more than {} cards of value Ace",
                                     action_deck_copies[value])
                               // TRANSLATORS: {0} is the copies in the deck, {1} the card's value (2-10).
                               : say("one round cannot draw more than {} cards of value {}",
                                     action_deck_copies[value], value));
    --left_[value];
    --left_total_;
  }
}

std::string RoundDeck::name_of(int who) const {
  if (names_ && who >= 0 && who < static_cast<int>(names_->size())) return (*names_)[who];
  return "#" + std::to_string(who);
}

int RoundDeck::card_for(int who) {
  for (const auto& d : drawn_)
    if (d.who == who)
      throw Refusal(RefusalCode::illegal_move, "cards." + name_of(who),
                    say("draws only once in a round"));
  if (who < static_cast<int>(given_.size()) && given_[who]) {
    drawn_.push_back({who, *given_[who], true});
    return *given_[who];
  }
  if (!rng_)
    throw Refusal(RefusalCode::missing_input, "cards." + name_of(who),
                  // TRANSLATORS: {} is who drew the card.
                  say("this round needs the card {} drew", name_of(who)));
  auto pick = static_cast<int>(rng_->uniform(static_cast<std::uint32_t>(left_total_)));
  int value = lowest_card;
  while (pick >= left_[value]) pick -= left_[value++];
  --left_[value];
  --left_total_;
  drawn_.push_back({who, value, false});
  return value;
}

void RoundDeck::finish() const {
  for (std::size_t i = 0; i < given_.size(); ++i) {
    if (!given_[i]) continue;
    bool used = false;
    for (const auto& d : drawn_) used = used || d.who == static_cast<int>(i);
    if (!used)
      throw Refusal(RefusalCode::illegal_move, "cards." + name_of(static_cast<int>(i)),
                    say("{} does not draw in this round", name_of(static_cast<int>(i))));
  }
}

DeckSupply::DeckSupply(std::vector<GivenCards> given_per_use, Csprng* rng,
                       const std::vector<std::string>* names)
    : given_per_use_(std::move(given_per_use)), rng_(rng), names_(names) {
  uses_.reserve(given_per_use_.size() + 2);
}

RoundDeck& DeckSupply::next_use() {
  std::size_t index = uses_.size();
  uses_.emplace_back(index < given_per_use_.size() ? given_per_use_[index] : GivenCards{}, rng_,
                     names_);
  return uses_.back();
}

void DeckSupply::finish() const {
  for (std::size_t i = 0; i < given_per_use_.size(); ++i) {
    bool any = false;
    for (const auto& card : given_per_use_[i]) any = any || card.has_value();
    if (i >= uses_.size()) {
      if (any)
        throw Refusal(RefusalCode::illegal_move, fmt::format("draws[{}]", i),
                      say("cards were entered for a draw that did not happen"));
      continue;
    }
    uses_[i].finish();
  }
}

std::vector<std::vector<DrawnCard>> DeckSupply::record() const {
  std::vector<std::vector<DrawnCard>> out;
  out.reserve(uses_.size());
  for (const auto& use : uses_) out.push_back(use.drawn());
  return out;
}

}  // namespace marshal::core
