#pragma once
// The combat odds of the tabletop (`marshal odds damage | soak | incapacitation`; docs/tabletop.md
// "Damage and Soak odds"): a damage roll against Toughness, a Soak, and deadlands-1876's
// Incapacitation roll, exact, as `marshal odds trait` gives a trait roll's.
#include <iosfwd>

namespace marshal::cli {

// The combat kinds of `marshal odds`: damage, soak, incapacitation.
bool is_combat_odds(const char* kind);
// `marshal odds KIND ...`: argv holds the words after "odds" (KIND, then its options).
int run_combat_odds(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace marshal::cli
