#include "core/refusal.h"

namespace marshal::core {

std::string_view to_string(RefusalCode code) {
  switch (code) {
    case RefusalCode::illegal_move: return "illegal_move";
    case RefusalCode::dead: return "dead";
    case RefusalCode::knocked_out: return "knocked_out";
    case RefusalCode::out_of_range: return "out_of_range";
    case RefusalCode::unknown_participant: return "unknown_participant";
    case RefusalCode::impossible_cards: return "impossible_cards";
    case RefusalCode::missing_input: return "missing_input";
    case RefusalCode::already_spent: return "already_spent";
    case RefusalCode::finished: return "finished";
  }
  return "unknown";
}

Refusal::Refusal(RefusalCode code, std::string field, i18n::Sentence reason)
    : std::runtime_error(""),
      code_(code),
      field_(std::move(field)),
      sentence_(std::move(reason)),
      reason_(sentence_.translated()),
      message_(field_.empty() ? reason_ : field_ + ": " + reason_) {}

}  // namespace marshal::core
