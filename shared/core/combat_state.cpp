#include "core/combat_state.h"

#include <algorithm>

#include "core/refusal.h"

namespace marshal::core {

std::string_view to_string(FighterState state) {
  switch (state) {
    case FighterState::fighting: return "fighting";
    case FighterState::incapacitated: return "incapacitated";
    case FighterState::bleeding_out: return "bleeding_out";
    case FighterState::unconscious: return "unconscious";
    case FighterState::last_stand: return "last_stand";
    case FighterState::dead: return "dead";
    case FighterState::out: return "out";
  }
  return "unknown";
}

namespace {
bool dying(FighterState s) {
  return s == FighterState::incapacitated || s == FighterState::bleeding_out || s == FighterState::unconscious ||
         s == FighterState::out;
}
}  // namespace

Combatant new_combatant(int wound_levels) {
  if (wound_levels < 0 || wound_levels > max_wound_levels)
    throw Refusal(RefusalCode::out_of_range, "wound_levels", say("Wound levels are 0 (an Extra) to {}", max_wound_levels));
  Combatant c;
  c.wound_levels = wound_levels;
  return c;
}

std::optional<FighterState> fighter_state_from_string(std::string_view text) {
  for (FighterState s : {FighterState::fighting, FighterState::incapacitated, FighterState::bleeding_out,
                         FighterState::unconscious, FighterState::last_stand, FighterState::dead, FighterState::out})
    if (to_string(s) == text) return s;
  return std::nullopt;
}

void check_combat_sheet(const CombatSheet& sheet) {
  if (sheet.toughness < 1 || sheet.toughness > max_toughness)
    throw Refusal(RefusalCode::out_of_range, "toughness", say("Toughness is 1 to {}", max_toughness));
  if (sheet.armor < 0 || sheet.armor >= sheet.toughness)
    // TRANSLATORS: {0} the sheet's Toughness, {1} the highest armour it can hold (Toughness - 1).
    throw Refusal(RefusalCode::out_of_range, "armor",
                  say("armour is part of Toughness {}: 0 to {}", sheet.toughness, sheet.toughness - 1));
  if (sheet.parry < 0 || sheet.parry > max_parry)
    throw Refusal(RefusalCode::out_of_range, "parry", say("Parry is 0 to {}, not {}", max_parry, sheet.parry));
  new_combatant(sheet.wound_levels);  // its refusal names wound_levels
}

Combatant after_hit(const Combatant& before, const HitOutcome& hit) {
  if (before.state == FighterState::dead) throw Refusal(RefusalCode::dead, "target", say("the target is dead"));
  if (before.state == FighterState::out || before.state == FighterState::bleeding_out ||
      before.state == FighterState::unconscious)
    throw Refusal(RefusalCode::knocked_out, "target", say("the target is out of the fight"));
  if (before.state == FighterState::incapacitated)
    throw Refusal(RefusalCode::illegal_move, "target", say("the target is Incapacitated: its Incapacitation roll comes first"));
  if (hit.wounds < 0) throw Refusal(RefusalCode::out_of_range, "wounds", say("a hit deals 0 wounds or more"));
  Combatant after = before;
  after.shaken = before.shaken || hit.shaken;
  if (hit.wounds == 0) return after;
  if (before.wound_levels == 0) {  // an Extra: any wound puts it out (001 L4)
    after.state = FighterState::out;
    return after;
  }
  const int wounds = before.wounds + hit.wounds;
  // A Last Stand is fought at the last level: the next wound is past it, and Incapacitates again.
  if (wounds > before.wound_levels) after.state = FighterState::incapacitated;
  after.wounds = std::min(wounds, before.wound_levels);
  return after;
}

Combatant after_soak(const Combatant& before_hit, const HitOutcome& hit, int soaked) {
  if (soaked < 0 || soaked > hit.wounds)
    throw Refusal(RefusalCode::out_of_range, "soaked", say("a Soak takes back 0 to {} wounds of this hit", hit.wounds));
  const int left = hit.wounds - soaked;
  // Every wound soaked: the hit's own Shaken goes too (SWD); one held before it stays.
  return after_hit(before_hit, HitOutcome{left > 0 && hit.shaken, left});
}

Combatant after_unshaken(const Combatant& before) {
  if (!before.shaken) throw Refusal(RefusalCode::illegal_move, "shaken", say("the fighter is not Shaken"));
  Combatant after = before;
  after.shaken = false;
  return after;
}

Combatant after_incapacitation(const Combatant& before, Incapacitation result) {
  if (before.state != FighterState::incapacitated)
    throw Refusal(RefusalCode::illegal_move, "state", say("only an Incapacitated fighter rolls for Incapacitation"));
  Combatant after = before;
  switch (result) {
    case Incapacitation::death: after.state = FighterState::dead; break;
    case Incapacitation::bleeding_out: after.state = FighterState::bleeding_out; break;
    case Incapacitation::unconscious: after.state = FighterState::unconscious; break;
    case Incapacitation::last_stand: after.state = FighterState::last_stand; break;
    case Incapacitation::stays_in: after.state = FighterState::fighting; break;  // at the last level
  }
  return after;
}

Combatant after_healing(const Combatant& before, int healed) {
  if (healed < 1) throw Refusal(RefusalCode::out_of_range, "healed", say("a healing takes off 1 wound or more"));
  if (before.state == FighterState::dead) throw Refusal(RefusalCode::dead, "patient", say("no Healing is permitted for the dead (000 L172)"));
  Combatant after = before;
  if (dying(before.state)) {
    // 002 L36: the success brings them back at the last Wound level (not one wound off it), each
    // raise takes a wound off as usual, and they are Shaken even with every wound gone.
    after.state = FighterState::fighting;
    after.wounds = std::max(0, before.wound_levels - (healed - 1));
    after.shaken = true;
    return after;
  }
  if (before.wounds == 0) throw Refusal(RefusalCode::illegal_move, "patient", say("the patient has no wound to heal"));
  after.wounds = std::max(0, before.wounds - healed);
  if (after.state == FighterState::last_stand) after.state = FighterState::fighting;  // below the last level again
  return after;
}

}  // namespace marshal::core
