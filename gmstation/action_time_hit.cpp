// The Action Time screen's hit (issue 18, issue 32 item 10): the location offered and bumped along
// a drawn card's stack (003 L410-417), the DMG read with the damage bumps, the PV and RD against a
// cover (L433-440), the engine's judgement and the Stun check, and the hit added to the step.
// The attack before it (who, target, TN, card) is in action_time_steps.cpp.
#include <algorithm>
#include <cstdlib>
#include <optional>

#include <fmt/format.h>

#include "core/refusal.h"
#include "gmstation/action_time_page.h"
#include "ui/words.h"

namespace marshal::gm {

namespace at = action_time;
namespace tw = core::twtw;
using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

void ActionTimePage::bump_location(int up) {
  location_bumps_ = std::clamp(location_bumps_ + up, -tw::max_location_bumps, tw::max_location_bumps);
  const tw::HitLocation where = tw::bumped_location(*drawn_, location_bumps_);
  const auto& all = at::hit_locations();
  location_->set_value(static_cast<int>(std::find(all.begin(), all.end(), where) - all.begin()) + 1);
  const std::string place = at::hit_location_words(where);
  const std::uint64_t n = static_cast<std::uint64_t>(std::abs(location_bumps_));
  show_prompt(utf8(location_bumps_ == 0
                       // TRANSLATORS: {} is the card's standard hit location, the bumps up and down cancelled out.
                       ? fmt::format(fmt::runtime(tr("A hit, no bumps: Enter keeps the card's standard location ({})")), place)
                       : location_bumps_ > 0
                       // TRANSLATORS: {0} bumps up the card's hit-location stack (a punch, height, point blank: 003 L412-414), {1} the location.
                       ? fmt::format(fmt::runtime(trn("A hit bumped {} up the card (003 L412): Enter takes the {}",
                                                      "A hit bumped {} up the card (003 L412): Enter takes the {}", n)),
                                     n, place)
                       // TRANSLATORS: {0} bumps down the card's hit-location stack (a kick: 003 L415), {1} the location.
                       : fmt::format(fmt::runtime(trn("A hit bumped {} down the card (003 L415): Enter takes the {}",
                                                      "A hit bumped {} down the card (003 L415): Enter takes the {}", n)),
                                     n, place)));
}

void ActionTimePage::take_dmg() {
  const auto dmg = typed_number(dmg_, 0, tw::max_effect);
  if (!dmg || hit_location_.empty()) {
    dmg_->SetFocus();
    return refuse(utf8(fmt::format(fmt::runtime(tr("DMG: a whole number, 0 to {}")), tw::max_effect)));
  }
  hit_dmg_ = *dmg;
  hit_cover_.reset();
  if (extras_.cover == at::CoverKind::none) return judge_hit();
  pv_->Clear();
  rd_->Clear();
  pv_->SetFocus();
  // TRANSLATORS: {0} the cover, with its AV ("behind hardwood (AV 3)"); PV is the card's penetration result plus the weapon's Pen (003 L433).
  show_prompt(utf8(fmt::format(fmt::runtime(tr("The target is {}: type the PV (the card's penetration result + the weapon's "
                                               "Pen), then Enter")),
                               at::cover_words(extras_.cover))));
}

void ActionTimePage::take_pv() {
  if (extras_.cover == at::CoverKind::none || hit_location_.empty()) return judge_hit();
  const auto pv = typed_number(pv_, 0, tw::max_pen);
  if (!pv) {
    pv_->SetFocus();
    return refuse(utf8(fmt::format(fmt::runtime(tr("PV: a whole number, 0 to {}")), tw::max_pen)));
  }
  hit_cover_ = at::HitCover{*pv, at::cover_av(extras_.cover), std::nullopt};
  if (tw::cover_result(*pv, hit_cover_->av) != tw::Cover::ablate) return judge_hit();
  rd_->Clear();
  rd_->SetFocus();
  // TRANSLATORS: {0} the PV, {1} the cover's AV: the cover ablates the hit, which deals the weapon's RD (003 L440).
  show_prompt(utf8(fmt::format(fmt::runtime(tr("PV {} against AV {}: the cover ablates it. Type the RD from the card's effect "
                                               "row, then Enter")),
                               *pv, hit_cover_->av)));
}

void ActionTimePage::take_rd() {
  if (!hit_cover_) return take_pv();
  const auto rd = typed_number(rd_, 0, tw::max_effect);
  if (!rd) {
    rd_->SetFocus();
    return refuse(utf8(fmt::format(fmt::runtime(tr("RD: a whole number, 0 to {}")), tw::max_effect)));
  }
  hit_cover_->rd = *rd;
  judge_hit();
}

void ActionTimePage::judge_hit() {
  const at::Fighter* target = fighter(target_name_);
  try {
    preview_ = at::preview_hit(working_[target_name_], *tw::hit_location_from_string(hit_location_), hit_dmg_, target->size,
                               options_, extras_.kind, hit_cover_);
  } catch (const core::Refusal& r) {
    dmg_->SetFocus();
    return refuse(utf8(r.reason()));
  }
  if (!preview_->hit.stun_check) return add_hit(std::nullopt);
  question_ = Question::stun;
  focus_keys();
  const int wounds = preview_->damage.wounds;
  // TRANSLATORS: {0} is the target, {1} the wounds, {2} the CT lost; then the Stun check's TN and
  // its penalty for earlier wounds. Y and N are the keys typed (Latin letters).
  show_prompt(utf8(fmt::format(fmt::runtime(trn("{} takes {} wound and {} CT: the Stun check, TN {} (+{} for earlier wounds). "
                                        "Y made, N failed",
                                        "{} takes {} wounds and {} CT: the Stun check, TN {} (+{} for earlier wounds). "
                                        "Y made, N failed",
                                        static_cast<std::uint64_t>(std::max(wounds, 0)))),
                       target_name_, wounds, preview_->damage.ct, preview_->hit.stun_tn, preview_->hit.stun_penalty)));
}

void ActionTimePage::add_hit(std::optional<bool> stun_passed) {
  Json hit{{"by", attacker_}, {"target", target_name_}, {"location", hit_location_}, {"dmg", hit_dmg_}};
  if (extras_.kind != tw::DamageKind::deadly) hit["kind"] = at::kind_code(extras_.kind);
  if (hit_cover_) {
    hit["pv"] = hit_cover_->pv;
    hit["av"] = hit_cover_->av;
    if (hit_cover_->rd) hit["rd"] = *hit_cover_->rd;
  }
  const auto where = tw::hit_location_from_string(hit_location_);
  const std::string place = where ? at::hit_location_words(*where) : hit_location_;
  // TRANSLATORS: {0} is the attack ("Ann at Bob: card 9 vs TN 6, a hit"), {1} the location, {2} the DMG.
  std::string words = fmt::format(fmt::runtime(!stun_passed   ? tr("{}: {} DMG {}")
                                               : *stun_passed ? tr("{}: {} DMG {}, not stunned")
                                                              : tr("{}: {} DMG {}, STUNNED")),
                                  card_words_, place, hit_dmg_);
  // TRANSLATORS: after a hit's words: {0} the cover's result (P penetrates, A ablates, D deflects, 003 L440), {1} its AV.
  if (preview_->cover) words += fmt::format(fmt::runtime(tr(", cover {} (AV {})")), tw::to_string(*preview_->cover), hit_cover_->av);
  if (stun_passed) hit["stun_passed"] = *stun_passed;
  hits_.push_back(hit);
  // The target as it will stand after the hit, for a later hit in the same step.
  auto after = preview_->hit.after;
  if (stun_passed) after.stunned = !*stun_passed;
  working_[target_name_] = after;
  entries_.push_back({Entry::hit, words, hit_fan_by_});
  set_text(tn_line_, tn_text_, "");  // the attack is in this step's list, its TN with it
  question_ = Question::none;
  attacker_.clear();
  target_name_.clear();
  hit_location_.clear();
  card_taken_ = false;
  hit_cover_.reset();
  show_step_keys();
  show_step();
  focus_keys();
  show_prompt(wx_tr("A: another attack.  Enter records the step"));
}

}  // namespace marshal::gm
