#include "core/fistfight.h"

#include <fmt/format.h>

#include "core/participants.h"
#include "core/refusal.h"

namespace marshal::core {

std::string_view to_string(FistResult result) {
  switch (result) {
    case FistResult::miss: return "miss";
    case FistResult::stun: return "stun";
    case FistResult::knock_out: return "knock_out";
  }
  return "unknown";
}

FistResult fist_chart(int total) {
  if (total >= fist_knock_out_from) return FistResult::knock_out;
  if (total >= fist_stun_from) return FistResult::stun;
  return FistResult::miss;
}

Fistfight::Fistfight(Character a, Character b, std::int64_t now_ms) {
  check_can_join(people_, a, now_ms, "fighters[0]");
  people_.push_back(std::move(a));
  check_can_join(people_, b, now_ms, "fighters[1]");
  people_.push_back(std::move(b));
  names_ = names_of(people_);
}

const FistRound& Fistfight::round(const std::array<std::optional<FistSplit>, 2>& splits,
                                  DeckSupply& deck, std::int64_t now_ms) {
  if (over_) throw Refusal(RefusalCode::finished, "rounds", say("the fistfight is over"));
  FistRound r;
  r.number = static_cast<int>(rounds_.size()) + 1;
  for (int i = 0; i < 2; ++i) {
    r.sat_out[i] = stunned_[i];
    if (r.sat_out[i]) continue;  // no split: a stunned fighter neither attacks nor defends
    const int hth = people_[i].in_use().hth;
    if (!splits[i])
      throw Refusal(RefusalCode::missing_input, "split." + names_[i],
                    say("{} must split HtH into offense and defense", names_[i]));
    const FistSplit& s = *splits[i];
    if (s.offense < 0 || s.defense < 0 || s.offense + s.defense != hth)
      throw Refusal(RefusalCode::out_of_range, "split." + names_[i],
                    // TRANSLATORS: {0} offense and {1} defense as given, {2} the fighter, {3} their HtH in use.
                    say("offense {} + defense {} must be two non-negative numbers adding "
                        "up to {}'s HtH in use, {}",
                        s.offense, s.defense, names_[i], hth));
    r.splits[i] = s;
  }
  RoundDeck& cards = deck.next_use();
  std::array<bool, 2> stunned_now{};
  for (int i = 0; i < 2; ++i) {
    if (r.sat_out[i]) continue;
    int other = 1 - i;
    FistAttack attack;
    attack.attacker = i;
    attack.card = cards.card_for(i);
    attack.offense = r.splits[i].offense;
    attack.defense_against = r.sat_out[other] ? 0 : r.splits[other].defense;
    attack.total = attack.card + attack.offense - attack.defense_against;
    attack.result = fist_chart(attack.total);
    if (attack.result == FistResult::knock_out) r.knocked_out[other] = true;
    if (attack.result == FistResult::stun) stunned_now[other] = true;
    r.attacks.push_back(attack);
  }
  deck.finish();
  r.draws = deck.record();
  for (int i = 0; i < 2; ++i) {
    stuns_in_a_row_[i] = stunned_now[i] ? stuns_in_a_row_[i] + 1 : 0;
    if (stuns_in_a_row_[i] >= stuns_in_a_row_for_knock_out) r.knocked_out[i] = true;
    stunned_[i] = stunned_now[i];
    r.stuns_in_a_row[i] = stuns_in_a_row_[i];
    if (r.knocked_out[i]) {
      people_[i].timers.push_back({TimerKind::knocked_out, now_ms, knock_out_duration_ms});
      over_ = true;
    }
  }
  rounds_.push_back(std::move(r));
  return rounds_.back();
}

void Fistfight::stop() {
  if (over_) throw Refusal(RefusalCode::finished, "stop", say("the fistfight is already over"));
  over_ = true;
}

Brawl Fistfight::into_brawl(std::vector<Character> joiners, BrawlOptions options,
                            std::int64_t now_ms) {
  if (over_) throw Refusal(RefusalCode::finished, "join", say("the fistfight is over; nobody can join"));
  if (joiners.empty()) throw Refusal(RefusalCode::missing_input, "join", say("nobody joins"));
  std::vector<Character> everyone = people_;
  for (auto& j : joiners) everyone.push_back(std::move(j));
  Brawl brawl(std::move(everyone), options, now_ms);
  over_ = true;
  return brawl;
}

}  // namespace marshal::core
