#include "protocol/refusal_json.h"

#include "i18n/sentence.h"

namespace marshal::protocol {

namespace {

bool words_of(const Json& error, i18n::Sentence* out) {
  const auto words = error.find("words");
  if (words == error.end() || !words->is_object()) return false;
  const auto text = words->find("text");
  const auto args = words->find("args");
  if (text == words->end() || !text->is_string() || args == words->end() || !args->is_array()) return false;
  std::vector<std::string> parts;
  for (const auto& a : *args) {
    if (!a.is_string() || parts.size() == i18n::sentence_max_args) return false;
    parts.push_back(a.get<std::string>());
  }
  return i18n::sentence_from_parts(text->get<std::string>(), std::move(parts), out);
}

}  // namespace

std::string refusal_reason(const Json& error, const std::string& otherwise) {
  if (!error.is_object()) return otherwise;
  i18n::Sentence sentence;
  if (words_of(error, &sentence)) return sentence.translated();
  const auto reason = error.find("reason");
  if (reason != error.end() && reason->is_string() && !reason->get_ref<const std::string&>().empty())
    return reason->get<std::string>();
  return otherwise;
}

std::string reply_refusal_reason(const Json& body, const std::string& otherwise) {
  if (!body.is_object()) return otherwise;
  const auto error = body.find("error");
  return error == body.end() ? otherwise : refusal_reason(*error, otherwise);
}

}  // namespace marshal::protocol
