// Injuries (issue 32; 000 L173-178; docs/ledger.md `injury_drawn`, docs/tabletop.md "Injuries"):
// an Incapacitation roll leaves a fighter owing an Injury (Bleeding Out a permanent one, being
// knocked unconscious or a Last Stand a temporary one); the GM draws a card from a full deck and
// the group's injury table (injuries.csv) names it, or the GM types it where the group has none.
// A temporary Injury lasts 14 days minus a plain dVigor, rolled by the station (as a Soak's).
#include "core/incapacitation.h"
#include "core/injury.h"
#include "core/refusal.h"
#include "ledger/apply.h"
#include "ledger/combatants.h"

namespace marshal::db {

void apply_injury_table(Town& town, const core::InjuryTable& table) {
  for (const core::InjuryTable::Row& row : table.rows())
    for (int key : core::parse_injury_cards(row.cards))
      town.db().prepare("INSERT INTO injury_table(card_key, injury) VALUES (?, ?)").bind(1, key).bind(2, row.injury).run();
}

namespace {

// The group's injury for a drawn card, if the event has an injury table.
std::optional<std::string> table_injury(Database& db, const core::PlayingCard& card) {
  Statement s = db.prepare("SELECT injury FROM injury_table WHERE card_key = ?");
  s.bind(1, core::injury_key(card));
  if (!s.step()) return std::nullopt;
  return s.text(0);
}

bool has_injury_table(Database& db) { return db.scalar_int("SELECT COUNT(*) FROM injury_table") > 0; }

// A temporary Injury's days from the payload's `days` {die, face}: 14 - the face of a plain dVigor.
int temporary_days(protocol::Fields& f) {
  protocol::Fields days(f.required("days"), f.path_of("days"));
  const int die = days.integer("die", core::smallest_vigor_die, core::largest_vigor_die);
  const int face = days.integer("face", 1, core::largest_vigor_die);
  days.done();
  try {
    return core::injury_days(die, face);
  } catch (const core::Refusal& r) {
    throw LedgerRefusal(RefusalCode::bad_input, days.path_of(r.field() == "vigor_die" ? "die" : "face"), r.sentence());
  }
}

}  // namespace

void apply_injury_drawn(ApplyContext& ctx) {
  Town& town = ctx.town;
  protocol::Fields f(ctx.payload, "");
  const std::int64_t who = town.character_by_badge(f.required("by"), "by");
  const std::string name = town.name_of(who);
  // Bleeding Out gives a permanent Injury "if the character survives" (000 L173).
  town.require_alive(who, "by");
  const auto row = find_combatant(town.db(), who);
  if (!row)
    // TRANSLATORS: {} is a character's name.
    throw LedgerRefusal(RefusalCode::not_allowed, "by", say("{} has no combat sheet (the event's combat.csv)", name));
  if (row->state.state == core::FighterState::bleeding_out)
    // TRANSLATORS: {} is a character's name (000 L173: a permanent Injury if the character survives).
    throw LedgerRefusal(RefusalCode::illegal_move, "by", say("{} is Bleeding Out: the Injury is drawn if they live (000 L173)", name));
  const auto owed = injury_owed(town.db(), who);
  if (!owed)
    throw LedgerRefusal(RefusalCode::illegal_move, "by",
                        // TRANSLATORS: {} is a character's name; an Injury follows an Incapacitation roll (000 L173-175).
                        say("{} owes no Injury: an Incapacitation roll of Bleeding Out, unconscious or Last Stand gives one", name));
  const std::string card_text = f.text("card");
  const auto card = core::parse_playing_card(card_text);
  if (!card)
    // TRANSLATORS: {} is what was sent as a playing card; the rest is how cards are written.
    throw LedgerRefusal(RefusalCode::bad_input, "card", say("'{}' is not a card (QH, 10s, AS, RJ, BJ)", card_text));
  std::string injury;
  if (has_injury_table(town.db())) {
    if (f.has("injury"))
      throw LedgerRefusal(RefusalCode::bad_input, "injury", say("the event's injuries.csv names the injury: send the card only"));
    injury = *table_injury(town.db(), *card);  // the table is complete (InjuryTable::check_complete)
  } else {
    injury = f.text("injury");
    try {
      core::check_injury_name(injury);
    } catch (const core::Refusal& r) {
      throw LedgerRefusal(RefusalCode::bad_input, "injury", r.sentence());
    }
  }
  const bool permanent = *owed == core::InjuryKind::permanent;
  std::optional<int> days;
  if (!permanent) days = temporary_days(f);
  else if (f.has("days"))
    throw LedgerRefusal(RefusalCode::bad_input, "days", say("a permanent Injury lasts: no days to roll (000 L173)"));
  f.done();
  town.db()
      .prepare("INSERT INTO injuries(seq, character, card, injury, permanent, days) VALUES (?,?,?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, who)
      .bind(3, core::card_text(*card))
      .bind(4, injury)
      .bind(5, permanent)
      .bind(6, days)
      .run();
  set_injury_owed(town.db(), who, std::nullopt);
  ctx.ledger["injury"] = injury;
  ctx.ledger["permanent"] = permanent;
  if (days) ctx.ledger["days"] = *days;
}

}  // namespace marshal::db
