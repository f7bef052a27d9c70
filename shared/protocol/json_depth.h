#pragma once
// A nesting limit for JSON from outside. nlohmann's parser itself is iterative, but what reads
// the tree afterwards (conflict expansion, dumping, comparing) recurses: a body nested 15,000
// levels deep once crashed the ledger server. Text is measured before it is parsed.
#include <cstddef>
#include <optional>
#include <string_view>

namespace marshal::protocol {

// The deepest nesting of arrays and objects any JSON Marshal reads may have (a conflict is at
// most about 8 levels deep; 64 leaves room and keeps every recursion short).
inline constexpr int max_json_depth_levels = 64;

// The byte offset of the first '[' or '{' that opens level max_levels + 1 (outside strings), or
// nullopt when the text never nests deeper than max_levels. Linear, no allocation, never throws;
// text that is not JSON at all is left for the parser to refuse.
std::optional<std::size_t> json_nesting_exceeds(std::string_view text,
                                                int max_levels = max_json_depth_levels);

}  // namespace marshal::protocol
