#include "core/rule_options.h"

#include "core/refusal.h"

namespace marshal::core {

namespace {

std::string yes_no(bool value) { return value ? "yes" : "no"; }

bool parse_yes_no(std::string_view name, std::string_view value) {
  if (value == "yes") return true;
  if (value == "no") return false;
  throw Refusal(RefusalCode::out_of_range, std::string(name), say("'{}' is neither yes nor no", value));
}

// The value of a named enum option, from its own from_string.
template <class Parse>
auto parse_enum(std::string_view name, std::string_view value, std::string_view values, Parse parse) {
  auto parsed = parse(value);
  if (!parsed)
    throw Refusal(RefusalCode::out_of_range, std::string(name),
                  // TRANSLATORS: {0} is the value given, {1} the values the option takes (as typed in options.csv).
                  say("'{}' is not one of {}", value, values));
  return *parsed;
}

}  // namespace

const std::vector<RuleOption>& rule_options() {
  // Each option's values, as an event's options.csv gives them (codes, not words).
  static const std::vector<RuleOption> options{
      {"modifier_on", "total, trait_die"},  // i18n: not words
      {"natural_one", "yes, no"},  // i18n: not words
      {"crit_fail_multi", "more_than_half, any_and_wild"},  // i18n: not words
      {"crit_fail_reroll", "never, one_benny"},  // i18n: not words
      {"extra_one_always_fails", "yes, no"},  // i18n: not words
      {"critical_success", "yes, no"},  // i18n: not words
      {"coin_unskilled", "yes, no"},  // i18n: not words
      {"wild_die", "d6, d8, none"},  // i18n: not words
      {"wound_penalty", "none, per_wound"},  // i18n: not words
      {"multi_action_penalty", "none, flat, per_extra_action"},  // i18n: not words
      {"gang_up", "yes, no"},  // i18n: not words
      {"shooting_past_allies", "yes, no"},  // i18n: not words
      {"soak", "vigor_roll, chip_then_tn8"},  // i18n: not words
  };
  return options;
}

bool is_rule_option(std::string_view name) {
  for (const auto& o : rule_options())
    if (o.name == name) return true;
  return false;
}

void set_rule_option(TraitRules& rules, std::string_view name, std::string_view value) {
  std::string_view values;
  for (const auto& o : rule_options())
    if (o.name == name) values = o.values;
  if (values.empty()) {
    std::string known;
    for (const auto& o : rule_options()) known += (known.empty() ? "" : ", ") + std::string(o.name);
    // TRANSLATORS: after the option's name; {} lists the options a ruleset has.
    throw Refusal(RefusalCode::out_of_range, std::string(name), say("is no option of a ruleset ({})", known));
  }
  if (name == "modifier_on") rules.modifier_on = parse_enum(name, value, values, modifier_on_from_string);
  else if (name == "natural_one") rules.natural_one = parse_yes_no(name, value);
  else if (name == "crit_fail_multi") rules.crit_fail_multi = parse_enum(name, value, values, crit_fail_multi_from_string);
  else if (name == "crit_fail_reroll") rules.crit_fail_reroll = parse_enum(name, value, values, crit_fail_reroll_from_string);
  else if (name == "extra_one_always_fails") rules.extra_one_always_fails = parse_yes_no(name, value);
  else if (name == "critical_success") rules.critical_success = parse_yes_no(name, value);
  else if (name == "coin_unskilled") rules.coin_unskilled = parse_yes_no(name, value);
  else if (name == "wild_die") {
    if (value == "none") rules.wild_die = 0;
    else if (value == "d6" || value == "d8") rules.wild_die = value == "d6" ? 6 : 8;
    else throw Refusal(RefusalCode::out_of_range, "wild_die", say("'{}' is not one of d6, d8, none", value));
  } else if (name == "wound_penalty") rules.wound_penalty = parse_enum(name, value, values, wound_penalty_from_string);
  else if (name == "multi_action_penalty")
    rules.multi_action_penalty = parse_enum(name, value, values, multi_action_penalty_from_string);
  else if (name == "gang_up") rules.gang_up = parse_yes_no(name, value);
  else if (name == "soak") rules.soak = parse_enum(name, value, values, soak_rule_from_string);
  else rules.shooting_past_allies = parse_yes_no(name, value);
}

std::vector<std::pair<std::string, std::string>> rule_option_values(const TraitRules& rules) {
  return {{"modifier_on", std::string(to_string(rules.modifier_on))},
          {"natural_one", yes_no(rules.natural_one)},
          {"crit_fail_multi", std::string(to_string(rules.crit_fail_multi))},
          {"crit_fail_reroll", std::string(to_string(rules.crit_fail_reroll))},
          {"extra_one_always_fails", yes_no(rules.extra_one_always_fails)},
          {"critical_success", yes_no(rules.critical_success)},
          {"coin_unskilled", yes_no(rules.coin_unskilled)},
          {"wild_die", rules.wild_die == 0 ? std::string("none") : "d" + std::to_string(rules.wild_die)},
          {"wound_penalty", std::string(to_string(rules.wound_penalty))},
          {"multi_action_penalty", std::string(to_string(rules.multi_action_penalty))},
          {"gang_up", yes_no(rules.gang_up)},
          {"shooting_past_allies", yes_no(rules.shooting_past_allies)},
          {"soak", std::string(to_string(rules.soak))}};
}

}  // namespace marshal::core
