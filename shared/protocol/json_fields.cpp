#include "protocol/json_fields.h"

#include <fmt/format.h>

#include "protocol/json_depth.h"

namespace marshal::protocol {

InputError::InputError(std::string path, std::string reason)
    : std::runtime_error(path.empty() ? reason : path + ": " + reason),
      path_(std::move(path)),
      reason_(std::move(reason)) {}

Json object_with_room(std::size_t keys) {
  Json object = Json::object();
  object.get_ref<Json::object_t&>().reserve(keys);
  return object;
}

Json parse_json(const std::string& text, const std::string& source_name) {
  if (auto at = json_nesting_exceeds(text))
    throw InputError(source_name, fmt::format("nested deeper than {} levels (at byte {}): no Marshal input "
                                              "is nested that deep",
                                              max_json_depth_levels, *at));
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    throw InputError(source_name, fmt::format("not valid JSON at byte {}: {}", e.byte, e.what()));
  }
}

namespace {
std::string type_name(const Json& value) {
  if (value.is_null()) return "null";
  if (value.is_boolean()) return "a boolean";
  if (value.is_number()) return "a number";
  if (value.is_string()) return "a string";
  if (value.is_array()) return "an array";
  return "an object";
}
}  // namespace

std::string index_path(const std::string& path, std::size_t index) {
  return fmt::format("{}[{}]", path, index);
}

int as_integer(const Json& value, const std::string& path, int min, int max) {
  if (!value.is_number_integer())
    throw InputError(path, "must be a whole number, not " + type_name(value));
  auto v = value.get<std::int64_t>();
  if (v < min || v > max)
    throw InputError(path, fmt::format("must be between {} and {}, not {}", min, max, v));
  return static_cast<int>(v);
}

std::string as_text(const Json& value, const std::string& path) {
  if (!value.is_string()) throw InputError(path, "must be a string, not " + type_name(value));
  return value.get<std::string>();
}

bool as_boolean(const Json& value, const std::string& path) {
  if (!value.is_boolean()) throw InputError(path, "must be true or false, not " + type_name(value));
  return value.get<bool>();
}

const Json& as_array(const Json& value, const std::string& path) {
  if (!value.is_array()) throw InputError(path, "must be an array, not " + type_name(value));
  return value;
}

const Json& as_object(const Json& value, const std::string& path) {
  if (!value.is_object()) throw InputError(path, "must be an object, not " + type_name(value));
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
  if (!object_.contains(key)) throw InputError(path_of(key), "is missing");
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
  if (!v->is_number_integer()) throw InputError(path_of(key), "must be a whole number");
  auto value = v->get<std::int64_t>();
  if (value < min || value > max)
    throw InputError(path_of(key), fmt::format("must be between {} and {}", min, max));
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
      throw InputError(path_of(it.key()), "is not a known field here");
}

}  // namespace marshal::protocol
