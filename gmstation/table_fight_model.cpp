#include "gmstation/table_fight_model.h"

#include <cctype>
#include <initializer_list>
#include <utility>

#include <fmt/format.h>

#include "core/initiative.h"
#include "core/refusal.h"
#include "core/table_modifiers.h"
#include "core/table_roll.h"
#include "core/trait_roll.h"
#include "gmstation/table_fight_injury.h"
#include "i18n/sentence.h"
#include "i18n/translate.h"

namespace marshal::gm::table_fight {

using i18n::tr;
using i18n::trn;

namespace {

// A card's rank as its corner shows it: 2-10, J, Q, K, A (the Russian deck's В, Д, К, Т).
std::string rank_words(int rank) {
  switch (rank) {
    // TRANSLATORS: the Jack's letter in a card's corner, as on playing cards: one letter.
    case 11: return tr("J");
    // TRANSLATORS: the Queen's letter in a card's corner, as on playing cards: one letter.
    case 12: return tr("Q");
    // TRANSLATORS: the King's letter in a card's corner, as on playing cards: one letter.
    case 13: return tr("K");
    // TRANSLATORS: the Ace's value in the corners of an action card, as on playing cards: one letter.
    case 14: return tr("A");
    default: return std::to_string(rank);
  }
}

}  // namespace

std::string card_words(const std::string& text) {
  const auto card = core::parse_playing_card(text);
  if (!card) return text;
  // TRANSLATORS: the Action Card of 000 L54 that acts first.
  if (card->joker == core::Joker::black) return tr("Black Joker");
  // TRANSLATORS: the Action Card of 000 L54 that acts after the Black Joker.
  if (card->joker == core::Joker::red) return tr("Red Joker");
  const char* suit = card->suit == core::Suit::spades   ? "\u2660"
                     : card->suit == core::Suit::hearts ? "\u2665"
                     : card->suit == core::Suit::diamonds ? "\u2666"
                                                          : "\u2663";
  return rank_words(card->rank) + suit;
}

namespace {

// GET /table's last round dealt in the fight under way; null without one.
Json last_round(const Json& table) {
  const Json fight = table.value("fight", Json());
  return fight.is_object() ? fight.value("round", Json()) : Json();
}

}  // namespace

std::string fight_heading(const Json& table) {
  if (!table.value("fight", Json()).is_object()) return "";
  const Json round = last_round(table);
  // TRANSLATORS: the Table screen's fight heading before the first round's Action Cards.
  if (!round.is_object()) return tr("Fight under way: no cards dealt yet");
  // TRANSLATORS: the heading of the Table screen's list during a fight, which runs in the order the fighters act. Short.
  std::string heading = fmt::format(fmt::runtime(tr("Round {}")), round.value("number", 0));
  // TRANSLATORS: after the fight's heading: a Joker came out, so the deck is shuffled before the next deal (SWD).
  if (round.value("shuffle_next", false)) heading += "; " + tr("shuffle next");
  return heading;
}

std::optional<std::size_t> acting_place(const Json& table, const std::string& badge) {
  const Json round = last_round(table);
  if (!round.is_object() || badge.empty()) return std::nullopt;
  const Json order = round.value("order", Json::array());
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const Json& to : order[i].value("badges", Json::array()))
      if (to == badge) return i;
  return std::nullopt;
}

std::string card_of(const Json& table, const std::string& badge) {
  const auto place = acting_place(table, badge);
  if (!place) return "";
  const Json round = last_round(table);  // kept: `dealt` refers into it
  const Json& dealt = round["order"][*place];
  // The Joker's holder acts when they like, at +2 on every roll (000 L54); which Joker shows in
  // the order (the Black first), the list stays short.
  // TRANSLATORS: a Joker's holder in the Table screen's list during a fight: they act when they like, at +2 (000 L54).
  if (dealt.value("joker", false)) return tr("Joker +2");
  return card_words(dealt.value("card", ""));
}

}  // namespace marshal::gm::table_fight

