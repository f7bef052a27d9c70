#include "protocol/json_fields.h"

#include <fmt/format.h>

#include "protocol/json_depth.h"

namespace marshal::protocol {

InputError::InputError(std::string path, i18n::Sentence reason)
    : std::runtime_error(""),
      path_(std::move(path)),
      sentence_(std::move(reason)),
      reason_(sentence_.translated()),
      message_(path_.empty() ? reason_ : path_ + ": " + reason_) {}

Json object_with_room(std::size_t keys) {
  Json object = Json::object();
  object.get_ref<Json::object_t&>().reserve(keys);
  return object;
}

Json parse_json(const std::string& text, const std::string& source_name) {
  if (auto at = json_nesting_exceeds(text))
    throw InputError(source_name, say("nested deeper than {} levels (at byte {}): no Marshal input "
                                      "is nested that deep",
                                      max_json_depth_levels, *at));
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    // TRANSLATORS: {0} is the byte offset, {1} the JSON parser's own message (English).
    throw InputError(source_name, say("not valid JSON at byte {}: {}", e.byte, e.what()));
  } catch (const Json::out_of_range& e) {  // a number past a double's range: no byte offset to give
    // TRANSLATORS: {} is the JSON parser's own message (English), naming the number.
    throw InputError(source_name, say("not valid JSON: a number too large to read ({})", e.what()));
  }
}

namespace {

// What a value is, for "must be X, not Y": each pair is its own sentence, since a language words
// the kind given differently after each (Russian declines it).
enum class JsonKind { null, boolean, number, string, array, object };

JsonKind kind_of(const Json& value) {
  if (value.is_null()) return JsonKind::null;
  if (value.is_boolean()) return JsonKind::boolean;
  if (value.is_number()) return JsonKind::number;
  if (value.is_string()) return JsonKind::string;
  if (value.is_array()) return JsonKind::array;
  return JsonKind::object;
}

i18n::Sentence not_a_whole_number(const Json& value) {
  switch (kind_of(value)) {
    case JsonKind::null: return say("must be a whole number, not null");
    case JsonKind::boolean: return say("must be a whole number, not a boolean");
    case JsonKind::number: return say("must be a whole number, not a number");
    case JsonKind::string: return say("must be a whole number, not a string");
    case JsonKind::array: return say("must be a whole number, not an array");
    case JsonKind::object: break;
  }
  return say("must be a whole number, not an object");
}

i18n::Sentence not_a_string(const Json& value) {
  switch (kind_of(value)) {
    case JsonKind::null: return say("must be a string, not null");
    case JsonKind::boolean: return say("must be a string, not a boolean");
    case JsonKind::number: return say("must be a string, not a number");
    case JsonKind::array: return say("must be a string, not an array");
    case JsonKind::string:  // never refused
    case JsonKind::object: break;
  }
  return say("must be a string, not an object");
}

i18n::Sentence not_a_boolean(const Json& value) {
  switch (kind_of(value)) {
    case JsonKind::null: return say("must be true or false, not null");
    case JsonKind::number: return say("must be true or false, not a number");
    case JsonKind::string: return say("must be true or false, not a string");
    case JsonKind::array: return say("must be true or false, not an array");
    case JsonKind::boolean:  // never refused
    case JsonKind::object: break;
  }
  return say("must be true or false, not an object");
}

i18n::Sentence not_an_array(const Json& value) {
  switch (kind_of(value)) {
    case JsonKind::null: return say("must be an array, not null");
    case JsonKind::boolean: return say("must be an array, not a boolean");
    case JsonKind::number: return say("must be an array, not a number");
    case JsonKind::string: return say("must be an array, not a string");
    case JsonKind::array:  // never refused
    case JsonKind::object: break;
  }
  return say("must be an array, not an object");
}

i18n::Sentence not_an_object(const Json& value) {
  switch (kind_of(value)) {
    case JsonKind::null: return say("must be an object, not null");
    case JsonKind::boolean: return say("must be an object, not a boolean");
    case JsonKind::number: return say("must be an object, not a number");
    case JsonKind::string: return say("must be an object, not a string");
    case JsonKind::array:
    case JsonKind::object: break;  // never refused
  }
  return say("must be an object, not an array");
}

}  // namespace

std::string index_path(const std::string& path, std::size_t index) {
  return fmt::format("{}[{}]", path, index);
}

int as_integer(const Json& value, const std::string& path, int min, int max) {
  if (!value.is_number_integer())
    throw InputError(path, not_a_whole_number(value));
  auto v = value.get<std::int64_t>();
  if (v < min || v > max)
    // TRANSLATORS: {0} and {1} are the lowest and highest allowed, {2} the number given.
    throw InputError(path, say("must be between {} and {}, not {}", min, max, v));
  return static_cast<int>(v);
}

std::string as_text(const Json& value, const std::string& path) {
  if (!value.is_string()) throw InputError(path, not_a_string(value));
  return value.get<std::string>();
}

bool as_boolean(const Json& value, const std::string& path) {
  if (!value.is_boolean()) throw InputError(path, not_a_boolean(value));
  return value.get<bool>();
}

const Json& as_array(const Json& value, const std::string& path) {
  if (!value.is_array()) throw InputError(path, not_an_array(value));
  return value;
}

const Json& as_object(const Json& value, const std::string& path) {
  if (!value.is_object()) throw InputError(path, not_an_object(value));
  return value;
}

Fields::Fields(const Json& object, std::string path)
    : object_(as_object(object, path)), path_(std::move(path)) {}

std::string Fields::path_of(const std::string& key) const {
  return path_.empty() ? key : path_ + "." + key;
}

bool Fields::has(const std::string& key) const { return object_.contains(key); }

const Json& Fields::required(const std::string& key) {
  known_.insert(key);
  if (!object_.contains(key)) throw InputError(path_of(key), say("is missing"));
  return object_.at(key);
}

const Json* Fields::optional(const std::string& key) {
  known_.insert(key);
  auto it = object_.find(key);
  if (it == object_.end() || it->is_null()) return nullptr;
  return &*it;
}

int Fields::integer(const std::string& key, int min, int max) {
  return as_integer(required(key), path_of(key), min, max);
}

int Fields::integer_or(const std::string& key, int min, int max, int fallback) {
  const Json* v = optional(key);
  return v ? as_integer(*v, path_of(key), min, max) : fallback;
}

std::int64_t Fields::int64_or(const std::string& key, std::int64_t min, std::int64_t max,
                              std::int64_t fallback) {
  const Json* v = optional(key);
  if (!v) return fallback;
  if (!v->is_number_integer()) throw InputError(path_of(key), say("must be a whole number"));
  auto value = v->get<std::int64_t>();
  if (value < min || value > max)
    throw InputError(path_of(key), say("must be between {} and {}", min, max));
  return value;
}

bool Fields::boolean_or(const std::string& key, bool fallback) {
  const Json* v = optional(key);
  return v ? as_boolean(*v, path_of(key)) : fallback;
}

std::string Fields::text(const std::string& key) { return as_text(required(key), path_of(key)); }

std::optional<std::string> Fields::optional_text(const std::string& key) {
  const Json* v = optional(key);
  if (!v) return std::nullopt;
  return as_text(*v, path_of(key));
}

void Fields::done() const {
  for (auto it = object_.begin(); it != object_.end(); ++it)
    if (!known_.count(it.key()))
      throw InputError(path_of(it.key()), say("is not a known field here"));
}

}  // namespace marshal::protocol
