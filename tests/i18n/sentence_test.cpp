// A sentence kept unworded and worded by whoever shows it (shared/i18n/sentence.h), with the real
// Russian catalogue the build compiles.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "i18n/sentence.h"
#include "support/in_language.h"

using namespace marshal::i18n;
using marshal::test_support::InLanguage;

namespace {
// A text po/ru.po translates (the GM station's), with two arguments.
constexpr const char* card_text = "A new bystander card {}: not printed here ({})";
}  // namespace

TEST_CASE("say keeps the English text and each argument as text", "[i18n][sentence]") {
  const Sentence s = say(card_text, "B7K2", 3);
  CHECK(s.text == card_text);
  CHECK(s.args == std::vector<std::string>{"B7K2", "3"});
  CHECK(s.english() == "A new bystander card B7K2: not printed here (3)");
  CHECK(s.translated() == s.english());  // English in use
}

TEST_CASE("a sentence is worded in the language in use when it is shown, not when it is made", "[i18n][sentence]") {
  const Sentence s = say(card_text, "B7K2", "Жанна");
  {
    InLanguage ru("ru");
    CHECK(s.translated() == "Новая карта прохожего B7K2: здесь не напечатана (Жанна)");
    CHECK(s.english() == "A new bystander card B7K2: not printed here (Жанна)");
  }
  CHECK(s.translated() == s.english());
}

TEST_CASE("a text its arguments do not fit never throws: text, then the arguments", "[i18n][sentence]") {
  CHECK(Sentence{"{} and {} and {}", {"a"}}.english() == "{} and {} and {} [a]");
  CHECK(Sentence{"{", {}}.english() == "{");
  CHECK(Sentence{"{:d}", {"x"}}.english() == "{:d} [x]");
  CHECK(Sentence{"no placeholder", {"extra"}}.english() == "no placeholder");  // fmt ignores extra args
  CHECK(Sentence{"{1} before {0}", {"a", "b"}}.english() == "b before a");
}

TEST_CASE("a sentence from a peer is read only within its limits", "[i18n][sentence]") {
  Sentence out{"untouched", {}};
  CHECK(sentence_from_parts("x {}", std::vector<std::string>(sentence_max_args, "a"), &out));
  CHECK(out.args.size() == sentence_max_args);
  out = Sentence{"untouched", {}};
  CHECK_FALSE(sentence_from_parts("x {}", std::vector<std::string>(sentence_max_args + 1, "a"), &out));
  CHECK_FALSE(sentence_from_parts("", {}, &out));
  CHECK(sentence_from_parts(std::string(sentence_max_text_bytes, 'x'), {}, &out));
  CHECK_FALSE(sentence_from_parts(std::string(sentence_max_text_bytes + 1, 'x'), {}, &out));
  CHECK(sentence_from_parts("{}", {std::string(sentence_max_arg_bytes, 'a')}, &out));
  out = Sentence{"untouched", {}};
  CHECK_FALSE(sentence_from_parts("{}", {std::string(sentence_max_arg_bytes + 1, 'a')}, &out));
  CHECK(out.text == "untouched");
}

TEST_CASE("a peer's text may only place its arguments", "[i18n][sentence]") {
  CHECK(has_only_plain_placeholders("no braces", 0));
  CHECK(has_only_plain_placeholders("{} and {}", 2));
  CHECK_FALSE(has_only_plain_placeholders("{} and {}", 1));
  CHECK(has_only_plain_placeholders("{1} before {0}", 2));
  CHECK_FALSE(has_only_plain_placeholders("{2}", 2));
  CHECK_FALSE(has_only_plain_placeholders("{} {1}", 2));  // fmt refuses the mix
  CHECK_FALSE(has_only_plain_placeholders("{1} {}", 2));
  CHECK(has_only_plain_placeholders("{{literal}} {}", 1));
  CHECK_FALSE(has_only_plain_placeholders("{:>2000000000}", 1));
  CHECK_FALSE(has_only_plain_placeholders("{0:d}", 1));
  CHECK_FALSE(has_only_plain_placeholders("{10}", 9));
  CHECK_FALSE(has_only_plain_placeholders("open {", 1));
  CHECK_FALSE(has_only_plain_placeholders("close }", 0));
  Sentence out;
  CHECK_FALSE(sentence_from_parts("{:>2000000000}", {"a"}, &out));
  CHECK(sentence_from_parts("{0} {0}", {"a"}, &out));
  CHECK(out.english() == "a a");
}
