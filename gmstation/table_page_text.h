#pragma once
// What the Table screen's texts share (gmstation/table_page*.cpp): names kept on one line, and
// chips in words. Internal to the Table screen.
#include <string>

#include "protocol/json_fields.h"

namespace marshal::gm {

// `text` with its spaces made non-breaking: a wrapped line never parts it.
std::string table_unbroken(std::string text);
// "3 Bennies", "2 white, 1 red", "none": `chips` by colour, in the order of `colours`.
std::string table_chips_text(const protocol::Json& chips, const protocol::Json& colours);

}  // namespace marshal::gm
