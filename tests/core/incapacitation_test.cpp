// Incapacitation in deadlands-1876 (core/incapacitation.h; 000 L170-178): the five results of the
// Vigor roll, exact for Vigor d8 (the plan's worked row), equal to an enumeration of every face
// of both dice classified by the seed's table for every die, Wild Die, modifier and ruleset; a
// rolled Vigor roll judged row by row; a temporary Injury's days.
#include <catch2/catch.hpp>

#include "core/incapacitation.h"
#include "core/refusal.h"
#include "exact_odds.h"
#include "trait_enumeration.h"

using namespace marshal::core;

TEST_CASE("Incapacitation with Vigor d8 and a d6 Wild Die (000 L171-176), exact", "[incapacitation]") {
  const IncapacitationOdds odds = incapacitation_odds(wild_card_roll(rules_for(Ruleset::deadlands_1876), 8));
  CHECK(odds.death == exact(ratio(1, 48)));
  CHECK(odds.bleeding_out == exact(ratio(1, 6)));
  CHECK(odds.unconscious == exact(ratio(163, 288)));
  CHECK(odds.last_stand == exact(ratio(65, 288)));
  CHECK(odds.stays_in == exact(ratio(1, 48)));
}

TEST_CASE("every Incapacitation roll equals the enumeration of its faces by the table of 000 L171-176",
          "[incapacitation]") {
  using namespace marshal::core::enumeration;
  int compared = 0;
  for (const auto& r : all_rulesets) {
    const TraitRules rules = rules_for(r.ruleset);
    for (int vigor : {4, 6, 8, 10, 12})
      for (int wild : {0, 6, 8}) {
        const DieFaces trait_faces = exploding_faces(vigor);
        const DieFaces wild_faces = wild == 0 ? no_die() : exploding_faces(wild);
        const std::vector<CheckFace> checks =
            wild != 0 ? std::vector<CheckFace>{{false, 1}} : std::vector<CheckFace>{{true, 1}, {false, 5}};
        const Whole den = trait_faces.den * wild_faces.den * (wild != 0 ? 1 : 6);
        for (int m = -6; m <= 6; ++m) {
          std::array<Whole, 5> weight{};  // death, bleeding out, unconscious, last stand, stays in
          for (const Face& t : trait_faces.faces)
            for (const Face& w : wild_faces.faces)
              for (const CheckFace& c : checks) {
                int trait_value = t.value + m;
                if (t.value == 1 && rules.natural_one) trait_value = std::min(trait_value, 1);
                int result = trait_value;
                if (wild != 0) result = std::max(trait_value, w.value + (rules.modifier_on == ModifierOn::total ? m : 0));
                const bool critical = t.value == 1 && (wild != 0 ? w.value == 1 : c.one);
                const bool fails_anyway = critical || (t.value == 1 && wild == 0 && rules.extra_one_always_fails);
                const bool boxcars = wild != 0 && rules.critical_success && t.aced && w.aced;
                std::size_t row = 1;
                if (critical) row = 0;
                else if (boxcars) row = 4;
                else if (!fails_anyway && result >= incapacitation_tn + 4) row = 3;
                else if (!fails_anyway && result >= incapacitation_tn) row = 2;
                weight[row] += t.weight * w.weight * c.weight;
              }
          const IncapacitationOdds odds = incapacitation_odds(TraitRoll{vigor, wild, m, 99, rules});  // TN is the table's
          INFO(r.name << " d" << vigor << " wild " << wild << " mod " << m);
          CHECK(odds.death == exact(to_double(reduced(weight[0], den))));
          CHECK(odds.bleeding_out == exact(to_double(reduced(weight[1], den))));
          CHECK(odds.unconscious == exact(to_double(reduced(weight[2], den))));
          CHECK(odds.last_stand == exact(to_double(reduced(weight[3], den))));
          CHECK(odds.stays_in == exact(to_double(reduced(weight[4], den))));
          ++compared;
        }
      }
  }
  CHECK(compared == 3 * 5 * 3 * 13);
}

TEST_CASE("a rolled Vigor roll judged by the table of 000 L171-176, row by row", "[incapacitation]") {
  auto judged = [](bool crit_fail, bool crit_success, bool success, int raises) {
    RolledTrait r;
    r.crit_fail = crit_fail;
    r.crit_success = crit_success;
    r.success = success;
    r.raises = raises;
    return judge_incapacitation(r);
  };
  CHECK(judged(true, false, false, 0) == Incapacitation::death);        // L172
  CHECK(judged(false, false, false, 0) == Incapacitation::bleeding_out); // L173
  CHECK(judged(false, false, true, 0) == Incapacitation::unconscious);   // L174
  CHECK(judged(false, false, true, 1) == Incapacitation::last_stand);    // L175
  CHECK(judged(false, false, true, 3) == Incapacitation::last_stand);
  CHECK(judged(false, true, true, 2) == Incapacitation::stays_in);       // L176
  CHECK(judged(false, true, false, 0) == Incapacitation::stays_in);      // boxcars short of the TN still avoids it
  CHECK(to_string(Incapacitation::last_stand) == "last_stand");
  for (Incapacitation r : {Incapacitation::death, Incapacitation::bleeding_out, Incapacitation::unconscious,
                           Incapacitation::last_stand, Incapacitation::stays_in})
    CHECK(incapacitation_from_string(to_string(r)) == r);
  CHECK_FALSE(incapacitation_from_string("dying"));
}

TEST_CASE("a temporary Injury lasts 14 days minus a plain dVigor (000 L178)", "[incapacitation]") {
  CHECK(injury_days(8, 1) == 13);
  CHECK(injury_days(8, 8) == 6);
  CHECK(injury_days(12, 12) == 2);
  CHECK(injury_days(4, 4) == 10);
  for (int face : {0, 9}) {
    try {
      injury_days(8, face);
      FAIL("accepted " << face);
    } catch (const Refusal& r) {
      CHECK(r.field() == "face");
    }
  }
}

TEST_CASE("a temporary Injury's die must be a Vigor die", "[incapacitation]") {
  for (int die : {2, 7, 20}) {
    try {
      injury_days(die, 1);
      FAIL("d" << die);
    } catch (const Refusal& r) {
      CHECK(r.field() == "vigor_die");
    }
  }
}
