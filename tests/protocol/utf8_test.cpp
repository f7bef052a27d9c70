// UTF-8 text from outside: never cut inside a character, invalid bytes replaced, never a throw.
#include <catch2/catch.hpp>

#include <string>

#include "protocol/json_depth.h"
#include "protocol/json_fields.h"
#include "protocol/json_text.h"
#include "protocol/utf8.h"

using namespace marshal::protocol;

TEST_CASE("is_valid_utf8 accepts every well-formed character and refuses the rest", "[protocol][utf8]") {
  CHECK(is_valid_utf8(""));
  CHECK(is_valid_utf8("Kid Calloway"));
  CHECK(is_valid_utf8("Анна Быстрая"));
  CHECK(is_valid_utf8("\xF0\x9F\xA4\xA0 cowboy"));  // U+1F920, four bytes
  CHECK(is_valid_utf8("\xF4\x8F\xBF\xBF"));         // U+10FFFF, the last code point
  CHECK_FALSE(is_valid_utf8("\xFF"));
  CHECK_FALSE(is_valid_utf8("\xD0"));              // a two-byte character cut short
  CHECK_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong '/'
  CHECK_FALSE(is_valid_utf8("\xE0\x80\xAF"));      // overlong, three bytes
  CHECK_FALSE(is_valid_utf8("\xED\xA0\x80"));      // a surrogate
  CHECK_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // past U+10FFFF
  CHECK_FALSE(is_valid_utf8("\x80"));              // a lone continuation byte
}

TEST_CASE("valid_utf8 replaces each invalid byte with U+FFFD and keeps the rest", "[protocol][utf8]") {
  CHECK(valid_utf8("plain") == "plain");
  CHECK(valid_utf8("Анна") == "Анна");
  CHECK(valid_utf8("/\xFF") == "/\xEF\xBF\xBD");
  CHECK(valid_utf8("a\xD0z") == "a\xEF\xBF\xBDz");
  std::string out = valid_utf8("\xC0\xAF\x80");
  CHECK(out == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  CHECK(is_valid_utf8(out));
  // What comes out is accepted by the JSON writer, which throws on invalid UTF-8.
  CHECK(compact_text(Json(valid_utf8("bad \xFF\xFE bytes"))) == "\"bad \xEF\xBF\xBD\xEF\xBF\xBD bytes\"");
}

TEST_CASE("truncate_utf8 never cuts a character in two, at any length", "[protocol][utf8]") {
  const std::string names = "Анна Быстрая \xF0\x9F\xA4\xA0 Борис ё";
  for (std::size_t max = 0; max <= names.size() + 2; ++max) {
    std::string cut = truncate_utf8(names, max);
    INFO("max " << max << ": " << cut);
    CHECK(cut.size() <= max);
    CHECK(is_valid_utf8(cut));
    CHECK(names.compare(0, cut.size(), cut) == 0);  // a prefix of the text
    // As long as it can be: one more character would not fit.
    if (cut.size() < names.size()) CHECK(truncate_utf8(names, cut.size() + 4).size() > cut.size());
    CHECK_NOTHROW(compact_text(Json(cut)));
  }
  CHECK(truncate_utf8("abc", 3) == "abc");
  CHECK(truncate_utf8("Ж", 1).empty());  // two bytes do not fit in one
}

TEST_CASE("json_nesting_exceeds finds the first level past the limit, outside strings", "[protocol][json]") {
  auto nested = [](int levels) { return std::string(static_cast<std::size_t>(levels), '[') + std::string(static_cast<std::size_t>(levels), ']'); };
  CHECK_FALSE(json_nesting_exceeds(nested(max_json_depth_levels)).has_value());
  REQUIRE(json_nesting_exceeds(nested(max_json_depth_levels + 1)).has_value());
  CHECK(*json_nesting_exceeds(nested(max_json_depth_levels + 1)) == static_cast<std::size_t>(max_json_depth_levels));
  CHECK(json_nesting_exceeds(nested(15'000)).has_value());
  // Brackets inside strings (and escaped quotes) do not count.
  CHECK_FALSE(json_nesting_exceeds("{\"a\": \"[[[[[[[[\\\"[[[[[\"}", 2).has_value());
  CHECK(json_nesting_exceeds("{\"a\": [{\"b\": [1]}]}", 3).has_value());
  CHECK_FALSE(json_nesting_exceeds("{\"a\": [{\"b\": [1]}]}", 4).has_value());
}

TEST_CASE("parse_json refuses text nested deeper than the limit, naming it", "[protocol][json]") {
  std::string deep = std::string(15'000, '[') + std::string(15'000, ']');
  try {
    parse_json(deep, "body");
    FAIL("parsed");
  } catch (const InputError& e) {
    CHECK(e.path() == "body");
    CHECK(e.reason().find("64") != std::string::npos);
    CHECK(e.reason().find("nest") != std::string::npos);
  }
  std::string at_limit = std::string(max_json_depth_levels, '[') + std::string(max_json_depth_levels, ']');
  CHECK(parse_json(at_limit, "body").is_array());
}
