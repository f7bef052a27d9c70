#include "core/damage.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <string>

#include "core/refusal.h"
#include "core/trait_dice.h"

namespace marshal::core {

namespace {
void check_damage_roll(const DamageRoll& roll) {
  for (int sides : roll.dice)
    if (sides != 4 && sides != 6 && sides != 8 && sides != 10 && sides != 12)
      throw Refusal(RefusalCode::out_of_range, "dice",
                    say("a damage die is a d4, d6, d8, d10 or d12, not d{}", sides));
  const int count = static_cast<int>(roll.dice.size()) + (roll.raise ? 1 : 0);
  if (roll.dice.empty() || count > max_damage_dice)
    throw Refusal(RefusalCode::out_of_range, "dice",
                  say("a damage roll sums 1 to {} dice, the raise's d6 included", max_damage_dice));
  if (roll.modifier < -max_damage_modifier || roll.modifier > max_damage_modifier)
    throw Refusal(RefusalCode::out_of_range, "modifier",
                  say("a modifier is {} to +{}", -max_damage_modifier, max_damage_modifier));
  if (roll.crit_success && !roll.rules.critical_success)
    throw Refusal(RefusalCode::out_of_range, "crit_success",
                  say("these rules have no Critical Success (only deadlands-1876 has, 000 L20)"));
}

// P(X_j + ... + X_n >= s), where each later die shows at least 1 (TABLETOP.md's recursion:
// either X_j alone reaches what the later dice cannot fail to add, or X_j = v exactly and the
// later dice reach the rest). Nonnegative terms only; values of X_j at or past the need are one
// tail, never listed.
class DiceSum {
 public:
  explicit DiceSum(std::vector<int> sides) : sides_(std::move(sides)), memo_(sides_.size()) {}

  double reaches(std::size_t j, int s) {
    const int later = static_cast<int>(sides_.size() - j);  // dice j..n each show at least 1
    if (s <= later) return 1.0;
    if (j == sides_.size()) return 0.0;
    std::vector<double>& known = memo_[j];
    if (known.size() <= static_cast<std::size_t>(s)) known.resize(static_cast<std::size_t>(s) + 1, -1.0);
    double& p = known[static_cast<std::size_t>(s)];
    if (p >= 0) return p;
    const int need = s - (later - 1);  // what X_j must reach on its own
    double sum = exploding_at_least(sides_[j], need);
    for (int v = 1; v < need; ++v) {
      const double exactly = exploding_exactly(sides_[j], v);
      if (exactly > 0) sum += exactly * reaches(j + 1, s - v);
    }
    return p = sum;
  }

 private:
  std::vector<int> sides_;
  std::vector<std::vector<double>> memo_;
};

int sum_of(const std::vector<int>& faces) {
  return std::accumulate(faces.begin(), faces.end(), 0);
}

// A Critical Success's chain: the maximum, then the die Aces on as ever; held to max_ace_rolls
// faces, where a typed chain is held too (100 maxima in a row: 2^-99 at best).
std::vector<int> roll_damage_chain(Csprng& rng, int sides, bool crit_success) {
  std::vector<int> faces = roll_ace_chain(rng, sides);
  if (!crit_success) return faces;
  faces.insert(faces.begin(), sides);
  if (static_cast<int>(faces.size()) > max_ace_rolls) faces.pop_back();
  return faces;
}

void judge_damage_chain(const std::vector<int>& faces, int sides, const std::string& field, bool crit_success) {
  judge_chain(faces, sides, field, ChainDie::damage);
  if (crit_success && faces.front() != sides)
    throw Refusal(RefusalCode::out_of_range, field + "[0]",
                  // TRANSLATORS: {0} the die's sides, {1} its maximum, {2} the face typed first.
                  say("a Critical Success starts every damage die at its maximum (000 L20): the d{} shows {} "
                      "first, not {}",
                      sides, sides, faces.front()));
}

RolledDamage totalled(const DamageRoll& roll, RolledDamage rolled) {
  rolled.total = roll.modifier + (roll.joker ? joker_bonus : 0) + sum_of(rolled.raise);
  for (const auto& chain : rolled.dice) rolled.total += sum_of(chain);
  return rolled;
}
}  // namespace

std::optional<std::vector<int>> parse_damage_dice(std::string_view text) {
  std::vector<int> dice;
  std::size_t i = 0;
  if (text.empty()) return std::nullopt;
  for (;;) {
    int count = 0, digits = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && digits < 3) {
      count = count * 10 + (text[i++] - '0');
      ++digits;
    }
    if (digits == 0) count = 1;
    if (count < 1 || i >= text.size() || (text[i] != 'd' && text[i] != 'D')) return std::nullopt;
    ++i;
    int sides = 0, side_digits = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && side_digits < 3) {
      sides = sides * 10 + (text[i++] - '0');
      ++side_digits;
    }
    if (side_digits == 0 || count > max_damage_dice) return std::nullopt;
    dice.insert(dice.end(), static_cast<std::size_t>(count), sides);
    if (dice.size() > static_cast<std::size_t>(max_damage_dice)) return std::nullopt;
    if (i == text.size()) return dice;
    if (text[i++] != '+') return std::nullopt;
  }
}

