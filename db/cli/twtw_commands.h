#pragma once
// `marshal twtw ...`: the action-time calculators of The West That Wasn't (seed 003; docs/twtw.md)
// on the command line: ranged-tn, fan, damage, defense and order. Each prints JSON with --json,
// a few readable lines without it, and names the argument it refuses.
#include <cstddef>
#include <iosfwd>

namespace marshal::cli {

// `marshal twtw order` reads at most this much from standard input, a round's declarations.
constexpr std::size_t max_order_input_bytes = 64 * 1024;
// ... and at most this many characters, nested at most this deep.
constexpr std::size_t max_order_characters = 64;
constexpr int max_order_json_depth = 8;

// `marshal twtw VERB ...`: argv holds "twtw" and the words after it.
int run_twtw(int argc, char** argv, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace marshal::cli
