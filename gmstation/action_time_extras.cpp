#include "gmstation/action_time_extras.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/refusal.h"
#include "core/twtw_melee.h"
#include "i18n/sentence.h"
#include "i18n/translate.h"

namespace marshal::gm::action_time {

using i18n::tr;

namespace {

template <typename Enum>
Enum next_of(Enum now, Enum last) {
  return now == last ? Enum{} : static_cast<Enum>(static_cast<int>(now) + 1);
}

}  // namespace

std::string cover_words(CoverKind cover) {
  switch (cover) {
    // TRANSLATORS: a cover of the Action Time screen (003 L435-438), with its Armor Value.
    case CoverKind::thin_wood: return fmt::format(fmt::runtime(tr("behind thin wood (AV {})")), cover_av(cover));
    // TRANSLATORS: a cover of the Action Time screen (003 L435-438), with its Armor Value.
    case CoverKind::hardwood: return fmt::format(fmt::runtime(tr("behind hardwood (AV {})")), cover_av(cover));
    // TRANSLATORS: a cover of the Action Time screen (003 L435-438), with its Armor Value.
    case CoverKind::brick_or_iron: return fmt::format(fmt::runtime(tr("behind bricks or iron (AV {})")), cover_av(cover));
    case CoverKind::none: break;
  }
  return "";
}

int cover_av(CoverKind cover) {
  switch (cover) {
    case CoverKind::thin_wood: return tw::av_thin_wood;
    case CoverKind::hardwood: return tw::av_hardwood;
    case CoverKind::brick_or_iron: return tw::av_brick_or_iron;
    case CoverKind::none: break;
  }
  return 0;
}

void next_firer(AttackExtras& e) { e.firer = next_of(e.firer, tw::FirerMove::run); }
void next_mount(AttackExtras& e) { e.mount = next_of(e.mount, tw::Mount::gallop); }
void next_called(AttackExtras& e) { e.called = next_of(e.called, tw::CalledShot::eye); }
void next_snap(AttackExtras& e) { e.snap = e.snap >= snap_cycle_top ? 0 : e.snap + 1; }
void next_advantage(AttackExtras& e) { e.advantage = next_of(e.advantage, MeleeAdvantage::attacker); }
void next_kind(AttackExtras& e) { e.kind = next_of(e.kind, tw::DamageKind::impact); }
void next_cover(AttackExtras& e) { e.cover = next_of(e.cover, CoverKind::brick_or_iron); }
void next_hands(AttackExtras& e) { e.hands = next_of(e.hands, Hands::off_hand); }
void next_rel(AttackExtras& e) { e.rel = e.rel >= tw::max_rel ? 0 : e.rel + 1; }
void next_bystanders(AttackExtras& e) { e.bystanders = next_of(e.bystanders, Bystanders::in_melee); }
void next_scatter_bonus(AttackExtras& e) { e.scatter_bonus = e.scatter_bonus >= scatter_bonus_cycle_top ? 0 : e.scatter_bonus + 1; }
void next_dmg_row(AttackExtras& e) { e.dmg_row = e.dmg_row >= tw::max_effect_rows ? 0 : e.dmg_row + 1; }
void next_speed(AttackExtras& e) {
  e.relative_speed = e.relative_speed >= relative_speed_cycle_top ? 0 : e.relative_speed + relative_speed_step;
}

std::string extras_words(const AttackExtras& e) {
  std::vector<std::string> parts;
  // TRANSLATORS: the firer's movement at an attack (003 L127, L135).
  if (e.firer == tw::FirerMove::walk) parts.push_back(tr("walking"));
  // TRANSLATORS: the firer's movement at an attack (003 L127, L135).
  if (e.firer == tw::FirerMove::run) parts.push_back(tr("running"));
  // TRANSLATORS: the firer's mount at an attack (003 L128, L137).
  if (e.mount == tw::Mount::still) parts.push_back(tr("mounted, standing"));
  // TRANSLATORS: the firer's mount at an attack (003 L128, L137).
  if (e.mount == tw::Mount::walk) parts.push_back(tr("mounted, walking"));
  // TRANSLATORS: the firer's mount at an attack (003 L128, L137).
  if (e.mount == tw::Mount::gallop) parts.push_back(tr("galloping"));
  // TRANSLATORS: a called shot at an attack (003 L349-353).
  if (e.called == tw::CalledShot::torso) parts.push_back(tr("called: torso"));
  // TRANSLATORS: a called shot at an attack (003 L349-353).
  if (e.called == tw::CalledShot::limb) parts.push_back(tr("called: a limb"));
  // TRANSLATORS: a called shot at an attack (003 L349-353).
  if (e.called == tw::CalledShot::head) parts.push_back(tr("called: head"));
  // TRANSLATORS: a called shot at an attack (003 L349-353).
  if (e.called == tw::CalledShot::eye) parts.push_back(tr("called: an eye"));
  // TRANSLATORS: {} is the weapon's snap penalty, a shot not aimed (003 L159-161).
  if (e.snap > 0) parts.push_back(fmt::format(fmt::runtime(tr("snap {}")), e.snap));
  // TRANSLATORS: who holds the advantage in a melee attack (003 L269).
  if (e.advantage == MeleeAdvantage::target) parts.push_back(tr("the target's advantage"));
  // TRANSLATORS: who holds the advantage in a melee attack (003 L269).
  if (e.advantage == MeleeAdvantage::attacker) parts.push_back(tr("the attacker's advantage"));
  // TRANSLATORS: fan firing a revolver (003 L223).
  if (e.fan) parts.push_back(tr("fanning"));
  // TRANSLATORS: the damage's kind (003 L462): non-lethal.
  if (e.kind == tw::DamageKind::brawling) parts.push_back(tr("brawling"));
  // TRANSLATORS: the damage's kind (003 L464): a weapon with the impact attribute.
  if (e.kind == tw::DamageKind::impact) parts.push_back(tr("impact"));
  if (e.cover != CoverKind::none) parts.push_back(cover_words(e.cover));
  // TRANSLATORS: the target moves 50% further and gives up its defense (003 L70).
  if (e.forgoes_defense) parts.push_back(tr("the target forgoes defense"));
  // TRANSLATORS: the target cannot be seen behind its cover (003 L421).
  if (e.unseen) parts.push_back(tr("the target unseen"));
  // TRANSLATORS: the firer's weapons (003 L247): a weapon in each hand.
  if (e.hands == Hands::two_weapons) parts.push_back(tr("two weapons"));
  // TRANSLATORS: the firer's weapons (003 L247): a weapon in each hand, this one fired with the off hand.
  if (e.hands == Hands::two_off_hand) parts.push_back(tr("two weapons, the off hand"));
  // TRANSLATORS: the firer's weapon held in the off hand (003 L247).
  if (e.hands == Hands::off_hand) parts.push_back(tr("the off hand"));
  // TRANSLATORS: {} is the speed between firer and target in paces a round (003 L145).
  if (e.relative_speed > 0) parts.push_back(fmt::format(fmt::runtime(tr("relative speed {}")), e.relative_speed));
  // TRANSLATORS: {} is the weapon's DMG row on the card's effects (a weapon's DMG (2)6 is row 2, 003 L444).
  if (e.dmg_row > 0) parts.push_back(fmt::format(fmt::runtime(tr("DMG row {}")), e.dmg_row));
  // TRANSLATORS: {} is the weapon's reliability (Rel, 1-13, 003 L482): it fails on a failure number below it.
  if (e.rel > 0) parts.push_back(fmt::format(fmt::runtime(tr("Rel {}")), e.rel));
  // TRANSLATORS: an attack with a thrown item (a knife, dynamite): a miss scatters (003 L474).
  if (e.thrown) parts.push_back(tr("thrown"));
  // TRANSLATORS: someone that matters stands within a pace of a shot's path: a miss may hit them (003 L488).
  if (e.bystanders == Bystanders::near_path) parts.push_back(tr("someone near the path"));
  // TRANSLATORS: a shot fired into a melee or scrum: its stray shots count double (003 L502).
  if (e.bystanders == Bystanders::in_melee) parts.push_back(tr("into a melee"));
  // TRANSLATORS: {} is the stray shots a weapon with the Scatter attribute (a shotgun) adds at this range (003 L498).
  if (e.scatter_bonus > 0) parts.push_back(fmt::format(fmt::runtime(tr("Scatter weapon +{}")), e.scatter_bonus));
  return fmt::format("{}", fmt::join(parts, ", "));
}

tw::TnBreakdown attack_tn(const Fighter& attacker, const Fighter& target, bool target_dodging, int paces, int increment,
                          const AttackExtras& extras, const std::vector<std::string>& fan_targets,
                          const tw::Options& options) {
  if (paces > 0) {
    tw::RangedShot shot;
    shot.range_paces = paces;
    shot.range_increment = increment;
    shot.target_size = target.size;
    shot.target_dodge = target_dodging ? target.dodge : 0;
    shot.wound_penalty = std::min(attacker.penalty, tw::max_wound_penalty);
    shot.firer = extras.firer;
    shot.mount = extras.mount;
    shot.called = extras.called;
    shot.target_forgoes_defense = extras.forgoes_defense;
    shot.target_hidden = extras.unseen;
    shot.two_weapons = extras.hands == Hands::two_weapons || extras.hands == Hands::two_off_hand;
    shot.off_hand = extras.hands == Hands::two_off_hand || extras.hands == Hands::off_hand;
    shot.relative_speed = extras.relative_speed;
    if (!extras.fan) {
      shot.snap_penalty = extras.snap;
      return tw::ranged_tn(shot, options);
    }
    // Fan firing (L223): the shot's TN before the snap penalty, then the series to this shot.
    tw::TnBreakdown tn = tw::ranged_tn(shot, options);
    std::vector<std::string> targets = fan_targets;
    targets.push_back(target.name);
    if (targets.size() > static_cast<std::size_t>(tw::max_fan_shots))
      throw core::Refusal(core::RefusalCode::out_of_range, "fan",
                          // TRANSLATORS: {} is the most shots of a fan (a revolver's cylinder, 003 L221).
                          i18n::say("a fan fires at most {} shots (003 L221)", tw::max_fan_shots));
    const int series = tw::fan_series(tn.tn, extras.snap, targets).back();
    // TRANSLATORS: a reason in a TN's breakdown: {0} the shot's number in the fan, {1} what the fan adds (003 L223).
    tn.why.push_back({series - tn.tn, fmt::format(fmt::runtime(tr("+{1} fan firing, shot {0}, snap included (003 L223)")),
                                                  targets.size(), series - tn.tn)});
    tn.tn = series;
    return tn;
  }
  if (extras.fan)
    throw core::Refusal(core::RefusalCode::out_of_range, "fan", i18n::say("fan firing is a revolver's shots, not hand to hand"));
  if (extras.unseen || extras.hands != Hands::one || extras.relative_speed > 0)
    throw core::Refusal(core::RefusalCode::out_of_range, "paces",
                        i18n::say("an unseen target, two weapons and relative speed count for a shot, not hand to hand"));
  if (extras.thrown || extras.bystanders != Bystanders::none || extras.scatter_bonus > 0)
    throw core::Refusal(core::RefusalCode::out_of_range, "paces",
                        i18n::say("a throw, stray shots and a Scatter weapon count for a shot, not hand to hand"));
  tw::MeleeDefense defense;
  defense.skill = target.fighting;
  defense.dodge = target_dodging ? target.dodge : 0;
  if (extras.advantage == MeleeAdvantage::target) defense.advantage = 1;
  if (extras.advantage == MeleeAdvantage::attacker) defense.opponent_advantage = 1;
  defense.forgoes_defense = extras.forgoes_defense;
  tw::TnBreakdown tn = tw::melee_defense(defense);
  if (extras.advantage == MeleeAdvantage::attacker)
    // TRANSLATORS: a reason in a TN's breakdown: the attacker's advantage adds 1 to its result (003 L269).
    tn.why.push_back({-1, tr("-1 the attacker's advantage: +1 to its result (003 L269)")});
  if (attacker.penalty > 0)
    // TRANSLATORS: a reason in the TN's breakdown: {} is the attacker's wound penalty; 003 L531 cites the rules.
    tn.why.push_back({attacker.penalty, fmt::format(fmt::runtime(tr("+{} the attacker's wounds (003 L531)")), attacker.penalty)});
  tn.tn = 0;
  for (const tw::Modifier& m : tn.why) tn.tn += m.delta;
  return tn;
}

bool weapon_fails(const AttackExtras& e, const tw::ActionCard& drawn, const std::vector<tw::ActionCard>& discards) {
  if (e.rel == 0) return false;
  const bool two_in_discard =
      std::any_of(discards.begin(), discards.end(), [](const tw::ActionCard& c) { return c.failure == 2; });
  return tw::equipment_fails(e.rel, drawn.failure, two_in_discard);
}

BumpedDmg bumped_dmg(const AttackExtras& e, tw::HitLocation where, const std::optional<tw::ActionCard>& drawn) {
  BumpedDmg b;
  b.bumps = tw::damage_bumps(where);
  if (e.dmg_row == 0) return b;
  const int rows = drawn && !drawn->effects.empty() ? static_cast<int>(drawn->effects.size()) : tw::max_effect_rows;
  b.row = tw::bumped_row(e.dmg_row, b.bumps, rows);  // a row past a short card is refused, never read as its last
  if (drawn && !drawn->effects.empty()) b.dmg = drawn->effects[static_cast<std::size_t>(b.row - 1)];
  return b;
}

std::string dmg_prompt(tw::HitLocation where, const BumpedDmg& b) {
  const std::string place = hit_location_words(where);
  // TRANSLATORS: {0} is where a hit landed, {1} its damage bumps (003 L427: head 2, vitals 1).
  const std::string hit = b.bumps > 0 ? fmt::format(fmt::runtime(tr("A hit in the {} (+{} damage bumps, 003 L427)")), place, b.bumps)
                                      // TRANSLATORS: {} is where a hit landed.
                                      : fmt::format(fmt::runtime(tr("A hit in the {}")), place);
  if (b.row == 0)
    return b.bumps > 0
               // TRANSLATORS: after "A hit in the head (+2 damage bumps)": without the weapon's row set (Ctrl+G).
               ? fmt::format(fmt::runtime(tr("{}: type the DMG that many rows down the card's effects, then Enter")), hit)
               // TRANSLATORS: after "A hit in the right arm".
               : fmt::format(fmt::runtime(tr("{}: type the DMG from the card's effect row, then Enter")), hit);
  if (b.dmg)
    // TRANSLATORS: {0} the hit, {1} the effect row read, {2} its value on the drawn card.
    return fmt::format(fmt::runtime(tr("{}: row {} of the card's effects: DMG {}. Enter takes it")), hit, b.row, *b.dmg);
  // TRANSLATORS: {0} the hit, {1} the effect row to read on the card drawn at the table.
  return fmt::format(fmt::runtime(tr("{}: type the DMG in row {} of the card's effects, then Enter")), hit, b.row);
}

HitPreview preview_hit(const tw::WoundState& before, tw::HitLocation where, int dmg, int size, const tw::Options& options,
                       tw::DamageKind kind, const std::optional<HitCover>& cover) {
  HitPreview p;
  if (cover) {
    const tw::CoveredHit covered = tw::damage_through_cover(dmg, cover->rd, size, cover->pv, cover->av, kind);
    p.damage = covered.damage;
    p.cover = covered.cover;
  } else {
    p.damage = tw::damage(dmg, size, kind);
  }
  p.hit = tw::apply_hit(before, tw::wound_location(where), p.damage, options);
  return p;
}

std::optional<tw::HitLocation> called_location(tw::CalledShot called) {
  if (called == tw::CalledShot::head || called == tw::CalledShot::eye) return tw::HitLocation::head;
  if (called == tw::CalledShot::torso) return tw::HitLocation::chest;
  return std::nullopt;
}

std::string kind_code(tw::DamageKind kind) {
  switch (kind) {
    case tw::DamageKind::brawling: return "brawling";  // i18n: not words (the ledger's)
    case tw::DamageKind::impact: return "impact";      // i18n: not words (the ledger's)
    case tw::DamageKind::deadly: break;
  }
  return "deadly";  // i18n: not words (the ledger's)
}

tw::DamageKind kind_from_code(const std::string& code) {
  if (code == kind_code(tw::DamageKind::brawling)) return tw::DamageKind::brawling;
  if (code == kind_code(tw::DamageKind::impact)) return tw::DamageKind::impact;
  return tw::DamageKind::deadly;
}

}  // namespace marshal::gm::action_time
