// A tabletop trait roll recorded with its dice (issue 17; TABLETOP.md "Dice"): the dice as
// rolled (every roll of each die, Aces included), the roll's options, the roller's situation in a
// fight (wounds and Joker, issue 32), and what the ledger judged them by the event's ruleset: the result, success, raises, Critical Failure and Success. The
// judgement is core::roll_trait_from_dice, the function the station and `marshal roll` use;
// `marshal verify` judges the dice again and fails on any difference from what was stored.
#include "ledger/apply.h"

#include "core/refusal.h"
#include "core/trait_dice.h"
#include "i18n/utf8_text.h"
#include "core/combat_state.h"
#include "core/damage.h"
#include "core/table_modifiers.h"
#include "ledger/combatants.h"
#include "ledger/definition.h"
#include "ledger/event_ruleset.h"
#include "ledger/roll_payload.h"

namespace marshal::db {

void require_recorded_roll(Database& db, const Json& seq, const std::string& field) {
  bool recorded = false;
  if (seq.is_number_integer()) {
    Statement s = db.prepare("SELECT 1 FROM rolls WHERE seq = ?");
    s.bind(1, seq.get<std::int64_t>());
    recorded = s.step();
  }
  if (!recorded) throw LedgerRefusal(RefusalCode::bad_input, field, say("must be the seq of a recorded roll (roll_recorded)"));
}

namespace {

// A roll's `situation` at the table (issue 32: the Table screen sends it for a roller with a
// combat sheet): the wounds the station saw and the Joker it claims. The ledger adds the wound
// penalty (core::wound_modifier: -1 a wound in savage and deadlands-ru, none in deadlands-1876)
// and the Joker's +2 (000 L54) to the GM's own modifier, and refuses a station that saw another
// state than the ledger holds (outcome_mismatch: it reads the table again). What it added is
// stored as `modifiers` {wounds, joker}.
int situation_modifier(ApplyContext& ctx, const Json& situation, std::int64_t holder, const core::TraitRules& rules) {
  protocol::Fields s(situation, "situation");
  const int wounds = s.integer_or("wounds", 0, core::max_wound_levels, 0);
  const bool joker = s.boolean_or("joker", false);
  s.done();
  const auto row = holder == gm_chip_pool ? std::nullopt : find_combatant(ctx.town.db(), holder);
  const int held = row ? row->state.wounds : 0;
  if (wounds != held)
    throw LedgerRefusal(RefusalCode::outcome_mismatch, "situation.wounds",
                        // TRANSLATORS: {0} the wounds the ledger holds for who rolls, {1} those the station sent.
                        say("who rolls has wounds: {} in the ledger, {} on the station (it reads the table again)", held, wounds));
  if (holder == gm_chip_pool && joker)
    throw LedgerRefusal(RefusalCode::bad_input, "situation.joker", say("the GM's own roll holds no Action Card: roll for a character"));
  if (holder != gm_chip_pool) check_joker_claim(ctx.town, holder, joker, "situation.joker");
  const int wound_penalty = core::wound_modifier(rules, wounds);
  const int joker_plus = joker ? core::joker_bonus : 0;
  ctx.ledger["modifiers"] = {{"wounds", wound_penalty}, {"joker", joker_plus}};
  return wound_penalty + joker_plus;
}

}  // namespace

void apply_roll_event(ApplyContext& ctx) {
  Town& town = ctx.town;
  mark_round_begun(town.db());  // a roll in a fight begins its round (001 L45); a refusal rolls it back
  protocol::Fields f(ctx.payload, "");
  // Who rolled: a living character's badge, or the GM for one of the GM's characters.
  const Json& by = f.required("by");
  std::int64_t holder = 0;  // the GM
  if (!(by.is_string() && by.get<std::string>() == "gm")) {
    holder = town.character_by_badge(by, "by");
    town.require_alive(holder, "by");
  }
  const core::Ruleset ruleset = event_ruleset(town.db());
  const core::TraitRules rules = event_rules(town.db());  // its ruleset with the event's options
  const int trait_die = payload_trait_die(f, "die", rules.coin_unskilled);
  const std::string wild = f.optional_text("wild").value_or(rules.wild_die == 0 ? "none" : "d" + std::to_string(rules.wild_die));
  const int modifier = f.integer_or("modifier", -20, 20, 0);
  const int tn = f.integer_or("tn", 1, 99, 4);
  if (auto why = f.optional_text("why"); why && why->size() > 200)
    throw LedgerRefusal(RefusalCode::bad_input, "why", say("must be at most 200 characters"));
  if (auto trait_name = f.optional_text("trait"); trait_name && i18n::characters_in(*trait_name) > max_trait_name)
    throw LedgerRefusal(RefusalCode::bad_input, "trait", say("must be at most {} characters", max_trait_name));
  // A reroll (001 L42) names the roll it follows: one of the same holder's.
  if (const Json* first = f.optional("reroll_of")) {
    require_recorded_roll(town.db(), *first, "reroll_of");
    Statement same = town.db().prepare("SELECT holder FROM rolls WHERE seq = ?");
    same.bind(1, first->get<std::int64_t>());
    if (same.step() && same.int64(0) != holder)
      throw LedgerRefusal(RefusalCode::bad_input, "reroll_of", say("names a roll of someone else"));
  }
  const Json* situation = f.optional("situation");
  // During a fight a fighter's roll says its situation: leaving it out would escape the wound penalty.
  if (!situation && holder != gm_chip_pool && open_fight(town.db()) && find_combatant(town.db(), holder))
    throw LedgerRefusal(RefusalCode::bad_input, "situation",
                        say("a fighter's roll during a fight carries its situation (wounds, Joker): is the station up to date?"));
  const int total = modifier + (situation ? situation_modifier(ctx, *situation, holder, rules) : 0);
  core::TraitRoll roll = wild == "none" ? core::extra_roll(rules, trait_die, total, tn)
                                        : core::wild_card_roll(rules, trait_die, total, tn);
  if (wild != "none") {
    auto wild_sides = core::die_sides(wild);
    if (!wild_sides || (*wild_sides != 6 && *wild_sides != 8))
      throw LedgerRefusal(RefusalCode::bad_input, "wild", say("'{}' is not a Wild Die: d6, d8 or none", wild));
    roll.wild_die = *wild_sides;
  }
  const core::RolledTrait judged = judge_payload_dice(f, roll);
  f.done();
  // What the ledger judged, stored with the event; a replay writes it again and compares.
  ctx.ledger["ruleset"] = core::to_string(ruleset);
  put_judged_roll(ctx.ledger, judged);
  town.db()
      .prepare("INSERT INTO rolls(seq, holder, die, result, success, raises, crit_fail) VALUES (?,?,?,?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, holder)
      .bind(3, trait_die)
      .bind(4, judged.result)
      .bind(5, judged.success ? 1 : 0)
      .bind(6, judged.raises)
      .bind(7, judged.crit_fail ? 1 : 0)
      .run();
}

}  // namespace marshal::db
