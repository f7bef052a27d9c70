#include "core/twtw_ranged.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/refusal.h"
#include "core/twtw_options.h"
#include "core/twtw_order.h"
#include "i18n/translate.h"

namespace marshal::core::twtw {

namespace {

using i18n::tr;

constexpr int max_size_steps = 6;        // L141: "to a maximum of" six either way
constexpr double bonus_size_start = 12;  // L141: size 12 is -1, 18 is -2, "and so on"
constexpr double bonus_size_step = 6;

std::string signed_int(int n) {
  return fmt::format("{:+d}", n);
}

}  // namespace

int size_modifier(double size, SizeSteps steps) {
  if (!(size > 0 && size <= max_target_size))
    throw Refusal(RefusalCode::out_of_range, "size",
                  say("a target's Size is above 0 and at most {}", max_target_size));
  if (size >= bonus_size_start)
    return -std::min(max_size_steps,
                     1 + static_cast<int>((size - bonus_size_start) / bonus_size_step));
  static constexpr double halving[] = {3, 1.5, 0.75, 0.375, 0.1875, 0.09375};
  static constexpr double literal[] = {3, 2, 1, 0.5, 0.25, 0.125};
  const double* limits = steps == SizeSteps::literal ? literal : halving;
  int penalty = 0;
  for (int k = 0; k < max_size_steps; ++k)
    if (size <= limits[k]) penalty = k + 1;
  return penalty;
}

TnBreakdown ranged_tn(const RangedShot& shot, const Options& options) {
  check_range(shot.range_paces, 0, max_range_paces, "range");
  check_range(shot.range_increment, 1, max_range_increment, "increment");
  check_range(shot.relative_speed, 0, max_relative_speed, "relative_speed");
  check_range(shot.snap_penalty, 0, max_snap_penalty, "snap");
  check_range(shot.target_dodge, 0, max_dodge, "dodge");
  check_range(shot.wound_penalty, 0, max_wound_penalty, "wound_penalty");
  const int size_mod = size_modifier(shot.target_size, options.size_steps);

  TnBreakdown out;
  // A reason with its delta: `format` (translated) takes the signed delta first, then `args`. Each
  // reads as the rules word it, in the language tr() answers in (a station shows them).
  auto add = [&](int delta, const std::string& format, const auto&... args) {
    if (delta != 0) out.why.push_back({delta, fmt::format(fmt::runtime(format), signed_int(delta), args...)});
  };
  // TRANSLATORS: a reason in a Target Number's breakdown: {} is the Standard TN; 003 L114 cites the rules.
  out.why.push_back({standard_tn, fmt::format(fmt::runtime(tr("{} base: Standard (003 L114)")), standard_tn)});

  // One per full increment beyond the first (TABLETOP.md): ceil(range / increment) - 1. A target
  // forgoing defense is shot at as if at half the range (L70).
  const int divisor = shot.range_increment * (shot.target_forgoes_defense ? 2 : 1);
  const int increments = shot.range_paces == 0 ? 0 : (shot.range_paces + divisor - 1) / divisor - 1;
  if (shot.target_forgoes_defense)
    // TRANSLATORS: {0} is the modifier (+2), {1} the range in paces, {2} the weapon's range increment.
    add(increments, tr("{} range: {} paces, halved as the target forgoes defense (L70) at increment {} (L114)"),
        shot.range_paces, shot.range_increment);
  else
    // TRANSLATORS: {0} is the modifier (+2), {1} the range in paces, {2} the weapon's range increment.
    add(increments, tr("{} range: {} paces at increment {} (L114)"), shot.range_paces, shot.range_increment);

  // The firer's own movement, or the mount's, whichever is worse (L135-137): a mount costs 2
  // still or walking, and a galloping mount is running.
  const int firer = shot.firer == FirerMove::walk ? 1 : shot.firer == FirerMove::run ? 4 : 0;
  const int mount = shot.mount == Mount::none ? 0 : shot.mount == Mount::gallop ? 4 : 2;
  if (mount > firer) {
    // TRANSLATORS: {} is the modifier, signed (+4).
    if (shot.mount == Mount::gallop) add(mount, tr("{} mounted, galloping (L128, L137)"));
    // TRANSLATORS: {} is the modifier, signed (+2).
    else add(mount, tr("{} mounted, mount still or walking (L128, L137)"));
  } else if (shot.firer == FirerMove::run) {
    // TRANSLATORS: {} is the modifier, signed (+4).
    add(firer, tr("{} firer running (L127, L135)"));
  } else {
    // TRANSLATORS: {} is the modifier, signed (+1).
    add(firer, tr("{} firer walking (L127, L135)"));
  }
  // TRANSLATORS: {0} is the modifier (+2), {1} the relative speed in paces.
  add(shot.relative_speed / 5, tr("{} relative speed {} paces: 1 per 5 (L145)"), shot.relative_speed);
  // TRANSLATORS: {0} is the modifier (+2), {1} the target's Size, {2} the event's size_steps option (halving, literal).
  add(size_mod, tr("{} target Size {:g} (L141, size_steps {})"), shot.target_size, to_string(options.size_steps));
  switch (shot.called) {
    case CalledShot::torso:
      // TRANSLATORS: {} is the modifier, signed (+2).
      add(2, tr("{} called shot: torso (L350)"));
      break;
    case CalledShot::limb:
      // TRANSLATORS: {} is the modifier, signed (+4).
      add(4, tr("{} called shot: arm or leg (L351)"));
      break;
    case CalledShot::head:
      // TRANSLATORS: {} is the modifier, signed (+6).
      add(6, tr("{} called shot: head, hand or foot (L352)"));
      break;
    case CalledShot::eye:
      // TRANSLATORS: {} is the modifier, signed (+10).
      add(10, tr("{} called shot: eye or heart (L353)"));
      break;
    case CalledShot::none:
      break;
  }
  // TRANSLATORS: {} is the modifier, signed (+2).
  add(shot.snap_penalty, tr("{} snap shot: fired without aiming (L159-161)"));
  // TRANSLATORS: {} is the modifier, signed (+1).
  if (shot.two_weapons) add(1, tr("{} two weapons (L247)"));
  // TRANSLATORS: {} is the modifier, signed (+3).
  if (shot.off_hand) add(3, tr("{} off hand (L247)"));
  // TRANSLATORS: {} is the modifier, signed (+2).
  if (shot.one_handed_long_gun) add(2, tr("{} two-handed weapon in one hand (L253)"));
  // TRANSLATORS: {} is the modifier, signed (+4).
  if (shot.target_hidden) add(4, tr("{} target not visible behind cover (L421)"));
  if (shot.engaged == EngagedWeapon::normal)
    // TRANSLATORS: {} is the modifier, signed (+1).
    add(1, tr("{} normal ranged weapon against a target engaged hand to hand (L285)"));
  if (shot.engaged == EngagedWeapon::long_weapon)
    // TRANSLATORS: {} is the modifier, signed (+2).
    add(2, tr("{} long ranged weapon against a target engaged hand to hand (L285)"));
  if (shot.target_dodge > 0) {
    // TRANSLATORS: {} is the modifier, signed (+2).
    add(shot.target_dodge, tr("{} target dodging (L359)"));
    // TRANSLATORS: {} is the modifier, signed (+1).
    if (shot.target_dodge_still) add(1, tr("{} dodging target not moving (L361)"));
  }
  // TRANSLATORS: {} is the modifier, signed (+2).
  add(shot.wound_penalty, tr("{} firer's wounds (L129, L531)"));
  for (const Modifier& m : out.why) out.tn += m.delta;
  return out;
}

std::vector<int> fan_series(int base_tn, int snap_penalty,
                            const std::vector<std::string>& targets) {
  check_range(base_tn, 1, max_tn, "tn");
  check_range(snap_penalty, 0, max_snap_penalty, "snap");
  if (targets.empty() || static_cast<int>(targets.size()) > max_fan_shots)
    throw Refusal(
        RefusalCode::out_of_range, "targets",
        say("fan firing is 1 to {} shots, not {}", max_fan_shots, targets.size()));
  std::vector<std::string> distinct;
  std::vector<int> tns;
  for (std::size_t shot = 0; shot < targets.size(); ++shot) {
    if (targets[shot].empty())
      throw Refusal(RefusalCode::out_of_range, "targets", say("a shot without a target"));
    auto it = std::find(distinct.begin(), distinct.end(), targets[shot]);
    if (it == distinct.end()) it = distinct.insert(distinct.end(), targets[shot]);
    const int target_index = static_cast<int>(it - distinct.begin());
    tns.push_back(base_tn + snap_penalty + static_cast<int>(shot) + 1 + target_index);
  }
  return tns;
}

int keep_aim_tn(int shots_at, int hits, bool melee_attack, bool melee_hit) {
  check_range(shots_at, 0, 99, "shots");
  check_range(hits, 0, shots_at, "hits");
  if (melee_hit) return -1;
  int tn = 0;
  if (shots_at > 0) tn = standard_tn + (shots_at - 1) + 2 * hits;
  if (melee_attack) tn = std::max(tn, difficult_tn);
  return tn;
}

}  // namespace marshal::core::twtw
