// A ruleset's named options as an event sets them (core/rule_options.h): every name and value
// read back as set, and a bad name or value refused naming what is allowed.
#include <catch2/catch.hpp>

#include "core/refusal.h"
#include "core/rule_options.h"

using namespace marshal::core;

TEST_CASE("every option of a ruleset set by name and read back", "[core][rule_options]") {
  TraitRules rules = rules_for(Ruleset::savage);
  const auto defaults = rule_option_values(rules);
  REQUIRE(defaults.size() == rule_options().size());
  CHECK(defaults[0] == std::pair<std::string, std::string>{"modifier_on", "total"});
  const std::vector<std::pair<std::string, std::string>> changed{
      {"modifier_on", "trait_die"},      {"natural_one", "yes"},          {"crit_fail_multi", "any_and_wild"},
      {"crit_fail_reroll", "one_benny"}, {"extra_one_always_fails", "yes"}, {"critical_success", "yes"},
      {"coin_unskilled", "yes"},         {"wild_die", "d8"},              {"wound_penalty", "per_wound"},
      {"multi_action_penalty", "per_extra_action"}, {"gang_up", "yes"},   {"shooting_past_allies", "yes"},
      {"soak", "chip_then_tn8"}};
  REQUIRE(changed.size() == rule_options().size());
  for (const auto& [name, value] : changed) set_rule_option(rules, name, value);
  CHECK(rule_option_values(rules) == changed);
  CHECK(rules.crit_fail_reroll == CritFailReroll::one_benny);
  CHECK(rules.wild_die == 8);
  set_rule_option(rules, "wild_die", "none");
  CHECK(rules.wild_die == 0);
  // Every option's value list is what the option reads.
  for (const auto& o : rule_options()) CHECK(is_rule_option(o.name));
  CHECK_FALSE(is_rule_option("max_attribute"));
}

TEST_CASE("a bad option or value is refused, naming what is allowed", "[core][rule_options]") {
  TraitRules rules;
  auto refusal = [&](const char* name, const char* value) {
    try {
      set_rule_option(rules, name, value);
    } catch (const Refusal& r) {
      return r.field() + ": " + r.reason();
    }
    return std::string("accepted");
  };
  CHECK(refusal("crit_fail_reroll", "twice") == "crit_fail_reroll: 'twice' is not one of never, one_benny");
  CHECK(refusal("natural_one", "maybe") == "natural_one: 'maybe' is neither yes nor no");
  CHECK(refusal("wild_die", "d10") == "wild_die: 'd10' is not one of d6, d8, none");
  CHECK(refusal("aces", "yes").rfind("aces: is no option of a ruleset (modifier_on, natural_one", 0) == 0);
  CHECK(rules.crit_fail_reroll == CritFailReroll::never);  // nothing changed by a refusal
}
