#include "core/trait_dice.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>

#include "core/refusal.h"

namespace marshal::core {

namespace {

// trait_odds refuses exactly the rolls a roller must refuse, with the same fields and sentences,
// and its check is not exposed; calling it (microseconds, no loop over outcomes) keeps a single
// definition of a legal roll, so the odds and the dice can never disagree about one.
void check_legal_roll(const TraitRoll& roll) {
  static_cast<void>(trait_odds(roll));
}

// The coin (d2) is a die like the others for everything below: tails 1, heads 2 and Aces.
int roll_face(Csprng& rng, int sides) {
  return 1 + static_cast<int>(rng.uniform(static_cast<std::uint32_t>(sides)));
}

int total_of(const std::vector<int>& faces) {
  return std::accumulate(faces.begin(), faces.end(), 0);
}

std::string entry(const std::string& field, std::size_t i) {
  return field + "[" + std::to_string(i) + "]";
}

// An Extra's natural 1 calls for the crit-check d6 (001 L23); nothing else does.
bool needs_crit_check(const TraitRoll& roll, const std::vector<int>& trait) {
  return roll.wild_die == 0 && total_of(trait) == 1;
}

void check_dice(const TraitRoll& roll, const std::vector<int>& trait, const std::vector<int>& wild,
                const std::vector<int>& crit_check) {
  judge_chain(trait, roll.trait_die, "trait", ChainDie::trait);
  if (roll.wild_die == 0) {
    if (!wild.empty())
      throw Refusal(RefusalCode::out_of_range, "wild",
                    say("this roll has no Wild Die (an Extra, a Connection Marker or the coin), yet {} "
                        "Wild Die faces were given",
                        wild.size()));
  } else {
    judge_chain(wild, roll.wild_die, "wild", ChainDie::wild);
  }
  if (!needs_crit_check(roll, trait)) {
    if (!crit_check.empty())
      throw Refusal(RefusalCode::out_of_range, "crit_check",
                    say("only an Extra's natural 1 calls for the crit-check d6 (001 L23)"));
    return;
  }
  if (crit_check.empty())
    throw Refusal(RefusalCode::missing_input, "crit_check",
                  say("an Extra's natural 1 calls for a d6: on a 1 it is a Critical Failure (001 L23)"));
  if (crit_check.size() > 1)
    throw Refusal(RefusalCode::out_of_range, "crit_check",
                  say("the crit-check is one d6, not {} dice", crit_check.size()));
  if (crit_check[0] < 1 || crit_check[0] > 6)
    throw Refusal(RefusalCode::out_of_range, entry("crit_check", 0),
                  say("a d6 shows 1..6, not {}", crit_check[0]));
}

// The rules of trait_odds (its RollModel), applied to one set of dice.
RolledTrait judge(const TraitRoll& roll, std::vector<int> trait, std::vector<int> wild,
                  std::vector<int> crit_check) {
  const TraitRules& rules = roll.rules;
  RolledTrait r;
  r.trait = std::move(trait);
  r.wild = std::move(wild);
  r.crit_check = std::move(crit_check);
  const int t = total_of(r.trait);
  const bool natural_one = t == 1;  // a 1 never Aces, so a total of 1 is a first roll of 1
  // A natural one "cannot be modified to a higher result" (000 L36): a penalty still applies.
  int result =
      natural_one && rules.natural_one ? std::min(1, 1 + roll.modifier) : t + roll.modifier;
  bool fails_anyway = false;
  if (roll.wild_die != 0) {
    const int w = total_of(r.wild);
    const int wild_modifier = rules.modifier_on == ModifierOn::total ? roll.modifier : 0;
    result = std::max(result, w + wild_modifier);  // 001 L5: the higher of the two
    r.crit_fail = natural_one && w == 1;           // 001 L20: snake eyes
    r.crit_success = rules.critical_success && r.trait.front() == roll.trait_die &&
                     r.wild.front() == roll.wild_die;  // 000 L20: boxcars
    fails_anyway = r.crit_fail;
  } else if (natural_one) {
    r.crit_fail = r.crit_check.front() == 1;                     // 001 L23
    fails_anyway = r.crit_fail || rules.extra_one_always_fails;  // 002 L45
  }
  r.result = result;
  r.success = !fails_anyway && result >= roll.tn;
  r.raises = r.success ? (result - roll.tn) / 4 : 0;  // 001 L14: from the result that succeeded
  return r;
}

}  // namespace

std::vector<int> roll_ace_chain(Csprng& rng, int sides) {
  std::vector<int> faces;
  do {
    faces.push_back(roll_face(rng, sides));
  } while (faces.back() == sides && static_cast<int>(faces.size()) < max_ace_rolls);
  return faces;
}

void judge_chain(const std::vector<int>& faces, int sides, const std::string& field, ChainDie die) {
  if (faces.empty())
    throw Refusal(RefusalCode::missing_input, field,
                  die == ChainDie::wild     ? say("the Wild Die was not given")
                  : die == ChainDie::damage ? say("the damage die was not given")
                                            : say("the trait die was not given"));
  if (static_cast<int>(faces.size()) > max_ace_rolls)
    throw Refusal(RefusalCode::out_of_range, field,
                  say("an Ace chain stops at {} rolls, not {}", max_ace_rolls, faces.size()));
  for (std::size_t i = 0; i < faces.size(); ++i)
    if (faces[i] < 1 || faces[i] > sides)
      throw Refusal(RefusalCode::out_of_range, entry(field, i),
                    // TRANSLATORS: {0} and {1} are the die's sides, {2} the face given.
                    say("a d{} shows 1..{}, not {}", sides, sides, faces[i]));
  for (std::size_t i = 0; i + 1 < faces.size(); ++i)
    if (faces[i] != sides)
      throw Refusal(RefusalCode::out_of_range, entry(field, i),
                    die == ChainDie::wild
                        // TRANSLATORS: {0} is the die's maximum, {1} the face that ended the roll.
                        ? say("only a maximum ({}) Aces and is rolled again; {} ends the Wild Die's roll, yet "
                              "more faces follow",
                              sides, faces[i])
                    : die == ChainDie::damage
                        // TRANSLATORS: {0} is the die's maximum, {1} the face that ended the roll.
                        ? say("only a maximum ({}) Aces and is rolled again; {} ends the damage die's roll, "
                              "yet more faces follow",
                              sides, faces[i])
                        // TRANSLATORS: {0} is the die's maximum, {1} the face that ended the roll.
                        : say("only a maximum ({}) Aces and is rolled again; {} ends the trait die's roll, "
                              "yet more faces follow",
                              sides, faces[i]));
  if (faces.back() == sides && static_cast<int>(faces.size()) < max_ace_rolls)
    throw Refusal(RefusalCode::missing_input, entry(field, faces.size()),
                  die == ChainDie::wild     ? say("the Wild Die Aced with {}: the roll after it was not given", sides)
                  : die == ChainDie::damage ? say("the damage die Aced with {}: the roll after it was not given", sides)
                                            : say("the trait die Aced with {}: the roll after it was not given", sides));
}

RolledTrait roll_trait(const TraitRoll& roll, Csprng& rng) {
  check_legal_roll(roll);
  std::vector<int> trait = roll_ace_chain(rng, roll.trait_die);
  std::vector<int> wild;
  if (roll.wild_die != 0) wild = roll_ace_chain(rng, roll.wild_die);
  std::vector<int> crit_check;
  if (needs_crit_check(roll, trait)) crit_check.push_back(roll_face(rng, 6));
  return judge(roll, std::move(trait), std::move(wild), std::move(crit_check));
}

RolledTrait roll_trait_from_dice(const TraitRoll& roll, std::vector<int> trait,
                                 std::vector<int> wild, std::vector<int> crit_check) {
  check_legal_roll(roll);
  check_dice(roll, trait, wild, crit_check);
  return judge(roll, std::move(trait), std::move(wild), std::move(crit_check));
}

}  // namespace marshal::core
