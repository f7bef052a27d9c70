#pragma once
// A refusal as the ledger server sends it: {"error": {"code", "field", "reason", "words": {"text",
// "args"}, ...}} (docs/server.md). "reason" is English; "words" is the same sentence unworded
// (i18n::Sentence), which a station words in its own language here.
#include <string>

#include "protocol/json_fields.h"

namespace marshal::protocol {

// Why `error` (the reply's "error" object) refused, in this process's language: its "words" worded
// from the catalogue when they are there and well-formed (strings within i18n::sentence_max_*),
// else its "reason" as sent, else `otherwise`. Never throws, whatever the peer sent.
std::string refusal_reason(const Json& error, const std::string& otherwise);

// The same for a whole reply body ({"error": {...}}); `otherwise` when it carries no error.
std::string reply_refusal_reason(const Json& body, const std::string& otherwise);

}  // namespace marshal::protocol
