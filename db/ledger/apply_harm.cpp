// What a tabletop fight does to a fighter (issue 32; docs/ledger.md, docs/tabletop.md "A fight
// in the ledger"), each judged by the core as the station's odds are (core/damage.h, soak.h,
// combat_state.h) and the judgement stored with the event, so a replay compares it:
// - damage_rolled: the damage dice as rolled against the target's sheet (combat.csv): Toughness,
//   less Armour Piercing up to the armour; Shaken and wounds (SWD); the state after.
// - soaked: a chip spent on a Soak of the target's last hit (001 L44; 000 L180-182), the Vigor
//   roll's dice judged, the better Soak kept when the chip rerolls it.
// - unshaken: Shaken ended by a Spirit roll (SWD: acting at once only on a raise) or a chip
//   (001 L43).
// - incapacitation_rolled: an Incapacitated fighter's fate, by deadlands-1876's Vigor roll (000
//   L170-176), or named by the GM where the seeds give no table (savage, deadlands-ru).
// - healed: a Healing roll against 4 with the patient's and the healer's wound penalties (SWD;
//   000 L184-204): a success and each raise a wound; 000 L200's attempts (heal_attempts.h); the dying come back at their last Wound
//   level, Shaken (002 L36).
// - natural_healing_rolled: a day's Vigor roll of a wounded fighter (000 L204).
// - hour_passed: an hour or more of the story passed: the golden hour of the wounds so far is over (000 L188).
#include <algorithm>

#include <fmt/format.h>

#include "core/damage.h"
#include "core/incapacitation.h"
#include "core/refusal.h"
#include "core/soak.h"
#include "core/table_modifiers.h"
#include "ledger/apply.h"
#include "ledger/combatants.h"
#include "ledger/event_ruleset.h"
#include "ledger/heal_attempts.h"
#include "ledger/roll_payload.h"

