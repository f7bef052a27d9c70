// A tabletop fight's bounds and rounds (issue 32; docs/ledger.md; docs/tabletop.md "A fight in
// the ledger"): fight_started opens one (one at a time, a tabletop game only); cards_dealt deals
// a round's Action Cards (001 L45; 000 L52-54), each card once between shuffles and the deck
// shuffled after a round with a Joker; card_redrawn, a chip's new card before the round begins
// (001 L45); fight_ended closes it, ends every fighter's Shaken, and in
// deadlands-ru gives the chips of 002 L15-19 by the ledger's own d6s (recorded with the event; a
// replay reads them back). The hits are apply_harm.cpp's.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/chips.h"
#include "core/initiative.h"
#include "i18n/utf8_text.h"
#include "ledger/apply.h"
#include "ledger/combatants.h"
#include "ledger/event_ruleset.h"

namespace marshal::db {

namespace {

constexpr std::size_t max_fight_note = 200;  // characters of a GM's note on a fight
constexpr std::size_t max_cards_dealt = core::initiative_deck_size;  // cards one round deals at most
constexpr std::size_t max_card_group = 20;  // like Extras sharing one card (SWD)

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
    const Json* kept = ctx_.recorded.contains("d6s") ? &ctx_.recorded["d6s"] : nullptr;
    if (kept && !kept->is_array()) throw LedgerRefusal(RefusalCode::bad_input, "ledger.d6s", say("must be a list of d6s"));
    if (kept) recorded_ = *kept;
  }
  int roll() {
    int d6 = 0;
    if (ctx_.replaying) {
      if (next_ >= recorded_.size() || !recorded_[next_].is_number_integer())
        throw LedgerRefusal(RefusalCode::bad_input, "ledger.d6s", say("the recorded d6 is missing"));
      const auto kept = recorded_[next_].get<std::int64_t>();  // range-checked before it is narrowed
      if (kept < 1 || kept > 6) throw LedgerRefusal(RefusalCode::bad_input, "ledger.d6s", say("must be 1 to 6"));
      d6 = static_cast<int>(kept);
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

// A round's dealt card: who holds it (one fighter, or a group of like Extras) and the card.
struct Dealt {
  std::vector<std::int64_t> to;
  core::PlayingCard card;
};

// Who a dealt card goes to: a fighter with a combat sheet, still in the fight, dealt once.
std::int64_t dealt_to(Town& town, const Json& badge, const std::string& field, std::set<std::int64_t>& seen) {
  const std::int64_t id = town.character_by_badge(badge, field);
  town.require_alive(id, field);
  const auto row = find_combatant(town.db(), id);
  if (!row)
    // TRANSLATORS: {} is a character's name.
    throw LedgerRefusal(RefusalCode::not_allowed, field, say("{} has no combat sheet (the event's combat.csv)", town.name_of(id)));
  require_still_fighting(town.db(), id, town.name_of(id), field);
  if (!seen.insert(id).second)
    // TRANSLATORS: {} is a character's name.
    throw LedgerRefusal(RefusalCode::illegal_move, field, say("{} is dealt a card twice", town.name_of(id)));
  return id;
}

// The deck as the fight left it: every card dealt since its last shuffle (a fight starts shuffled).
core::InitiativeDeck deck_of(Database& db, std::int64_t fight) {
  core::InitiativeDeck deck;
  for (const std::string& card : cards_out(db, fight)) deck.take(core::parse_playing_card(card).value());
  return deck;
}

// The card `text` names (refused bad_input at `field` when it names none), taken from `deck`
// (refused illegal_move when it is out since the shuffle, naming its round).
core::PlayingCard take_card(core::InitiativeDeck& deck, const std::string& text, const std::string& field) {
  const auto card = core::parse_playing_card(text);
  if (!card)
    throw LedgerRefusal(RefusalCode::bad_input, field,
                        // TRANSLATORS: {} is the card as typed; the spellings after it are not translated.
                        say("'{}' is not a card: a rank 2-10, J, Q, K or A and a suit S, H, D or C (10H, AS), or RJ, BJ", text));
  try {
    deck.take(*card);
  } catch (const core::Refusal& r) {
    throw LedgerRefusal(RefusalCode::illegal_move, field, r.sentence());
  }
  return *card;
}

void apply_cards_dealt(ApplyContext& ctx, protocol::Fields& f, std::int64_t fight) {
  Town& town = ctx.town;
  Database& db = town.db();
  Statement last = db.prepare("SELECT number, joker FROM fight_rounds WHERE fight = ? ORDER BY number DESC LIMIT 1");
  last.bind(1, fight);
  const bool first_round = !last.step();
  const int number = first_round ? 1 : static_cast<int>(last.int64(0)) + 1;
  const bool joker_last_round = !first_round && last.int64(1) != 0;
  const bool said_shuffled = f.boolean_or("shuffled", false);
  const bool shuffled = first_round || said_shuffled;  // a fight starts from a shuffled deck
  if (joker_last_round && !shuffled)
    throw LedgerRefusal(RefusalCode::illegal_move, "shuffled",
                        say("a Joker was dealt last round: the deck is shuffled before this deal (SWD)"));
  core::InitiativeDeck deck = shuffled ? core::InitiativeDeck() : deck_of(db, fight);
  const Json& cards = f.required("cards");
  if (!cards.is_array() || cards.empty() || cards.size() > max_cards_dealt)
    throw LedgerRefusal(RefusalCode::bad_input, "cards", say("must be a list of 1 to {} cards", max_cards_dealt));
  std::vector<Dealt> round;
  std::set<std::int64_t> seen;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const std::string path = fmt::format("cards[{}]", i);
    protocol::Fields c(cards[i], path);
    Dealt dealt;
    const Json& to = c.required("to");
    if (to.is_array()) {
      if (to.empty() || to.size() > max_card_group)
        throw LedgerRefusal(RefusalCode::bad_input, c.path_of("to"), say("must be a badge or a list of 1 to {} badges", max_card_group));
      for (std::size_t k = 0; k < to.size(); ++k) dealt.to.push_back(dealt_to(town, to[k], fmt::format("{}.to[{}]", path, k), seen));
    } else {
      dealt.to.push_back(dealt_to(town, to, c.path_of("to"), seen));
    }
    const std::string text = c.text("card");
    c.done();
    dealt.card = take_card(deck, text, c.path_of("card"));
    round.push_back(std::move(dealt));
  }
  f.done();
  const bool joker = std::any_of(round.begin(), round.end(), [](const Dealt& d) { return d.card.joker != core::Joker::none; });
  Json stored = Json::array();
  for (const Dealt& d : round) stored.push_back({{"to", d.to}, {"card", core::card_text(d.card)}});
  db.prepare("INSERT INTO fight_rounds(seq, fight, number, cards, shuffled, joker) VALUES (?,?,?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, fight)
      .bind(3, number)
      .bind(4, stored.dump())
      .bind(5, shuffled)
      .bind(6, joker)
      .run();
  ctx.ledger["round"] = number;
  ctx.ledger["shuffled"] = shuffled;
  ctx.ledger["order"] = round_order(db, stored);
  ctx.ledger["shuffle_next"] = joker;
  // Joker's Wild (savage, 001 L35, L39): a Joker dealt gives Bennies, by the side that drew it.
  if (!joker || !core::chip_rules(event_ruleset(db)).jokers_wild) return;
  Json given = Json::array();
  for (const Dealt& d : round) {
    if (d.card.joker == core::Joker::none) continue;
    const bool posse = db.scalar_text("SELECT side FROM characters WHERE id = " + std::to_string(d.to.front())) == "posse";
    Json g = give_jokers_wild(town, posse);
    g["drawn_by"] = posse ? "posse" : "gm";
    given.push_back(g);
  }
  ctx.ledger["jokers_wild"] = given;
}

// 001 L45: once the cards are dealt, a chip buys the holder another Action Card, as often as they
// like, and they keep their choice of all their draws; once the round has begun (a roll, a hit, a
// Soak, a Spirit, Incapacitation or Healing roll recorded after the deal: mark_round_begun) no more are drawn. The card drawn comes from the deck as the fight
// left it, and stays out (the round's "drawn") whichever is kept.
void apply_card_redrawn(ApplyContext& ctx, protocol::Fields& f, std::int64_t fight) {
  Town& town = ctx.town;
  Database& db = town.db();
  Statement last = db.prepare("SELECT seq, number, cards, joker FROM fight_rounds WHERE fight = ? ORDER BY number DESC LIMIT 1");
  last.bind(1, fight);
  if (!last.step()) throw LedgerRefusal(RefusalCode::illegal_move, "type", say("no Action Cards are dealt yet: deal the round first"));
  const std::int64_t round_seq = last.int64(0), round_number = last.int64(1);
  Json stored = Json::parse(last.text(2));
  bool joker = last.int64(3) != 0;
  const std::string after = std::to_string(round_seq);
  // A replay takes a card drawn after a Soak, a Spirit or Healing roll of the round when no roll
  // or hit came before it: a ledger of schema 23 recorded it so, before `begun` counted them.
  const bool begun = db.scalar_int("SELECT begun FROM fight_rounds WHERE seq = " + after) != 0;
  auto rolled_or_hit = [&] {  // asked only of a replay of a round begun
    return db.scalar_int("SELECT EXISTS (SELECT 1 FROM rolls WHERE seq > " + after + ") OR EXISTS (SELECT 1 FROM hits WHERE seq > " +  // i18n: not words (SQL)
                         after + ")") != 0;
  };
  if (begun && (!ctx.replaying || rolled_or_hit()))
    throw LedgerRefusal(RefusalCode::illegal_move, "type",
                        say("the round has begun (a roll or a hit is recorded since the deal): no more cards are drawn (001 L45)"));
  const std::int64_t who = town.character_by_badge(f.required("to"), "to");
  Json* entry = nullptr;
  for (Json& dealt : stored)
    for (const Json& id : dealt.at("to"))
      if (id.get<std::int64_t>() == who) entry = &dealt;
  // TRANSLATORS: {} is a character's name.
  if (!entry) throw LedgerRefusal(RefusalCode::illegal_move, "to", say("{} holds no Action Card this round", town.name_of(who)));
  pay_own_chip(ctx, who, town.name_of(who), core::ChipUse::new_card, f.required("chip"));
  const std::string text = f.text("card");
  const std::string keep = f.text("keep");
  f.done();
  // 001 L45: the holder keeps the one they choose of all their draws: the new, the held, or one
  // passed over earlier this round (the round's "drawn" for them), named by its card.
  const auto earlier = keep == "new" || keep == "old" ? std::nullopt : core::parse_playing_card(keep);
  if (keep != "new" && keep != "old" && !earlier)
    throw LedgerRefusal(RefusalCode::bad_input, "keep",
                        say("must be new (the card drawn), old (the card held) or a card they drew earlier this round"));
  core::InitiativeDeck deck = deck_of(db, fight);
  const core::PlayingCard card = take_card(deck, text, "card");
  const std::string held = entry->at("card").get<std::string>(), drawn = core::card_text(card);
  Json& discarded = (*entry)["drawn"];
  if (!discarded.is_array()) discarded = Json::array();
  if (earlier) {
    const auto found = std::find(discarded.begin(), discarded.end(), Json(core::card_text(*earlier)));
    if (found == discarded.end())
      // TRANSLATORS: {0} a card ("KS"), {1} a character's name: a chip's new Action Card may keep only one of their draws (001 L45).
      throw LedgerRefusal(RefusalCode::illegal_move, "keep", say("{} is not a card {} drew this round", keep, town.name_of(who)));
    discarded.erase(found);
    discarded.push_back(held);
    discarded.push_back(drawn);
    (*entry)["card"] = core::card_text(*earlier);
  } else {
    discarded.push_back(keep == "new" ? held : drawn);
    if (keep == "new") (*entry)["card"] = drawn;
  }
  const bool drew_joker = card.joker != core::Joker::none;
  joker = joker || drew_joker;  // a Joker seen this round shuffles the deck before the next (SWD)
  db.prepare("UPDATE fight_rounds SET cards = ?, joker = ? WHERE seq = ?").bind(1, stored.dump()).bind(2, joker).bind(3, round_seq).run();
  ctx.ledger["round"] = round_number;
  ctx.ledger["kept"] = entry->at("card");
  ctx.ledger["order"] = round_order(db, stored);
  ctx.ledger["shuffle_next"] = joker;
  // Joker's Wild (savage, 001 L35, L39): a Joker drawn gives Bennies, by the side that drew it.
  if (!drew_joker || !core::chip_rules(event_ruleset(db)).jokers_wild) return;
  const bool posse = db.scalar_text("SELECT side FROM characters WHERE id = " + std::to_string(who)) == "posse";
  Json g = give_jokers_wild(town, posse);
  g["drawn_by"] = posse ? "posse" : "gm";
  ctx.ledger["jokers_wild"] = Json::array({g});
}

}  // namespace

void apply_fight_event(const std::string& type, ApplyContext& ctx) {
  Database& db = ctx.town.db();
  protocol::Fields f(ctx.payload, "");
  if (!tabletop_game(db))
    throw LedgerRefusal(RefusalCode::illegal_move, "type", say("fights at the table are a tabletop game's (options.csv: game,tabletop)"));
  const std::optional<std::int64_t> open = open_fight(db);
  if (type == "cards_dealt" || type == "card_redrawn") {
    if (!open) throw LedgerRefusal(RefusalCode::illegal_move, "type", say("no fight is under way"));
    if (type == "cards_dealt") apply_cards_dealt(ctx, f, *open);
    else apply_card_redrawn(ctx, f, *open);
    return;
  }
  read_note(f);
  f.done();
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
