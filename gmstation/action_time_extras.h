#pragma once
// What a GM adds to an attack at the Action Time screen (F10) beyond range and dodge (issue 32
// item 10; docs/twtw.md "The Action Time screen"), without wx: the firer's movement and mount, a
// called or snap shot, the melee advantage, fan firing, the damage's kind and the target's cover.
// The TN with them goes through the engine (core twtw ranged_tn, melee_defense, fan_series), the
// hit through cover as the ledger judges it (damage_through_cover).
#include <optional>
#include <string>
#include <vector>

#include "core/twtw_damage.h"
#include "gmstation/action_time_model.h"

namespace marshal::gm::action_time {

// Who holds the advantage in a melee attack (003 L269), as the GM judged the factors.
enum class MeleeAdvantage { none, target, attacker };

// The firer's weapons (003 L247): one in the main hand, two (-1 each), two fired with the off hand
// (-1 and -3 more), one in the off hand (-3).
enum class Hands { one, two_weapons, two_off_hand, off_hand };

// Who a missed shot could hit (L488-504): nobody that matters near its path (the default: stray
// shots are not counted), someone within a pace of the path, or the target in a melee or scrum
// (stray shots doubled, L502).
enum class Bystanders { none, near_path, in_melee };

// A cover named by its Armor Value (003 L435-438): none, thin wood 2, hardwood 3, bricks or iron 4.
enum class CoverKind { none, thin_wood, hardwood, brick_or_iron };
int cover_av(CoverKind cover);  // 0 for none

struct AttackExtras {
  tw::FirerMove firer = tw::FirerMove::still;  // L127, L135
  tw::Mount mount = tw::Mount::none;           // L128, L137
  tw::CalledShot called = tw::CalledShot::none;  // L349-353
  int snap = 0;                                // the weapon's snap penalty, not aimed (L159-161)
  MeleeAdvantage advantage = MeleeAdvantage::none;
  bool fan = false;                            // fan firing (L223): each shot of the step the next of the series
  tw::DamageKind kind = tw::DamageKind::deadly;  // L462-464
  CoverKind cover = CoverKind::none;
  bool forgoes_defense = false;  // the target moves 50% further: Defense 0, TN 3 / half the range (L70)
  bool unseen = false;           // not visible behind cover: -4 (L421), a shot only
  Hands hands = Hands::one;      // L247
  int relative_speed = 0;        // paces a round between firer and target (L145), a shot only
  int dmg_row = 0;               // the weapon's DMG row on the card's effects ((2)6: 2); 0: not set
  int rel = 0;                   // the weapon's Rel (L482, 1..13); 0: none given (it never fails)
  bool thrown = false;           // a thrown item: a miss scatters (L474-478), a shot only
  Bystanders bystanders = Bystanders::none;  // who a stray shot could hit (L488, L502)
  int scatter_bonus = 0;         // a Scatter weapon's stray shots at this range (L498), 0..scatter_bonus_cycle_top
};

// Each of the screen's keys cycles its part to the next value (past the last, back to the first).
void next_firer(AttackExtras& e);    // still, walk, run
void next_mount(AttackExtras& e);    // none, still, walk, gallop
void next_called(AttackExtras& e);   // none, torso, limb, head, eye
void next_snap(AttackExtras& e);     // 0, 1, 2, 3, 4, 5 (snap_cycle_top), 0
void next_advantage(AttackExtras& e);  // none, the target's, the attacker's
void next_kind(AttackExtras& e);     // deadly, brawling, impact
void next_cover(AttackExtras& e);    // none, thin wood, hardwood, bricks or iron
void next_hands(AttackExtras& e);    // one, two weapons, two with the off hand, the off hand
void next_speed(AttackExtras& e);    // 0, 5, 10 ... relative_speed_cycle_top paces, 0
void next_dmg_row(AttackExtras& e);  // not set, 1, 2 ... tw::max_effect_rows, not set
void next_rel(AttackExtras& e);      // none, 1, 2 ... 13 (tw::max_rel), none
void next_scatter_bonus(AttackExtras& e);  // 0, 1 ... scatter_bonus_cycle_top, 0
void next_bystanders(AttackExtras& e);     // none, near the path, in a melee
// The most stray shots a Scatter weapon's key adds (L498: by range, from the weapon's own table; a
// shotgun at Hank's range adds 1, L508).
constexpr int scatter_bonus_cycle_top = 3;
constexpr int snap_cycle_top = 5;    // the highest snap penalty the key reaches (a rifle's is 3-4)
// Relative speed in paces a round, stepped by 5 (one TN point each, L145) up to a galloping
// horse against a standing target (about 30).
constexpr int relative_speed_step = 5;
constexpr int relative_speed_cycle_top = 30;

// "behind hardwood (AV 3)"; "" for none.
std::string cover_words(CoverKind cover);
// "walk, called head, snap 2, behind hardwood (AV 3)": what is set, for the TN line; "" for none.
std::string extras_words(const AttackExtras& e);

// The TN of the attack with the extras. A shot: ranged_tn with the firer's movement, mount,
// called and snap shot and the target's Size; with `fan`, the series' TN of this shot given
// `fan_targets` (the targets of this attacker's earlier fan shots in the step, in order; L223:
// +1 a shot, +1 each further target, the snap penalty always). Hand to hand: melee_defense with
// the advantage (the target's: +1 Defense; the attacker's +1 to its result, shown as -1 on the TN,
// which hits and misses alike). Refused (core::Refusal) as the engine refuses, and a fan of more
// than max_fan_shots or hand to hand ("fan"), and an unseen target, two weapons or relative speed
// hand to hand (the seed gives them for shots).
tw::TnBreakdown attack_tn(const Fighter& attacker, const Fighter& target, bool target_dodging, int paces, int increment,
                          const AttackExtras& extras, const std::vector<std::string>& fan_targets,
                          const tw::Options& options);

// A hit through the extras' cover: the card's PV (penetration + the weapon's Pen) against the
// cover's AV, and the RD, asked only when the cover ablates (L440).
struct HitCover {
  int pv = 0;
  int av = 0;
  std::optional<int> rd;
};
// What a hit of `dmg` of `kind`, through `cover` if any, does to a target of `size` in state
// `before`, as the ledger will judge it (damage_through_cover, apply_hit). Refused as the engine
// refuses (an ablating cover without RD: missing_input "rd").
HitPreview preview_hit(const tw::WoundState& before, tw::HitLocation where, int dmg, int size, const tw::Options& options,
                       tw::DamageKind kind, const std::optional<HitCover>& cover);

// The hit location a called shot aims at, if it names one (L349-353): head and eye the head,
// torso the chest; a limb's side is the card's.
std::optional<tw::HitLocation> called_location(tw::CalledShot called);

// The DMG a hit reads from the card (L427, L458): the weapon's row bumped by the location's damage
// bumps, and with a drawn card its value there. `row` is 0 when the weapon's row is not set.
struct BumpedDmg {
  int bumps = 0;
  int row = 0;
  std::optional<int> dmg;  // the card's effect in that row, when a card was drawn from the deck
};
BumpedDmg bumped_dmg(const AttackExtras& e, tw::HitLocation where, const std::optional<tw::ActionCard>& drawn);
// "A hit in the head (+2 damage bumps, 003 L427): the DMG in row 4 of the card's effects (the
// weapon's 2): 11. Enter takes it": the prompt when the DMG is asked.
std::string dmg_prompt(tw::HitLocation where, const BumpedDmg& b);

// Whether the weapon fails on `drawn` (L482-484, an ancillary effect applied last: the attack itself
// stands): its failure number below the weapon's Rel; with Rel 1 only on a 1 with a "2" failure
// card among `discards` (the cards drawn since the shuffle, before this one). False without a Rel.
bool weapon_fails(const AttackExtras& e, const tw::ActionCard& drawn, const std::vector<tw::ActionCard>& discards);

// twtw_step_resolved's word for a damage kind: "deadly", "brawling", "impact"; and back (deadly
// for any other word: a hit this screen entered carries one of the three).
std::string kind_code(tw::DamageKind kind);
tw::DamageKind kind_from_code(const std::string& code);

}  // namespace marshal::gm::action_time
