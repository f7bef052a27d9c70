#include "core/table_roll.h"

#include <cctype>

#include "core/refusal.h"

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
    if (number.size() > 3) throw Refusal(RefusalCode::out_of_range, "dice", "'" + number + "' is no face of a die");
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
                    std::string("'") + c + "' does not belong in dice: type the trait die's rolls, a comma, "
                                           "the Wild Die's (8 5, 3)");
    }
  }
  flush();
  if (dice.trait.empty()) throw Refusal(RefusalCode::missing_input, "dice", "type the trait die's rolls first (8 5, 3)");
  return dice;
}

namespace {

std::string chain_text(const std::vector<int>& faces, int sides) {
  std::string text;
  int total = 0;
  for (std::size_t i = 0; i < faces.size(); ++i) {
    if (i > 0) text += " + ";
    text += std::to_string(faces[i]);
    if (faces[i] == sides && i + 1 < faces.size()) text += " Ace";
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
    text = "coin: ";
    for (std::size_t i = 0; i < rolled.trait.size(); ++i)
      text += (i > 0 ? ", " : "") + std::string(rolled.trait[i] == 2 ? "heads" : "tails");
  } else {
    text = "d" + std::to_string(roll.trait_die) + ": " + chain_text(rolled.trait, roll.trait_die);
  }
  if (!rolled.wild.empty()) text += ", Wild Die d" + std::to_string(roll.wild_die) + ": " + chain_text(rolled.wild, roll.wild_die);
  if (!rolled.crit_check.empty()) text += ", the d6 after a 1: " + std::to_string(rolled.crit_check.front());
  if (roll.modifier != 0) text += ", " + signed_text(roll.modifier);
  text += " -> " + std::to_string(rolled.result) + " vs TN " + std::to_string(roll.tn) + ": ";
  if (rolled.crit_fail) return text + "CRITICAL FAILURE";
  if (!rolled.success) text += "failure";
  else if (rolled.raises == 0) text += "success";
  else text += "success, " + std::to_string(rolled.raises) + (rolled.raises == 1 ? " raise" : " raises");
  if (rolled.crit_success) text += ", critical success";
  return text;
}

}  // namespace marshal::core
