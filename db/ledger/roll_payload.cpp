#include "ledger/roll_payload.h"

#include "core/refusal.h"
#include "core/trait_roll.h"
#include "ledger/event_ruleset.h"

namespace marshal::db {

using i18n::say;

std::vector<int> payload_faces(protocol::Fields& dice, const std::string& key, const std::string& path) {
  constexpr std::size_t max_faces = core::max_ace_rolls;
  constexpr std::int64_t max_face_magnitude = 1000;  // past any die's face: d12 at most
  std::vector<int> out;
  const Json* list = dice.optional(key);
  if (!list) return out;
  const std::string field = path.empty() ? key : path + "." + key;
  if (!list->is_array() || list->size() > max_faces)
    throw LedgerRefusal(RefusalCode::bad_input, field, say("must be a list of at most {} faces", max_faces));
  for (const Json& face : *list) {
    if (!face.is_number_integer()) throw LedgerRefusal(RefusalCode::bad_input, field, say("faces are whole numbers"));
    // Checked before it is narrowed to an int (a face of 2^32 + 6 must not read as a 6); the
    // judge then names a face the die cannot show.
    const auto value = face.get<std::int64_t>();
    if (value < -max_face_magnitude || value > max_face_magnitude)
      throw LedgerRefusal(RefusalCode::bad_input, field, say("a face is a small whole number, not {}", value));
    out.push_back(static_cast<int>(value));
  }
  return out;
}

int payload_trait_die(protocol::Fields& f, const std::string& key, bool coin) {
  std::string text = f.text(key);
  auto sides = core::die_sides(text);
  if (!sides || !is_trait_die(*sides, coin))
    throw LedgerRefusal(RefusalCode::bad_input, f.path_of(key),
                        coin ? say("'{}' is not a die: d4, d6, d8, d10 or d12 (or d2, the coin)", text)
                             : say("'{}' is not a die: d4, d6, d8, d10 or d12", text));
  return *sides;
}

core::RolledTrait judge_payload_dice(protocol::Fields& f, const core::TraitRoll& roll) {
  protocol::Fields dice(f.required("dice"), "dice");
  std::vector<int> trait = payload_faces(dice, "trait", "dice"), wild = payload_faces(dice, "wild", "dice"),
                   crit_check = payload_faces(dice, "crit_check", "dice");
  dice.done();
  try {
    return core::roll_trait_from_dice(roll, trait, wild, crit_check);
  } catch (const core::Refusal& r) {
    throw LedgerRefusal(RefusalCode::bad_input, "dice." + r.field(), r.sentence());
  }
}

void put_judged_roll(protocol::Json& ledger, const core::RolledTrait& judged) {
  ledger["result"] = judged.result;
  ledger["success"] = judged.success;
  ledger["raises"] = judged.raises;
  ledger["crit_fail"] = judged.crit_fail;
  ledger["crit_success"] = judged.crit_success;
}

}  // namespace marshal::db
