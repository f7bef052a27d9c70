#include "core/twtw_wounds.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/refusal.h"

namespace marshal::core::twtw {

std::string_view to_string(Location l) {
  switch (l) {
    case Location::head:
      return "head";
    case Location::torso:
      return "torso";
    case Location::right_arm:
      return "right_arm";
    case Location::left_arm:
      return "left_arm";
    case Location::right_leg:
      return "right_leg";
    case Location::left_leg:
      return "left_leg";
  }
  return "?";
}

std::optional<Location> location_from_string(std::string_view text) {
  for (int i = 0; i < location_count; ++i)
    if (to_string(static_cast<Location>(i)) == text) return static_cast<Location>(i);
  return std::nullopt;
}

std::string_view to_string(Care c) {
  switch (c) {
    case Care::concussion:
      return "concussion";
    case Care::first_aid:
      return "first_aid";
    case Care::natural:
      return "natural";
  }
  return "";
}

std::optional<Care> care_from_string(std::string_view text) {
  for (Care c : {Care::concussion, Care::first_aid, Care::natural})
    if (to_string(c) == text) return c;
  return std::nullopt;
}

bool is_limb(Location l) {
  return l != Location::head && l != Location::torso;
}

WoundRow wound_row(WoundTable table, int level) {
  if (level < 0 || level > wounds_to_disable)
    throw Refusal(RefusalCode::out_of_range, "level",
                  say("wound level {} is not in 0..5", level));
  // The rows' names are the rules' own, sent as data (the ledger server's view, "wound"): a
  // station words them itself.
  static constexpr WoundRow five[] = {{0, "none", 0, 3},    {1, "Flesh", 1, 3},       // i18n: not words
                                      {2, "Light", 2, 5},   {3, "Heavy", 3, 7},       // i18n: not words
                                      {4, "Serious", 4, 9}, {5, "Critical", 5, 11}};  // i18n: not words
  static constexpr WoundRow four[] = {{0, "none", 0, 3},     {1, "Scratched", 1, 3},  // i18n: not words
                                      {2, "Light", 1, 5},    {3, "Serious", 2, 7},    // i18n: not words
                                      {4, "Critical", 3, 9}, {5, "Critical", 3, 9}};  // i18n: not words
  WoundRow row = (table == WoundTable::four_level ? four : five)[level];
  row.level = level;
  return row;
}

int wound_level(const WoundState& s) {
  return *std::max_element(s.wounds.begin(), s.wounds.end());
}

namespace {
void check_state(const WoundState& s) {
  for (int w : s.wounds)
    if (w < 0 || w > wounds_to_disable)
      throw Refusal(RefusalCode::out_of_range, "wounds",
                    say("a location holds 0..5 wounds, not {}", w));
  if (s.ct < -max_ct || s.ct > max_ct)
    throw Refusal(RefusalCode::out_of_range, "ct",
                  // TRANSLATORS: CT as the rules abbreviate it (kept as CT); {0} the CT given, {1} and {2} its limit.
                  say("CT {} is not in -{}..{}", s.ct, max_ct, max_ct));
}
}  // namespace

Hit apply_hit(const WoundState& before, Location where, const Damage& damage,
              const Options& options) {
  check_state(before);
  if (damage.wounds < 0 || damage.wounds > max_effect)
    throw Refusal(RefusalCode::out_of_range, "wounds",
                  say("{} wounds is not in 0..{}", damage.wounds, max_effect));
  if (damage.ct < 0 || damage.ct > max_effect)
    throw Refusal(RefusalCode::out_of_range, "ct",
                  say("{} CT is not in 0..{}", damage.ct, max_effect));
  Hit hit;
  hit.after = before;
  hit.level_before = wound_level(before);
  int& w = hit.after.at(where);
  const bool was_disabled = w >= wounds_to_disable;
  w = std::min(wounds_to_disable, w + damage.wounds);
  // The level one below death: serious (L599) is level 4 of five and level 3 of four.
  const int critical = options.wound_table == WoundTable::five_level ? 5 : 4;
  if (options.risk && !is_limb(where) && w >= critical) {
    w = critical - 1;
    hit.out_of_action = true;
  }
  hit.disabled = !was_disabled && w >= wounds_to_disable;
  hit.dead = hit.disabled && !is_limb(where);
  hit.after.ct = std::max(-max_ct, before.ct - damage.ct);
  hit.concussed = hit.after.ct <= 0;
  hit.level_after = wound_level(hit.after);
  if (!before.stunned && (damage.wounds > 0 || damage.ct > 0)) {
    hit.stun_check = true;
    const int row = options.stun_row == StunRow::after_hit ? hit.level_after : hit.level_before;
    hit.stun_tn = wound_row(options.wound_table, row).stun_tn;
    hit.stun_penalty = wound_row(options.wound_table, hit.level_before).penalty;
  }
  return hit;
}

int recovery_tn(const WoundState& s, WoundTable table) {
  check_state(s);
  return wound_row(table, wound_level(s)).stun_tn;
}

int bleeding_ct(const WoundState& s, const Options& options) {
  check_state(s);
  if (!options.bleeding) return 0;
  int worst = 0;
  for (int i = 0; i < location_count; ++i) {
    const int w = s.wounds[static_cast<std::size_t>(i)];
    int ct = w >= 4 ? 2 : w == 3 ? 1 : 0;
    if (w >= wounds_to_disable && is_limb(static_cast<Location>(i))) ct = 3;
    worst = std::max(worst, ct);
  }
  return worst;
}

bool bled_to_death(int ct, int starting_ct) {
  return ct <= -starting_ct;
}

int heal_tn(int wounds_in_location) {
  if (wounds_in_location < 1 || wounds_in_location >= wounds_to_disable)
    throw Refusal(RefusalCode::illegal_move, "wounds",
                  wounds_in_location < 1
                      ? say("no wound to treat here")
                      : say("a disabled location is never healed by first aid (003 L521)"));
  return 1 + 2 * wounds_in_location;
}

}  // namespace marshal::core::twtw
