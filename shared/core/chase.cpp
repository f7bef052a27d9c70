#include "core/chase.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/refusal.h"

namespace marshal::core {

LocationMap::LocationMap(std::vector<Location> locations) : locations_(std::move(locations)) {
  const int n = size();
  if (n == 0) throw Refusal(RefusalCode::missing_input, "locations", say("the chase needs locations"));
  for (int i = 0; i < n; ++i) {
    const auto& loc = locations_[i];
    const std::string field = fmt::format("locations[{}]", i);
    if (loc.name.empty())
      throw Refusal(RefusalCode::missing_input, field + ".name", say("a location needs a name"));
    for (int j = 0; j < i; ++j)
      if (locations_[j].name == loc.name)
        throw Refusal(RefusalCode::illegal_move, field + ".name",
                      say("location '{}' is defined twice", loc.name));
    if (loc.copies < 2 || loc.copies > 4)
      throw Refusal(RefusalCode::out_of_range, field + ".copies",
                    // TRANSLATORS: {0} is a location's name, {1} its copies in the deck.
                    say("'{}' has {} copies; the deck holds 2-4 of each location", loc.name,
                        loc.copies));
  }
  adjacency_.assign(n, std::vector<bool>(n, false));
  for (int i = 0; i < n; ++i) {
    for (const auto& link : locations_[i].links) {
      auto j = find(link);
      const std::string field = fmt::format("locations[{}].links", i);
      if (!j)
        throw Refusal(RefusalCode::unknown_participant, field,
                      say("'{}' links to '{}', which is no location", locations_[i].name, link));
      if (*j == i)
        throw Refusal(RefusalCode::illegal_move, field,
                      say("'{}' cannot link to itself", link));
      adjacency_[i][*j] = adjacency_[*j][i] = true;
    }
  }
  if (std::none_of(locations_.begin(), locations_.end(), [](const Location& l) { return l.road; }))
    throw Refusal(RefusalCode::missing_input, "locations",
                  say("no location is a ROAD card, so every chase would be stuck in town"));
}

std::optional<int> LocationMap::find(const std::string& name) const {
  for (int i = 0; i < size(); ++i)
    if (locations_[i].name == name) return i;
  return std::nullopt;
}

int LocationMap::index_of(const std::string& name, const std::string& field) const {
  auto i = find(name);
  if (!i) throw Refusal(RefusalCode::unknown_participant, field, say("'{}' is no location", name));
  return *i;
}

std::vector<int> LocationMap::deck() const {
  std::vector<int> cards;
  for (int i = 0; i < size(); ++i) cards.insert(cards.end(), locations_[i].copies, i);
  return cards;
}

int chase_hand_size(const std::vector<ChaseRider>& group, const ChaseOptions& options) {
  if (group.empty()) throw Refusal(RefusalCode::missing_input, "riders", say("a group needs a rider"));
  int best_riding = 0, worst_horse = 4;
  for (const auto& rider : group) {
    if (rider.horse < 0 || rider.horse > 4)
      throw Refusal(RefusalCode::out_of_range, "horse." + rider.character.name,
                    say("a horse is rated 0-4, not {}", rider.horse));
    best_riding = std::max(best_riding, rider.character.in_use().riding);
    worst_horse = std::min(worst_horse, rider.horse);
  }
  return options.base_hand + best_riding + worst_horse;
}

std::int64_t chase_wait_ms(Csprng& rng, const ChaseOptions& options) {
  if (options.min_wait_s < 0 || options.max_wait_s < options.min_wait_s)
    throw Refusal(RefusalCode::out_of_range, "options.chase_wait",
                  // TRANSLATORS: {0} and {1} are the shortest and longest wait, in seconds.
                  say("the chase wait runs from {} s to {} s: the maximum must not be below "
                      "the minimum",
                      options.min_wait_s, options.max_wait_s));
  auto span = static_cast<std::uint32_t>(options.max_wait_s - options.min_wait_s + 1);
  return (options.min_wait_s + static_cast<std::int64_t>(rng.uniform(span))) * 1000;
}

std::string_view to_string(ChaseStatus status) {
  switch (status) {
    case ChaseStatus::running: return "running";
    case ChaseStatus::escaped: return "escaped";
    case ChaseStatus::caught: return "caught";
  }
  return "unknown";
}

Chase::Hands Chase::deal(const LocationMap& map, int varmint_size, int posse_size, Csprng& rng) {
  std::vector<int> deck = map.deck();
  for (std::size_t i = deck.size(); i > 1; --i)
    std::swap(deck[i - 1], deck[rng.uniform(static_cast<std::uint32_t>(i))]);
  Hands hands;
  auto take = [&](std::vector<int>& hand, int count) {
    while (count-- > 0 && !deck.empty()) {
      hand.push_back(deck.back());
      deck.pop_back();
    }
  };
  take(hands.varmint, varmint_size);
  take(hands.posse, posse_size);
  return hands;
}

Chase::Chase(LocationMap map, std::vector<int> varmint_hand, std::vector<int> posse_hand,
             std::optional<int> ambush, ChaseOptions options, std::optional<int> start)
    : map_(std::move(map)),
      varmint_hand_(std::move(varmint_hand)),
      posse_hand_(std::move(posse_hand)),
      ambush_(ambush),
      options_(options),
      start_(start) {
  std::vector<int> used(map_.size(), 0);
  for (const auto* hand : {&varmint_hand_, &posse_hand_}) {
    const char* field = hand == &varmint_hand_ ? "varmint_hand" : "posse_hand";
    for (int card : *hand) {
      if (card < 0 || card >= map_.size())
        throw Refusal(RefusalCode::unknown_participant, field, say("a card is no location"));
      if (++used[card] > map_.at(card).copies)
        throw Refusal(RefusalCode::impossible_cards, field,
                      say("the deck has only {} copies of '{}'", map_.at(card).copies,
                          map_.at(card).name));
    }
  }
  if (ambush_ && (*ambush_ < 0 || *ambush_ >= map_.size()))
    throw Refusal(RefusalCode::unknown_participant, "ambush", say("the ambush is at no location"));
  if (start_ && (*start_ < 0 || *start_ >= map_.size()))
    throw Refusal(RefusalCode::unknown_participant, "start", say("the chase starts at no location"));
  posse_stuck_ = std::none_of(posse_hand_.begin(), posse_hand_.end(), [&](int card) { return may_begin_with(card); });
  check_varmint_can_move();
  if (status_ == ChaseStatus::caught) varmint_stuck_ = true;
}

bool Chase::holds(const std::vector<int>& hand, int location) {
  return std::find(hand.begin(), hand.end(), location) != hand.end();
}

void Chase::take(std::vector<int>& hand, int location) {
  hand.erase(std::find(hand.begin(), hand.end(), location));
}

std::optional<int> Chase::varmint_at() const {
  if (varmint_trail_.empty()) return start_;
  return varmint_trail_.back();
}

std::optional<int> Chase::posse_at() const {
  if (posse_trail_.empty()) return start_;
  return posse_trail_.back();
}

bool Chase::may_begin_with(int location) const {
  return start_ ? map_.linked(*start_, location) : map_.road(location);
}

bool Chase::varmint_may_play(int location) const {
  if (!holds(varmint_hand_, location)) return false;
  if (varmint_trail_.empty() ? !may_begin_with(location) : !map_.linked(varmint_trail_.back(), location))
    return false;
  if (posse_at() == location) return false;
  if (posse_trail_.size() >= 2 && posse_at() == varmint_at() &&
      posse_trail_[posse_trail_.size() - 2] == location)
    return false;
  return true;
}

bool Chase::posse_may_start_with(int location) const {
  if (posse_stuck_ || !holds(posse_hand_, location)) return false;
  return posse_trail_.empty() ? may_begin_with(location) : map_.linked(posse_trail_.back(), location);
}

std::vector<int> Chase::legal_varmint_cards() const {
  std::vector<int> out;
  for (int loc = 0; loc < map_.size(); ++loc)
    if (varmint_may_play(loc)) out.push_back(loc);
  return out;
}

std::vector<int> Chase::legal_posse_first_cards() const {
  std::vector<int> out;
  for (int loc = 0; loc < map_.size(); ++loc)
    if (posse_may_start_with(loc)) out.push_back(loc);
  return out;
}

void Chase::check_varmint_can_move() {
  if (status_ == ChaseStatus::running && legal_varmint_cards().empty()) {
    status_ = ChaseStatus::caught;
    caught_at_ = varmint_at();
  }
}

void Chase::varmint_play(int location) {
  if (status_ != ChaseStatus::running)
    throw Refusal(RefusalCode::finished, "varmint", say("the chase is over"));
  if (awaiting_posse_)
    throw Refusal(RefusalCode::illegal_move, "varmint", say("the posse has not answered yet"));
  if (location < 0 || location >= map_.size())
    throw Refusal(RefusalCode::unknown_participant, "varmint", say("that card is no location"));
  const std::string& name = map_.at(location).name;
  if (!varmint_may_play(location)) {
    i18n::Sentence why;
    if (!holds(varmint_hand_, location))
      why = say("the varmint holds no '{}' card", name);
    else if (varmint_trail_.empty() && !start_)
      why = say("the first card must be a ROAD card, and '{}' is not", name);
    else if (!map_.linked(*varmint_at(), location))
      // TRANSLATORS: {0} is the location played, {1} the one the rider is at.
      why = say("'{}' is not linked from '{}'", name, map_.at(*varmint_at()).name);
    else if (posse_at() == location)
      why = say("the posse is at '{}'", name);
    else
      why = say("the posse just passed through '{}' to get here", name);
    throw Refusal(RefusalCode::illegal_move, "varmint", why);
  }
  take(varmint_hand_, location);
  varmint_trail_.push_back(location);
  ChaseTurn turn;
  turn.number = static_cast<int>(turns_.size()) + 1;
  turn.varmint_card = location;
  turns_.push_back(turn);
  awaiting_posse_ = true;
}

void Chase::posse_play(const std::vector<int>& locations) {
  if (status_ != ChaseStatus::running)
    throw Refusal(RefusalCode::finished, "posse", say("the chase is over"));
  if (!awaiting_posse_)
    throw Refusal(RefusalCode::illegal_move, "posse", say("the varmint plays first"));
  if (locations.empty() && !legal_posse_first_cards().empty())
    throw Refusal(RefusalCode::missing_input, "posse",
                  say("the posse must play at least one card while it has a legal one"));
  if (!locations.empty() && posse_stuck_)
    throw Refusal(RefusalCode::illegal_move, "posse",
                  start_ ? say("the posse holds no card that leads on from '{}': it cannot follow",
                               map_.at(*start_).name)
                         : say("the posse holds no ROAD card: it is stuck in town"));
  std::vector<int> hand = posse_hand_;
  std::optional<int> at = posse_at();
  for (std::size_t k = 0; k < locations.size(); ++k) {
    int loc = locations[k];
    const std::string field = fmt::format("posse[{}]", k);
    if (loc < 0 || loc >= map_.size())
      throw Refusal(RefusalCode::unknown_participant, field, say("that card is no location"));
    const std::string& name = map_.at(loc).name;
    if (!holds(hand, loc))
      throw Refusal(RefusalCode::illegal_move, field, say("the posse holds no '{}' card", name));
    if (!at && !map_.road(loc))
      throw Refusal(RefusalCode::illegal_move, field,
                    say("the first card must be a ROAD card, and '{}' is not", name));
    if (at && !map_.linked(*at, loc))
      throw Refusal(RefusalCode::illegal_move, field,
                    say("'{}' is not linked from '{}'", name, map_.at(*at).name));
    take(hand, loc);
    at = loc;
  }
  posse_hand_ = std::move(hand);
  posse_trail_.insert(posse_trail_.end(), locations.begin(), locations.end());
  ChaseTurn& turn = turns_.back();
  turn.posse_cards = locations;
  turn.matched = !locations.empty() && locations.back() == varmint_at();
  unmatched_ = turn.matched ? 0 : unmatched_ + 1;
  turn.unmatched_in_a_row = unmatched_;
  awaiting_posse_ = false;
  // The pursuers ride into the ambush (004 L173): the fight is there, the ambushers first.
  if (ambush_ && std::find(locations.begin(), locations.end(), *ambush_) != locations.end()) {
    status_ = ChaseStatus::caught;
    caught_at_ = *ambush_;
    return;
  }
  if (unmatched_ >= options_.escape_after)
    status_ = ChaseStatus::escaped;
  else
    check_varmint_can_move();
}

void Chase::play_automatic_turn(Csprng& rng) {
  auto pick = [&](const std::vector<int>& from) {
    return from[rng.uniform(static_cast<std::uint32_t>(from.size()))];
  };
  varmint_play(pick(legal_varmint_cards()));
  std::vector<int> first = legal_posse_first_cards();
  std::vector<int> ride;
  if (!first.empty()) {
    auto target = varmint_at();
    bool reach = target && std::find(first.begin(), first.end(), *target) != first.end();
    ride.push_back(reach ? *target : pick(first));
  }
  posse_play(ride);
}

bool Chase::ambush_sprung() const {
  return status_ == ChaseStatus::caught && caught_at_ && ambush_ && *caught_at_ == *ambush_;
}

}  // namespace marshal::core
