// compact_text must give the very bytes of Json::dump(): the ledger hashes and stores them.
#include <catch2/catch.hpp>

#include "protocol/doc_examples.h"

#include <fstream>
#include <limits>
#include <random>
#include <sstream>

#include "protocol/json_text.h"
#include "protocol/resolve.h"

using namespace marshal;
using protocol::Json;

namespace {

// A random JSON tree; strings mix plain ASCII with quotes, backslashes, control characters and
// multi-byte UTF-8, so that both the fast path and nlohmann's escaping are taken.
Json random_json(std::mt19937& rng, int depth) {
  static const std::vector<std::string> pieces{"a", "Kid", "7", " ", "\"", "\\", "\n", "\t",
                                               std::string(1, '\x01'), "\x7f", "Jos\xc3\xa9",
                                               "\xe2\x82\xac", "\xf0\x9f\x90\x8e", "/", "{}"};
  auto text = [&] {
    std::string s;
    for (int n = static_cast<int>(rng() % 6); n > 0; --n) s += pieces[rng() % pieces.size()];
    return s;
  };
  switch (depth <= 0 ? rng() % 6 : rng() % 8) {
    case 0: return nullptr;
    case 1: return rng() % 2 == 0;
    case 2: return static_cast<std::int64_t>(rng()) - static_cast<std::int64_t>(rng()) * 4096;
    case 3: return static_cast<std::uint64_t>(rng()) * 4'000'000'000ULL;
    case 4: return static_cast<double>(static_cast<std::int32_t>(rng())) / 1000.0;
    case 5: return text();
    case 6: {
      Json array = Json::array();
      for (int n = static_cast<int>(rng() % 5); n > 0; --n) array.push_back(random_json(rng, depth - 1));
      return array;
    }
    default: {
      Json object = Json::object();
      for (int n = static_cast<int>(rng() % 5); n > 0; --n) object[text()] = random_json(rng, depth - 1);
      return object;
    }
  }
}

}  // namespace

TEST_CASE("compact text is dump() for every kind of value", "[protocol][json]") {
  std::vector<Json> values{
      Json::object(), Json::array(), nullptr, true, false, 0, -1,
      std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
      std::numeric_limits<std::uint64_t>::max(), 1.5, -0.0, 1e300, 0.1,
      "", "plain", "a \"quoted\" word", "back\\slash", "line\nbreak", std::string("nul\0byte", 8),
      "\x1f", "\x7f", "Jos\xc3\xa9 \xe2\x82\xac \xf0\x9f\x90\x8e",
      Json::parse(R"({"a":[1,{"b":null,"c":[]}],"d":{},"e":"x"})"),
      Json::parse(R"({"key \"with\" quotes":1,"k\u00e9y":[true,false]})")};
  for (const Json& v : values) {
    INFO(v.dump());
    CHECK(protocol::compact_text(v) == v.dump());
  }
}

TEST_CASE("compact text is dump() for random trees and for every resolution example",
          "[protocol][json]") {
  std::mt19937 rng(1875);
  for (int i = 0; i < 3000; ++i) {
    Json v = random_json(rng, 4);
    INFO(v.dump());
    REQUIRE(protocol::compact_text(v) == v.dump());
  }
  for (const char* kind : {"duel", "shootout", "fistfight", "brawl", "accusation", "chase"}) {
    core::Csprng draws(core::seed_from_number(7));
    Json told = protocol::resolve(kind, doc_example(std::string("resolve-") + kind + ".json"), &draws);
    CHECK(protocol::compact_text(told) == told.dump());  // stories hold quotes and arrows
  }
}

TEST_CASE("compact text refuses invalid UTF-8 as dump() does", "[protocol][json]") {
  Json broken = {{"name", "Jos\xc3"}};
  CHECK_THROWS_AS(broken.dump(), nlohmann::json::type_error);
  CHECK_THROWS_AS(protocol::compact_text(broken), nlohmann::json::type_error);
}
