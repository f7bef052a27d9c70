#include <catch2/catch.hpp>

#include "protocol/json_fields.h"

using namespace marshal::protocol;

TEST_CASE("Fields reads typed values and names the path of a bad one", "[json]") {
  Json j = Json::parse(R"({"n": 3, "b": true, "s": "x", "o": {"deep": 12}})");
  Fields f(j, "top");
  CHECK(f.integer("n", 0, 4) == 3);
  CHECK(f.boolean_or("b", false));
  CHECK(f.text("s") == "x");
  Fields inner(f.required("o"), f.path_of("o"));
  try {
    inner.integer("deep", 0, 10);
    FAIL("12 was accepted for 0..10");
  } catch (const InputError& e) {
    CHECK(e.path() == "top.o.deep");
    CHECK(e.reason() == "must be between 0 and 10, not 12");
  }
  CHECK_NOTHROW(f.done());
}

TEST_CASE("Fields refuses unknown keys, missing keys and wrong types", "[json]") {
  Json j = Json::parse(R"({"known": 1, "typo": 2})");
  Fields f(j, "");
  f.integer_or("known", 0, 5, 0);
  CHECK_THROWS_WITH(f.done(), "typo: is not a known field here");
  Fields g(j, "");
  CHECK_THROWS_WITH(g.required("absent"), "absent: is missing");
  CHECK_THROWS_WITH(as_integer(Json(1.5), "x", 0, 5), "x: must be a whole number, not a number");
  CHECK_THROWS_WITH(as_text(Json(3), "x"), "x: must be a string, not a number");
  CHECK_THROWS_AS(Fields(Json::array(), "arr"), InputError);
}

TEST_CASE("parse_json reports where the syntax breaks", "[json]") {
  try {
    parse_json("{\"a\": }", "file.json");
    FAIL("bad JSON parsed");
  } catch (const InputError& e) {
    CHECK(e.path() == "file.json");
    CHECK(e.reason().find("byte 7") != std::string::npos);
  }
  // A number past a double's range is nlohmann's out_of_range, not a parse_error: still an
  // InputError naming the file and the number, never another exception.
  try {
    parse_json("{\"a\": 1E99999}", "file.json");
    FAIL("an overflowing number parsed");
  } catch (const InputError& e) {
    CHECK(e.path() == "file.json");
    CHECK(e.reason().find("1E99999") != std::string::npos);
  }
}
