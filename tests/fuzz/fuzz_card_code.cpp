// Fuzzes the card-code parser: any bytes in, never a crash, and a code it accepts is canonical
// (formatting and parsing it again gives the same code).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/card_code.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  marshal::core::ParsedCardCode parsed = marshal::core::parse_card_code(text);
  if (parsed.ok()) {
    if (parsed.code.size() != marshal::core::card_code_length) std::abort();
    auto again = marshal::core::parse_card_code(marshal::core::format_card_code(parsed.code));
    if (!again.ok() || again.code != parsed.code) std::abort();
  }
  return 0;
}
