#pragma once
// A token of fortune as a card row's detail ({"token", "text", "die"}), written the same way by
// the ledger's token_issued and by an event folder's tokens.csv, and read back the same way.
#include "core/refusal.h"
#include "core/tokens.h"
#include "i18n/sentence.h"
#include "protocol/json_fields.h"

namespace marshal::db {

inline protocol::Json token_detail(const core::TokenSpec& spec) {
  protocol::Json detail{{"token", core::to_string(spec.kind)}, {"text", spec.text}};
  if (spec.die_sides > 0) detail["die"] = "d" + std::to_string(spec.die_sides);
  return detail;
}

// The detail checked again (a definition's token card, read at replay). Throws core::Refusal.
inline core::TokenSpec token_spec_of_detail(const protocol::Json& detail) {
  if (!detail.is_object()) throw core::Refusal(core::RefusalCode::out_of_range, "detail", i18n::say("must be an object"));
  auto text_of = [&](const char* key) {
    const auto it = detail.find(key);
    return it != detail.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  return core::token_spec(text_of("token"), text_of("text"), text_of("die"));
}

}  // namespace marshal::db
