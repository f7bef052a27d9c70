#pragma once
// A ruleset's named options (TraitRules, TABLETOP.md "Rulesets"), as an event sets them over its
// ruleset's defaults: options.csv `crit_fail_reroll,one_benny` plays deadlands-1876 with 001
// L21's last Benny after a Critical Failure. Names and values are the words TraitRules' own
// to_string gives, and yes/no for the switches.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/trait_roll.h"

namespace marshal::core {

struct RuleOption {
  std::string_view name;    // "crit_fail_reroll"
  std::string_view values;  // "never, one_benny": for messages and docs
};
// Every option an event may set, in TABLETOP.md's order.
const std::vector<RuleOption>& rule_options();
bool is_rule_option(std::string_view name);

// Sets one option. Refused (Refusal out_of_range, field `name`) for an unknown name or a value
// that is not one of its values, naming them.
void set_rule_option(TraitRules& rules, std::string_view name, std::string_view value);

// Every option's value in `rules`, as set_rule_option reads it back: {{"modifier_on", "total"}, ...}.
std::vector<std::pair<std::string, std::string>> rule_option_values(const TraitRules& rules);

}  // namespace marshal::core
