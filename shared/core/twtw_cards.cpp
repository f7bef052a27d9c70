#include "core/twtw_cards.h"

#include <algorithm>

#include "core/refusal.h"

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

HitLocation bumped_location(const ActionCard& card, int bumps_up) {
  if (bumps_up < -max_location_bumps || bumps_up > max_location_bumps)
    throw Refusal(RefusalCode::out_of_range, "bumps",
                  say("{} location bumps: {} to {}", bumps_up, -max_location_bumps, max_location_bumps));
  const int standard = 2;  // second from the bottom (L402)
  const int at = std::clamp(standard - bumps_up, 0, static_cast<int>(card.locations.size()) - 1);
  return card.locations[static_cast<std::size_t>(at)];
}

int damage_bumps(HitLocation where) {
  return where == HitLocation::head ? 2 : where == HitLocation::vitals ? 1 : 0;
}

int bumped_row(int weapon_row, int bumps, int card_rows) {
  if (card_rows < 1 || card_rows > max_effect_rows)
    throw Refusal(RefusalCode::out_of_range, "row", say("a card has 1 to {} effect rows, not {}", max_effect_rows, card_rows));
  if (weapon_row < 1 || weapon_row > card_rows)
    throw Refusal(RefusalCode::out_of_range, "row", say("the weapon's row {} is not on the card: 1 to {}", weapon_row, card_rows));
  if (bumps < 0 || bumps > max_effect_rows)
    throw Refusal(RefusalCode::out_of_range, "bumps", say("{} bumps: 0 to {}", bumps, max_effect_rows));
  return std::min(weapon_row + bumps, card_rows);
}

}  // namespace marshal::core::twtw
