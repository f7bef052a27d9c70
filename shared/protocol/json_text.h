#pragma once
// Json as compact text: the very bytes of Json::dump(), made faster. nlohmann's serializer
// decodes every byte of every string as UTF-8 to find what to escape; most of our strings
// (names, card codes, keys) are plain ASCII with nothing to escape and are copied whole here.
// Anything else (escapes, non-ASCII, floating-point numbers) is left to nlohmann.
#include <string>

#include "protocol/json_fields.h"

namespace marshal::protocol {

std::string compact_text(const Json& value);
void append_compact_text(const Json& value, std::string& out);
// One string as compact_text(Json(text)) gives it, without the Json.
void append_compact_string(const std::string& text, std::string& out);

}  // namespace marshal::protocol
