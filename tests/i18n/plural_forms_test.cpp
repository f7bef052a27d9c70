// The plural rule of a catalogue (shared/i18n/plural_forms.h), against the forms a Russian reader
// expects: 1 патрон, 2 патрона, 5 патронов, 11 патронов, 21 патрон, 22 патрона, 111 патронов.
#include <catch2/catch.hpp>

#include "i18n/plural_forms.h"

using marshal::i18n::PluralForms;

namespace {
const char* const russian_rule =
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);";
}

TEST_CASE("the Russian rule gives one/few/many at every boundary of the tens and hundreds", "[i18n][plural]") {
  std::string problem;
  auto forms = PluralForms::parse(russian_rule, &problem);
  REQUIRE(forms);
  CHECK(forms->count() == 3);
  const std::pair<std::uint64_t, int> expected[] = {
      {0, 2},  {1, 0},  {2, 1},  {3, 1},   {4, 1},   {5, 2},   {10, 2},  {11, 2},   {12, 2},   {14, 2},
      {15, 2}, {19, 2}, {20, 2}, {21, 0},  {22, 1},  {24, 1},  {25, 2},  {100, 2},  {101, 0},  {102, 1},
      {111, 2}, {112, 2}, {114, 2}, {121, 0}, {1001, 0}, {1011, 2}, {1021, 0}};
  for (const auto& [n, form] : expected) {
    INFO("n = " << n);
    CHECK(forms->form_for(n) == form);
  }
}

TEST_CASE("without a rule the English one holds: the first form for 1 only", "[i18n][plural]") {
  PluralForms english;
  CHECK(english.count() == 2);
  CHECK(english.form_for(0) == 1);
  CHECK(english.form_for(1) == 0);
  CHECK(english.form_for(2) == 1);
}

TEST_CASE("rules with one form, with !, and with spaces anywhere are read", "[i18n][plural]") {
  std::string problem;
  auto one = PluralForms::parse("nplurals=1; plural=0;", &problem);
  REQUIRE(one);
  CHECK(one->form_for(7) == 0);
  auto french = PluralForms::parse(" nplurals = 2 ; plural = ( n > 1 ) ; ", &problem);
  REQUIRE(french);
  CHECK(french->form_for(0) == 0);
  CHECK(french->form_for(1) == 0);
  CHECK(french->form_for(2) == 1);
  auto negated = PluralForms::parse("nplurals=2; plural=!(n==1);", &problem);
  REQUIRE(negated);
  CHECK(negated->form_for(1) == 0);
  CHECK(negated->form_for(3) == 1);
}

TEST_CASE("a rule that is not a rule is refused saying what and where", "[i18n][plural]") {
  std::string problem;
  CHECK_FALSE(PluralForms::parse("plural=n!=1;", &problem));
  CHECK(problem == "Plural-Forms needs nplurals=N; plural=RULE;");
  CHECK_FALSE(PluralForms::parse("nplurals=x; plural=n!=1;", &problem));
  CHECK(problem == "nplurals must be a number from 1 to 6, not 'x'");
  CHECK_FALSE(PluralForms::parse("nplurals=7; plural=n;", &problem));
  CHECK_FALSE(PluralForms::parse("nplurals=2; plural=(n!=1;", &problem));
  CHECK(problem == "')' expected at character 6 of the plural rule");
  CHECK_FALSE(PluralForms::parse("nplurals=2; plural=n ? 1;", &problem));
  CHECK(problem == "':' expected at character 6 of the plural rule");
  CHECK_FALSE(PluralForms::parse("nplurals=2; plural=n = 1;", &problem));
  CHECK(problem == "unexpected '=' at character 3 of the plural rule");
  CHECK_FALSE(PluralForms::parse("nplurals=2; plural=n +;", &problem));
  CHECK(problem == "the rule ends too soon at character 4 of the plural rule");
}

TEST_CASE("a rule nested deeper than max_plural_rule_depth is refused, not followed down the stack",
          "[i18n][plural]") {
  using marshal::i18n::max_plural_rule_depth;
  std::string problem;
  // Each '(' costs several levels of the reader, so a tenth of the limit in parentheses still reads.
  const int fits = max_plural_rule_depth / 10;
  CHECK(PluralForms::parse("nplurals=2; plural=" + std::string(fits, '(') + "n" + std::string(fits, ')') + ";", &problem));
  const std::string deep = std::string(100000, '(') + "n" + std::string(100000, ')');
  CHECK_FALSE(PluralForms::parse("nplurals=2; plural=" + deep + ";", &problem));
  CHECK(problem.find("nested more than " + std::to_string(max_plural_rule_depth) + " deep") == 0);
}

TEST_CASE("a rule that names a form past nplurals gives the last form, and dividing by zero gives 0",
          "[i18n][plural]") {
  std::string problem;
  auto wide = PluralForms::parse("nplurals=2; plural=n;", &problem);
  REQUIRE(wide);
  CHECK(wide->form_for(5) == 1);
  auto by_zero = PluralForms::parse("nplurals=2; plural=n/0 + n%0;", &problem);
  REQUIRE(by_zero);
  CHECK(by_zero->form_for(5) == 0);
}
