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
};

// Each of the screen's keys cycles its part to the next value (past the last, back to the first).
void next_firer(AttackExtras& e);    // still, walk, run
void next_mount(AttackExtras& e);    // none, still, walk, gallop
void next_called(AttackExtras& e);   // none, torso, limb, head, eye
void next_snap(AttackExtras& e);     // 0, 1, 2, 3, 4, 5 (snap_cycle_top), 0
void next_advantage(AttackExtras& e);  // none, the target's, the attacker's
void next_kind(AttackExtras& e);     // deadly, brawling, impact
void next_cover(AttackExtras& e);    // none, thin wood, hardwood, bricks or iron
constexpr int snap_cycle_top = 5;    // the highest snap penalty the key reaches (a rifle's is 3-4)

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
// than max_fan_shots or hand to hand ("fan").
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

// twtw_step_resolved's word for a damage kind: "deadly", "brawling", "impact"; and back (deadly
// for any other word: a hit this screen entered carries one of the three).
std::string kind_code(tw::DamageKind kind);
tw::DamageKind kind_from_code(const std::string& code);

}  // namespace marshal::gm::action_time
