// A tabletop fight's bounds (issue 32; docs/ledger.md; docs/tabletop.md "A fight in the ledger"):
// fight_started opens one (one at a time, a tabletop game only); fight_ended closes it, ends
// every fighter's Shaken, and in deadlands-ru gives the chips of 002 L15-19 by the ledger's own
// d6s (recorded with the event; a replay reads them back). The hits are apply_harm.cpp's.
#include <fmt/format.h>

#include "core/chips.h"
#include "i18n/utf8_text.h"
#include "ledger/apply.h"
#include "ledger/combatants.h"
#include "ledger/event_ruleset.h"

namespace marshal::db {

namespace {

constexpr std::size_t max_fight_note = 200;  // characters of a GM's note on a fight

void read_note(protocol::Fields& f) {
  if (auto note = f.optional_text("note"); note && i18n::characters_in(*note) > max_fight_note)
    throw LedgerRefusal(RefusalCode::bad_input, "note", say("must be at most {} characters", max_fight_note));
}

// The d6s the ledger rolls for an event, in order: drawn and kept in the ledger part's `d6s`, or
// read back from it when replaying (and every one must be used).
class LedgerD6s {
 public:
  explicit LedgerD6s(ApplyContext& ctx) : ctx_(ctx) {
    if (!ctx_.replaying) return;
    const Json* kept = ctx_.ledger.contains("d6s") ? &ctx_.ledger["d6s"] : nullptr;
    if (kept && !kept->is_array()) throw LedgerRefusal(RefusalCode::bad_input, "ledger.d6s", say("must be a list of d6s"));
    if (kept) recorded_ = *kept;
  }
  int roll() {
    int d6 = 0;
    if (ctx_.replaying) {
      if (next_ >= recorded_.size() || !recorded_[next_].is_number_integer())
        throw LedgerRefusal(RefusalCode::bad_input, "ledger.d6s", say("the recorded d6 is missing"));
      d6 = recorded_[next_].get<int>();
      if (d6 < 1 || d6 > 6) throw LedgerRefusal(RefusalCode::bad_input, "ledger.d6s", say("must be 1 to 6"));
    } else {
      d6 = static_cast<int>(ctx_.randomness.uniform(6)) + 1;
      recorded_.push_back(d6);
    }
    ++next_;
    return d6;
  }
  // Written back (none when none were rolled); refused when a replay left some unused.
  void finish() {
    if (ctx_.replaying && next_ != recorded_.size())
      throw LedgerRefusal(RefusalCode::bad_input, "ledger.d6s", say("holds more d6s than the event rolls"));
    if (next_ > 0) ctx_.ledger["d6s"] = recorded_;
  }

 private:
  ApplyContext& ctx_;
  Json recorded_ = Json::array();
  std::size_t next_ = 0;
};

// 002 L15-19: each living character of the posse one chip (by their Luck), the GM's pool two,
// each chip's colour by a d6 (002 L20-23).
void award_chips_after_fight(ApplyContext& ctx, const core::ChipRules& rules) {
  Database& db = ctx.town.db();
  LedgerD6s dice(ctx);
  Json awards = Json::array();
  Statement posse = db.prepare(
      "SELECT c.id, c.name, COALESCE(f.luck, 'none') FROM characters c LEFT JOIN combatants f ON f.character = c.id "
      "WHERE c.dead = 0 AND c.side = 'posse' AND COALESCE(f.state, 'fighting') <> 'dead' ORDER BY c.id");
  struct Award {
    std::int64_t id;
    std::string name;
    core::Luck luck;
  };
  std::vector<Award> who;
  while (posse.step()) who.push_back({posse.int64(0), posse.text(1), core::luck_from_string(posse.text(2)).value()});
  auto coloured = [&](std::int64_t holder, int count, Json& award) {
    Json colours = Json::array();
    for (int i = 0; i < count; ++i) {
      const std::string colour = core::colour_for_d6(dice.roll());
      add_chips(db, holder, colour, 1);
      colours.push_back(colour);
    }
    award["colours"] = colours;
  };
  for (const Award& a : who) {
    const int luck_d6 = core::rolls_after_fight(a.luck) ? dice.roll() : 0;
    Json award{{"to", a.name}, {"luck", core::to_string(a.luck)}};
    if (luck_d6 != 0) award["luck_d6"] = luck_d6;
    coloured(a.id, core::chips_after_fight(rules.each_after_fight, a.luck, luck_d6), award);
    awards.push_back(award);
  }
  Json gm;
  coloured(gm_chip_pool, rules.gm_after_fight, gm);
  dice.finish();
  ctx.ledger["awards"] = awards;
  ctx.ledger["gm_pool"] = gm["colours"];
}

}  // namespace

void apply_fight_event(const std::string& type, ApplyContext& ctx) {
  Database& db = ctx.town.db();
  protocol::Fields f(ctx.payload, "");
  read_note(f);
  f.done();
  if (db.scalar_text("SELECT COALESCE((SELECT value FROM event_info WHERE key = 'game'), 'lincoln')") != "tabletop")
    throw LedgerRefusal(RefusalCode::illegal_move, "type", say("fights at the table are a tabletop game's (options.csv: game,tabletop)"));
  const std::optional<std::int64_t> open = open_fight(db);
  if (type == "fight_started") {
    if (open) throw LedgerRefusal(RefusalCode::illegal_move, "type", say("a fight is under way (event {}): end it first", *open));
    db.prepare("INSERT INTO fights(seq) VALUES (?)").bind(1, ctx.town.seq()).run();
    return;
  }
  if (!open) throw LedgerRefusal(RefusalCode::illegal_move, "type", say("no fight is under way"));
  db.prepare("UPDATE fights SET ended_seq = ? WHERE seq = ?").bind(1, ctx.town.seq()).bind(2, *open).run();
  // Shaken is a fight's state: it ends with the fight (SWD). Wounds stay.
  db.exec("UPDATE combatants SET shaken = 0");
  const core::ChipRules rules = core::chip_rules(event_ruleset(db));
  if (rules.each_after_fight > 0 || rules.gm_after_fight > 0) award_chips_after_fight(ctx, rules);
}

}  // namespace marshal::db
