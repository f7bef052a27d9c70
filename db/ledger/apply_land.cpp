// Land (004 L262: the Mayor "has the complete list of who owns what land"; L258, L272: Mayor and
// Judges notarize business deals): a deed card per parcel, sold, mortgaged or redeemed only before
// a notary. `land_transfers` keeps every deal; the deed's owner and holder say where it stands.
#include <set>

#include "core/offices.h"
#include "i18n/utf8_text.h"
#include "ledger/apply.h"

namespace marshal::db {

std::int64_t notary_by_badge(Town& town, const Json& badge, const std::string& field) {
  const std::int64_t notary = town.character_by_badge(badge, field);
  const core::Character c = town.character(notary);
  if (!c.has_power(core::Power::mayor) && !c.has_power(core::Power::judge))
    // TRANSLATORS: {} is a character's name.
    throw LedgerRefusal(RefusalCode::not_allowed, field, say("{} is neither a Mayor nor a Judge: only they notarize", c.name));
  town.require_alive(notary, field);
  return notary;
}

void apply_land_transfer(ApplyContext& ctx) {
  Town& town = ctx.town;
  Database& db = town.db();
  protocol::Fields f(ctx.payload, "");
  const CardRow deed = town.card_of_kind(f.required("deed"), "deed", "deed");
  const std::int64_t from = town.character_by_badge(f.required("from"), "from");
  const std::int64_t to = town.character_by_badge(f.required("to"), "to");
  const std::int64_t notary = notary_by_badge(town, f.required("notary"), "notary");
  const std::string how = f.text("how");
  const std::string price = f.text("price");
  f.done();
  static const std::set<std::string> deals(core::land_deals.begin(), core::land_deals.end());
  if (!deals.count(how)) throw LedgerRefusal(RefusalCode::bad_input, "how", say("must be sale, mortgage or redemption"));
  if (price.empty() || i18n::characters_in(price) > static_cast<std::size_t>(core::max_price_characters))
    throw LedgerRefusal(RefusalCode::bad_input, "price", say("must be 1 to {} characters", core::max_price_characters));
  town.require_alive(from, "from");
  town.require_alive(to, "to");
  if (from == to) throw LedgerRefusal(RefusalCode::illegal_move, "to", say("a deal needs two parties"));
  if (notary == from || notary == to)
    throw LedgerRefusal(RefusalCode::illegal_move, "notary", say("a notary does not notarize his own deal"));
  const bool mortgaged = deed.holder != deed.owner;
  if (how == "redemption") {
    // The lender hands the deed back to its owner, the debt paid.
    if (!mortgaged)
      // TRANSLATORS: {} is the parcel's name (the deed's title).
      throw LedgerRefusal(RefusalCode::illegal_move, "deed", say("{} is not mortgaged", deed.title));
    town.require_holder(deed, from, "from");
    if (deed.owner != to)
      // TRANSLATORS: {0} is the parcel, {1} its owner.
      throw LedgerRefusal(RefusalCode::illegal_move, "to", say("{} goes back to its owner, {}", deed.title, town.name_of(*deed.owner)));
  } else {
    if (deed.owner != from)
      // TRANSLATORS: {0} is the parcel, {1} the one who tries to sell or pledge it.
      throw LedgerRefusal(RefusalCode::not_holder, "from", say("{} is not {}'s land", deed.title, town.name_of(from)));
    if (mortgaged)
      // TRANSLATORS: {0} is the parcel, {1} the lender who holds its deed.
      throw LedgerRefusal(RefusalCode::illegal_move, "deed",
                          say("{} is mortgaged to {}: redeem it first", deed.title, town.name_of(*deed.holder)));
  }
  db.prepare("INSERT INTO land_transfers(seq, deed, how, from_character, to_character, notary, price) VALUES (?,?,?,?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, deed.code)
      .bind(3, how)
      .bind(4, from)
      .bind(5, to)
      .bind(6, notary)
      .bind(7, price)
      .run();
  town.set_holder(deed.code, to, how);
  if (how == "sale") db.prepare("UPDATE cards SET owner = ? WHERE code = ?").bind(1, to).bind(2, deed.code).run();
  record_decision_of(town, "land_transferred", notary);
}

void undo_land_transfer(Town& town, std::int64_t seq) {
  Database& db = town.db();
  Statement s = db.prepare("SELECT deed, how, from_character FROM land_transfers WHERE seq = ?");
  s.bind(1, seq);
  if (!s.step()) return;
  const std::string deed = s.text(0), how = s.text(1);
  const std::int64_t from = s.int64(2);
  Statement last = db.prepare("SELECT MAX(seq) FROM land_transfers WHERE deed = ?");
  last.bind(1, deed);
  if (!last.step() || last.int64(0) != seq)
    throw LedgerRefusal(RefusalCode::illegal_move, "decision", say("the land changed hands again since: override the last deal"));
  // The deal undone: the deed back where it was before it.
  town.set_holder(deed, from, "overridden");
  if (how == "sale") db.prepare("UPDATE cards SET owner = ? WHERE code = ?").bind(1, from).bind(2, deed).run();
}

}  // namespace marshal::db
