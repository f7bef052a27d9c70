// Fuzzes what the ledger server does with a POST /events body: parse the JSON, read uuid, type
// and payload, append to a small in-memory ledger. Any input must end in an acceptance or a
// refusal with a reason, never a crash, and a refusal must leave the event log as it was.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "core/card_code.h"
#include "ledger/ledger.h"
#include "protocol/json_fields.h"
#include "protocol/utf8.h"

using namespace marshal;

namespace {

db::EventDefinition small_town() {
  db::EventDefinition def;
  def.title = "fuzz";
  for (const char* name : {"Ann", "Bob", "Cy"}) {
    db::CharacterDef c;
    c.name = name;
    c.attributes = {2, 2, 3, 2, 2};
    def.characters.push_back(c);
  }
  def.characters[0].powers = {core::Power::lawman, core::Power::doctor};
  // Fixed, valid codes so inputs can name them: data "000000000000000" + index, and a check.
  int n = 0;
  auto code = [&n] {
    std::string data = "000000000000000";
    data += core::card_code_alphabet[static_cast<std::size_t>(n++ % 32)];
    return data + core::card_code_check_char(data);
  };
  for (auto& c : def.characters) {
    c.badge_code = code();
    def.cards.push_back({c.badge_code, "badge", c.name, c.name, db::Json::object()});
    def.cards.push_back({code(), "bystander", c.name, "a friend", db::Json::object()});
    def.cards.push_back({code(), "trick", c.name, "Flush", {{"flag", "cheat"}}});
    def.cards.push_back({code(), "horse", c.name, "Dusty", {{"rating", 2}}});
    def.cards.push_back({code(), "secret", c.name, "a secret", {{"text", "shh"}}});
  }
  def.locations = {{"Road", true, 2, {"Gulch"}}, {"Gulch", false, 2, {}}};
  return def;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const db::EventDefinition def = small_town();
  std::uint32_t counter = 0;
  db::LedgerRandomness randomness{[&counter] {
                                    std::string data16 = "ZZZZZZZZZZZZ";
                                    for (int i = 0; i < 4; ++i)
                                      data16 += core::card_code_alphabet[(counter >> (5 * i)) & 31u];
                                    ++counter;
                                    return data16 + core::card_code_check_char(data16);
                                  },
                                  [](std::uint32_t bound) { return bound - 1; }};
  auto ledger = db::Ledger::create_in_memory(def, 1000, randomness);
  // Read as the server reads a body: with the nesting limit (protocol/json_depth.h).
  db::Json body;
  try {
    body = protocol::parse_json(std::string(reinterpret_cast<const char*>(data), size), "body");
  } catch (const protocol::InputError&) {
    return 0;
  }
  if (!body.is_object()) return 0;
  db::AppendRequest request;
  try {
    protocol::Fields f(body, "");
    request.uuid = f.text("uuid");
    request.type = f.text("type");
    request.payload = f.required("payload");
  } catch (const protocol::InputError&) {
    return 0;
  }
  request.station = "fuzz";
  std::int64_t before = ledger->last_seq();
  db::AppendResult r = ledger->append(request, 2000);
  if (!r.accepted && ledger->last_seq() != before) std::abort();
  // A refusal's words go into a JSON reply: they must be valid UTF-8 (names may be Russian).
  if (!r.accepted && !protocol::is_valid_utf8(r.reason)) std::abort();
  if (r.accepted && !r.duplicate && ledger->last_seq() != before + 1) std::abort();
  return 0;
}
