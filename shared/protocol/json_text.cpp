#include "protocol/json_text.h"

#include <algorithm>
#include <charconv>

namespace marshal::protocol {

namespace {

void append_string_text(const std::string& text, std::string& out) {
  bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    auto byte = static_cast<unsigned char>(c);
    return byte >= 0x20 && byte < 0x80 && c != '"' && c != '\\';
  });
  if (!plain) {
    out += Json(text).dump();  // escapes, and refuses invalid UTF-8 as dump() does
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

template <class Number>
void append_number(Number n, std::string& out) {
  char digits[24];
  auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
  out.append(digits, end);
}

}  // namespace

void append_compact_text(const Json& value, std::string& out) {
  switch (value.type()) {
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      for (auto it = value.begin(); it != value.end(); ++it) {
        if (!first) out += ',';
        first = false;
        append_string_text(it.key(), out);
        out += ':';
        append_compact_text(it.value(), out);
      }
      out += '}';
      return;
    }
    case Json::value_t::array: {
      out += '[';
      bool first = true;
      for (const auto& element : value) {
        if (!first) out += ',';
        first = false;
        append_compact_text(element, out);
      }
      out += ']';
      return;
    }
    case Json::value_t::string:
      append_string_text(value.get_ref<const std::string&>(), out);
      return;
    case Json::value_t::boolean:
      out += value.get<bool>() ? "true" : "false";
      return;
    case Json::value_t::null:
      out += "null";
      return;
    case Json::value_t::number_integer:
      append_number(value.get<std::int64_t>(), out);
      return;
    case Json::value_t::number_unsigned:
      append_number(value.get<std::uint64_t>(), out);
      return;
    default:  // floating point, binary, discarded: nlohmann's own form
      out += value.dump();
      return;
  }
}

void append_compact_string(const std::string& text, std::string& out) { append_string_text(text, out); }

std::string compact_text(const Json& value) {
  std::string out;
  out.reserve(256);
  append_compact_text(value, out);
  return out;
}

}  // namespace marshal::protocol
