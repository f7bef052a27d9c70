#include "i18n/sentence.h"

#include <fmt/args.h>

#include "i18n/translate.h"

namespace marshal::i18n {

namespace {

std::string worded(const std::string& text, const std::vector<std::string>& args) {
  fmt::dynamic_format_arg_store<fmt::format_context> store;
  for (const auto& a : args) store.push_back(a);
  try {
    return fmt::vformat(text, store);
  } catch (const fmt::format_error&) {
    std::string out = text;
    for (const auto& a : args) out += " [" + a + "]";
    return out;
  }
}

}  // namespace

std::string Sentence::english() const { return worded(text, args); }

std::string Sentence::translated() const { return worded(tr(text.c_str()), args); }

bool has_only_plain_placeholders(const std::string& text, std::size_t args) {
  std::size_t automatic = 0;
  bool numbered = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '}') {
      if (i + 1 >= text.size() || text[i + 1] != '}') return false;
      ++i;  // "}}"
      continue;
    }
    if (text[i] != '{') continue;
    if (i + 1 < text.size() && text[i + 1] == '{') {
      ++i;  // "{{"
      continue;
    }
    const std::size_t close = text.find('}', i);
    if (close == std::string::npos) return false;
    const std::string inside = text.substr(i + 1, close - i - 1);
    if (inside.empty()) {
      if (numbered || ++automatic > args) return false;
    } else {
      if (automatic > 0 || inside.size() > 1 || inside[0] < '0' || inside[0] > '9') return false;
      if (static_cast<std::size_t>(inside[0] - '0') >= args) return false;
      numbered = true;
    }
    i = close;
  }
  return true;
}

bool sentence_from_parts(std::string text, std::vector<std::string> args, Sentence* out) {
  if (text.empty() || text.size() > sentence_max_text_bytes || args.size() > sentence_max_args) return false;
  for (const auto& a : args)
    if (a.size() > sentence_max_arg_bytes) return false;
  // A peer's text places its arguments and nothing else: no width, fill or precision (a width
  // of two billion would have a station allocate gigabytes), no placeholder without an argument.
  if (!has_only_plain_placeholders(text, args.size())) return false;
  *out = Sentence{std::move(text), std::move(args)};
  return true;
}

}  // namespace marshal::i18n
