#include "core/shootout.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/participants.h"
#include "core/refusal.h"

namespace marshal::core {

Shootout::Shootout(std::vector<Character> people, std::vector<int> ambushers, std::int64_t now_ms,
                   bool shooting_of_two)
    : ambushers_(std::move(ambushers)) {
  for (std::size_t i = 0; i < people.size(); ++i) {
    check_can_join(people_, people[i], now_ms, fmt::format("participants[{}]", i));
    people_.push_back(std::move(people[i]));
  }
  std::size_t minimum = ambushers_.empty() && !shooting_of_two ? 3 : 2;
  if (people_.size() < minimum)
    throw Refusal(RefusalCode::illegal_move, "participants",
                  !ambushers_.empty() ? say("an ambush needs an ambusher and someone to ambush")
                  : shooting_of_two   ? say("a shooting needs two with guns drawn")
                                      : say("a shootout needs 3 or more with guns drawn (two is a duel, or a "
                                            "shooting of two)"));
  for (int a : ambushers_) {
    if (a < 0 || a >= static_cast<int>(people_.size()))
      throw Refusal(RefusalCode::unknown_participant, "ambushers", say("an ambusher is not a participant"));
    if (std::count(ambushers_.begin(), ambushers_.end(), a) > 1)
      throw Refusal(RefusalCode::illegal_move, "ambushers", say("{} is named twice", people_[a].name));
  }
  if (ambushers_.size() >= people_.size())
    throw Refusal(RefusalCode::illegal_move, "ambushers", say("an ambush needs someone to ambush"));
  names_ = names_of(people_);
  auto n = people_.size();
  disabled_.assign(n, false);
  escaped_.assign(n, false);
  pinned_last_round_.assign(n, false);
  cover_streak_.assign(n, 0);
}

bool Shootout::present(int who) const { return !people_[who].dead() && !escaped_[who]; }

bool Shootout::can_shoot(int who) const { return present(who) && !disabled_[who]; }

bool Shootout::may_escape(int who) const {
  return !over_ && !open_ && present(who) && cover_streak_[who] >= 2;
}

void Shootout::check_open_for_declarations() const {
  if (over_) throw Refusal(RefusalCode::finished, "", say("the shootout is over"));
  if (open_)
    throw Refusal(RefusalCode::illegal_move, "",
                  say("the last round's bystander decisions are not settled yet"));
}

void Shootout::escape(int who) {
  check_open_for_declarations();
  if (who < 0 || who >= static_cast<int>(people_.size()))
    throw Refusal(RefusalCode::unknown_participant, "escape", say("not a participant"));
  if (!may_escape(who))
    throw Refusal(RefusalCode::illegal_move, "escape." + names_[who],
                  // TRANSLATORS: {0} is a participant, {1} their rounds in cover in a row so far.
                  say("{} may not escape: it takes two rounds in cover in a row without "
                      "being pinned (has {})",
                      names_[who], cover_streak_[who]));
  escaped_[who] = true;
  pending_escapes_.push_back(who);
  finish_if_decided();
}

const ShootoutRound& Shootout::shoot(const std::vector<std::optional<ShootoutAction>>& actions,
                                     DeckSupply& deck) {
  check_open_for_declarations();
  const int n = static_cast<int>(people_.size());
  if (static_cast<int>(actions.size()) > n)
    throw Refusal(RefusalCode::unknown_participant, "actions", say("more actions than participants"));

  ShootoutRound round;
  round.ambush = ambush_pending();
  round.number = static_cast<int>(rounds_.size()) + (ambushers_.empty() ? 1 : 0);
  round.escaped = pending_escapes_;  // cleared only once the round is accepted
  round.actions.assign(n, ShootoutAction{});
  round.acting.assign(n, false);
  auto is_ambusher = [&](int i) {
    return std::find(ambushers_.begin(), ambushers_.end(), i) != ambushers_.end();
  };

  for (int i = 0; i < n; ++i) {
    const auto& action = i < static_cast<int>(actions.size()) ? actions[i] : std::nullopt;
    const std::string field = "actions." + names_[i];
    bool should_act = present(i) && (!round.ambush || is_ambusher(i));
    if (!should_act) {
      if (action) {
        i18n::Sentence why = !present(i) ? (people_[i].dead() ? say("{} is dead", names_[i])
                                                              : say("{} has escaped", names_[i]))
                                         : say("{} is ambushed and cannot act in the free round", names_[i]);
        throw Refusal(people_[i].dead() ? RefusalCode::dead : RefusalCode::illegal_move, field, why);
      }
      continue;
    }
    if (!action)
      throw Refusal(RefusalCode::missing_input, field,
                    say("{} must raise a hand and name a target, pin, or take cover", names_[i]));
    const ShootoutAction& a = *action;
    if (a.kind != ShootoutAction::Kind::cover) {
      if (disabled_[i])
        throw Refusal(RefusalCode::illegal_move, field,
                      say("{} was shot out of the fight and can only take cover", names_[i]));
      if (a.target < 0 || a.target >= n || a.target == i)
        throw Refusal(RefusalCode::unknown_participant, field + ".target",
                      say("the target must be another participant"));
      if (!present(a.target))
        throw Refusal(people_[a.target].dead() ? RefusalCode::dead : RefusalCode::illegal_move,
                      field + ".target",
                      people_[a.target].dead() ? say("{} is already dead", names_[a.target])
                                               : say("{} has escaped", names_[a.target]));
    }
    round.actions[i] = a;
    round.acting[i] = true;
  }
  // Pins need the target's own declaration, so they are checked once all are in.
  for (int i = 0; i < n; ++i) {
    if (!round.acting[i] || round.actions[i].kind != ShootoutAction::Kind::pin) continue;
    int t = round.actions[i].target;
    if (!round.acting[t] || round.actions[t].kind != ShootoutAction::Kind::cover)
      throw Refusal(RefusalCode::illegal_move, "actions." + names_[i] + ".target",
                    say("only a player taking cover can be pinned, and {} is not taking cover this round",
                        names_[t]));
    if (std::find(round.pinned.begin(), round.pinned.end(), t) == round.pinned.end())
      round.pinned.push_back(t);
  }

  RoundDeck& cards = deck.next_use();
  for (int i = 0; i < n; ++i) {
    if (!round.acting[i] || round.actions[i].kind != ShootoutAction::Kind::shoot) continue;
    const auto& a = round.actions[i];
    int card = cards.card_for(i);
    Shot shot = resolve_shot(i, a.target, card, people_[i].in_use().accuracy, a.not_to_kill,
                             a.choice_at_13);
    round.bystander_allowed.push_back(bystander_may_take(shot.result) &&
                                      !people_[a.target].bystanders.empty());
    round.shots.push_back(shot);
  }
  deck.finish();
  round.draws = deck.record();
  rounds_.push_back(std::move(round));
  pending_escapes_.clear();
  open_ = true;
  return rounds_.back();
}

const ShootoutRound& Shootout::settle(const std::vector<Sacrifice>& sacrifices) {
  if (!open_) throw Refusal(RefusalCode::illegal_move, "sacrifices", say("no round is waiting"));
  ShootoutRound& round = rounds_.back();
  std::vector<Character> before = people_;  // a refusal must leave the state untouched
  try {
    for (const auto& s : sacrifices) {
      const std::string field = fmt::format("sacrifices[shot {}]", s.shot);
      if (s.shot < 0 || s.shot >= static_cast<int>(round.shots.size()))
        throw Refusal(RefusalCode::unknown_participant, field, say("no such shot this round"));
      Shot& shot = round.shots[s.shot];
      if (shot.bystander)
        throw Refusal(RefusalCode::illegal_move, field, say("one bystander per bullet"));
      if (!bystander_may_take(shot.result))
        throw Refusal(RefusalCode::illegal_move, field,
                      shot.result == ShotResult::shooters_choice
                          ? say("no bystander can take a shot of 13 or more")
                          : say("a bystander only takes a wounding or killing shot"));
      spend_bystander(people_[shot.target], s.card, field);
      shot.bystander = s.card;
    }
  } catch (...) {
    people_ = std::move(before);
    for (auto& shot : round.shots) shot.bystander.reset();
    throw;
  }
  round.sacrifices = sacrifices;
  for (auto& shot : round.shots) {
    if (shot.bystander) {
      shot.harm = Harm::none;
      continue;
    }
    KillingKind kind = people_[shot.shooter].has_power(Power::lawman) ? KillingKind::lawman
                                                                     : KillingKind::possible_murder;
    apply_harm(people_[shot.target], shot.harm, kind, names_[shot.shooter]);
    if (shot.harm == Harm::disabled) disabled_[shot.target] = true;
  }
  for (std::size_t i = 0; i < people_.size(); ++i) {
    bool pinned = std::find(round.pinned.begin(), round.pinned.end(), static_cast<int>(i)) !=
                  round.pinned.end();
    pinned_last_round_[i] = pinned;
    bool in_cover = round.acting[i] && round.actions[i].kind == ShootoutAction::Kind::cover;
    cover_streak_[i] = in_cover && !pinned ? cover_streak_[i] + 1 : 0;
  }
  open_ = false;
  finish_if_decided();
  return round;
}

void Shootout::stop() {
  if (open_)
    throw Refusal(RefusalCode::illegal_move, "", say("settle the round's bystanders before stopping"));
  over_ = true;
}

void Shootout::finish_if_decided() {
  int able = 0;
  for (std::size_t i = 0; i < people_.size(); ++i) able += can_shoot(static_cast<int>(i)) ? 1 : 0;
  if (able < 2) over_ = true;
}

std::vector<int> Shootout::arrestable() const {
  std::vector<int> out;
  for (std::size_t i = 0; i < people_.size(); ++i) {
    int who = static_cast<int>(i);
    if (present(who) && (people_[i].wounded || pinned_last_round_[i])) out.push_back(who);
  }
  return out;
}

}  // namespace marshal::core
