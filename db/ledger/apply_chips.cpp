// Bennies and chips of a tabletop game night (core/chips.h; TABLETOP.md "Bennies, fate chips,
// chips"): every deal, award and spend is an event, so the audit replays every pool. A spend of
// a chip that is not there is refused and records nothing; no pool goes below zero.
#include "ledger/apply.h"

#include <algorithm>

#include "core/chips.h"
#include "i18n/utf8_text.h"
#include "ledger/combatants.h"
#include "ledger/event_ruleset.h"

namespace marshal::db {

namespace {

constexpr std::int64_t gm_pool = gm_chip_pool;
constexpr int max_chips_at_once = 10;      // one award gives at most this many chips
constexpr std::size_t max_why_chars = 200;  // why a chip was awarded or spent

std::int64_t holder(Town& town, protocol::Fields& f, const std::string& field) {
  return chip_holder(town, f.required(field), field);
}

std::int64_t chips_held(Database& db, std::int64_t holder, const std::string& colour) {
  Statement s = db.prepare("SELECT count FROM chips WHERE holder = ? AND colour = ?");
  s.bind(1, holder).bind(2, colour);
  return s.step() ? s.int64(0) : 0;
}

std::optional<std::int64_t> open_night(Database& db) {
  Statement s = db.prepare("SELECT seq FROM game_nights WHERE ended_seq IS NULL ORDER BY seq DESC LIMIT 1");
  if (!s.step()) return std::nullopt;
  return s.int64(0);
}

std::string why_text(protocol::Fields& f, bool required) {
  std::optional<std::string> why = required ? std::optional<std::string>(f.text("why")) : f.optional_text("why");
  if (!why) return "";
  if ((required && why->empty()) || i18n::characters_in(*why) > max_why_chars)
    throw LedgerRefusal(RefusalCode::bad_input, "why", say("must be 1 to {} characters", max_why_chars));
  return *why;
}

// The colour of an awarded chip: as named, or by the ledger's d6 where the ruleset says so
// (recorded with the event; a replay reads it back).
std::string award_colour(ApplyContext& ctx, const core::ChipRules& rules, const std::string& named) {
  if (named != "by_d6") return named;
  if (!rules.colour_by_d6) throw LedgerRefusal(RefusalCode::bad_input, "colour", say("this ruleset's chips are not coloured by a d6"));
  int d6 = 0;
  if (ctx.replaying) {
    if (!ctx.recorded.contains("d6") || !ctx.recorded["d6"].is_number_integer())
      throw LedgerRefusal(RefusalCode::bad_input, "ledger.d6", say("the recorded d6 is missing"));
    const auto kept = ctx.recorded["d6"].get<std::int64_t>();  // range-checked before it is narrowed
    if (kept < 1 || kept > 6) throw LedgerRefusal(RefusalCode::bad_input, "ledger.d6", say("must be 1 to 6"));
    d6 = static_cast<int>(kept);
  } else {
    d6 = static_cast<int>(ctx.randomness.uniform(6)) + 1;
  }
  ctx.ledger["d6"] = d6;
  std::string colour = core::colour_for_d6(d6);
  ctx.ledger["colour"] = colour;
  return colour;
}

}  // namespace

std::int64_t chip_holder(Town& town, const Json& who, const std::string& field) {
  if (who.is_string() && who.get<std::string>() == "gm") return gm_pool;
  std::int64_t id = town.character_by_badge(who, field);
  town.require_alive(id, field);
  return id;
}

void add_chips(Database& db, std::int64_t holder, const std::string& colour, std::int64_t n) {
  db.prepare(
        "INSERT INTO chips(holder, colour, count) VALUES (?,?,?) "
        "ON CONFLICT(holder, colour) DO UPDATE SET count = count + excluded.count")
      .bind(1, holder)
      .bind(2, colour)
      .bind(3, n)
      .run();
}

bool spend_chip(Town& town, std::int64_t by, const std::string& colour, core::ChipUse use, const std::string& field) {
  Database& db = town.db();
  const core::Ruleset ruleset = event_ruleset(db);
  if (auto why = core::spend_problem(ruleset, colour, use)) throw LedgerRefusal(RefusalCode::bad_input, field, *why);
  if (chips_held(db, by, colour) == 0)
    throw LedgerRefusal(RefusalCode::no_chip, field,
                        by == gm_pool
                            // TRANSLATORS: {} is a chip's colour as typed (white, red, blue...)
                            ? say("the GM's pool has no {} chip to spend", colour)
                            // TRANSLATORS: {0} is a character's name, {1} a chip's colour as typed (white, red...)
                            : say("{} has no {} chip to spend", town.name_of(by), colour));
  db.prepare("UPDATE chips SET count = count - 1 WHERE holder = ? AND colour = ?").bind(1, by).bind(2, colour).run();
  if (!core::gm_gains_from_spend(ruleset, colour, use)) return false;
  add_chips(db, gm_pool, colour, 1);
  return true;
}

void pay_own_chip(ApplyContext& ctx, std::int64_t who, const std::string& name, core::ChipUse use, const Json& paid) {
  protocol::Fields chip(paid, "chip");
  const Json& by = chip.required("by");
  const std::string colour = chip.text("colour");
  chip.done();
  const std::int64_t payer = chip_holder(ctx.town, by, "chip.by");
  const bool gm_side = ctx.town.db().scalar_text("SELECT side FROM characters WHERE id = " + std::to_string(who)) == "gm";
  if (payer != who && !(gm_side && payer == gm_pool))
    throw LedgerRefusal(RefusalCode::not_allowed, "chip.by",
                        // TRANSLATORS: {} is a character's name.
                        say("{} pays with their own chips (the GM's pool pays for the GM's characters)", name));
  if (spend_chip(ctx.town, payer, colour, use, "chip.colour")) ctx.ledger["gm_pool_gains"] = 1;
}

Json give_jokers_wild(Town& town, bool posse) {
  Database& db = town.db();
  const std::string colour = core::chip_rules(event_ruleset(db)).colours.front();
  // 001 L35: every player character; L39: the GM's pool and each of the GM's Wild Cards.
  Statement who = db.prepare(posse ? "SELECT id FROM characters WHERE dead = 0 AND side = 'posse' ORDER BY id"
                                   : "SELECT id FROM characters WHERE dead = 0 AND side = 'gm' AND wild_card = 1 ORDER BY id");
  std::int64_t given = 0;
  while (who.step()) {
    add_chips(db, who.int64(0), colour, 1);
    ++given;
  }
  if (!posse) add_chips(db, gm_pool, colour, 1);
  return {{"characters", given}, {"gm_pool", posse ? 0 : 1}};
}

void apply_chip_event(const std::string& type, ApplyContext& ctx) {
  Town& town = ctx.town;
  Database& db = town.db();
  const core::Ruleset ruleset = event_ruleset(db);
  const core::ChipRules rules = core::chip_rules(ruleset);
  protocol::Fields f(ctx.payload, "");
  if (type == "night_started") {
    f.optional_text("note");
    f.done();
    if (open_night(db)) throw LedgerRefusal(RefusalCode::illegal_move, "type", say("a game night is under way: end it first"));
    db.prepare("INSERT INTO game_nights(seq, start_ms) VALUES (?,?)").bind(1, town.seq()).bind(2, town.now_ms()).run();
    if (rules.each_at_night_start == 0) return;
    // Every living player character gets the night's Bennies; the GM one per player (001 L31,
    // L36); each of the GM's Wild Cards its own two (001 L37). The GM's Extras get none.
    std::int64_t players = 0, gm_wild_cards = 0;
    Statement living = db.prepare("SELECT id, side, wild_card FROM characters WHERE dead = 0 ORDER BY id");
    while (living.step()) {
      if (living.text(1) == "gm") {
        if (living.int64(2) == 0) continue;
        add_chips(db, living.int64(0), rules.colours.front(), rules.each_gm_wild_card_at_night_start);
        ++gm_wild_cards;
      } else {
        add_chips(db, living.int64(0), rules.colours.front(), rules.each_at_night_start);
        ++players;
      }
    }
    add_chips(db, gm_pool, rules.colours.front(), players * rules.gm_per_player_at_night_start);
    ctx.ledger["dealt"] = {{"each", rules.each_at_night_start}, {"players", players},
                           {"gm", players * rules.gm_per_player_at_night_start}};
    if (gm_wild_cards > 0)
      ctx.ledger["dealt"]["gm_wild_cards"] = {{"each", rules.each_gm_wild_card_at_night_start}, {"count", gm_wild_cards}};
  } else if (type == "night_ended") {
    f.optional_text("note");
    f.done();
    auto night = open_night(db);
    if (!night) throw LedgerRefusal(RefusalCode::illegal_move, "type", say("no game night is under way"));
    db.prepare("UPDATE game_nights SET ended_seq = ? WHERE seq = ?").bind(1, town.seq()).bind(2, *night).run();
    if (rules.discarded_at_night_end) {
      ctx.ledger["discarded"] = db.scalar_int("SELECT COALESCE(SUM(count), 0) FROM chips");
      db.exec("DELETE FROM chips");
    }
  } else if (type == "jokers_wild") {
    const std::string drawn_by = f.text("drawn_by");
    f.optional_text("note");
    f.done();
    if (drawn_by != "posse" && drawn_by != "gm")
      throw LedgerRefusal(RefusalCode::bad_input, "drawn_by", say("is posse (a player character drew the Joker) or gm (the villains)"));
    if (open_fight(db))
      throw LedgerRefusal(RefusalCode::illegal_move, "type",
                          say("a fight is under way: its deal gives Joker's Wild (cards_dealt), not this event"));
    if (!rules.jokers_wild)
      throw LedgerRefusal(RefusalCode::illegal_move, "type",
                          // TRANSLATORS: {} is a ruleset's name as the event's options name it (savage, classic...)
                          say("{} has no Joker's Wild (it is savage's, 001 L35, L39)", core::to_string(ruleset)));
    ctx.ledger["given"] = give_jokers_wild(town, drawn_by == "posse");
  } else if (type == "chip_awarded") {
    std::int64_t to = holder(town, f, "to");
    std::string named = f.text("colour");
    int count = f.integer_or("count", 1, max_chips_at_once, 1);
    why_text(f, true);
    f.done();
    if (named != "by_d6" && std::find(rules.colours.begin(), rules.colours.end(), named) == rules.colours.end())
      throw LedgerRefusal(RefusalCode::bad_input, "colour",
                          rules.colours.size() == 1
                              // TRANSLATORS: {0} is a ruleset's name (savage, classic...), {1} and {2} chip
                              // colours as typed (white, red...)
                              ? say("{} has no '{}' chips (its chips are '{}')", core::to_string(ruleset), named,
                                    rules.colours.front())
                              // TRANSLATORS: {0} is a ruleset's name (savage, classic...), {1} a chip colour as typed
                              : say("{} has no '{}' chips", core::to_string(ruleset), named));
    add_chips(db, to, award_colour(ctx, rules, named), count);
  } else if (type == "chip_spent") {
    std::int64_t by = holder(town, f, "by");
    std::string colour = f.text("colour");
    std::string use_text = f.text("use");
    auto use = core::chip_use_from_string(use_text);
    if (!use) throw LedgerRefusal(RefusalCode::bad_input, "use", say("must be reroll, soak, extra_d6, cancel_crit_fail or unshake"));
    why_text(f, false);
    if (const Json* roll = f.optional("roll")) require_recorded_roll(db, *roll, "roll");
    f.done();
    if (spend_chip(town, by, colour, *use, "colour")) ctx.ledger["gm_pool_gains"] = 1;
  }
}

}  // namespace marshal::db
