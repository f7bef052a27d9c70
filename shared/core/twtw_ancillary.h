#pragma once
// The West That Wasn't's ancillary effects of a drawn card that scatter and stray (003 L470-504),
// applied last, after the attack's own result: where a thrown item that missed lands (L474-478),
// where a dodging target missed leaps (L363), and whether a stray shot hits someone near the
// path (L486-504). The seed's readings are in docs/twtw.md ("Readings").
#include <optional>
#include <vector>

namespace marshal::core::twtw {

// The card's scatter element is a clock face (L476): the target in the middle, 6 back toward the
// shooter or thrower, so 12 is straight on past the target. A card's `scatter` holds the hour
// 1..clock_hours; 0 when the card shows no clock face.
inline constexpr int clock_hours = 12;
inline constexpr int clock_toward_attacker = 6;
inline constexpr int max_stray_shots = 99;  // misses, a scatter weapon's bonus, doubled into melee

// How far a thrown item that missed lands from its target (L478), the way the card's clock points.
struct ScatterDistance {
  int metres = 0;
  bool capped = false;  // cut to half the throw (L478)
};

// The scatter of a throw of `paces` (1..max_range_paces) at range increment `increment` whose card
// showed `result` against `tn` (result < tn: a miss). L478: "subtract the result from the TN and
// add that to the step"; the step is read as the throw's range step, the full increments beyond
// the first that range added to the TN (L114), and a pace as a metre; never further than half the
// throw (rounded down). Refused (out_of_range: "tn", "result", "range", "increment") outside those
// bounds, a hit included.
ScatterDistance scatter_distance(int tn, int result, int paces, int increment);

// Where a dodging target leaps when an attack misses it (L363): one pace toward `clock` o'clock,
// none when the clock points back at the attacker (6) or the card has no clock face (0).
// Refused (out_of_range, "clock") outside 0..12.
std::optional<int> dodge_leap(int clock);

// The stray shots of an attack (L490-504): its missed shots, plus a weapon with the scatter
// attribute's bonus for the range (L498, the weapon's own table), doubled when fired into a melee
// (L502). Refused (out_of_range: "misses", "bonus") below 0 or past max_stray_shots.
int stray_shots(int misses, int scatter_bonus, bool into_melee);

// Which of a card's unintended-target icons (their numbers, in the card's order) are hit by
// `stray` stray shots (L490: an icon's number equal to or below them): the icons' positions from 1,
// in order, the Judge's targets in the order told before the flip (L496). Empty when none.
std::vector<int> unintended_hits(const std::vector<int>& icons, int stray);

}  // namespace marshal::core::twtw
