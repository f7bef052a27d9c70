#include "core/participants.h"

#include <algorithm>

#include "core/refusal.h"

namespace marshal::core {

void check_can_join(const std::vector<Character>& already, const Character& joiner,
                    std::int64_t now_ms, const std::string& field) {
  if (joiner.name.empty())
    throw Refusal(RefusalCode::missing_input, field, say("a participant needs a name"));
  for (const auto& other : already)
    if (other.name == joiner.name)
      throw Refusal(RefusalCode::illegal_move, field, say("{} is already in this conflict", joiner.name));
  if (joiner.dead())
    throw Refusal(RefusalCode::dead, field, say("{} is dead and cannot take part", joiner.name));
  if (joiner.incapacitated_at(now_ms))
    throw Refusal(RefusalCode::knocked_out, field,
                  say("{} is knocked out or nursing a headache and cannot take part", joiner.name));
}

std::vector<std::string> names_of(const std::vector<Character>& people) {
  std::vector<std::string> names;
  names.reserve(people.size());
  for (const auto& p : people) names.push_back(p.name);
  return names;
}

void apply_harm(Character& target, Harm harm, KillingKind kind, const std::string& shooter) {
  switch (harm) {
    case Harm::none: return;
    case Harm::wounded:
    case Harm::disabled: target.wounded = true; return;
    case Harm::dead:
      if (!target.dead()) target.death = Death{kind, shooter};
      return;
  }
}

void spend_bystander(Character& holder, const std::string& card, const std::string& field) {
  auto it = std::find(holder.bystanders.begin(), holder.bystanders.end(), card);
  if (it == holder.bystanders.end())
    throw Refusal(RefusalCode::already_spent, field,
                  // TRANSLATORS: {0} is a bystander card's code, {1} a character.
                  say("bystander {} is not held by {}", card, holder.name));
  holder.bystanders.erase(it);
}

std::optional<std::string> lose_random_bystander(Character& loser,
                                                 const std::optional<std::string>& pick,
                                                 Csprng* rng, const std::string& field) {
  if (loser.bystanders.empty()) {
    if (pick)
      throw Refusal(RefusalCode::already_spent, field,
                    say("{} has no bystander left, so none can be picked", loser.name));
    return std::nullopt;
  }
  std::string card;
  if (pick) {
    card = *pick;
  } else {
    if (!rng)
      throw Refusal(RefusalCode::missing_input, field,
                    say("the random bystander pick for {} is needed", loser.name));
    card = loser.bystanders[rng->uniform(static_cast<std::uint32_t>(loser.bystanders.size()))];
  }
  spend_bystander(loser, card, field);
  return card;
}

}  // namespace marshal::core
