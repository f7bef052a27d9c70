#include "core/twtw_damage.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/refusal.h"
#include "core/twtw_options.h"

namespace marshal::core::twtw {

std::string_view to_string(Cover c) {
  switch (c) {
    case Cover::penetrate:
      return "P";
    case Cover::ablate:
      return "A";
    case Cover::deflect:
      return "D";
  }
  return "?";
}

Cover cover_result(int pv, int av) {
  check_range(pv, 0, max_pen, "pv");
  check_range(av, 0, max_pen, "av");
  if (pv >= av + 2) return Cover::penetrate;
  if (pv >= av) return Cover::ablate;
  return Cover::deflect;
}

Damage damage(int effect, int size, DamageKind kind) {
  check_range(effect, 0, max_effect, "dmg");
  check_range(size, 1, max_size, "size");
  switch (kind) {
    case DamageKind::deadly:
      return {effect / size, effect % size};
    case DamageKind::brawling:
      return {effect / (2 * size), 3 * (effect / size)};
    case DamageKind::impact:
      return {effect / (2 * size), effect};
  }
  return {};
}

CoveredHit damage_through_cover(int dmg, std::optional<int> rd, int size, int pv, int av,
                                DamageKind kind) {
  check_range(dmg, 0, max_effect, "dmg");
  if (rd) check_range(*rd, 0, max_effect, "rd");
  check_range(size, 1, max_size, "size");
  CoveredHit hit;
  hit.cover = cover_result(pv, av);
  if (hit.cover == Cover::penetrate) hit.damage = damage(dmg, size, kind);
  if (hit.cover == Cover::ablate) {
    if (!rd)
      throw Refusal(
          RefusalCode::missing_input, "rd",
          // TRANSLATORS: PV is the weapon's penetration value, AV the cover's armour value, RD the reduced damage.
          say("PV {} against AV {} ablates: the hit deals the RD, so give it", pv, av));
    hit.damage = damage(*rd, size, kind);
  }
  return hit;
}

bool equipment_fails(std::optional<int> rel, int failure_number, bool two_in_discard) {
  check_range(failure_number, 1, max_failure_number, "failure");
  if (!rel) return false;
  check_range(*rel, min_rel, max_rel, "rel");
  if (*rel == 1) return failure_number == 1 && two_in_discard;
  return failure_number < *rel;
}

std::optional<int> fan_rel(std::optional<int> rel) {
  if (!rel) return rel;
  check_range(*rel, min_rel, max_rel, "rel");
  return std::min(*rel + 1, max_rel);
}

}  // namespace marshal::core::twtw
