#pragma once
// `marshal print packets|decks|reference|card`.
#include <iosfwd>
#include <optional>
#include <string>

namespace marshal::cli {

struct PrintOptions {
  std::string what;  // packets, decks, reference, card
  std::string db_path;
  std::string out;   // a folder, or a file for `card`
  std::string paper = "a4";
  std::optional<std::string> character;
  bool combined = false;
  std::string code;
  std::string language;  // --lang; empty: the event's (options.csv language), else English
};

int run_print(const PrintOptions& options, std::ostream& out, std::ostream& err);

}  // namespace marshal::cli
