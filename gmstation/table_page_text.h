#pragma once
// What the Table screen's texts share (gmstation/table_page*.cpp): names kept on one line (chips
// in words are protocol::chips_words). Internal to the Table screen.
#include <string>

#include "protocol/json_fields.h"

namespace marshal::gm {

// `text` with its spaces made non-breaking: a wrapped line never parts it.
std::string table_unbroken(std::string text);

}  // namespace marshal::gm
