#include "core/twtw_ranged.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/refusal.h"
#include "core/twtw_options.h"
#include "core/twtw_order.h"

namespace marshal::core::twtw {

namespace {

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
                  fmt::format("a target's Size is above 0 and at most {}", max_target_size));
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
  auto add = [&](int delta, std::string why) {
    if (delta != 0) out.why.push_back({delta, signed_int(delta) + " " + why});
  };
  out.why.push_back({standard_tn, fmt::format("{} base: Standard (003 L114)", standard_tn)});

  // One per full increment beyond the first (TABLETOP.md): ceil(range / increment) - 1. A target
  // forgoing defense is shot at as if at half the range (L70).
  const int divisor = shot.range_increment * (shot.target_forgoes_defense ? 2 : 1);
  const int increments = shot.range_paces == 0 ? 0 : (shot.range_paces + divisor - 1) / divisor - 1;
  add(increments,
      fmt::format("range: {} paces{} at increment {} (L114)", shot.range_paces,
                  shot.target_forgoes_defense ? ", halved as the target forgoes defense (L70)" : "",
                  shot.range_increment));

  // The firer's own movement, or the mount's, whichever is worse (L135-137): a mount costs 2
  // still or walking, and a galloping mount is running.
  const int firer = shot.firer == FirerMove::walk ? 1 : shot.firer == FirerMove::run ? 4 : 0;
  const int mount = shot.mount == Mount::none ? 0 : shot.mount == Mount::gallop ? 4 : 2;
  if (mount > firer) {
    add(mount, fmt::format("mounted, {} (L128, L137)",
                           shot.mount == Mount::gallop ? "galloping" : "mount still or walking"));
  } else {
    add(firer,
        fmt::format("firer {} (L127, L135)", shot.firer == FirerMove::run ? "running" : "walking"));
  }
  add(shot.relative_speed / 5,
      fmt::format("relative speed {} paces: 1 per 5 (L145)", shot.relative_speed));
  add(size_mod, fmt::format("target Size {:g} (L141, size_steps {})", shot.target_size,
                            to_string(options.size_steps)));
  static const std::map<CalledShot, std::pair<int, const char*>> called{
      {CalledShot::torso, {2, "called shot: torso (L350)"}},
      {CalledShot::limb, {4, "called shot: arm or leg (L351)"}},
      {CalledShot::head, {6, "called shot: head, hand or foot (L352)"}},
      {CalledShot::eye, {10, "called shot: eye or heart (L353)"}}};
  if (auto c = called.find(shot.called); c != called.end()) add(c->second.first, c->second.second);
  add(shot.snap_penalty, "snap shot: fired without aiming (L159-161)");
  if (shot.two_weapons) add(1, "two weapons (L247)");
  if (shot.off_hand) add(3, "off hand (L247)");
  if (shot.one_handed_long_gun) add(2, "two-handed weapon in one hand (L253)");
  if (shot.target_hidden) add(4, "target not visible behind cover (L421)");
  if (shot.engaged == EngagedWeapon::normal)
    add(1, "normal ranged weapon against a target engaged hand to hand (L285)");
  if (shot.engaged == EngagedWeapon::long_weapon)
    add(2, "long ranged weapon against a target engaged hand to hand (L285)");
  if (shot.target_dodge > 0) {
    add(shot.target_dodge, "target dodging (L359)");
    if (shot.target_dodge_still) add(1, "dodging target not moving (L361)");
  }
  add(shot.wound_penalty, "firer's wounds (L129, L531)");
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
        fmt::format("fan firing is 1 to {} shots, not {}", max_fan_shots, targets.size()));
  std::vector<std::string> distinct;
  std::vector<int> tns;
  for (std::size_t shot = 0; shot < targets.size(); ++shot) {
    if (targets[shot].empty())
      throw Refusal(RefusalCode::out_of_range, "targets", "a shot without a target");
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
