#pragma once
// Events the benchmarks send as GM stations would.
#include <string>

#include <nlohmann/json.hpp>

namespace marshal::bench {

// A duel between two townsfolk in which both draw low, both miss and they stop: the server
// replays it through the rules, and nobody is hurt, so it can be sent again and again.
inline nlohmann::json duel_between(const std::string& a, const std::string& b, const std::string& name_a,
                                   const std::string& name_b) {
  return {{"kind", "duel"},
          {"input",
           {{"duelists", {{{"code", a}}, {{"code", b}}}},
            {"draw_cards", {{name_a, 1}, {name_b, 1}}},
            {"rounds", {{{"cards", {{name_a, 1}, {name_b, 2}}}}}},
            {"stop", true}}}};
}

}  // namespace marshal::bench
