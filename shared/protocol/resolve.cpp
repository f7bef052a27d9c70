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
  throw InputError("kind", "unknown conflict kind '" + std::string(kind) +
                               "' (duel, shootout, fistfight, brawl, accusation, chase)");
}

}  // namespace marshal::protocol
