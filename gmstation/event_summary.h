#pragma once
// What the live panel and the offices screen say of an event, one line in the language of the
// screens: "duel: Kid Calloway wins", "roll: Hannah Two Rivers, Shooting 15, success".
#include <functional>
#include <string>

#include "protocol/json_fields.h"

namespace marshal::gm {

// A badge's holder by name, or "" when not known here.
using NameOf = std::function<std::string(const std::string& badge)>;
// One line of the live panel for an event (the roller named when `name_of` knows the badge).
std::string summarize_event(const std::string& type, const protocol::Json& payload, const NameOf& name_of = {});

}  // namespace marshal::gm
