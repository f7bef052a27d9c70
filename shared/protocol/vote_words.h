#pragma once
// A counted vote's outcome in the reader's language. The ledger stores it in English ("no ballots
// were cast", "a tie: the Mayor decides", "NAME is elected OFFICE": db/ledger/apply_votes.cpp)
// beside the office and the tally, from which each station words it again; a call the Mayor or a
// Judge typed stands as typed.
#include <string>

#include "protocol/json_fields.h"

namespace marshal::protocol {

// `result`: {"outcome", "office", "tally": [{"candidate", "ballots"}...]} as the ledger gives it
// (a vote_counted record's answer, the vote view's result).
std::string vote_outcome_words(const Json& result);

}  // namespace marshal::protocol
