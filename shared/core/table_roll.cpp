#include "core/table_roll.h"

#include <cctype>

#include <fmt/format.h>

#include "core/refusal.h"
#include "i18n/translate.h"

namespace marshal::core {

TraitRoll sheet_roll(const TraitRules& rules, bool wild_card, std::optional<SheetTrait> trait, int modifier, int tn) {
  if (!trait) {
    if (rules.coin_unskilled) return TraitRoll{2, 0, modifier, tn, rules};
    return wild_card ? wild_card_roll(rules, 4, modifier - unskilled_penalty, tn)
                     : extra_roll(rules, 4, modifier - unskilled_penalty, tn);
  }
  return wild_card ? wild_card_roll(rules, trait->die, modifier + trait->bonus, tn)
                   : extra_roll(rules, trait->die, modifier + trait->bonus, tn);
}

TypedDice parse_typed_dice(std::string_view text) {
  TypedDice dice;
  std::vector<int>* into = &dice.trait;
  std::string number;
  auto flush = [&] {
    if (number.empty()) return;
    if (number.size() > 3) throw Refusal(RefusalCode::out_of_range, "dice", say("'{}' is no face of a die", number));
    into->push_back(std::stoi(number));
    number.clear();
  };
  for (char c : text) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      number += c;
    } else if (c == ' ' || c == '+') {
      flush();
    } else if (c == ',' && into == &dice.trait) {
      flush();
      into = &dice.second;
    } else {
      throw Refusal(RefusalCode::out_of_range, "dice",
                    // TRANSLATORS: {} is the character typed; "8 5, 3" is an example of typed dice.
                    say("'{}' does not belong in dice: type the trait die's rolls, a comma, "
                        "the Wild Die's (8 5, 3)",
                        std::string(1, c)));
    }
  }
  flush();
  if (dice.trait.empty()) throw Refusal(RefusalCode::missing_input, "dice", say("type the trait die's rolls first (8 5, 3)"));
  return dice;
}

RolledTrait roll_typed_or_random(const TraitRoll& roll, std::string_view typed, Csprng& rng) {
  if (typed.find_first_not_of(' ') == std::string_view::npos) return roll_trait(roll, rng);
  const TypedDice dice = parse_typed_dice(typed);
  return roll_trait_from_dice(roll, dice.trait, roll.wild_die ? dice.second : std::vector<int>{},
                              roll.wild_die ? std::vector<int>{} : dice.second);
}

namespace {

using i18n::tr;
using i18n::trn;

std::string chain_text(const std::vector<int>& faces, int sides) {
  std::string text;
  int total = 0;
  for (std::size_t i = 0; i < faces.size(); ++i) {
    if (i > 0) text += " + ";
    // TRANSLATORS: a die's face that Aced (rolled its maximum and is rolled again): "10 Ace + 4".
    if (faces[i] == sides && i + 1 < faces.size()) text += fmt::format(fmt::runtime(tr("{} Ace")), faces[i]);
    else text += std::to_string(faces[i]);
    total += faces[i];
  }
  if (faces.size() > 1) text += " = " + std::to_string(total);
  return text;
}

std::string signed_text(int n) { return n > 0 ? "+" + std::to_string(n) : std::to_string(n); }

}  // namespace

std::string describe_roll(const TraitRoll& roll, const RolledTrait& rolled) {
  std::string text;
  if (roll.trait_die == 2) {
    std::string flips;
    for (std::size_t i = 0; i < rolled.trait.size(); ++i)
      flips += (i > 0 ? ", " : "") + (rolled.trait[i] == 2 ? tr("heads") : tr("tails"));
    // TRANSLATORS: the unskilled coin's flips, e.g. "coin: heads, heads, tails".
    text = fmt::format(fmt::runtime(tr("coin: {}")), flips);
  } else {
    text = "d" + std::to_string(roll.trait_die) + ": " + chain_text(rolled.trait, roll.trait_die);
  }
  // TRANSLATORS: after the trait die's faces: the Wild Die's sides, then its faces ("3", "6 Ace + 2 = 8").
  if (!rolled.wild.empty()) text += fmt::format(fmt::runtime(tr(", Wild Die d{}: {}")), roll.wild_die, chain_text(rolled.wild, roll.wild_die));
  // TRANSLATORS: an Extra's natural 1 is checked with a d6; {} is what that d6 showed.
  if (!rolled.crit_check.empty()) text += fmt::format(fmt::runtime(tr(", the d6 after a 1: {}")), rolled.crit_check.front());
  if (roll.modifier != 0) text += ", " + signed_text(roll.modifier);
  std::string verdict;
  if (rolled.crit_fail) verdict = tr("CRITICAL FAILURE");
  else if (!rolled.success) verdict = tr("failure");
  else if (rolled.raises == 0) verdict = tr("success");
  else
    verdict = fmt::format(fmt::runtime(trn("success, {} raise", "success, {} raises", static_cast<std::uint64_t>(rolled.raises))),
                          rolled.raises);
  // TRANSLATORS: {} is the roll's verdict (success, 2 raises).
  if (rolled.crit_success && !rolled.crit_fail) verdict = fmt::format(fmt::runtime(tr("{}, critical success")), verdict);
  // TRANSLATORS: after a roll's dice: {0} its result, {1} the Target Number, {2} the verdict (success, failure...).
  return text + fmt::format(fmt::runtime(tr(" -> {} vs TN {}: {}")), rolled.result, roll.tn, verdict);
}

}  // namespace marshal::core
