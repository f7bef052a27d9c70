#include "core/twtw_ancillary.h"

#include <algorithm>

#include "core/refusal.h"
#include "core/twtw_ranged.h"

namespace marshal::core::twtw {

namespace {
void check_clock(int clock) {
  if (clock < 0 || clock > clock_hours)
    throw Refusal(RefusalCode::out_of_range, "clock", say("the clock face's hour is 1 to {} (0: none), not {}", clock_hours, clock));
}
}  // namespace

ScatterDistance scatter_distance(int tn, int result, int paces, int increment) {
  if (tn < 1 || tn > max_tn)
    throw Refusal(RefusalCode::out_of_range, "tn", say("a TN is 1 to {}, not {}", max_tn, tn));
  if (result < 0 || result >= tn)
    throw Refusal(RefusalCode::out_of_range, "result", say("a throw scatters when it misses: result {} against TN {}", result, tn));
  if (paces < 1 || paces > max_range_paces)
    throw Refusal(RefusalCode::out_of_range, "range", say("a throw is 1 to {} paces, not {}", max_range_paces, paces));
  if (increment < 1 || increment > max_range_increment)
    throw Refusal(RefusalCode::out_of_range, "increment", say("an increment is 1 to {}, not {}", max_range_increment, increment));
  const int range_step = (paces + increment - 1) / increment - 1;  // as ranged_tn counts it (L114)
  const int wanted = (tn - result) + range_step;
  const int cap = paces / 2;
  return {std::min(wanted, cap), wanted > cap};
}

std::optional<int> dodge_leap(int clock) {
  check_clock(clock);
  if (clock == 0 || clock == clock_toward_attacker) return std::nullopt;
  return clock;
}

int stray_shots(int misses, int scatter_bonus, bool into_melee) {
  if (misses < 0 || misses > max_stray_shots)
    throw Refusal(RefusalCode::out_of_range, "misses", say("{} missed shots: 0 to {}", misses, max_stray_shots));
  if (scatter_bonus < 0 || scatter_bonus > max_stray_shots)
    throw Refusal(RefusalCode::out_of_range, "bonus", say("a scatter bonus of {}: 0 to {}", scatter_bonus, max_stray_shots));
  const int stray = (misses + scatter_bonus) * (into_melee ? 2 : 1);
  return std::min(stray, max_stray_shots);
}

std::vector<int> unintended_hits(const std::vector<int>& icons, int stray) {
  std::vector<int> hit;
  for (std::size_t i = 0; i < icons.size(); ++i)
    if (icons[i] <= stray) hit.push_back(static_cast<int>(i) + 1);
  return hit;
}

}  // namespace marshal::core::twtw
