#include "core/twtw_cards.h"

namespace marshal::core::twtw {

namespace {
// The hit locations' codes, as the JSON forms and the command line give them (not words).
constexpr std::array<std::pair<HitLocation, std::string_view>, 8> names{{
    {HitLocation::head, "head"},
    {HitLocation::vitals, "vitals"},
    {HitLocation::chest, "chest"},
    {HitLocation::belly, "belly"},
    {HitLocation::right_arm, "right arm"},  // i18n: not words
    {HitLocation::left_arm, "left arm"},  // i18n: not words
    {HitLocation::right_leg, "right leg"},  // i18n: not words
    {HitLocation::left_leg, "left leg"},  // i18n: not words
}};
}  // namespace

std::string_view to_string(HitLocation location) {
  for (const auto& [l, name] : names)
    if (l == location) return name;
  return "";
}

std::optional<HitLocation> hit_location_from_string(std::string_view text) {
  for (const auto& [l, name] : names)
    if (name == text) return l;
  return std::nullopt;
}

Location wound_location(HitLocation location) {
  switch (location) {
    case HitLocation::head: return Location::head;
    case HitLocation::vitals:
    case HitLocation::chest:
    case HitLocation::belly: return Location::torso;
    case HitLocation::right_arm: return Location::right_arm;
    case HitLocation::left_arm: return Location::left_arm;
    case HitLocation::right_leg: return Location::right_leg;
    case HitLocation::left_leg: return Location::left_leg;
  }
  return Location::torso;
}

}  // namespace marshal::core::twtw
