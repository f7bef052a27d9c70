#include "core/incapacitation.h"

#include "core/refusal.h"

namespace marshal::core {

std::string_view to_string(Incapacitation result) {
  switch (result) {
    case Incapacitation::death: return "death";
    case Incapacitation::bleeding_out: return "bleeding_out";
    case Incapacitation::unconscious: return "unconscious";
    case Incapacitation::last_stand: return "last_stand";
    case Incapacitation::stays_in: return "stays_in";
  }
  return "unknown";
}

namespace {
// P(boxcars and a result of at least x): both dice at their maximum on the first roll, so each
// shows its maximum plus a die of its own, and the result is the higher (trait_roll.h's rules:
// a modifier on the Wild Die only where it is on the total).
double boxcars_reaching(const TraitRoll& roll, int x) {
  const int wild_modifier = roll.rules.modifier_on == ModifierOn::total ? roll.modifier : 0;
  const double trait_short = 1 - exploding_at_least(roll.trait_die, x - roll.modifier - roll.trait_die);
  const double wild_short = 1 - exploding_at_least(roll.wild_die, x - wild_modifier - roll.wild_die);
  return (1 - trait_short * wild_short) / (static_cast<double>(roll.trait_die) * roll.wild_die);
}
}  // namespace

IncapacitationOdds incapacitation_odds(const TraitRoll& vigor) {
  TraitRoll roll = vigor;
  roll.tn = incapacitation_tn;
  const TraitOdds odds = trait_odds(roll);
  IncapacitationOdds result;
  result.death = odds.crit_fail;
  result.stays_in = odds.crit_success;
  // Boxcars is a Critical Success whatever its total: take it out of the success and the raise.
  const bool boxcars = odds.crit_success > 0;
  const double boxcars_raise = boxcars ? boxcars_reaching(roll, roll.tn + 4) : 0;
  const double boxcars_success = boxcars ? boxcars_reaching(roll, roll.tn) : 0;
  result.last_stand = odds.raise - boxcars_raise;
  result.unconscious = odds.success - odds.raise - (boxcars_success - boxcars_raise);
  result.bleeding_out = 1 - result.death - result.stays_in - result.last_stand - result.unconscious;
  return result;
}

std::optional<Incapacitation> incapacitation_from_string(std::string_view text) {
  for (Incapacitation r : {Incapacitation::death, Incapacitation::bleeding_out, Incapacitation::unconscious,
                           Incapacitation::last_stand, Incapacitation::stays_in})
    if (to_string(r) == text) return r;
  return std::nullopt;
}

Incapacitation judge_incapacitation(const RolledTrait& vigor) {
  if (vigor.crit_fail) return Incapacitation::death;
  if (vigor.crit_success) return Incapacitation::stays_in;
  if (!vigor.success) return Incapacitation::bleeding_out;
  return vigor.raises >= 1 ? Incapacitation::last_stand : Incapacitation::unconscious;
}

int injury_days(int vigor_die, int face) {
  if (vigor_die != 4 && vigor_die != 6 && vigor_die != 8 && vigor_die != 10 && vigor_die != 12)
    throw Refusal(RefusalCode::out_of_range, "vigor_die", say("the Vigor die is a d4, d6, d8, d10 or d12, not d{}", vigor_die));
  if (face < 1 || face > vigor_die)
    throw Refusal(RefusalCode::out_of_range, "face", say("a d{} shows 1 to {}, not {}", vigor_die, vigor_die, face));
  return temporary_injury_days - face;
}

}  // namespace marshal::core
