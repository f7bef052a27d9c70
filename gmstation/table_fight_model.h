#pragma once
// What the Table screen (F9) shows of a tabletop fight, without wx (issue 32): a fighter's
// condition and the round's order in words, from GET /table's `combat` and `fight`
// (db/server/table_view.h). The ledger judges the fight (docs/ledger.md); this only words it.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/csprng.h"
#include "core/damage.h"
#include "core/trait_dice.h"
#include "protocol/json_fields.h"

namespace marshal::gm::table_fight {

using protocol::Json;

// An Action Card as its corner shows it: "A♠", "10♥", "Q♦" (Russian: "Д♦"), the Jokers in words:
// "Black Joker"; the text as given when it is no card.
std::string card_words(const std::string& card);
// The Table screen lists the fighters in the order they act during a fight (acting_place), each
// with their card (card_of), under a heading: "Round 2" ("; shuffle next" after a
// Joker, SWD); "Fight under way: no cards dealt yet" before the first deal; "" between fights.
// All from GET /table's answer.
std::string fight_heading(const Json& table);
// Where the holder of `badge` acts in the last round dealt (its order's "badges"), from 0 (a
// group of Extras shares its place); nullopt when no card was dealt to them.
std::optional<std::size_t> acting_place(const Json& table, const std::string& badge);
// The card the holder of `badge` holds this round as card_words writes it ("A♠"), a Joker as
// "Joker +2"; "" when none is dealt to them.
std::string card_of(const Json& table, const std::string& badge);

// The damage as the GM types it: the weapon's dice and modifier, "raise" for the attack's raise
// (a d6 more, 002 L8): "2d6+1", "d8+d6-1", "2d6+raise". The faces of physical dice may follow a
// colon, each die's Ace chain in the typed order, the raise die's last: "2d6+1: 6 3, 2".
// On a Russian layout "2в6+1" (the key of d) and "подъём" read the same. Refused
// (core::Refusal, field "dice") naming what is wrong; the faces are judged later by
// core::damage_from_dice.
struct TypedDamage {
  core::DamageRoll roll;                    // dice, modifier, raise (rules and Joker: the caller's)
  bool faces_typed = false;
  std::vector<std::vector<int>> chains;     // one per die of roll.dice when faces_typed
  std::vector<int> raise;                   // the raise die's chain when faces_typed and roll.raise
};
TypedDamage parse_typed_damage(std::string_view text);
// The chip `who` (a character of GET /table's) spends: their own, the first colour of `colours`
// they hold, else for the GM's characters the GM's pool's (001 L37): {"by": badge or "gm",
// "colour"}; null when there is none. A reroll (chip_spent) and a Soak (soaked) pay with it.
Json chip_to_spend(const Json& table, const Json& who);
// Why a reroll finds no chip_to_spend for `who`: "Smith has no Benny or chip to spend, nor has
// the GM's pool" (the pool named for the GM's characters).
std::string no_chip_words(const Json& who);
// A trait roll's dice as a payload carries them (roll_recorded, soaked): {"trait", "wild",
// "crit_check"}, the last two only when rolled.
Json trait_dice_payload(const core::RolledTrait& rolled);
// damage_rolled's payload (docs/ledger.md) for `rolled`, a roll of `roll` by `by` on `target`.
Json damage_payload(const std::string& by, const std::string& target, const core::DamageRoll& roll,
                    const core::RolledDamage& rolled);
// The damage spelled out: "d6: 6 + 3, d6: 2, raise d6: 4, +1 = 16".
std::string damage_words(const core::DamageRoll& roll, const core::RolledDamage& rolled);
// What a hit did, from damage_rolled's ledger part: "16 vs Toughness 7: 2 wounds, SHAKEN", or
// "5 vs Toughness 7: no effect".
std::string hit_words(const Json& ledger);
// The fight's last hit that gave wounds and may still be soaked (GET /table's fight.hits, the
// newest), or null: {"seq", "badge", "target", "wounds", ...}.
Json last_wounding_hit(const Json& table);
// The die of a trait a fight rolls by its name (the sheet's traits are the group's words): Vigor
// for a Soak (001 L44), Spirit against Shaken (001 L43), as the English or the Russian rules name
// it; untrained without it: d4 -2 (SWD).
struct SheetDie {
  int sides = 4;
  int modifier = -2;  // the trait's bonus (d12+1), or the untrained -2
  bool trained = false;
};
SheetDie vigor_die(const Json& character);
SheetDie spirit_die(const Json& character);
// The Healing skill (000 L184; Лечение on a Russian sheet; not Medicine, 000 L192); untrained d4 -2.
SheetDie healing_die(const Json& character);

// The badges of GET /table's characters whose Incapacitation roll is owed (state incapacitated).
std::vector<std::string> owing_fate(const Json& table);
// Whether a character of GET /table's could be healed now: wounded, or down (Bleeding Out,
// unconscious, an Extra out) but not dead nor owing the Incapacitation roll.
bool can_be_healed(const Json& character);
// Whether anyone at the table could be healed (can_be_healed).
bool anyone_to_heal(const Json& table);
// Whether a character of GET /table's could heal by a day's rest (000 L204): living, wounded and
// up (fighting or on a Last Stand); the dying need a Healing roll first (000 L174).
bool heals_naturally(const Json& character);
bool anyone_heals_naturally(const Json& table);
// The Incapacitation results (core::Incapacitation, 000 L171-176) in the order the GM picks them
// by number where no table decides (savage, deadlands-ru): 1 death ... 5 stays in.
inline constexpr const char* fate_results[] = {"death", "bleeding_out", "unconscious", "last_stand", "stays_in"};
// The list the GM picks from: "1 dead   2 Bleeding Out   3 unconscious   4 Last Stand   5 fights on".
std::string fate_choices();
// The result typed by its number (1-5, spaces around allowed); refused (core::Refusal, field
// "dice") naming what was typed.
std::string fate_from_typed(std::string_view text);
// A result as the screen says it: "dead", "Bleeding Out: a permanent Injury if they live", ...
std::string fate_words(const std::string& result);
// A roll of `die` by `character` (a Wild Card rolls the Wild Die) with `rng`: its payload fields
// as soaked and unshaken read them ({"die", "modifier", "dice", "joker" when the character holds
// a Joker this round}), and `rolled` filled. `typed`, when not blank: the physical dice as a trait
// roll's are typed ("5 3, 2": the die's rolls, a comma, the Wild Die's), judged instead of rolled.
// Refused (core::Refusal) as core::roll_trait, parse_typed_dice and roll_trait_from_dice refuse.
Json sheet_roll(const core::TraitRules& rules, const Json& character, const SheetDie& die, core::Csprng& rng,
                core::RolledTrait& rolled, std::string_view typed = {});
// The situation a roll of `character` carries (roll_recorded's `situation`, issue 32): their
// wounds and whether they hold a Joker this round, from GET /table's `combat`; null without a
// combat sheet (the roll is then judged as the GM's modifier says).
Json situation_of(const Json& character);
// What the ledger adds for `situation`: the wound penalty (core::wound_modifier) and the Joker's +2.
int situation_modifier(const core::TraitRules& rules, const Json& situation);
// Those parts in words for the odds line: "-1 for 1 wound, +2 Joker"; "" when none applies.
std::string situation_words(const core::TraitRules& rules, const Json& situation);
// A trait roll's faces as the result shows them: "8 + 4, Wild Die 3".
std::string faces_words(const core::RolledTrait& rolled);

}  // namespace marshal::gm::table_fight
