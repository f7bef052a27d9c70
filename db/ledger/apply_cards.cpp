// Events about cards: bystanders lost, docked, bestowed or torn; tricks flipped; horses sold,
// stolen, borrowed and returned; secrets given; codes re-issued and revoked.
#include <fmt/format.h>

#include "i18n/utf8_text.h"
#include "i18n/venue_time.h"
#include "ledger/apply.h"

namespace marshal::db {

namespace {

// The ledger's random pick among a character's bystanders, recorded so a replay names it again.
std::optional<std::string> random_bystander(ApplyContext& ctx, std::int64_t who) {
  std::vector<std::string> held = ctx.town.held(who, "bystander");
  // Read back when replaying, or when this event already drew it (a second loss in one event).
  const Json* kept = ctx.replaying ? &ctx.recorded : ctx.ledger.contains("pick") ? &ctx.ledger : nullptr;
  if (kept) {
    if (!kept->contains("pick") || (*kept)["pick"].is_null()) {
      if (!held.empty() && ctx.replaying)
        throw LedgerRefusal(RefusalCode::bad_input, "ledger.pick", say("the recorded random pick is missing"));
      if (kept->contains("pick")) ctx.ledger["pick"] = nullptr;
      return std::nullopt;
    }
    if (!(*kept)["pick"].is_string()) throw LedgerRefusal(RefusalCode::bad_input, "ledger.pick", say("must be a card's code"));
    const std::string pick = (*kept)["pick"];
    if (std::find(held.begin(), held.end(), pick) == held.end())
      throw LedgerRefusal(RefusalCode::not_holder, "ledger.pick", say("the recorded pick {} is not held", pick));
    ctx.ledger["pick"] = pick;
    return pick;
  }
  if (held.empty()) {
    ctx.ledger["pick"] = nullptr;  // recorded: nothing to lose
    return std::nullopt;
  }
  std::string pick = held[ctx.randomness.uniform(static_cast<std::uint32_t>(held.size()))];
  ctx.ledger["pick"] = pick;
  return pick;
}

std::string new_code(ApplyContext& ctx) {
  if (ctx.replaying) {
    if (!ctx.recorded.contains("code")) throw LedgerRefusal(RefusalCode::bad_input, "ledger.code", say("the new code is missing"));
    std::string code = Town::canonical_code(ctx.recorded["code"], "ledger.code");
    ctx.ledger["code"] = code;
    return code;
  }
  std::string code;
  do {
    code = ctx.randomness.make_code();
  } while (ctx.town.db().prepare("SELECT 1 FROM cards WHERE code = ?").bind(1, code).step());
  ctx.ledger["code"] = code;
  return code;
}

}  // namespace

void require_not_dead(Town& town, std::int64_t id, const std::string& field) {
  if (town.character(id).dead())
    throw LedgerRefusal(RefusalCode::dead, field, say("{} is dead: the dead do nothing this evening", town.name_of(id)));
}

std::optional<RecordedAt> recorded_at(Town& town, std::optional<std::int64_t> seq) {
  if (!seq) return std::nullopt;
  Statement s = town.db().prepare("SELECT server_time_ms, station FROM events WHERE seq = ?");
  s.bind(1, *seq);
  if (!s.step()) return std::nullopt;
  return RecordedAt{i18n::clock_text(s.int64(0)), s.text(1)};
}

LedgerRefusal trick_already_played(Town& town, const CardRow& trick, const std::string& field) {
  if (auto at = recorded_at(town, trick.spent_seq))
    // TRANSLATORS: {0} is the trick's code, {1} the venue's clock (21:14), {2} a station's name.
    return LedgerRefusal(RefusalCode::already_spent, field,
                         say("trick {} was already played this evening, at {} at {}", trick.code, at->clock, at->station));
  return LedgerRefusal(RefusalCode::already_spent, field, say("trick {} was already played this evening", trick.code));
}

std::string fresh_card_code(ApplyContext& ctx) { return new_code(ctx); }

void apply_card_event(const std::string& type, ApplyContext& ctx) {
  Town& town = ctx.town;
  protocol::Fields f(ctx.payload, "");
  if (type == "bystander_lost" || type == "bystander_docked") {
    std::int64_t who = town.character_by_badge(f.required("character"), "character");
    std::optional<std::string> card;
    if (const Json* chosen = f.optional("card")) {
      if (type == "bystander_lost")
        throw LedgerRefusal(RefusalCode::bad_input, "card", say("a bystander lost at random is picked by the ledger"));
      CardRow c = town.card_of_kind(*chosen, "bystander", "card");
      town.require_holder(c, who, "card");
      if (c.spent) throw LedgerRefusal(RefusalCode::already_spent, "card", say("bystander {} is already gone", c.code));
      card = c.code;
    } else {
      card = random_bystander(ctx, who);
    }
    f.optional_text("note");
    f.done();
    if (card) town.spend_card(*card, type == "bystander_lost" ? "lost" : "docked");
  } else if (type == "bystander_bestowed") {
    std::int64_t who = town.character_by_badge(f.required("character"), "character");
    std::string name = f.text("name");
    if (name.empty() || i18n::characters_in(name) > 120) throw LedgerRefusal(RefusalCode::bad_input, "name", say("must be 1 to 120 characters"));
    f.optional_text("note");
    f.done();
    CardRow card;
    card.code = new_code(ctx);
    card.kind = "bystander";
    card.holder = who;
    card.title = name;
    card.detail = Json::object();
    town.insert_card(card, "bestowed");
  } else if (type == "bystander_sacrificed") {
    std::int64_t who = town.character_by_badge(f.required("character"), "character");
    CardRow c = town.card_of_kind(f.required("card"), "bystander", "card");
    std::string fate = f.text("fate");
    f.done();
    if (fate != "dead" && fate != "wounded") throw LedgerRefusal(RefusalCode::bad_input, "fate", say("must be dead or wounded"));
    require_not_dead(town, who, "character");
    town.require_holder(c, who, "card");
    if (c.spent) throw LedgerRefusal(RefusalCode::already_spent, "card", say("bystander {} is already gone", c.code));
    town.spend_card(c.code, fate);
  } else if (type == "trick_flipped") {
    std::int64_t who = town.character_by_badge(f.required("character"), "character");
    CardRow c = town.card_of_kind(f.required("trick"), "trick", "trick");
    f.done();
    town.require_alive(who, "character");
    town.require_holder(c, who, "trick");
    if (c.spent) throw trick_already_played(town, c, "trick");
    town.spend_card(c.code, "flipped");
  } else if (type == "horse_sold" || type == "horse_stolen" || type == "horse_borrowed") {
    CardRow horse = town.card_of_kind(f.required("horse"), "horse", "horse");
    const char* to_field = type == "horse_sold" ? "to" : type == "horse_stolen" ? "by" : "lawman";
    std::int64_t to = town.character_by_badge(f.required(to_field), to_field);
    // A sale may name its seller (a kiosk's must: docs/server.md), who must hold and own it.
    std::optional<std::int64_t> from;
    if (type == "horse_sold")
      if (const Json* seller = f.optional("from")) from = town.character_by_badge(*seller, "from");
    f.optional_text("note");
    f.done();
    if (from) {
      require_not_dead(town, *from, "from");
      town.require_holder(horse, *from, "from");
      if (*from == to) throw LedgerRefusal(RefusalCode::illegal_move, "to", say("a horse is sold to someone else"));
    }
    town.require_alive(to, to_field);
    if (horse.holder == to) throw LedgerRefusal(RefusalCode::illegal_move, to_field, say("{} already has this horse", town.name_of(to)));
    if (type == "horse_borrowed") town.require_power(to, core::Power::lawman, "lawman");
    if (type == "horse_sold") {
      if (horse.holder != horse.owner)
        throw LedgerRefusal(RefusalCode::illegal_move, "horse", say("only a horse in its owner's hands can be sold"));
      town.db().prepare("UPDATE cards SET owner = ? WHERE code = ?").bind(1, to).bind(2, horse.code).run();
    }
    town.set_holder(horse.code, to, type == "horse_sold" ? "sold" : type == "horse_stolen" ? "stolen" : "borrowed");
  } else if (type == "horse_returned") {
    CardRow horse = town.card_of_kind(f.required("horse"), "horse", "horse");
    f.done();
    if (horse.holder == horse.owner)
      throw LedgerRefusal(RefusalCode::illegal_move, "horse", say("the horse is already with its owner"));
    town.set_holder(horse.code, horse.owner, "returned");
  } else if (type == "secret_given") {
    CardRow secret = town.card_of_kind(f.required("secret"), "secret", "secret");
    std::int64_t from = town.character_by_badge(f.required("from"), "from");
    std::int64_t to = town.character_by_badge(f.required("to"), "to");
    f.done();
    require_not_dead(town, from, "from");
    require_not_dead(town, to, "to");
    town.require_holder(secret, from, "secret");
    if (from == to) throw LedgerRefusal(RefusalCode::illegal_move, "to", say("a secret is given to someone else"));
    town.set_holder(secret.code, to, "given");
  } else if (type == "card_reissued") {
    CardRow old = town.card(f.required("card"), "card");
    f.optional_text("note");
    f.done();
    CardRow fresh = old;
    fresh.code = new_code(ctx);
    town.db()
        .prepare("UPDATE cards SET revoked = 1, replaced_by = ? WHERE code = ?")
        .bind(1, fresh.code)
        .bind(2, old.code)
        .run();
    town.insert_card(fresh, "reissued");
    if (old.spent) town.spend_card(fresh.code, "reissued spent");  // i18n: not words (a fate code)
  } else if (type == "card_revoked") {
    CardRow old = town.card(f.required("card"), "card");
    f.optional_text("note");
    f.done();
    town.db().prepare("UPDATE cards SET revoked = 1 WHERE code = ?").bind(1, old.code).run();
  } else {
    throw LedgerRefusal(RefusalCode::bad_input, "type", say("unknown event type {}", type));

  }
}

}  // namespace marshal::db