double damage_reaches(const DamageRoll& roll, int x) {
  check_damage_roll(roll);
  std::vector<int> sides = roll.dice;
  if (roll.raise) sides.push_back(raise_die);
  int fixed = roll.modifier + (roll.joker ? joker_bonus : 0);
  // A Critical Success: each die shows its maximum, then Aces on as a die of its own (000 L20).
  if (roll.crit_success) fixed += std::accumulate(sides.begin(), sides.end(), 0);
  return DiceSum(std::move(sides)).reaches(0, x - fixed);
}

int toughness_against(int toughness, int armor, int armor_piercing) {
  if (toughness < 1 || toughness > max_toughness)
    throw Refusal(RefusalCode::out_of_range, "toughness", say("Toughness is 1 to {}", max_toughness));
  if (armor < 0 || armor >= toughness)
    // TRANSLATORS: {0} the Toughness, {1} the highest armour it can hold (Toughness - 1).
    throw Refusal(RefusalCode::out_of_range, "armor", say("armour is part of Toughness {}: 0 to {}", toughness, toughness - 1));
  if (armor_piercing < 0 || armor_piercing > max_toughness)
    throw Refusal(RefusalCode::out_of_range, "ap", say("Armour Piercing is 0 to {}", max_toughness));
  return toughness - std::min(armor_piercing, armor);
}

DamageOdds damage_odds(const DamageRoll& roll, int toughness, bool already_shaken) {
  if (toughness < 1 || toughness > max_toughness)
    throw Refusal(RefusalCode::out_of_range, "toughness", say("Toughness is 1 to {}", max_toughness));
  DamageOdds odds;
  odds.shaken = damage_reaches(roll, toughness);
  for (int k = 1; k <= 4; ++k) odds.wound_at_least[static_cast<std::size_t>(k - 1)] = damage_reaches(roll, toughness + 4 * k);
  if (already_shaken) odds.wound_at_least[0] = odds.shaken;
  return odds;
}

HitOutcome judge_hit(int total, int toughness, bool already_shaken) {
  if (total < toughness) return {};
  const int raises = (total - toughness) / 4;
  if (raises == 0) return already_shaken ? HitOutcome{true, 1} : HitOutcome{true, 0};
  return {true, raises};
}

RolledDamage roll_damage(const DamageRoll& roll, Csprng& rng) {
  check_damage_roll(roll);
  RolledDamage rolled;
  for (int sides : roll.dice) rolled.dice.push_back(roll_damage_chain(rng, sides, roll.crit_success));
  if (roll.raise) rolled.raise = roll_damage_chain(rng, raise_die, roll.crit_success);
  return totalled(roll, std::move(rolled));
}

RolledDamage damage_from_dice(const DamageRoll& roll, std::vector<std::vector<int>> dice, std::vector<int> raise) {
  check_damage_roll(roll);
  if (dice.size() != roll.dice.size())
    throw Refusal(RefusalCode::out_of_range, "dice",
                  // TRANSLATORS: {0} how many dice the weapon rolls, {1} how many were typed.
                  say("the damage roll has {} dice, yet {} were given", roll.dice.size(), dice.size()));
  for (std::size_t j = 0; j < dice.size(); ++j)
    judge_damage_chain(dice[j], roll.dice[j], "dice[" + std::to_string(j) + "]", roll.crit_success);
  if (roll.raise)
    judge_damage_chain(raise, raise_die, "raise", roll.crit_success);
  else if (!raise.empty())
    throw Refusal(RefusalCode::out_of_range, "raise",
                  say("only a raise on the attack adds the d6 (002 L8), and this attack had none"));
  RolledDamage rolled;
  rolled.dice = std::move(dice);
  rolled.raise = std::move(raise);
  return totalled(roll, std::move(rolled));
}

}  // namespace marshal::core
