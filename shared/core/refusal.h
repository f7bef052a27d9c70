#pragma once
// Every illegal input to the engine ends in a Refusal: a stable reason code (the ledger stores
// it), the field the input came in (relative; callers prefix their own context) and a sentence
// a GM can read at the table, kept unworded (i18n::Sentence) so that the ledger server can send it
// to a station that words it in its own language; reason() is it in this process's language.
#include <stdexcept>
#include <string>
#include <string_view>

#include "i18n/sentence.h"

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
  // The reason is a sentence made with say(): a refusal passed on keeps its sentence()
  // (Refusal(r.code(), prefix + r.field(), r.sentence())), never its worded reason().
  Refusal(RefusalCode code, std::string field, i18n::Sentence reason);

  RefusalCode code() const { return code_; }
  const std::string& field() const { return field_; }
  const std::string& reason() const { return reason_; }
  const i18n::Sentence& sentence() const { return sentence_; }
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  RefusalCode code_;
  std::string field_;
  i18n::Sentence sentence_;
  std::string reason_;   // worded once: a flood of refusals formats each sentence once
  std::string message_;  // "field: reason"
};

using i18n::say;

}  // namespace marshal::core
