#pragma once
// Damage in The West That Wasn't (003 L431-484): whether cover stops a hit (P/A/D), the wounds
// and concussion (CT) an effect deals by the target's Size, and equipment failure by Rel.
#include <optional>
#include <string_view>

namespace marshal::core::twtw {

constexpr int max_effect = 999;  // a DMG or RD from the effect grid, with bumps
constexpr int max_size = 100;    // a target's Size for damage: a human is 6 (L444)
constexpr int max_pen = 99;      // a PV or an AV
constexpr int min_rel = 1;       // L482: Rel is 1-13
constexpr int max_rel = 13;
constexpr int max_failure_number = 99;  // the card's failure result (the card faces are not in 003)

// Common covers' Armor Values (L435-438).
constexpr int av_thin_wood = 2;
constexpr int av_hardwood = 3;
constexpr int av_brick_or_iron = 4;

enum class Cover {
  penetrate,  // PV >= AV + 2: the target takes the DMG (L440)
  ablate,     // PV = AV or AV + 1: the target takes the RD
  deflect,    // PV < AV: no effect
};
std::string_view to_string(Cover c);  // "P", "A", "D"
// PV is the card's penetration result plus the weapon's Pen (L433). Refused (out_of_range, "pv",
// "av") outside 0..99.
Cover cover_result(int pv, int av);

enum class DamageKind {
  deadly,    // a weapon: a wound per full multiple of Size, the remainder as CT (L444)
  brawling,  // non-lethal: 3 CT per multiple of Size, a wound per double (L462, L323)
  impact,    // the impact attribute: wounds as brawling, 1 CT per point of effect (L464)
};

struct Damage {
  int wounds = 0;
  int ct = 0;
};
// The wounds and CT an effect deals to a target of `size`. Refused (out_of_range: "dmg",
// "size") for an effect outside 0..999 or a Size outside 1..100.
Damage damage(int effect, int size, DamageKind kind = DamageKind::deadly);

// A hit through cover: the effect the cover lets through (DMG, RD, or nothing) dealt as damage().
// `rd` is needed only when the cover ablates: refused (missing_input, "rd") if it does and none
// is given.
struct CoveredHit {
  Cover cover = Cover::penetrate;
  Damage damage;
};
CoveredHit damage_through_cover(int dmg, std::optional<int> rd, int size, int pv, int av,
                                DamageKind kind = DamageKind::deadly);

// Equipment failure (L482-484): the equipment fails when the card's failure number is below its
// Rel (1..13; none: it never fails). Rel 1 fails only when the card shows 1 and the "2" failure
// card is already in the discard pile. Fan firing with the advanced rule "Pushing the Limit"
// (L243) raises a revolver's Rel by 1, up to 13 (fan_rel). Refused (out_of_range, "rel",
// "failure") for a Rel outside 1..13 or a failure number outside 1..99.
bool equipment_fails(std::optional<int> rel, int failure_number, bool two_in_discard = false);
std::optional<int> fan_rel(std::optional<int> rel);

}  // namespace marshal::core::twtw
