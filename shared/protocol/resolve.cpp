#include "protocol/resolve.h"

namespace marshal::protocol {

const std::vector<std::string>& conflict_kinds() {
  static const std::vector<std::string> kinds{"duel",  "shootout",   "fistfight",
                                              "brawl", "accusation", "chase"};
  return kinds;
}

Json resolve(std::string_view kind, const Json& input, core::Csprng* rng,
             const CharacterLookup* lookup, Detail detail) {
  if (kind == "duel") return resolve_duel(input, rng, lookup, detail);
  if (kind == "shootout") return resolve_shootout(input, rng, lookup, detail);
  if (kind == "fistfight") return resolve_fistfight(input, rng, lookup, detail);
  if (kind == "brawl") return resolve_brawl(input, rng, lookup, detail);
  if (kind == "accusation") return resolve_accusation(input, rng, lookup, detail);
  if (kind == "chase") return resolve_chase(input, rng, lookup, detail);
  throw InputError("kind", say("unknown conflict kind '{}' (duel, shootout, fistfight, brawl, accusation, chase)", kind));
}

namespace {
void collect_draws(const Json& node, Json& station, Json& table) {
  if (node.is_object()) {
    auto drawn = node.find("drawn");
    auto card = node.find("card");
    if (drawn != node.end() && card != node.end() && card->is_number_integer() && drawn->is_string()) {
      (*drawn == "virtual" ? station : table).push_back(*card);
      return;
    }
    for (const auto& [key, value] : node.items()) collect_draws(value, station, table);
  } else if (node.is_array()) {
    for (const auto& value : node) collect_draws(value, station, table);
  }
}
}  // namespace

Json draw_sources(const Json& resolution) {
  Json station = Json::array(), table = Json::array();
  if (resolution.contains("steps")) collect_draws(resolution["steps"], station, table);
  return {{"station", station}, {"table", table}};
}

}  // namespace marshal::protocol
