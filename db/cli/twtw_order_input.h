#pragma once
// `marshal twtw order`: a round's declarations read from standard input (JSON, at most
// max_order_input_bytes, max_order_characters characters, max_order_json_depth deep; every field
// checked and named when refused), and the round's order printed as lines or JSON.
#include <iosfwd>
#include <string>
#include <vector>

#include "core/twtw_order.h"

namespace marshal::cli {

// A bad value in a round's JSON: where it is, and what is wrong.
struct OrderInputError {
  std::string where;
  std::string reason;
};

// The declarations on `in`; OrderInputError for anything a round cannot hold.
std::vector<core::twtw::Declaration> declarations_from(std::istream& in);

// The round's steps (phase, step, who acts) and who is idle and why; exit_ok.
int print_order(const core::twtw::RoundOrder& order, bool json, std::ostream& out);

}  // namespace marshal::cli