namespace marshal::gm::table_fight {

namespace {


core::Refusal bad_damage(const i18n::Sentence& why) { return core::Refusal(core::RefusalCode::out_of_range, "dice", why); }

// "6 3" -> {6, 3}: one die's chain of faces.
std::vector<int> chain_of(std::string_view text) {
  std::vector<int> faces;
  std::string number;
  auto flush = [&] {
    if (number.empty()) return;
    // TRANSLATORS: {} is what was typed as a die's face.
    if (number.size() > 3) throw bad_damage(i18n::say("'{}' is no face of a die", number));
    faces.push_back(std::stoi(number));
    number.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      number += c;
    } else if (c == ' ' || c == '+') {
      flush();
    } else {
      // The whole character quoted (a letter of another alphabet is several bytes of UTF-8).
      std::size_t length = 1;
      while (i + length < text.size() && (static_cast<unsigned char>(text[i + length]) & 0xC0) == 0x80) ++length;
      // TRANSLATORS: {} is the character typed; "2d6+1: 6 3, 2" is an example of typed damage.
      throw bad_damage(i18n::say("'{}' does not belong in the faces: each die's rolls, a comma between dice (2d6+1: 6 3, 2)",
                                 std::string(text.substr(i, length))));
    }
  }
  flush();
  return faces;
}

}  // namespace


