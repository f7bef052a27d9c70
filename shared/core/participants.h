#pragma once
// Helpers every conflict shares: checking who may take part, naming participants in refusals,
// applying what a shot does, and the random bystander loss.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/character.h"
#include "core/csprng.h"
#include "core/gunslinging.h"

namespace marshal::core {

// Refuses a character who is dead or incapacitated at now_ms, or a name given twice.
void check_can_join(const std::vector<Character>& already, const Character& joiner,
                    std::int64_t now_ms, const std::string& field);

std::vector<std::string> names_of(const std::vector<Character>& people);

// Applies a shot's harm to its target: a wound (a second changes nothing) or death of the
// given kind. `disabled` is a wound; the conflict keeps track of who can still shoot.
void apply_harm(Character& target, Harm harm, KillingKind kind, const std::string& shooter);

// RULES.md "Lose a random bystander": uniform among the remaining cards. `pick` replays a
// recorded choice (refused if not held); otherwise the CSPRNG picks. nullopt: none left.
std::optional<std::string> lose_random_bystander(Character& loser,
                                                 const std::optional<std::string>& pick,
                                                 Csprng* rng, const std::string& field);

// Takes a chosen bystander card out of the holder's hand; refuses one not held.
void spend_bystander(Character& holder, const std::string& card, const std::string& field);

}  // namespace marshal::core
