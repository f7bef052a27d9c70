#pragma once
// Small helpers the core tests share.
#include <functional>
#include <string>

#include "core/character.h"
#include "core/refusal.h"

namespace marshal::core::testing {

// The reason code of the Refusal `step` throws, or "accepted".
inline std::string refusal_code(const std::function<void()>& step) {
  try {
    step();
  } catch (const Refusal& r) {
    return std::string(to_string(r.code()));
  }
  return "accepted";
}

// "code@field" of the Refusal `step` throws, or "accepted".
inline std::string refusal(const std::function<void()>& step) {
  try {
    step();
  } catch (const Refusal& r) {
    return std::string(to_string(r.code())) + "@" + r.field();
  }
  return "accepted";
}

// A hand-to-hand fighter.
inline Character fighter(const std::string& name, int hth, bool wounded = false) {
  Character c;
  c.name = name;
  c.base.hth = hth;
  c.wounded = wounded;
  return c;
}

}  // namespace marshal::core::testing
