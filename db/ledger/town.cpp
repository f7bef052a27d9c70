#include "ledger/town.h"

#include "core/card_code.h"

namespace marshal::db {

std::string Town::canonical_code(const Json& value, const std::string& field) {
  if (!value.is_string()) throw LedgerRefusal("bad_input", field, "must be a card code (text)");
  core::ParsedCardCode parsed = core::parse_card_code(value.get<std::string>());
  if (!parsed.ok())
    throw LedgerRefusal("bad_code", field, std::string(core::describe(parsed.problem)));
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
  if (!found) throw LedgerRefusal("unknown_code", field, "the ledger knows no card " + code);
  CardRow c = *found;
  if (c.revoked)
    throw LedgerRefusal("revoked", field, "card " + code + " was revoked (re-issued or withdrawn)");
  return c;
}

CardRow Town::card_of_kind(const Json& code, const std::string& kind, const std::string& field) {
  CardRow c = card(code, field);
  if (c.kind != kind)
    throw LedgerRefusal("wrong_kind", field, "card " + c.code + " is a " + c.kind + " card, not a " + kind);
  return c;
}

std::int64_t Town::character_by_badge(const Json& code, const std::string& field) {
  CardRow c = card_of_kind(code, "badge", field);
  return *c.holder;
}

std::int64_t Town::character_by_name(const std::string& name) {
  Statement s = db_.prepare("SELECT id FROM characters WHERE name = ?");
  s.bind(1, name);
  if (!s.step()) throw LedgerRefusal("unknown_code", "", "no character named " + name);
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
  if (!s.step()) throw LedgerRefusal("unknown_code", "", "no character #" + std::to_string(id));
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
    death.by = s.text(11);
    c.death = death;
  }
  Statement t = db_.prepare("SELECT kind, start_ms, duration_ms FROM timers WHERE character = ?");
  t.bind(1, id);
  while (t.step()) {
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
  if (c.dead()) throw LedgerRefusal("dead", field, c.name + " is dead");
  if (c.incapacitated_at(now_ms_))
    throw LedgerRefusal("knocked_out", field, c.name + " is knocked out or nursing a headache");
}

void Town::require_power(std::int64_t id, core::Power power, const std::string& field) {
  core::Character c = character(id);
  if (!c.has_power(power))
    throw LedgerRefusal("not_allowed", field,
                        c.name + " does not hold the " + std::string(core::to_string(power)) + " power");
}

void Town::require_holder(const CardRow& card, std::int64_t id, const std::string& field) {
  if (card.holder != id)
    throw LedgerRefusal("not_holder", field,
                        card.kind + " card " + card.code + " is not held by " + name_of(id));
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
  db_.prepare("UPDATE cards SET spent = 1, fate = ? WHERE code = ?").bind(1, fate).bind(2, code).run();
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

void Town::add_timer(std::int64_t id, const core::Timer& timer) {
  db_.prepare("INSERT INTO timers(character, kind, start_ms, duration_ms, seq) VALUES (?,?,?,?,?)")
      .bind(1, id)
      .bind(2, std::string(core::to_string(timer.kind)))
      .bind(3, timer.start_ms)
      .bind(4, timer.duration_ms)
      .bind(5, seq_)
      .run();
}

}  // namespace marshal::db
