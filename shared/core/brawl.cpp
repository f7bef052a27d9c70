#include "core/brawl.h"

#include <algorithm>
#include <climits>

#include <fmt/format.h>

#include "core/participants.h"
#include "core/refusal.h"

namespace marshal::core {

Brawl::Brawl(std::vector<Character> people, BrawlOptions options, std::int64_t now_ms)
    : options_(options) {
  for (std::size_t i = 0; i < people.size(); ++i) {
    check_can_join(people_, people[i], now_ms, fmt::format("fighters[{}]", i));
    people_.push_back(std::move(people[i]));
  }
  if (people_.size() < 3)
    throw Refusal(RefusalCode::illegal_move, "fighters",
                  say("a brawl needs 3 or more fighters (two is a fistfight)"));
  names_ = names_of(people_);
  state_.assign(people_.size(), State::standing);
}

std::vector<int> Brawl::standing_fighters() const {
  std::vector<int> out;
  for (std::size_t i = 0; i < state_.size(); ++i)
    if (state_[i] == State::standing) out.push_back(static_cast<int>(i));
  return out;
}

int Brawl::winner() const {
  auto left = standing_fighters();
  return over_ && left.size() == 1 ? left.front() : -1;
}

void Brawl::check_between_rounds(const std::string& field) const {
  if (over_) throw Refusal(RefusalCode::finished, field, say("the brawl is over"));
}

void Brawl::flee(int who, std::int64_t now_ms) {
  check_between_rounds("flee");
  if (who < 0 || who >= static_cast<int>(people_.size()))
    throw Refusal(RefusalCode::unknown_participant, "flee", say("not a fighter of this brawl"));
  if (state_[who] != State::standing)
    throw Refusal(RefusalCode::illegal_move, "flee." + names_[who],
                  fled(who) ? say("{} has already fled", names_[who])
                            : say("{} is out cold and cannot flee", names_[who]));
  state_[who] = State::fled;
  pending_fled_.push_back(who);
  end_if_decided(now_ms);
}

int Brawl::join(Character joiner, std::int64_t now_ms) {
  check_between_rounds("join");
  for (std::size_t i = 0; i < people_.size(); ++i) {
    if (people_[i].name != joiner.name) continue;
    throw Refusal(RefusalCode::illegal_move, "join." + joiner.name,
                  state_[i] == State::fled ? say("{} fled this brawl and may not come back", joiner.name)
                  : state_[i] == State::out ? say("{} is out cold until the brawl ends", joiner.name)
                                            : say("{} is already fighting", joiner.name));
  }
  check_can_join(people_, joiner, now_ms, "join." + joiner.name);
  people_.push_back(std::move(joiner));
  names_.push_back(people_.back().name);
  state_.push_back(State::standing);
  int index = static_cast<int>(people_.size()) - 1;
  pending_joined_.push_back(index);
  return index;
}

const BrawlRound& Brawl::round(DeckSupply& deck, std::int64_t now_ms) {
  check_between_rounds("rounds");
  BrawlRound r;
  r.number = static_cast<int>(rounds_.size()) + 1;
  // Copied, not moved: a refused round (say, a wrong card entered) must keep them for the next.
  r.fled = pending_fled_;
  r.joined = pending_joined_;

  const std::vector<int> everyone = standing_fighters();
  std::vector<int> drawing = everyone;
  for (;;) {
    RoundDeck& cards = deck.next_use();
    BrawlDraw use;
    int lowest = INT_MAX;
    for (int who : drawing) {
      int total = cards.card_for(who) + people_[who].in_use().hth;
      use.fighters.push_back(who);
      use.totals.push_back(total);
      lowest = std::min(lowest, total);
    }
    std::vector<int> tied;
    for (std::size_t k = 0; k < drawing.size(); ++k)
      if (use.totals[k] == lowest) tied.push_back(drawing[k]);
    r.draws_by_use.push_back(std::move(use));
    if (tied.size() == 1) {
      r.out = tied;
      break;
    }
    // A tie of everyone would leave nobody standing, so it redraws under either rule.
    if (options_.tie == BrawlTieRule::all_out && tied.size() < everyone.size()) {
      r.out = tied;
      break;
    }
    drawing = tied;
  }
  deck.finish();
  r.draws = deck.record();
  pending_fled_.clear();
  pending_joined_.clear();
  for (int who : r.out) state_[who] = State::out;
  rounds_.push_back(std::move(r));
  end_if_decided(now_ms);
  return rounds_.back();
}

void Brawl::end_if_decided(std::int64_t now_ms) {
  if (standing_fighters().size() > 1) return;
  over_ = true;
  // Out cold until now; the headache starts when the brawl ends.
  for (std::size_t i = 0; i < people_.size(); ++i)
    if (state_[i] == State::out)
      people_[i].timers.push_back({TimerKind::headache, now_ms, headache_duration_ms});
}

}  // namespace marshal::core