namespace marshal::db {

void check_joker_claim(Town& town, std::int64_t who, bool claimed, const std::string& field) {
  // No round dealt (or no fight): nobody holds a Joker, and a claim of one is refused.
  const bool holds = holds_joker(town.db(), who).value_or(false);
  if (holds == claimed) return;
  throw LedgerRefusal(RefusalCode::outcome_mismatch, field,
                      holds
                          // TRANSLATORS: {} is a character's name.
                          ? say("{} holds a Joker this round: +2 on every roll (000 L54)", town.name_of(who))
                          // TRANSLATORS: {} is a character's name.
                          : say("{} holds no Joker this round", town.name_of(who)));
}

namespace {

// The Spirit roll that ends Shaken is against the usual TN (SWD; 001 L43 names the roll only).
constexpr int unshake_tn = 4;
// A Healing roll is against the usual TN (SWD; 000 L184-204 name no other).
constexpr int healing_tn = 4;
// So is the Vigor roll of natural healing (000 L204 names none).
constexpr int natural_healing_tn = 4;

// The refusal of the fight's rules (core) as the ledger's: a dead or knocked-out fighter is
// refused as such, a move against the rules as one, anything else is bad input.
LedgerRefusal from_fight_rules(const core::Refusal& r, const std::string& field) {
  RefusalCode code = RefusalCode::bad_input;
  switch (r.code()) {
    case core::RefusalCode::dead: code = RefusalCode::dead; break;
    case core::RefusalCode::knocked_out: code = RefusalCode::knocked_out; break;
    case core::RefusalCode::illegal_move: code = RefusalCode::illegal_move; break;
    default: break;
  }
  return LedgerRefusal(code, field, r.sentence());
}

struct HarmTarget {
  std::int64_t id = 0;
  std::string name;
  CombatantRow row;
};

// The character a payload names, with a combat sheet (combat.csv).
HarmTarget harm_target(Town& town, const Json& badge, const std::string& field) {
  HarmTarget f;
  f.id = town.character_by_badge(badge, field);
  f.name = town.name_of(f.id);
  auto row = find_combatant(town.db(), f.id);
  if (!row)
    // TRANSLATORS: {} is a character's name.
    throw LedgerRefusal(RefusalCode::not_allowed, field, say("{} has no combat sheet (the event's combat.csv)", f.name));
  f.row = *row;
  return f;
}

std::int64_t require_open_fight(Database& db) {
  auto open = open_fight(db);
  if (!open) throw LedgerRefusal(RefusalCode::illegal_move, "type", say("no fight is under way: start one first"));
  return *open;
}

// Who attacks or heals: the GM (for an attack) or a living character still in the fight (a dead
// man shoots no one, an unconscious one heals no one).
std::int64_t require_able(Town& town, const Json& by, const std::string& field) {
  if (field == "by" && by.is_string() && by.get<std::string>() == "gm") return gm_chip_pool;
  const std::int64_t id = town.character_by_badge(by, field);
  town.require_alive(id, field);
  require_still_fighting(town.db(), id, town.name_of(id), field);
  return id;
}

bool optional_flag(protocol::Fields& f, const std::string& key) { return f.boolean_or(key, false); }

// A chip paid for the target's Soak or Shaken: their own, or the GM's pool for the GM's characters.
void pay_chip(ApplyContext& ctx, const HarmTarget& who, core::ChipUse use, const Json& paid) {
  pay_own_chip(ctx, who.id, who.name, use, paid);
}

// The Vigor, Spirit or Healing roll of a payload ("die", "modifier", "joker", "dice") at `tn`,
// rolled by `roller` (a Wild Card rolls the Wild Die), with the wound penalty of `wounds` added by
// the ledger; what it judged goes into the ledger part.
core::RolledTrait judged_fighter_roll(ApplyContext& ctx, protocol::Fields& f, std::int64_t roller, int tn, int wounds) {
  const core::TraitRules rules = event_rules(ctx.town.db());
  const int die = payload_trait_die(f, "die", false);
  const int own = f.integer_or("modifier", -core::max_damage_modifier, core::max_damage_modifier, 0);
  const bool joker = optional_flag(f, "joker");
  check_joker_claim(ctx.town, roller, joker, "joker");
  const int wound_modifier = core::wound_modifier(rules, wounds);
  const int modifier = own + wound_modifier + (joker ? core::joker_bonus : 0);
  const bool wild_card = ctx.town.db().scalar_int("SELECT wild_card FROM characters WHERE id = " + std::to_string(roller)) != 0;
  const core::TraitRoll roll = wild_card ? core::wild_card_roll(rules, die, modifier, tn) : core::extra_roll(rules, die, modifier, tn);
  const core::RolledTrait judged = judge_payload_dice(f, roll);
  ctx.ledger["tn"] = tn;
  ctx.ledger["wound_modifier"] = wound_modifier;
  ctx.ledger["modifier"] = modifier;
  put_judged_roll(ctx.ledger, judged);
  return judged;
}

// The damage dice as a payload names them, for a reroll to match: "d6 d6 +raise" (hits.dice;
// migration 23 writes the same from a file's events).
std::string dice_named(const Json& payload) {
  std::string named;
  for (const Json& die : payload.value("dice", Json::array())) named += (named.empty() ? "" : " ") + die.value("die", "");
  return payload.contains("raise") ? named + " +raise" : named;
}

// Who rolled a damage roll as its payload says it: a badge or "gm" (hits.rolled_by).
std::string rolled_by(const Json& payload) {
  const Json by = payload.value("by", Json());
  return by.is_string() ? by.get<std::string>() : by.dump();
}

// 001 L46: a chip rerolls the damage of the fight's last hit, the raise's die included, by who
// rolled it; the better total stands (as a trait's reroll keeps the best, 001 L42), judged again
// from the target's state before that hit. Only while nothing else has happened to the target
// (no Soak, no other hit): the reroll takes the hit's place (its seq is what a Soak answers).
void reroll_damage(ApplyContext& ctx, const Json& of, const HarmTarget& target, const core::RolledDamage& rolled, int toughness) {
  Database& db = ctx.town.db();
  // The hit's row, not its event: a replay into a fresh ledger has the tables, never the events.
  Statement s = db.prepare("SELECT fight, target, total, shaken, wounds, state_before, soak_rolls, rolled_by, dice FROM hits WHERE seq = ?");
  if (!of.is_number_integer() || !s.bind(1, of.get<std::int64_t>()).step())
    throw LedgerRefusal(RefusalCode::bad_input, "reroll_of", say("must be the seq of a hit (damage_rolled)"));
  const std::int64_t seq = of.get<std::int64_t>();
  const std::int64_t fight = s.int64(0);
  if (fight != require_open_fight(db)) throw LedgerRefusal(RefusalCode::illegal_move, "reroll_of", say("that hit was in an earlier fight"));
  if (s.int64(1) != target.id) throw LedgerRefusal(RefusalCode::bad_input, "reroll_of", say("names a hit on someone else"));
  if (s.text(7) != rolled_by(ctx.payload))
    throw LedgerRefusal(RefusalCode::not_allowed, "by", say("a damage roll is rerolled by who rolled it (001 L46)"));
  if (s.text(8) != dice_named(ctx.payload))
    throw LedgerRefusal(RefusalCode::bad_input, "dice", say("a reroll rolls the same dice as the hit, the raise's die included (001 L46)"));
  if (db.scalar_int("SELECT MAX(seq) FROM hits WHERE fight = " + std::to_string(fight)) != seq)
    throw LedgerRefusal(RefusalCode::illegal_move, "reroll_of", say("a reroll answers the fight's last hit, and a later one came"));
  if (s.int64(6) > 0) throw LedgerRefusal(RefusalCode::illegal_move, "reroll_of", say("that hit was soaked: its damage stands"));
  const int old_total = static_cast<int>(s.int64(2));
  const core::HitOutcome old_hit{s.int64(3) != 0, static_cast<int>(s.int64(4))};
  const auto before = combatant_state_from_json(Json::parse(s.text(5)), target.row.sheet.wound_levels);
  if (!before) throw LedgerRefusal(RefusalCode::bad_input, "reroll_of", say("the hit's stored state cannot be read"));
  core::Combatant after;
  try {
    // Nothing may have changed the target since the hit: the reroll stands in its place.
    if (core::after_hit(*before, old_hit) != target.row.state)
      // TRANSLATORS: {} is a character's name.
      throw LedgerRefusal(RefusalCode::illegal_move, "reroll_of", say("{} has changed since that hit: its damage stands", target.name));
    const bool keep_new = rolled.total > old_total;
    const core::HitOutcome kept = keep_new ? core::judge_hit(rolled.total, toughness, before->shaken) : old_hit;
    after = core::after_hit(*before, kept);
    ctx.ledger["kept"] = keep_new ? "new" : "old";
    ctx.ledger["shaken"] = kept.shaken;
    ctx.ledger["wounds"] = kept.wounds;
    if (keep_new)
      db.prepare("UPDATE hits SET total = ?, toughness = ?, shaken = ?, wounds = ? WHERE seq = ?")
          .bind(1, rolled.total)
          .bind(2, toughness)
          .bind(3, kept.shaken ? 1 : 0)
          .bind(4, kept.wounds)
          .bind(5, seq)
          .run();
  } catch (const core::Refusal& r) {
    throw from_fight_rules(r, "target");
  }
  save_combatant_state(db, target.id, after);
  ctx.ledger["total"] = rolled.total;
  ctx.ledger["toughness"] = toughness;
  ctx.ledger["state"] = combatant_state_json(after);
}

void apply_damage(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  Database& db = town.db();
  const std::int64_t fight = require_open_fight(db);
  const std::int64_t attacker = require_able(town, f.required("by"), "by");
  const HarmTarget target = harm_target(town, f.required("target"), "target");
  core::DamageRoll roll;
  roll.rules = event_rules(db);
  roll.modifier = f.integer_or("modifier", -core::max_damage_modifier, core::max_damage_modifier, 0);
  roll.joker = optional_flag(f, "joker");
  if (attacker != gm_chip_pool) check_joker_claim(town, attacker, roll.joker, "joker");
  roll.crit_success = optional_flag(f, "crit_success");
  const int ap = f.integer_or("ap", 0, core::max_toughness, 0);
  const Json& dice = f.required("dice");
  if (!dice.is_array() || dice.empty() || dice.size() > static_cast<std::size_t>(core::max_damage_dice))
    throw LedgerRefusal(RefusalCode::bad_input, "dice", say("must be a list of 1 to {} dice", core::max_damage_dice));
  std::vector<std::vector<int>> chains;
  for (std::size_t i = 0; i < dice.size(); ++i) {
    const std::string path = fmt::format("dice[{}]", i);
    protocol::Fields die(dice[i], path);
    roll.dice.push_back(payload_trait_die(die, "die", false));
    chains.push_back(payload_faces(die, "faces", path));
    die.done();
  }
  // The raise's d6 (002 L8): its chain given exactly when the attack got a raise.
  roll.raise = f.has("raise");
  const std::vector<int> raise = payload_faces(f, "raise", "");
  // A reroll of the fight's last hit (001 L46) names it and pays with a chip.
  const Json* reroll_of = f.optional("reroll_of");
  const Json* chip = f.optional("chip");
  if (reroll_of && !chip) throw LedgerRefusal(RefusalCode::bad_input, "chip", say("a reroll of damage spends a chip (001 L46)"));
  if (chip && !reroll_of) throw LedgerRefusal(RefusalCode::bad_input, "reroll_of", say("a chip on damage rerolls a hit: name it"));
  f.done();
  core::RolledDamage rolled;
  int toughness = 0;
  try {
    rolled = core::damage_from_dice(roll, chains, raise);
    // The sheet was checked at import and `ap` as read, but a refusal here is still a refusal, never a 500.
    toughness = core::toughness_against(target.row.sheet.toughness, target.row.sheet.armor, ap);
  } catch (const core::Refusal& r) {
    throw LedgerRefusal(RefusalCode::bad_input, r.field(), r.sentence());
  }
  if (reroll_of) {
    pay_own_chip(ctx, attacker, attacker == gm_chip_pool ? std::string() : town.name_of(attacker), core::ChipUse::reroll, *chip);
    return reroll_damage(ctx, *reroll_of, target, rolled, toughness);
  }
  const core::HitOutcome hit = core::judge_hit(rolled.total, toughness, target.row.state.shaken);
  core::Combatant after;
  try {
    after = core::after_hit(target.row.state, hit);
  } catch (const core::Refusal& r) {
    throw from_fight_rules(r, "target");
  }
  save_combatant_state(db, target.id, after);
  db.prepare("INSERT INTO hits(seq, fight, target, total, toughness, shaken, wounds, state_before, rolled_by, dice) "
             "VALUES (?,?,?,?,?,?,?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, fight)
      .bind(3, target.id)
      .bind(4, rolled.total)
      .bind(5, toughness)
      .bind(6, hit.shaken ? 1 : 0)
      .bind(7, hit.wounds)
      .bind(8, combatant_state_json(target.row.state).dump())
      .bind(9, rolled_by(ctx.payload))
      .bind(10, dice_named(ctx.payload))
      .run();
  ctx.ledger["total"] = rolled.total;
  ctx.ledger["toughness"] = toughness;
  ctx.ledger["shaken"] = hit.shaken;
  ctx.ledger["wounds"] = hit.wounds;
  ctx.ledger["state"] = combatant_state_json(after);
}

void apply_soak(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  Database& db = town.db();
  const std::int64_t fight = require_open_fight(db);
  const Json& hit_seq = f.required("hit");
  Statement s = db.prepare(
      "SELECT fight, target, shaken, wounds, state_before, soaked, soak_rolls, soak_crit_fail FROM hits WHERE seq = ?");
  if (!hit_seq.is_number_integer() || !s.bind(1, hit_seq.get<std::int64_t>()).step())
    throw LedgerRefusal(RefusalCode::bad_input, "hit", say("must be the seq of a hit (damage_rolled)"));
  const std::int64_t seq = hit_seq.get<std::int64_t>();
  const std::int64_t target_id = s.int64(1);
  const core::HitOutcome hit{s.int64(2) != 0, static_cast<int>(s.int64(3))};
  const int soaked_before = static_cast<int>(s.int64(5));
  const std::int64_t soak_rolls = s.int64(6);
  const std::string before_text = s.text(4);
  const bool last_soak_crit_fail = s.int64(7) != 0;
  if (s.int64(0) != fight) throw LedgerRefusal(RefusalCode::illegal_move, "hit", say("that hit was in an earlier fight"));
  if (db.scalar_int("SELECT MAX(seq) FROM hits WHERE target = " + std::to_string(target_id)) != seq)
    throw LedgerRefusal(RefusalCode::illegal_move, "hit", say("a Soak answers the target's last hit, and a later one came"));
  if (hit.wounds == 0) throw LedgerRefusal(RefusalCode::illegal_move, "hit", say("that hit gave no wound to soak"));
  if (last_soak_crit_fail)
    throw LedgerRefusal(RefusalCode::illegal_move, "hit",
                        say("the last Soak of that hit was a Critical Failure: no chip rerolls it (001 L42)"));
  HarmTarget target;
  target.id = target_id;
  target.name = town.name_of(target_id);
  target.row = find_combatant(db, target_id).value();
  const auto before = combatant_state_from_json(Json::parse(before_text), target.row.sheet.wound_levels);
  if (!before) throw LedgerRefusal(RefusalCode::bad_input, "hit", say("the hit's stored state cannot be read"));
  // Nothing may have changed the target since the hit (its Soak so far aside): a Soak comes at once.
  if (target.row.state != core::after_soak(*before, hit, soaked_before))
    throw LedgerRefusal(RefusalCode::illegal_move, "hit", say("the target's state changed since that hit: a Soak comes at once"));
  pay_chip(ctx, target, core::ChipUse::soak, f.required("chip"));
  const core::SoakRule rule = event_rules(db).soak;
  const core::RolledTrait judged = judged_fighter_roll(ctx, f, target.id, core::soak_roll_tn(rule), before->wounds);
  f.done();
  const int soaked = core::soaked_wounds(rule, judged, std::min(hit.wounds, core::max_soak_wounds));
  const int kept = std::max(soaked, soaked_before);  // another chip rerolls the Soak: the better stands (SWD)
  const core::Combatant after = core::after_soak(*before, hit, kept);
  save_combatant_state(db, target_id, after);
  db.prepare("UPDATE hits SET soaked = ?, soak_rolls = ?, soak_crit_fail = ? WHERE seq = ?")
      .bind(1, kept)
      .bind(2, soak_rolls + 1)
      .bind(3, judged.crit_fail)
      .bind(4, seq)
      .run();
  ctx.ledger["soaked"] = soaked;
  ctx.ledger["kept"] = kept;
  ctx.ledger["state"] = combatant_state_json(after);
}

void apply_unshaken(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  const HarmTarget who = harm_target(town, f.required("by"), "by");
  require_able(town, f.required("by"), "by");  // the dead, the dying and the out recover nothing
  const std::string how = f.text("how");
  if (how != "spirit" && how != "chip")
    throw LedgerRefusal(RefusalCode::bad_input, "how", say("must be spirit (a Spirit roll) or chip"));
  core::Combatant after;
  try {
    after = core::after_unshaken(who.row.state);
  } catch (const core::Refusal& r) {
    throw from_fight_rules(r, "by");
  }
  bool may_act = true;
  if (how == "chip") {
    pay_chip(ctx, who, core::ChipUse::unshake, f.required("chip"));
  } else {
    const core::RolledTrait judged = judged_fighter_roll(ctx, f, who.id, unshake_tn, who.row.state.wounds);
    if (!judged.success) after = who.row.state;  // still Shaken
    may_act = judged.raises >= 1;                  // SWD: recovered on a success, acting at once on a raise
  }
  f.done();
  save_combatant_state(town.db(), who.id, after);
  ctx.ledger["unshaken"] = !after.shaken;
  ctx.ledger["may_act"] = !after.shaken && may_act;
  ctx.ledger["state"] = combatant_state_json(after);
}

void apply_incapacitation(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  const HarmTarget who = harm_target(town, f.required("by"), "by");
  if (who.row.state.state != core::FighterState::incapacitated)
    // TRANSLATORS: {} is a character's name.
    throw LedgerRefusal(RefusalCode::illegal_move, "by", say("{} is not Incapacitated: no Incapacitation roll", who.name));
  core::Incapacitation result;
  if (event_ruleset(town.db()) == core::Ruleset::deadlands_1876) {
    // 000 L170-176: the Vigor roll decides; its modifier holds Hard to Kill's +2 (000 L136) and the like.
    result = core::judge_incapacitation(judged_fighter_roll(ctx, f, who.id, core::incapacitation_tn, who.row.state.wounds));
  } else {
    // The seeds give savage and deadlands-ru no table: the GM names the result.
    const std::string named = f.text("result");
    auto parsed = core::incapacitation_from_string(named);
    if (!parsed)
      throw LedgerRefusal(RefusalCode::bad_input, "result",
                          say("must be death, bleeding_out, unconscious, last_stand or stays_in"));
    result = *parsed;
  }
  f.done();
  const core::Combatant after = core::after_incapacitation(who.row.state, result);
  save_combatant_state(town.db(), who.id, after);
  owe_injury(town.db(), who.id, result);  // the Injury it leaves, drawn next (injury_drawn)
  // Dead at the table is dead for the rest of the game: no roll, chip or Joker's Wild (RULES.md).
  if (result == core::Incapacitation::death)
    town.db().prepare("UPDATE characters SET dead = 1 WHERE id = ?").bind(1, who.id).run();
  ctx.ledger["incapacitation"] = core::to_string(result);
  ctx.ledger["state"] = combatant_state_json(after);
}

void apply_healing(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  const std::int64_t healer = require_able(town, f.required("healer"), "healer");
  const HarmTarget patient = harm_target(town, f.required("patient"), "patient");
  if (patient.row.state.state == core::FighterState::incapacitated)
    // TRANSLATORS: {} is a character's name.
    throw LedgerRefusal(RefusalCode::illegal_move, "patient",
                        say("{} is Incapacitated: the Incapacitation roll comes before any Healing", patient.name));
  try {
    core::after_healing(patient.row.state, 1);  // refused before the roll: the dead, nothing to heal
  } catch (const core::Refusal& r) {
    throw from_fight_rules(r, "patient");
  }
  // 000 L200: one attempt a round, a failed healer's retry a chip's reroll, no improving a healing.
  const HealAttempt attempt{patient.id, healer, patient.name, town.name_of(healer), last_wound(town.db(), patient.id)};
  const Json* chip = f.optional("chip");
  // 000 L188: the skill within the golden hour, the arcane power (`power`) until natural healing.
  check_golden_hour(town.db(), attempt, optional_flag(f, "power"));
  check_heal_attempt(town.db(), attempt, chip != nullptr);
  if (chip) pay_own_chip(ctx, healer, attempt.healer_name, core::ChipUse::reroll, *chip);
  // The patient's wounds penalise the Healing roll (SWD), as the healer's own penalise every roll.
  const auto healer_row = find_combatant(town.db(), healer);
  const int wounds = patient.row.state.wounds + (healer_row && healer != patient.id ? healer_row->state.wounds : 0);
  const core::RolledTrait judged = judged_fighter_roll(ctx, f, healer, healing_tn, wounds);
  f.done();
  const int healed = judged.success ? 1 + judged.raises : 0;
  record_heal_attempt(town.db(), town.seq(), attempt, healed > 0);
  const core::Combatant after = healed > 0 ? core::after_healing(patient.row.state, healed) : patient.row.state;
  save_combatant_state(town.db(), patient.id, after);
  ctx.ledger["healed"] = healed;
  ctx.ledger["state"] = combatant_state_json(after);
}

// natural_healing_rolled (000 L204): at the start of each day a wounded fighter's Vigor roll
// against 4 with their wound penalty (SWD); a success heals a wound, each raise another. Not
// during a fight; not for the dying, whom a Healing roll must bring back first (000 L174). A
// Medicine practitioner's assist (+1 a success and raise) is the roll's `modifier`: their
// Medicine roll is a roll_recorded of its own.
void apply_natural_healing(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  if (open_fight(town.db()))
    throw LedgerRefusal(RefusalCode::illegal_move, "type", say("a fight is under way: natural healing comes at the start of a day (000 L204)"));
  const HarmTarget who = harm_target(town, f.required("by"), "by");
  town.require_alive(who.id, "by");
  const core::FighterState state = who.row.state.state;
  if (state != core::FighterState::fighting && state != core::FighterState::last_stand)
    // TRANSLATORS: {} is a character's name: Incapacitated, Bleeding Out, unconscious or out (000 L174).
    throw LedgerRefusal(RefusalCode::knocked_out, "by", say("{} is down: a Healing roll must bring them back first (000 L174)", who.name));
  // TRANSLATORS: {} is a character's name.
  if (who.row.state.wounds == 0) throw LedgerRefusal(RefusalCode::illegal_move, "by", say("{} has no wound to heal", who.name));
  const core::RolledTrait judged = judged_fighter_roll(ctx, f, who.id, natural_healing_tn, who.row.state.wounds);
  f.done();
  const int healed = judged.success ? std::min(1 + judged.raises, who.row.state.wounds) : 0;
  const core::Combatant after = healed > 0 ? core::after_healing(who.row.state, healed) : who.row.state;
  save_combatant_state(town.db(), who.id, after);
  record_time_mark(town.db(), town.seq(), TimeMark::day, who.id);  // its wounds are past any Healing roll (000 L188)
  ctx.ledger["healed"] = healed;
  ctx.ledger["state"] = combatant_state_json(after);
}

// hour_passed (000 L188): the GM says an hour or more has passed at the table since the wounds
// taken so far: the golden hour of each is over (ledger/heal_attempts.h). Not during a fight (a
// round is seconds of the story).
void apply_hour_passed(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  if (!tabletop_game(town.db()))
    throw LedgerRefusal(RefusalCode::illegal_move, "type", say("the golden hour is a tabletop game's (options.csv: game,tabletop)"));
  if (open_fight(town.db()))
    throw LedgerRefusal(RefusalCode::illegal_move, "type", say("a fight is under way: its rounds are seconds, not an hour"));
  f.done();
  record_time_mark(town.db(), town.seq(), TimeMark::hour, std::nullopt);
}

}  // namespace

void apply_harm_event(const std::string& type, ApplyContext& ctx) {
  protocol::Fields f(ctx.payload, "");
  mark_round_begun(ctx.town.db());  // a refusal rolls it back with the rest
  if (type == "damage_rolled") apply_damage(ctx, f);
  else if (type == "soaked") apply_soak(ctx, f);
  else if (type == "unshaken") apply_unshaken(ctx, f);
  else if (type == "incapacitation_rolled") apply_incapacitation(ctx, f);
  else if (type == "natural_healing_rolled") apply_natural_healing(ctx, f);
  else if (type == "hour_passed") apply_hour_passed(ctx, f);
  else apply_healing(ctx, f);
}

}  // namespace marshal::db
