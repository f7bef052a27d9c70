// What a tabletop fight does to a fighter (issue 32; docs/ledger.md, docs/tabletop.md "A fight
// in the ledger"), each judged by the core as the station's odds are (core/damage.h, soak.h,
// combat_state.h) and the judgement stored with the event, so a replay compares it:
// - damage_rolled: the damage dice as rolled against the target's sheet (combat.csv): Toughness,
//   less Armour Piercing up to the armour; Shaken and wounds (SWD); the state after.
// - soaked: a chip spent on a Soak of the target's last hit (001 L44; 000 L180-182), the Vigor
//   roll's dice judged, the better Soak kept when the chip rerolls it.
// - unshaken: Shaken ended by a Spirit roll (SWD: acting at once only on a raise) or a chip
//   (001 L43).
#include <algorithm>

#include <fmt/format.h>

#include "core/damage.h"
#include "core/refusal.h"
#include "core/soak.h"
#include "core/table_modifiers.h"
#include "ledger/apply.h"
#include "ledger/combatants.h"
#include "ledger/event_ruleset.h"
#include "ledger/roll_payload.h"

namespace marshal::db {

namespace {

// The Spirit roll that ends Shaken is against the usual TN (SWD; 001 L43 names the roll only).
constexpr int unshake_tn = 4;

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

// Who attacks: the GM or a living character still in the fight (a dead man shoots no one).
void require_attacker(Town& town, const Json& by) {
  if (by.is_string() && by.get<std::string>() == "gm") return;
  const std::int64_t id = town.character_by_badge(by, "by");
  town.require_alive(id, "by");
  if (auto row = find_combatant(town.db(), id);
      row && row->state.state != core::FighterState::fighting && row->state.state != core::FighterState::last_stand)
    // TRANSLATORS: {0} is a character's name, {1} their state in the fight (incapacitated, unconscious...).
    throw LedgerRefusal(RefusalCode::knocked_out, "by", say("{} is out of the fight ({})", town.name_of(id),
                                                          core::to_string(row->state.state)));
}

bool optional_flag(protocol::Fields& f, const std::string& key) { return f.boolean_or(key, false); }

// A chip paid for the target's Soak or Shaken: their own, or the GM's pool for the GM's characters.
void pay_chip(ApplyContext& ctx, const HarmTarget& who, core::ChipUse use, const Json& paid) {
  protocol::Fields chip(paid, "chip");
  const Json& by = chip.required("by");
  const std::string colour = chip.text("colour");
  chip.done();
  const std::int64_t payer = chip_holder(ctx.town, by, "chip.by");
  const bool gm_side = ctx.town.db().scalar_text("SELECT side FROM characters WHERE id = " + std::to_string(who.id)) == "gm";
  if (payer != who.id && !(gm_side && payer == gm_chip_pool))
    throw LedgerRefusal(RefusalCode::not_allowed, "chip.by",
                        // TRANSLATORS: {} is a character's name.
                        say("{} pays with their own chips (the GM's pool pays for the GM's characters)", who.name));
  if (spend_chip(ctx.town, payer, colour, use, "chip.colour")) ctx.ledger["gm_pool_gains"] = 1;
}

// The Vigor or Spirit roll of a payload ("die", "modifier", "joker", "dice") at `tn`, with the
// wound penalty of `wounds` added by the ledger; what it judged goes into the ledger part.
core::RolledTrait judged_fighter_roll(ApplyContext& ctx, protocol::Fields& f, const HarmTarget& who, int tn, int wounds) {
  const core::TraitRules rules = event_rules(ctx.town.db());
  const int die = payload_trait_die(f, "die", false);
  const int own = f.integer_or("modifier", -core::max_damage_modifier, core::max_damage_modifier, 0);
  const bool joker = optional_flag(f, "joker");
  const int wound_modifier = core::wound_modifier(rules, wounds);
  const int modifier = own + wound_modifier + (joker ? core::joker_bonus : 0);
  const bool wild_card = ctx.town.db().scalar_int("SELECT wild_card FROM characters WHERE id = " + std::to_string(who.id)) != 0;
  const core::TraitRoll roll = wild_card ? core::wild_card_roll(rules, die, modifier, tn) : core::extra_roll(rules, die, modifier, tn);
  const core::RolledTrait judged = judge_payload_dice(f, roll);
  ctx.ledger["tn"] = tn;
  ctx.ledger["wound_modifier"] = wound_modifier;
  ctx.ledger["modifier"] = modifier;
  put_judged_roll(ctx.ledger, judged);
  return judged;
}

void apply_damage(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  Database& db = town.db();
  const std::int64_t fight = require_open_fight(db);
  require_attacker(town, f.required("by"));
  const HarmTarget target = harm_target(town, f.required("target"), "target");
  core::DamageRoll roll;
  roll.rules = event_rules(db);
  roll.modifier = f.integer_or("modifier", -core::max_damage_modifier, core::max_damage_modifier, 0);
  roll.joker = optional_flag(f, "joker");
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
  f.done();
  core::RolledDamage rolled;
  try {
    rolled = core::damage_from_dice(roll, chains, raise);
  } catch (const core::Refusal& r) {
    throw LedgerRefusal(RefusalCode::bad_input, r.field(), r.sentence());
  }
  const int toughness = target.row.sheet.toughness - std::min(ap, target.row.sheet.armor);
  const core::HitOutcome hit = core::judge_hit(rolled.total, toughness, target.row.state.shaken);
  core::Combatant after;
  try {
    after = core::after_hit(target.row.state, hit);
  } catch (const core::Refusal& r) {
    throw from_fight_rules(r, "target");
  }
  save_combatant_state(db, target.id, after);
  db.prepare("INSERT INTO hits(seq, fight, target, total, toughness, shaken, wounds, state_before) VALUES (?,?,?,?,?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, fight)
      .bind(3, target.id)
      .bind(4, rolled.total)
      .bind(5, toughness)
      .bind(6, hit.shaken ? 1 : 0)
      .bind(7, hit.wounds)
      .bind(8, combatant_state_json(target.row.state).dump())
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
  Statement s = db.prepare("SELECT fight, target, shaken, wounds, state_before, soaked, soak_rolls FROM hits WHERE seq = ?");
  if (!hit_seq.is_number_integer() || !s.bind(1, hit_seq.get<std::int64_t>()).step())
    throw LedgerRefusal(RefusalCode::bad_input, "hit", say("must be the seq of a hit (damage_rolled)"));
  const std::int64_t seq = hit_seq.get<std::int64_t>();
  const std::int64_t target_id = s.int64(1);
  const core::HitOutcome hit{s.int64(2) != 0, static_cast<int>(s.int64(3))};
  const int soaked_before = static_cast<int>(s.int64(5));
  const std::int64_t soak_rolls = s.int64(6);
  const std::string before_text = s.text(4);
  if (s.int64(0) != fight) throw LedgerRefusal(RefusalCode::illegal_move, "hit", say("that hit was in an earlier fight"));
  if (db.scalar_int("SELECT MAX(seq) FROM hits WHERE target = " + std::to_string(target_id)) != seq)
    throw LedgerRefusal(RefusalCode::illegal_move, "hit", say("a Soak answers the target's last hit, and a later one came"));
  if (hit.wounds == 0) throw LedgerRefusal(RefusalCode::illegal_move, "hit", say("that hit gave no wound to soak"));
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
  const core::RolledTrait judged = judged_fighter_roll(ctx, f, target, core::soak_roll_tn(rule), before->wounds);
  f.done();
  const int soaked = core::soaked_wounds(rule, judged, std::min(hit.wounds, core::max_soak_wounds));
  const int kept = std::max(soaked, soaked_before);  // another chip rerolls the Soak: the better stands (SWD)
  const core::Combatant after = core::after_soak(*before, hit, kept);
  save_combatant_state(db, target_id, after);
  db.prepare("UPDATE hits SET soaked = ?, soak_rolls = ? WHERE seq = ?").bind(1, kept).bind(2, soak_rolls + 1).bind(3, seq).run();
  ctx.ledger["soaked"] = soaked;
  ctx.ledger["kept"] = kept;
  ctx.ledger["state"] = combatant_state_json(after);
}

void apply_unshaken(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  const HarmTarget who = harm_target(town, f.required("by"), "by");
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
    const core::RolledTrait judged = judged_fighter_roll(ctx, f, who, unshake_tn, who.row.state.wounds);
    if (!judged.success) after = who.row.state;  // still Shaken
    may_act = judged.raises >= 1;                  // SWD: recovered on a success, acting at once on a raise
  }
  f.done();
  save_combatant_state(town.db(), who.id, after);
  ctx.ledger["unshaken"] = !after.shaken;
  ctx.ledger["may_act"] = !after.shaken && may_act;
  ctx.ledger["state"] = combatant_state_json(after);
}

}  // namespace

void apply_harm_event(const std::string& type, ApplyContext& ctx) {
  protocol::Fields f(ctx.payload, "");
  if (type == "damage_rolled") apply_damage(ctx, f);
  else if (type == "soaked") apply_soak(ctx, f);
  else apply_unshaken(ctx, f);
}

}  // namespace marshal::db
