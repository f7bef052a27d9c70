#pragma once
// Every illegal input to the engine ends in a Refusal: a stable reason code (the ledger stores
// it), the field the input came in (relative; callers prefix their own context) and a sentence
// a GM can read at the table.
#include <stdexcept>
#include <string>
#include <string_view>

namespace marshal::core {

enum class RefusalCode {
  illegal_move,         // against the rules of the conflict
  dead,                 // a dead character cannot act
  knocked_out,          // unconscious or sitting out a headache
  out_of_range,         // a number outside what the rules allow
  unknown_participant,  // a name that is not in this conflict
  impossible_cards,     // physical cards one shuffled deck cannot produce
  missing_input,        // a card or choice the step needs was not given
  already_spent,        // a single-use card used again
  finished,             // the conflict is over
};

std::string_view to_string(RefusalCode code);

class Refusal : public std::runtime_error {
 public:
  Refusal(RefusalCode code, std::string field, std::string reason);

  RefusalCode code() const { return code_; }
  const std::string& field() const { return field_; }
  const std::string& reason() const { return reason_; }

 private:
  RefusalCode code_;
  std::string field_;
  std::string reason_;
};

}  // namespace marshal::core
