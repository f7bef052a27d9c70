#include "protocol/resolve.h"

namespace marshal::protocol {

const std::vector<std::string>& conflict_kinds() {
  static const std::vector<std::string> kinds{"duel",  "shootout",   "fistfight",
                                              "brawl", "accusation", "chase"};
  return kinds;
}

Json resolve(std::string_view kind, const Json& input, core::Csprng* rng) {
  if (kind == "duel") return resolve_duel(input, rng);
  if (kind == "shootout") return resolve_shootout(input, rng);
  if (kind == "fistfight") return resolve_fistfight(input, rng);
  if (kind == "brawl") return resolve_brawl(input, rng);
  if (kind == "accusation") return resolve_accusation(input, rng);
  if (kind == "chase") return resolve_chase(input, rng);
  throw InputError("kind", "unknown conflict kind '" + std::string(kind) +
                               "' (duel, shootout, fistfight, brawl, accusation, chase)");
}

}  // namespace marshal::protocol
