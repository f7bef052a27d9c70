#pragma once
// A ledger of the sample town (events/lincoln-1875, or another sample event) with seeded card codes in a temporary folder,
// for the GUI tests of the GM station and the kiosk.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/card_code.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "support/temp_dir.h"

namespace marshal::test_support {

struct SampleTown {
  TempDir dir;
  std::string db = dir.file("town.db");
  marshal::db::EventDefinition definition;

  // `event`: a folder of events/ (the tabletop tests use deadlands-posse).
  explicit SampleTown(std::uint64_t seed, const std::string& event = "lincoln-1875") {
    auto imported = marshal::db::import_event(std::string(MARSHAL_SOURCE_DIR) + "/events/" + event,
                                              marshal::core::seeded_card_codes(seed));
    REQUIRE(imported.ok());
    definition = imported.definition;
    marshal::db::Ledger::create(db, definition, 1000);
  }
  // Another ledger file of the same event beside it, as `changed` (a copy of the definition)
  // leaves it: a ruleset changed, the injuries cleared. Its path.
  template <typename Change>
  std::string variant(const std::string& file_name, Change changed) const {
    marshal::db::EventDefinition copy = definition;
    changed(copy);
    const std::string file = dir.file(file_name);
    marshal::db::Ledger::create(file, copy, 1000);
    return file;
  }
  std::string badge(const std::string& name) const {
    for (const auto& c : definition.characters)
      if (c.name == name) return c.badge_code;
    FAIL("no character " << name);
    return "";
  }
  // The codes of the cards of `kind` a character starts with, in the event's order.
  std::vector<std::string> cards(const std::string& holder, const std::string& kind) const {
    std::vector<std::string> codes;
    for (const auto& c : definition.cards)
      if (c.holder == holder && c.kind == kind) codes.push_back(c.code);
    return codes;
  }
};

}  // namespace marshal::test_support
