#include "gmstation/action_time_ancillary.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/twtw_ancillary.h"
#include "i18n/translate.h"

namespace marshal::gm::action_time {

using i18n::tr;
using i18n::trn;

namespace {

// Where a thrown item that missed lands (L476-478).
std::string throw_words(const AttackOutcome& o) {
  const tw::ScatterDistance d = tw::scatter_distance(o.tn, o.result, o.paces, o.increment);
  const int clock = o.drawn ? o.drawn->scatter : 0;
  if (o.drawn && clock > 0)
    return d.capped
               // TRANSLATORS: a thrown item missed: {0} metres (cut to half the throw) from {1} the target, toward {2} o'clock on the card's clock face (6 is back toward the thrower).
               ? fmt::format(fmt::runtime(tr("the throw lands {} m (half the throw) from {} at {} o'clock")), d.metres, o.target, clock)
               // TRANSLATORS: a thrown item missed: {0} metres from {1} the target, toward {2} o'clock on the card's clock face (6 is back toward the thrower).
               : fmt::format(fmt::runtime(tr("the throw lands {} m from {} at {} o'clock")), d.metres, o.target, clock);
  if (o.drawn)
    // TRANSLATORS: a thrown item missed: {0} metres from {1} the target; the drawn card has no clock face.
    return fmt::format(fmt::runtime(tr("the throw lands {} m from {}, the Judge says where")), d.metres, o.target);
  // TRANSLATORS: a thrown item missed: {0} metres from {1} the target, the way the clock face of the table's card points.
  return fmt::format(fmt::runtime(tr("the throw lands {} m from {} at the card's o'clock")), d.metres, o.target);
}

// Where a dodging target missed leaps (L363).
std::string leap_words(const AttackOutcome& o) {
  if (!o.drawn)
    // TRANSLATORS: {} is a dodging target an attack missed (003 L363): it moves a pace the way the table's card's clock points.
    return fmt::format(fmt::runtime(tr("{} leaps a pace to the card's o'clock, unless 6")), o.target);
  if (const auto clock = tw::dodge_leap(o.drawn->scatter))
    // TRANSLATORS: {0} is a dodging target an attack missed (003 L363): it moves a pace toward {1} o'clock.
    return fmt::format(fmt::runtime(tr("{} leaps a pace to {} o'clock")), o.target, *clock);
  if (o.drawn->scatter == tw::clock_toward_attacker)
    // TRANSLATORS: {} is a dodging target an attack missed: the card's clock points back at the attacker, so it stays (003 L363).
    return fmt::format(fmt::runtime(tr("{} stays put (the card points at the attacker)")), o.target);
  // TRANSLATORS: {} is a dodging target an attack missed; the drawn card has no clock face.
  return fmt::format(fmt::runtime(tr("{} leaps a pace, the Judge says where")), o.target);
}

// The stray shots and the unintended targets they hit (L490-508).
std::string stray_words(const AttackExtras& e, const AttackOutcome& o) {
  if (e.bystanders == Bystanders::none) return "";  // nobody near the path: stray shots hit nothing that matters
  const int stray = tw::stray_shots(o.hit ? 0 : 1, e.scatter_bonus, e.bystanders == Bystanders::in_melee);
  if (stray == 0) return "";
  // TRANSLATORS: how many stray shots an attack made (003 L490).
  const std::string shots = fmt::format(fmt::runtime(trn("{} stray shot", "{} stray shots", static_cast<std::uint64_t>(stray))), stray);
  if (!o.drawn)
    // TRANSLATORS: {0} is "2 stray shots"; {1} their number: a figure icon on the table's card with a number up to it hits an unintended target (003 L490).
    return fmt::format(fmt::runtime(tr("{0}: an icon of {1} or under hits an unintended target")), shots, stray);
  const std::vector<int> hit = tw::unintended_hits(o.drawn->unintended, stray);
  if (hit.empty()) {
    if (o.drawn->unintended.empty()) return "";  // a card without icons: nothing to say
    // TRANSLATORS: {} is "2 stray shots": no figure icon on the drawn card is that low (003 L490).
    return fmt::format(fmt::runtime(tr("{}: no unintended target")), shots);
  }
  // TRANSLATORS: {0} is "2 stray shots"; {1} the figure icons hit, by their place on the card ("1, 3"): each hits the Judge's unintended targets in the order told before the flip (003 L490, L496).
  return fmt::format(fmt::runtime(trn("{0}: icon {1} hits the Judge's unintended target",
                                       "{0}: icons {1} hit the Judge's unintended targets",
                                       static_cast<std::uint64_t>(hit.size()))),
                     shots, fmt::format("{}", fmt::join(hit, ", ")));
}

}  // namespace

std::string ancillary_words(const AttackExtras& e, const AttackOutcome& o) {
  std::string words;
  auto add = [&words](const std::string& part) {
    if (!part.empty()) words += "; " + part;
  };
  if (!o.hit && e.thrown && o.paces > 0) add(throw_words(o));
  if (!o.hit && o.target_dodging) add(leap_words(o));
  if (!e.thrown && o.paces > 0) add(stray_words(e, o));
  return words;
}

}  // namespace marshal::gm::action_time