TypedDamage parse_typed_damage(std::string_view typed_text) {
  // Typed on a Russian layout: the keys of d, the comma and the colon give в, б and ж; the
  // Russian words for d and the raise read the same.
  std::string latin(typed_text);
  for (const auto& [from, to] : std::initializer_list<std::pair<std::string, std::string>>{
           {"подъём", "raise"}, {"Подъём", "raise"}, {"подъем", "raise"}, {"Подъем", "raise"},  // i18n: not words
           {"в", "d"}, {"В", "d"}, {"д", "d"}, {"Д", "d"}, {"б", ","}, {"Б", ","}, {"ж", ":"}, {"Ж", ":"}})
    for (auto at = latin.find(from); at != std::string::npos; at = latin.find(from, at)) latin.replace(at, from.size(), to);
  const std::string_view text = latin;
  TypedDamage typed;
  const auto colon = text.find(':');
  std::string spec;
  for (char c : text.substr(0, colon))
    if (c != ' ') spec += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // TRANSLATORS: refused when no damage dice were typed; the examples are not translated.
  if (spec.empty()) throw core::Refusal(core::RefusalCode::missing_input, "dice", i18n::say("type the weapon's damage dice first (2d6+1, d8+d6)"));
  // Terms between + and -: dice ("2d6", "d8"), a number (the modifier), or "raise".
  std::string dice_terms;
  std::size_t at = 0;
  while (at < spec.size()) {
    const bool minus = spec[at] == '-';
    if (spec[at] == '+' || spec[at] == '-') ++at;
    const auto end = spec.find_first_of("+-", at);
    const std::string term = spec.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? spec.size() : end;
    // TRANSLATORS: {} is the whole damage as typed.
    if (term.empty()) throw bad_damage(i18n::say("'{}' has a sign with nothing after it", spec));
    if (term == "raise" && !minus) {
      typed.roll.raise = true;
    } else if (term.find_first_not_of("0123456789") == std::string::npos) {
      if (term.size() > 2) throw bad_damage(i18n::say("'{}' is too large a damage modifier", term));
      const int n = std::stoi(term);
      typed.roll.modifier += minus ? -n : n;
    } else if (!minus && term.find('d') != std::string::npos) {
      dice_terms += (dice_terms.empty() ? "" : "+") + term;
    } else {
      // TRANSLATORS: {} is a part of typed damage; the examples are not translated.
      throw bad_damage(i18n::say("'{}' is no damage dice: type them as on the weapon (2d6+1, d8+d6, 2d6+raise)", term));
    }
  }
  const auto dice = core::parse_damage_dice(dice_terms);
  // TRANSLATORS: {} is the typed damage; the examples are not translated.
  if (dice_terms.empty() || !dice) throw bad_damage(i18n::say("'{}' names no damage dice: type them as on the weapon (2d6+1, d8+d6)", spec));
  typed.roll.dice = *dice;
  if (colon == std::string_view::npos) return typed;
  typed.faces_typed = true;
  std::string_view rest = text.substr(colon + 1);
  std::vector<std::vector<int>> chains;
  while (true) {
    const auto comma = rest.find(',');
    chains.push_back(chain_of(rest.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  const std::size_t wanted = typed.roll.dice.size() + (typed.roll.raise ? 1 : 0);
  if (chains.size() != wanted)
    // TRANSLATORS: {0} counts the dice rolled (the raise's d6 included), {1} the chains typed.
    throw bad_damage(i18n::say("{} dice rolled but {} typed: each die's rolls, a comma between dice (2d6+1: 6 3, 2)",
                               wanted, chains.size()));
  if (typed.roll.raise) {
    typed.raise = chains.back();
    chains.pop_back();
  }
  typed.chains = std::move(chains);
  return typed;
}


Json chip_to_spend(const Json& table, const Json& who) {
  const Json colours = table.value("colours", Json::array());
  const Json own = who.value("chips", Json::object()), pool = table.value("gm_pool", Json::object());
  for (const Json& c : colours)
    if (own.value(c.get<std::string>(), 0) > 0) return {{"by", who.value("badge", "")}, {"colour", c}};
  if (who.value("side", "") == "gm")
    for (const Json& c : colours)
      if (pool.value(c.get<std::string>(), 0) > 0) return {{"by", "gm"}, {"colour", c}};
  return Json();
}

std::string no_chip_words(const Json& who) {
  // TRANSLATORS: {} is who rolls.
  return fmt::format(fmt::runtime(who.value("side", "") == "gm" ? tr("{} has no Benny or chip to spend, nor has the GM's pool")
                                                                 : tr("{} has no Benny or chip to spend")),
                     who.value("name", ""));
}

Json trait_dice_payload(const core::RolledTrait& rolled) {
  Json dice{{"trait", rolled.trait}};
  if (!rolled.wild.empty()) dice["wild"] = rolled.wild;
  if (!rolled.crit_check.empty()) dice["crit_check"] = rolled.crit_check;
  return dice;
}

Json damage_payload(const std::string& by, const std::string& target, const core::DamageRoll& roll,
                    const core::RolledDamage& rolled) {
  Json dice = Json::array();
  for (std::size_t i = 0; i < roll.dice.size(); ++i)
    dice.push_back({{"die", fmt::format("d{}", roll.dice[i])}, {"faces", rolled.dice[i]}});
  Json payload{{"by", by}, {"target", target}, {"dice", dice}, {"modifier", roll.modifier}};
  if (roll.raise) payload["raise"] = rolled.raise;
  if (roll.joker) payload["joker"] = true;
  if (roll.crit_success) payload["crit_success"] = true;
  return payload;
}

std::string damage_words(const core::DamageRoll& roll, const core::RolledDamage& rolled) {
  auto chain = [](int sides, const std::vector<int>& faces) {
    std::string text = fmt::format("d{}: ", sides);
    for (std::size_t i = 0; i < faces.size(); ++i) text += (i ? " + " : "") + std::to_string(faces[i]);
    return text;
  };
  std::string words;
  for (std::size_t i = 0; i < roll.dice.size() && i < rolled.dice.size(); ++i)
    words += (words.empty() ? "" : ", ") + chain(roll.dice[i], rolled.dice[i]);
  // TRANSLATORS: the attack's raise die in a damage roll, before its faces ("raise d6: 4").
  if (roll.raise) words += ", " + tr("raise") + " " + chain(core::raise_die, rolled.raise);
  if (roll.modifier) words += fmt::format(", {:+d}", roll.modifier);
  // TRANSLATORS: the Joker's +2 in a damage roll (000 L54).
  if (roll.joker) words += fmt::format(", {} {:+d}", tr("Joker"), core::joker_bonus);
  return fmt::format("{} = {}", words, rolled.total);
}

std::string hit_words(const Json& ledger) {
  const int wounds = ledger.value("wounds", 0);
  std::string effect;
  if (wounds > 0)
    effect = fmt::format(fmt::runtime(trn("{} wound", "{} wounds", static_cast<std::uint64_t>(wounds))), wounds) + ", " + tr("SHAKEN");
  else if (ledger.value("shaken", false))
    effect = tr("SHAKEN");
  else
    // TRANSLATORS: a damage total below the target's Toughness.
    effect = tr("no effect");
  // TRANSLATORS: {0} the damage total, {1} the target's Toughness (less AP), {2} what it did ("1 wound, SHAKEN").
  return fmt::format(fmt::runtime(tr("{} vs Toughness {}: {}")), ledger.value("total", 0), ledger.value("toughness", 0), effect);
}

Json last_wounding_hit(const Json& table) {
  const Json fight = table.value("fight", Json());
  if (!fight.is_object()) return Json();
  const Json hits = fight.value("hits", Json::array());
  if (hits.empty() || hits.back().value("wounds", 0) == 0) return Json();
  return hits.back();
}

namespace {

SheetDie sheet_die(const Json& character, const std::vector<std::string>& names) {
  for (const Json& t : character.value("traits", Json::array()))
    for (const std::string& name : names)
      if (t.value("trait", "") == name) return {t.value("sides", 4), t.value("bonus", 0), true};
  return {};
}

}  // namespace

SheetDie vigor_die(const Json& character) {
  return sheet_die(character, {"Vigor", "vigor", "VIGOR", "Выносливость", "выносливость"});  // i18n: not words (the sheets')
}

SheetDie spirit_die(const Json& character) {
  return sheet_die(character, {"Spirit", "spirit", "SPIRIT", "Характер", "характер"});  // i18n: not words (the sheets')
}

SheetDie healing_die(const Json& character) {
  // Not Medicine (Медицина): 000 L192 makes it a skill of its own, for long-term care.
  return sheet_die(character, {"Healing", "healing", "HEALING", "Лечение", "лечение"});  // i18n: not words (the sheets')
}

std::vector<std::string> owing_fate(const Json& table) {
  std::vector<std::string> badges;
  for (const Json& c : table.value("characters", Json::array()))
    if (c.is_object() && c.value("combat", Json()).is_object() && c["combat"].value("state", "") == "incapacitated")
      badges.push_back(c.value("badge", ""));
  return badges;
}

bool can_be_healed(const Json& character) {
  if (!character.is_object() || character.value("dead", false)) return false;
  const Json combat = character.value("combat", Json());
  if (!combat.is_object()) return false;
  // The Incapacitated owe their roll first (000 L170); the dead are past Healing (000 L172); the
  // dying (Bleeding Out, unconscious, an Extra out) come back (002 L36) whatever their wounds.
  const std::string state = combat.value("state", "fighting");
  if (state == "dead" || state == "incapacitated") return false;
  return combat.value("wounds", 0) > 0 || (state != "fighting" && state != "last_stand");
}

bool heals_naturally(const Json& character) {
  if (!character.is_object() || character.value("dead", false)) return false;
  const Json combat = character.value("combat", Json());
  if (!combat.is_object() || combat.value("wounds", 0) == 0) return false;
  const std::string state = combat.value("state", "fighting");
  return state == "fighting" || state == "last_stand";
}

bool anyone_heals_naturally(const Json& table) {
  for (const Json& c : table.value("characters", Json::array()))
    if (heals_naturally(c)) return true;
  return false;
}

bool anyone_to_heal(const Json& table) {
  for (const Json& c : table.value("characters", Json::array()))
    if (can_be_healed(c)) return true;
  return false;
}

std::string fate_choices() {
  // TRANSLATORS: the Incapacitation results as the GM picks them by number (000 L171-176), short.
  const std::string words[] = {tr("dead"), tr("Bleeding Out"), tr("unconscious"), tr("Last Stand"), tr("avoids the blow")};
  std::string line;
  for (std::size_t i = 0; i < std::size(words); ++i) line += fmt::format("{}{} {}", i ? "   " : "", i + 1, words[i]);
  return line;
}

std::string fate_from_typed(std::string_view text) {
  std::string typed(text);
  while (!typed.empty() && typed.front() == ' ') typed.erase(typed.begin());
  while (!typed.empty() && typed.back() == ' ') typed.pop_back();
  if (typed.size() == 1 && typed[0] >= '1' && typed[0] <= '5') return fate_results[typed[0] - '1'];
  // TRANSLATORS: {} is what was typed for an Incapacitation result.
  throw core::Refusal(core::RefusalCode::out_of_range, "dice", i18n::say("'{}' is no result: type its number, 1 to 5", typed));
}

std::string fate_words(const std::string& result) {
  // TRANSLATORS: an Incapacitation roll's result (000 L172).
  if (result == "death") return tr("dead");
  // TRANSLATORS: an Incapacitation roll's result (000 L173).
  if (result == "bleeding_out") return tr("Bleeding Out: a permanent Injury if they live");
  // TRANSLATORS: an Incapacitation roll's result (000 L174).
  if (result == "unconscious") return tr("unconscious until healed, with a temporary Injury");
  // TRANSLATORS: an Incapacitation roll's result (000 L175).
  if (result == "last_stand") return tr("a Last Stand: fights on at the last Wound level, with a temporary Injury");
  // TRANSLATORS: an Incapacitation roll's result (000 L176).
  if (result == "stays_in") return tr("avoids the killing blow: fights on at the last Wound level");
  return result;
}

Json sheet_roll(const core::TraitRules& rules, const Json& character, const SheetDie& die, core::Csprng& rng,
                core::RolledTrait& rolled, std::string_view typed) {
  const core::TraitRoll roll = character.value("wild_card", true) ? core::wild_card_roll(rules, die.sides, die.modifier)
                                                                  : core::extra_roll(rules, die.sides, die.modifier);
  rolled = core::roll_typed_or_random(roll, typed, rng);
  Json fields{{"die", fmt::format("d{}", die.sides)}, {"modifier", die.modifier}, {"dice", trait_dice_payload(rolled)}};
  // The Joker's +2 (000 L54): claimed when the deal gave one, as the ledger checks.
  if (character.value("combat", Json()).value("joker", false)) fields["joker"] = true;
  return fields;
}

Json situation_of(const Json& character) {
  const Json combat = character.value("combat", Json());
  if (!combat.is_object()) return Json();
  return {{"wounds", combat.value("wounds", 0)}, {"joker", combat.value("joker", false)}};
}

int situation_modifier(const core::TraitRules& rules, const Json& situation) {
  if (!situation.is_object()) return 0;
  return core::wound_modifier(rules, situation.value("wounds", 0)) + (situation.value("joker", false) ? core::joker_bonus : 0);
}

std::string situation_words(const core::TraitRules& rules, const Json& situation) {
  if (!situation.is_object()) return "";
  std::string words;
  const int wounds = situation.value("wounds", 0), penalty = core::wound_modifier(rules, wounds);
  if (penalty != 0)
    // TRANSLATORS: a part of a roll's modifier in the odds line: the wound penalty ("-2 for 2 wounds").
    words = fmt::format(fmt::runtime(trn("{:+d} for {} wound", "{:+d} for {} wounds", static_cast<std::uint64_t>(wounds))), penalty, wounds);
  if (situation.value("joker", false))
    // TRANSLATORS: a part of a roll's modifier in the odds line: the Joker's +2 (000 L54).
    words += (words.empty() ? "" : ", ") + fmt::format(fmt::runtime(tr("{:+d} Joker")), core::joker_bonus);
  return words;
}

std::string faces_words(const core::RolledTrait& rolled) {
  std::string words = fmt::format("{}", fmt::join(rolled.trait, " + "));
  // TRANSLATORS: before the Wild Die's faces in a roll's result ("8 + 4, Wild Die 3").
  if (!rolled.wild.empty()) words += fmt::format(", {} {}", tr("Wild Die"), fmt::join(rolled.wild, " + "));
  return words;
}

}  // namespace marshal::gm::table_fight
