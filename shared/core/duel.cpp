#include "core/duel.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/participants.h"
#include "core/refusal.h"

namespace marshal::core {

Duel::Duel(Character a, Character b, std::int64_t now_ms) {
  check_can_join(people_, a, now_ms, "duelists[0]");
  people_.push_back(std::move(a));
  check_can_join(people_, b, now_ms, "duelists[1]");
  people_.push_back(std::move(b));
  names_ = names_of(people_);
}

const DuelDraw& Duel::draw(std::array<int, 2> committed, DeckSupply& deck) {
  if (phase_ != Phase::draw)
    throw Refusal(over() ? RefusalCode::finished : RefusalCode::illegal_move, "draw",
                  over() ? say("the duel is over") : say("the draw has already happened"));
  DuelDraw result;
  for (int i = 0; i < 2; ++i) {
    int accuracy = people_[i].in_use().accuracy;
    if (committed[i] < 0 || committed[i] > accuracy)
      throw Refusal(RefusalCode::out_of_range, "commit." + names_[i],
                    // TRANSLATORS: {0} is a duelist, {1} their Accuracy in use, {2} what was committed.
                    say("{} can commit 0 to {} (Accuracy in use), not {}", names_[i], accuracy,
                        committed[i]));
  }
  RoundDeck& cards = deck.next_use();
  for (int i = 0; i < 2; ++i) {
    result.committed[i] = committed[i];
    result.card[i] = cards.card_for(i);
    result.total[i] = result.card[i] + people_[i].in_use().speed + committed[i];
  }
  deck.finish();
  result.draws = deck.record();
  result.first = result.total[0] == result.total[1] ? -1 : (result.total[0] > result.total[1] ? 0 : 1);
  draw_ = result;
  phase_ = Phase::first_round;
  return *draw_;
}

Shot Duel::fire(int shooter, int accuracy, RoundDeck& cards, const DuelShotChoices& choices) {
  int card = cards.card_for(shooter);
  return resolve_shot(shooter, 1 - shooter, card, std::max(0, accuracy),
                      choices.not_to_kill[shooter], choices.choice_at_13[shooter]);
}

const DuelRound& Duel::shoot(const DuelShotChoices& choices, DeckSupply& deck) {
  if (phase_ == Phase::draw)
    throw Refusal(RefusalCode::illegal_move, "rounds", say("the duelists must draw first"));
  if (phase_ == Phase::over) throw Refusal(RefusalCode::finished, "rounds", say("the duel is over"));
  DuelRound round;
  round.number = static_cast<int>(rounds_.size()) + 1;
  // The faster shot lands before the slower draws; a refusal after it (a missing or unused card)
  // must still leave the duel as it was.
  const std::vector<Character> people_before = people_;
  const std::array<bool, 2> disabled_before = disabled_;
  try {
    RoundDeck& cards = deck.next_use();
    auto land = [&](const Shot& shot) {
      apply_harm(people_[shot.target], shot.harm, KillingKind::duel, names_[shot.shooter]);
      if (shot.harm == Harm::disabled) disabled_[shot.target] = true;
    };
    if (phase_ == Phase::first_round && draw_->first >= 0) {
      // The faster shot lands before the slower draws: its wound already counts.
      int fast = draw_->first, slow = 1 - fast;
      Shot first =
          fire(fast, people_[fast].in_use().accuracy - draw_->committed[fast], cards, choices);
      land(first);
      round.shots.push_back(first);
      if (able(slow)) {
        Shot second =
            fire(slow, people_[slow].in_use().accuracy - draw_->committed[slow], cards, choices);
        land(second);
        round.shots.push_back(second);
      }
    } else {
      // Simultaneous: both aim with the state at the start of the round.
      round.simultaneous = true;
      bool first_round = phase_ == Phase::first_round;
      std::array<int, 2> accuracy{};
      for (int i = 0; i < 2; ++i)
        accuracy[i] = people_[i].in_use().accuracy - (first_round ? draw_->committed[i] : 0);
      for (int i = 0; i < 2; ++i) round.shots.push_back(fire(i, accuracy[i], cards, choices));
      for (const auto& shot : round.shots) land(shot);
    }
    deck.finish();
  } catch (...) {
    people_ = people_before;
    disabled_ = disabled_before;
    throw;
  }
  round.draws = deck.record();
  rounds_.push_back(std::move(round));
  phase_ = Phase::later_rounds;
  end_if_decided();
  return rounds_.back();
}

void Duel::end_if_decided() {
  if (!able(0) || !able(1)) phase_ = Phase::over;
}

void Duel::stop() {
  if (over()) throw Refusal(RefusalCode::finished, "stop", say("the duel is already over"));
  phase_ = Phase::over;
}

Shootout Duel::into_shootout(std::vector<Character> joiners, std::int64_t now_ms) {
  if (over()) throw Refusal(RefusalCode::finished, "join", say("the duel is over; nobody can join it"));
  if (joiners.empty()) throw Refusal(RefusalCode::missing_input, "join", say("nobody joins"));
  std::vector<Character> everyone = people_;
  for (std::size_t i = 0; i < joiners.size(); ++i) {
    check_can_join(everyone, joiners[i], now_ms, fmt::format("join[{}]", i));
    everyone.push_back(std::move(joiners[i]));
  }
  phase_ = Phase::over;
  return Shootout(std::move(everyone), {}, now_ms);
}

}  // namespace marshal::core
