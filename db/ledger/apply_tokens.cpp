// Tokens of fortune (core/tokens.h; 000 L64-92): a GM issues one to a character as a card with
// a fresh code; played once (a second play is refused, naming when and at which station it was
// played); re-issued like any card (card_reissued revokes the old code). A Connection Marker is
// played again and again, its die stepping down after each use until it is spent (000 L88-90).
#include "ledger/apply.h"

#include <fmt/format.h>

#include "core/tokens.h"
#include "core/trait_roll.h"
#include "i18n/venue_time.h"
#include "ledger/token_card.h"

namespace marshal::db {

namespace {

// "X was played already, by event #12 at 21:14 at station saloon-gm", from the event that played
// it (when it is in the file); the time in the venue's zone (i18n/venue_time.h).
i18n::Sentence played_already(Database& db, const std::string& title, std::int64_t seq) {
  Statement s = db.prepare("SELECT station, server_time_ms FROM events WHERE seq = ?");
  s.bind(1, seq);
  // TRANSLATORS: {0} is a token's title, {1} the number of the event that played it
  if (!s.step()) return say("{} was played already, by event #{}", title, seq);
  // TRANSLATORS: {0} is a token's title, {1} the number of the event that played it, {2} its time
  // (21:14), {3} the station's name
  return say("{} was played already, by event #{} at {} at station {}", title, seq, i18n::clock_text(s.int64(1)),
             s.text(0));
}

}  // namespace

void apply_token_event(const std::string& type, ApplyContext& ctx) {
  Town& town = ctx.town;
  Database& db = town.db();
  protocol::Fields f(ctx.payload, "");
  if (type == "token_issued") {
    std::int64_t to = town.character_by_badge(f.required("to"), "to");
    std::string kind_text = f.text("token");
    std::string text = f.optional_text("text").value_or("");
    const auto kind = core::token_kind_from_string(kind_text);
    std::string die = kind && core::token_has_die(*kind) ? f.text("die") : std::string();
    core::TokenSpec spec;
    try {
      spec = core::token_spec(kind_text, text, die);
    } catch (const core::Refusal& r) {
      throw LedgerRefusal(RefusalCode::bad_input, r.field(), r.sentence());
    }
    f.optional_text("note");
    f.done();
    town.require_alive(to, "to");
    CardRow card;
    card.code = fresh_card_code(ctx);
    card.kind = "token";
    card.holder = to;
    card.title = core::token_title(spec.kind, spec.text, spec.die_sides);
    card.detail = token_detail(spec);
    town.insert_card(card, "issued");
  } else if (type == "token_played") {
    CardRow token = town.card_of_kind(f.required("token"), "token", "token");
    std::int64_t by = town.character_by_badge(f.required("by"), "by");
    if (const Json* roll = f.optional("roll")) require_recorded_roll(db, *roll, "roll");
    f.optional_text("note");
    f.done();
    town.require_alive(by, "by");
    town.require_holder(token, by, "token");
    if (token.spent)
      throw LedgerRefusal(RefusalCode::already_spent, "token",
                          played_already(db, token.title, token.detail.value("played_seq", std::int64_t{0})));
    Json detail = token.detail;
    detail["played_seq"] = town.seq();
    std::string title = token.title;
    bool spent = true;
    if (detail.value("token", "") == "connection_marker") {
      // One use steps the die down; after the d4 it is spent (000 L88-90).
      const int sides = core::die_sides(detail.value("die", "d4")).value_or(4);
      const int after = core::marker_die_after_use(sides);
      ctx.ledger["die_after"] = after == 0 ? std::string("spent") : "d" + std::to_string(after);
      if (after > 0) {
        spent = false;
        detail["die"] = "d" + std::to_string(after);
        title = core::token_title(core::TokenKind::connection_marker, detail.value("text", ""), after);
      }
    }
    db.prepare("UPDATE cards SET detail = ?, title = ? WHERE code = ?")
        .bind(1, detail.dump())
        .bind(2, title)
        .bind(3, token.code)
        .run();
    if (spent) town.spend_card(token.code, "played");
  }
}

}  // namespace marshal::db
