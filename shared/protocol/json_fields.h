#pragma once
// Strict reading of JSON input from outside (files, stdin, later HTTP bodies). Every value is
// checked for type and range, every object for unknown fields, and every error names the path
// of the field ("rounds[2].cards.Ann") and the reason.
#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "i18n/sentence.h"

namespace marshal::protocol {

using Json = nlohmann::ordered_json;

// The reason is kept unworded (i18n::Sentence), as core::Refusal keeps its own, so that the ledger
// server can pass it to a station that words it in its own language; reason() and what() are it
// in this process's language.
class InputError : public std::runtime_error {
 public:
  InputError(std::string path, i18n::Sentence reason);
  // A reason already worded (one passed on from elsewhere): no station can translate it.
  InputError(std::string path, std::string worded_reason)
      : InputError(std::move(path), i18n::Sentence{std::move(worded_reason), {}}) {}
  const std::string& path() const { return path_; }
  const std::string& reason() const { return reason_; }
  const i18n::Sentence& sentence() const { return sentence_; }
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string path_;
  i18n::Sentence sentence_;
  std::string reason_;   // worded once, as core::Refusal's
  std::string message_;  // "path: reason"
};

using i18n::say;

// An empty object with room for `keys` members. Json's objects keep their members in a vector of
// pair<const string, Json>; that pair cannot be moved without a possible throw, so each time the
// vector grows it deep-copies every member already in it. Objects that get big members before
// their last one (a resolution: steps, then record, then result) are built in reserved room.
// (Reserving room in an object that has members copies them too: build into room instead.)
Json object_with_room(std::size_t keys);

// Parses text as JSON; a syntax error, or nesting deeper than max_json_depth_levels
// (protocol/json_depth.h), becomes an InputError with the byte offset.
Json parse_json(const std::string& text, const std::string& source_name);

// A JSON object being read: each accessor marks its key as known; done() refuses the rest.
class Fields {
 public:
  Fields(const Json& object, std::string path);

  bool has(const std::string& key) const;
  const Json& required(const std::string& key);
  const Json* optional(const std::string& key);
  int integer(const std::string& key, int min, int max);
  int integer_or(const std::string& key, int min, int max, int fallback);
  std::int64_t int64_or(const std::string& key, std::int64_t min, std::int64_t max,
                        std::int64_t fallback);
  bool boolean_or(const std::string& key, bool fallback);
  std::string text(const std::string& key);
  std::optional<std::string> optional_text(const std::string& key);
  // Refuses any key no accessor asked for: a misspelt field must not pass silently.
  void done() const;

  std::string path_of(const std::string& key) const;
  const std::string& path() const { return path_; }

 private:
  const Json& object_;
  std::string path_;
  std::set<std::string> known_;
};

// Checks a value found at path.
int as_integer(const Json& value, const std::string& path, int min, int max);
std::string as_text(const Json& value, const std::string& path);
bool as_boolean(const Json& value, const std::string& path);
const Json& as_array(const Json& value, const std::string& path);
const Json& as_object(const Json& value, const std::string& path);
std::string index_path(const std::string& path, std::size_t index);

}  // namespace marshal::protocol
