#pragma once
// The tabletop verbs of the `marshal` command line (docs/tabletop.md): exact odds of a Savage
// Worlds trait roll under one of the three rulesets.
#include <iosfwd>

namespace marshal::cli {

// `marshal odds trait ...`: argv holds the words after "odds" ("trait", then its options).
int run_odds_trait(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace marshal::cli
