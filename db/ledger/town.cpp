#include "ledger/town.h"

#include "core/card_code.h"

namespace marshal::db {

namespace {

// What is wrong with a code, unworded: core::describe's sentences (the same English, so the same
// translation), kept as a Sentence for the station to word.
i18n::Sentence code_problem(core::CardCodeProblem problem) {
  switch (problem) {
    case core::CardCodeProblem::none: return say("a well-formed card code");
    case core::CardCodeProblem::empty: return say("no code given");
    case core::CardCodeProblem::wrong_length: return say("a card code has 17 characters");
    case core::CardCodeProblem::bad_character:
      return say("a card code uses only digits and the letters A-Z without I, L, O, U");
    case core::CardCodeProblem::bad_check:
      return say("this code has a typo (its check character does not match): scan it again");
  }
  return i18n::Sentence{core::describe(problem), {}};
}

}  // namespace

std::string Town::canonical_code(const Json& value, const std::string& field) {
  if (!value.is_string()) throw LedgerRefusal(RefusalCode::bad_input, field, say("must be a card code (text)"));
  core::ParsedCardCode parsed = core::parse_card_code(value.get<std::string>());
  if (!parsed.ok())
    throw LedgerRefusal(RefusalCode::bad_code, field, code_problem(parsed.problem));
  return parsed.code;
}

CardRow Town::card_from_row(const Statement& s) {
  CardRow c;
  c.code = s.text(0);
  c.kind = s.text(1);
  if (!s.is_null(2)) c.holder = s.int64(2);
  if (!s.is_null(3)) c.owner = s.int64(3);
  c.title = s.text(4);
  std::string detail = s.text(5);
  c.detail = detail == "{}" ? Json::object() : Json::parse(detail);  // most cards have no detail
  c.spent = s.int64(6) != 0;
  c.revoked = s.int64(7) != 0;
  if (!s.is_null(8)) c.fate = s.text(8);
  if (!s.is_null(9)) c.spent_seq = s.int64(9);
  return c;
}

std::optional<CardRow> Town::find_card(const std::string& canonical) {
  Statement s = db_.prepare(std::string("SELECT ") + card_columns + " FROM cards WHERE code = ?");
  s.bind(1, canonical);
  if (!s.step()) return std::nullopt;
  return card_from_row(s);
}

CardRow Town::card(const Json& code_value, const std::string& field) {
  std::string code = canonical_code(code_value, field);
  std::optional<CardRow> found = find_card(code);
  if (!found) throw LedgerRefusal(RefusalCode::unknown_code, field, say("the ledger knows no card {}", code));
  CardRow c = *found;
  if (c.revoked)
    throw LedgerRefusal(RefusalCode::revoked, field, say("card {} was revoked (re-issued or withdrawn)", code));
  return c;
}

CardRow Town::card_of_kind(const Json& code, const std::string& kind, const std::string& field) {
  CardRow c = card(code, field);
  if (c.kind != kind)
    // TRANSLATORS: {0} is a card's code; {1} and {2} card kinds as the event's files name them (badge,
    // bystander, trick, horse, secret, power, token)
    throw LedgerRefusal(RefusalCode::wrong_kind, field, say("card {} is a {} card, not a {}", c.code, c.kind, kind));
  return c;
}

std::int64_t Town::character_by_badge(const Json& code, const std::string& field) {
  CardRow c = card_of_kind(code, "badge", field);
  return *c.holder;
}

std::int64_t Town::character_by_name(const std::string& name) {
  Statement s = db_.prepare("SELECT id FROM characters WHERE name = ?");
  s.bind(1, name);
  if (!s.step()) throw LedgerRefusal(RefusalCode::unknown_code, "", say("no character named {}", name));
  return s.int64(0);
}

std::string Town::name_of(std::int64_t id) {
  Statement s = db_.prepare("SELECT name FROM characters WHERE id = ?");
  s.bind(1, id);
  return s.step() ? s.text(0) : std::string("#") + std::to_string(id);
}

std::vector<std::string> Town::held(std::int64_t id, const std::string& kind) {
  Statement s = db_.prepare(
      "SELECT code FROM cards WHERE holder = ? AND kind = ? AND spent = 0 AND revoked = 0 "
      "ORDER BY since_seq, code");
  s.bind(1, id).bind(2, kind);
  std::vector<std::string> out;
  while (s.step()) out.push_back(s.text(0));
  return out;
}

core::Character Town::character(std::int64_t id) {
  Statement s = db_.prepare(
      "SELECT name, hth, speed, accuracy, gambling, riding, powers, wounded, wounded_limb, dead, "
      "killing, killed_by FROM characters WHERE id = ?");
  s.bind(1, id);
  if (!s.step()) throw LedgerRefusal(RefusalCode::unknown_code, "", say("no character #{}", id));
  core::Character c;
  c.name = s.text(0);
  c.base = {s.integer(1), s.integer(2), s.integer(3), s.integer(4), s.integer(5)};
  c.powers = core::powers_from_list(s.text(6));
  c.wounded = s.int64(7) != 0;
  c.wounded_limb = s.text(8);
  if (s.int64(9) != 0) {
    core::Death death;
    if (s.text(10) == "duel") death.kind = core::KillingKind::duel;
    else if (s.text(10) == "lawman") death.kind = core::KillingKind::lawman;
    else if (s.text(10) == "hanging") death.kind = core::KillingKind::hanging;
    death.by = s.text(11);
    c.death = death;
  }
  Statement t = db_.prepare("SELECT kind, start_ms, duration_ms FROM timers WHERE character = ?");
  t.bind(1, id);
  while (t.step()) {
    if (t.text(0) == healing_timer_kind) {
      // Ended and not settled yet (no event since): the wound is gone already.
      if (t.int64(1) + t.int64(2) <= now_ms_ && !c.dead()) {
        c.wounded = false;
        c.wounded_limb.clear();
      }
      continue;
    }
    if (t.text(0) == jail_timer_kind) continue;  // a jail term keeps nobody from a fight: the jail does
    core::Timer timer;
    timer.kind = t.text(0) == "headache" ? core::TimerKind::headache : core::TimerKind::knocked_out;
    timer.start_ms = t.int64(1);
    timer.duration_ms = t.int64(2);
    if (timer.running_at(now_ms_)) c.timers.push_back(timer);
  }
  c.bystanders = held(id, "bystander");
  return c;
}

void Town::require_alive(std::int64_t id, const std::string& field) {
  core::Character c = character(id);
  if (c.dead()) throw LedgerRefusal(RefusalCode::dead, field, say("{} is dead", c.name));
  if (c.incapacitated_at(now_ms_))
    throw LedgerRefusal(RefusalCode::knocked_out, field, say("{} is knocked out or nursing a headache", c.name));
}

void Town::require_power(std::int64_t id, core::Power power, const std::string& field) {
  core::Character c = character(id);
  if (c.has_power(power)) return;
  switch (power) {
    case core::Power::mayor: throw LedgerRefusal(RefusalCode::not_allowed, field, say("{} does not hold the mayor power", c.name));
    case core::Power::judge: throw LedgerRefusal(RefusalCode::not_allowed, field, say("{} does not hold the judge power", c.name));
    case core::Power::lawman:
      throw LedgerRefusal(RefusalCode::not_allowed, field, say("{} does not hold the lawman power", c.name));
    case core::Power::doctor:
      throw LedgerRefusal(RefusalCode::not_allowed, field, say("{} does not hold the doctor power", c.name));
    default:
      // TRANSLATORS: {0} is a character's name, {1} a power as the event's files name it (banker, charm...)
      throw LedgerRefusal(RefusalCode::not_allowed, field, say("{} does not hold the {} power", c.name, core::to_string(power)));
  }
}

void Town::require_holder(const CardRow& card, std::int64_t id, const std::string& field) {
  if (card.holder == id) return;
  const std::string name = name_of(id);
  // TRANSLATORS: {0} is a card's code, {1} a character's name (in each "... card {} is not held by {}")
  if (card.kind == "bystander") throw LedgerRefusal(RefusalCode::not_holder, field, say("bystander card {} is not held by {}", card.code, name));
  if (card.kind == "trick") throw LedgerRefusal(RefusalCode::not_holder, field, say("trick card {} is not held by {}", card.code, name));
  if (card.kind == "horse") throw LedgerRefusal(RefusalCode::not_holder, field, say("horse card {} is not held by {}", card.code, name));
  if (card.kind == "secret") throw LedgerRefusal(RefusalCode::not_holder, field, say("secret card {} is not held by {}", card.code, name));
  if (card.kind == "token") throw LedgerRefusal(RefusalCode::not_holder, field, say("token card {} is not held by {}", card.code, name));
  if (card.kind == "badge") throw LedgerRefusal(RefusalCode::not_holder, field, say("badge card {} is not held by {}", card.code, name));
  // TRANSLATORS: {0} is a card kind as the event's files name it (power...), {1} a card's code, {2} a
  // character's name
  throw LedgerRefusal(RefusalCode::not_holder, field, say("{} card {} is not held by {}", card.kind, card.code, name));
}

void Town::set_holder(const std::string& code, std::optional<std::int64_t> holder,
                      const std::string& how) {
  db_.prepare("UPDATE cards SET holder = ? WHERE code = ?").bind(1, holder).bind(2, code).run();
  db_.prepare("INSERT INTO card_holders(code, seq, holder, how) VALUES (?,?,?,?)")
      .bind(1, code)
      .bind(2, seq_)
      .bind(3, holder)
      .bind(4, how)
      .run();
}

void Town::spend_card(const std::string& code, const std::string& fate) {
  db_.prepare("UPDATE cards SET spent = 1, fate = ?, spent_seq = ? WHERE code = ?")
      .bind(1, fate)
      .bind(2, seq_)
      .bind(3, code)
      .run();
}

void Town::insert_card(const CardRow& card, const std::string& how) {
  db_.prepare(
         "INSERT INTO cards(code, kind, holder, owner, title, detail, since_seq) "
         "VALUES (?,?,?,?,?,?,?)")
      .bind(1, card.code)
      .bind(2, card.kind)
      .bind(3, card.holder)
      .bind(4, card.owner)
      .bind(5, card.title)
      .bind(6, card.detail.dump())
      .bind(7, seq_)
      .run();
  db_.prepare("INSERT INTO card_holders(code, seq, holder, how) VALUES (?,?,?,?)")
      .bind(1, card.code)
      .bind(2, seq_)
      .bind(3, card.holder)
      .bind(4, how)
      .run();
}

namespace {
// A timer of `kind` running at now_ms for `id`: the time it has left.
std::optional<std::int64_t> left_ms(Database& db, std::int64_t id, const char* kind, std::int64_t now_ms) {
  Statement s = db.prepare(
      "SELECT MAX(start_ms + duration_ms) - ? FROM timers WHERE character = ? AND kind = ? AND start_ms + duration_ms > ?");
  s.bind(1, now_ms).bind(2, id).bind(3, std::string(kind)).bind(4, now_ms);
  if (!s.step() || s.is_null(0)) return std::nullopt;
  return s.int64(0);
}
}  // namespace

void Town::start_healing(std::int64_t id, std::int64_t duration_ms) {
  add_timer_of_kind(id, healing_timer_kind, now_ms_, duration_ms);
}

std::optional<std::int64_t> Town::healing_left_ms(std::int64_t id) { return left_ms(db_, id, healing_timer_kind, now_ms_); }

void Town::start_jail_term(std::int64_t id, std::int64_t duration_ms) {
  add_timer_of_kind(id, jail_timer_kind, now_ms_, duration_ms);
}

std::optional<std::int64_t> Town::jail_left_ms(std::int64_t id) { return left_ms(db_, id, jail_timer_kind, now_ms_); }

void Town::end_jail_term(std::int64_t id) {
  db_.prepare("DELETE FROM timers WHERE character = ? AND kind = ?").bind(1, id).bind(2, std::string(jail_timer_kind)).run();
}

void Town::settle_timers() {
  // One read on every event; the writes only when a healing or a term has ended since.
  Statement ended = db_.prepare(
      "SELECT EXISTS (SELECT 1 FROM timers WHERE kind IN (?, ?) AND start_ms + duration_ms <= ?)");
  ended.bind(1, std::string(healing_timer_kind)).bind(2, std::string(jail_timer_kind)).bind(3, now_ms_);
  if (!ended.step() || ended.int64(0) == 0) return;
  db_.prepare(
         "UPDATE characters SET wounded = 0, wounded_limb = '' WHERE dead = 0 AND id IN "
         "(SELECT character FROM timers WHERE kind = ? AND start_ms + duration_ms <= ?)")
      .bind(1, std::string(healing_timer_kind))
      .bind(2, now_ms_)
      .run();
  db_.prepare(
         "UPDATE characters SET jailed = 0, arrested_by = NULL WHERE id IN "
         "(SELECT character FROM timers WHERE kind = ? AND start_ms + duration_ms <= ?)")
      .bind(1, std::string(jail_timer_kind))
      .bind(2, now_ms_)
      .run();
  db_.prepare("DELETE FROM timers WHERE kind IN (?, ?) AND start_ms + duration_ms <= ?")
      .bind(1, std::string(healing_timer_kind))
      .bind(2, std::string(jail_timer_kind))
      .bind(3, now_ms_)
      .run();
}

void Town::add_timer_of_kind(std::int64_t id, const char* kind, std::int64_t start_ms, std::int64_t duration_ms) {
  db_.prepare("INSERT INTO timers(character, kind, start_ms, duration_ms, seq) VALUES (?,?,?,?,?)")
      .bind(1, id)
      .bind(2, std::string(kind))
      .bind(3, start_ms)
      .bind(4, duration_ms)
      .bind(5, seq_)
      .run();
}

void Town::add_timer(std::int64_t id, const core::Timer& timer) {
  add_timer_of_kind(id, std::string(core::to_string(timer.kind)).c_str(), timer.start_ms, timer.duration_ms);
}

}  // namespace marshal::db
