#pragma once
// The TN of a ranged attack in The West That Wasn't (003 L108-253, L345-363, L421): Standard (5)
// plus one for each full range increment beyond the first, raised by every penalty and lowered
// by every bonus, each with the reason a GM can read out before the card is drawn (L98). And
// the series of TNs of fan firing (L219-239).
#include <string>
#include <vector>

#include "core/twtw_options.h"

namespace marshal::core::twtw {

// Limits of the inputs; outside them a Refusal (out_of_range) names the field.
constexpr int max_range_paces = 10000;
constexpr int max_range_increment = 1000;
constexpr int max_relative_speed = 1000;  // paces a round
constexpr double max_target_size = 1000;
constexpr int max_snap_penalty = 10;
constexpr int max_dodge = 20;
constexpr int max_wound_penalty = 5;
constexpr int max_tn = 99;
constexpr int max_fan_shots = 6;  // a single-action revolver's cylinder (L221)

// One change to a TN: +n a penalty, -n a bonus.
struct Modifier {
  int delta = 0;
  std::string why;
};

struct TnBreakdown {
  int tn = 0;
  std::vector<Modifier>
      why;  // the base first, then each modifier that applies, in the seed's order
};

enum class FirerMove { still, walk, run };       // L127, L135: -1 walk, -4 run
enum class Mount { none, still, walk, gallop };  // L128, L137: -2, or -4 galloping
enum class CalledShot {
  none,
  torso,
  limb,
  head,
  eye
};  // L349-353: -2, -4, -6 (hands, feet too), -10 (heart too)
enum class EngagedWeapon { none, short_weapon, normal, long_weapon };  // L285: 0, -1, -2

struct RangedShot {
  int range_paces = 0;      // 0..max_range_paces
  int range_increment = 1;  // the weapon's (thrown: Strength + 2, L155), 1..max_range_increment
  FirerMove firer = FirerMove::still;
  Mount mount = Mount::none;
  int relative_speed = 0;  // paces a round between firer and target, 0..max_relative_speed (L145)
  double target_size = 6;  // a human is 6 (L444); (0, max_target_size]
  CalledShot called = CalledShot::none;
  int snap_penalty = 0;      // the weapon's aim penalty when fired without aiming (L159-161), 0..10
  bool two_weapons = false;  // a weapon in each hand: -1 (L247)
  bool off_hand = false;     // fired with the off hand: -3 more (L247)
  bool one_handed_long_gun = false;     // a two-handed weapon in one hand: -2 (L253)
  bool target_hidden = false;           // not visible behind cover: -4 (L421)
  bool target_forgoes_defense = false;  // moving 50% further: the range is halved (L70)
  int target_dodge = 0;  // the target's Dodge attribute if it declared a dodge, else 0 (L359)
  bool target_dodge_still = false;  // a dodging target that does not move: +1 more (L361)
  EngagedWeapon engaged =
      EngagedWeapon::none;  // the target has engaged the firer hand to hand (L285)
  int wound_penalty = 0;    // the firer's wound penalty (twtw_wounds.h), 0..5 (L129, L531)
};

// The TN modifier of a target's Size (L141) under the event's option; 0 for sizes 3 < s < 12.
// Penalties at most +6, bonuses at most -6. Refused (out_of_range, "size") outside (0, 1000].
int size_modifier(double size, SizeSteps steps = SizeSteps::halving);

// The TN of the shot and why. Refused (out_of_range, field named) for an input outside its limits.
TnBreakdown ranged_tn(const RangedShot& shot, const Options& options = {});

// Fan firing (L223, TABLETOP.md): the TN of each declared shot, in order. `targets` names the
// target of each shot (1..max_fan_shots). Shot k (from 1) adds k; the n-th distinct target (from
// 0, in order of first appearance) adds n; the snap penalty always applies (never aimed).
// `base_tn` is the shot's TN before the snap penalty (1..max_tn). Jonah (L235): 5, snap 2,
// targets A, B -> 8, 10. Refused (out_of_range: "tn", "snap", "targets") outside the limits.
std::vector<int> fan_series(int base_tn, int snap_penalty, const std::vector<std::string>& targets);

// The Bravery TN to keep an aim (L205-209): Standard (5), +1 for each shot after the first that
// targeted the character, +2 for each hit; Difficult (9) against a melee attack (the higher if
// both). 0: no check (nothing threatened the aim). -1: no check, the aim is lost (a melee hit).
// Refused (out_of_range: "shots", "hits") unless 0 <= hits <= shots <= 99.
int keep_aim_tn(int shots_at, int hits, bool melee_attack, bool melee_hit);

}  // namespace marshal::core::twtw
