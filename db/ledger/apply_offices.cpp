// The town's offices (004 L256-274; docs/ledger.md, "Offices"): a Judge deputizes a character
// for one task and ends it, sentences the arrested, overrides any decision a Mayor or Judge made;
// the Mayor settles two Judges' dispute and gives the Territory Fair's prizes. Every decision
// goes into `decisions`, so that an override can name it by its event's number.
#include <cstdint>

#include "core/offices.h"
#include "i18n/utf8_text.h"
#include "ledger/apply.h"

namespace marshal::db {

namespace {

// Words a Judge or Mayor typed: 1 to `max` characters.
std::string words(protocol::Fields& f, const std::string& key, int max) {
  std::string text = f.text(key);
  if (text.empty() || i18n::characters_in(text) > static_cast<std::size_t>(max))
    // TRANSLATORS: {} is the most characters the field takes.
    throw LedgerRefusal(RefusalCode::bad_input, key, say("must be 1 to {} characters", max));
  return text;
}

// The office holder acting: holds the power, lives, is not knocked out.
std::int64_t office_holder(Town& town, protocol::Fields& f, core::Power power, const std::string& key) {
  std::int64_t id = town.character_by_badge(f.required(key), key);
  town.require_power(id, power, key);
  town.require_alive(id, key);
  return id;
}

void record_decision(Town& town, const std::string& type, std::int64_t made_by,
                     std::optional<std::int64_t> of_seq = std::nullopt, const std::string& ruling = "",
                     bool dispute = false) {
  town.db()
      .prepare("INSERT INTO decisions(seq, type, made_by, of_seq, ruling, dispute) VALUES (?,?,?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, type)
      .bind(3, made_by)
      .bind(4, of_seq)
      .bind(5, ruling.empty() ? std::nullopt : std::optional<std::string>(ruling))
      .bind(6, dispute)
      .run();
}

struct Decision {
  std::int64_t seq = 0;
  std::string type;
  std::int64_t made_by = 0;
  std::optional<std::int64_t> of_seq;
  bool dispute = false;
  std::optional<std::int64_t> overridden_seq, settled_seq;
};

// The decision event `seq` names; refused when that event is no decision of a Mayor or Judge.
Decision decision_at(Town& town, std::int64_t seq, const std::string& field) {
  Statement s = town.db().prepare(
      "SELECT type, made_by, of_seq, dispute, overridden_seq, settled_seq FROM decisions WHERE seq = ?");
  s.bind(1, seq);
  if (s.step()) {
    Decision d{seq, s.text(0), s.int64(1), std::nullopt, s.int64(3) != 0, std::nullopt, std::nullopt};
    if (!s.is_null(2)) d.of_seq = s.int64(2);
    if (!s.is_null(4)) d.overridden_seq = s.int64(4);
    if (!s.is_null(5)) d.settled_seq = s.int64(5);
    return d;
  }
  Statement e = town.db().prepare("SELECT type FROM events WHERE seq = ?");
  e.bind(1, seq);
  if (!e.step())
    // TRANSLATORS: {} is an event's number (#N in the live panel).
    throw LedgerRefusal(RefusalCode::bad_input, field, say("there is no event #{}", seq));
  // TRANSLATORS: {0} is an event's number, {1} its type as the ledger names it (ballot_cast...).
  throw LedgerRefusal(RefusalCode::illegal_move, field,
                      say("event #{} ({}) is no decision of a Mayor or a Judge: a vote's count or call, a sentence, "
                          "a deputizing, a prize, a notarized deal or note, or a ruling",
                          seq, e.text(0)));
}

// A running deputy's task, if the character holds one.
std::optional<std::int64_t> open_deputyship(Database& db, std::int64_t deputy) {
  Statement s = db.prepare("SELECT seq FROM deputies WHERE deputy = ? AND ended_seq IS NULL");
  s.bind(1, deputy);
  if (!s.step()) return std::nullopt;
  return s.int64(0);
}

void end_deputyship(Town& town, std::int64_t seq, const char* how) {
  town.db()
      .prepare("UPDATE deputies SET ended_seq = ?, ended_how = ? WHERE seq = ?")
      .bind(1, town.seq())
      .bind(2, std::string(how))
      .bind(3, seq)
      .run();
}

// What overriding a decision undoes in the town, beside the ruling in words: a vote's call takes
// the Judge's; a jail term, a banishment or a deputy's task ends; a notarized land deal is undone
// (the last of its deed's). A hanging carried out stands.
void undo_decision(Town& town, const Decision& d, const std::string& ruling) {
  Database& db = town.db();
  if (d.type == "vote_counted") {
    db.prepare("UPDATE votes SET overridden_seq = ?, outcome = ? WHERE counted_seq = ?")
        .bind(1, town.seq())
        .bind(2, ruling)
        .bind(3, d.seq)
        .run();
  } else if (d.type == "sentenced") {
    Statement s = db.prepare("SELECT character, sentence FROM sentences WHERE seq = ?");
    s.bind(1, d.seq);
    s.step();
    const std::int64_t who = s.int64(0);
    const std::string sentence = s.text(1);
    if (sentence == "hanging")
      // TRANSLATORS: {} is the character hanged.
      throw LedgerRefusal(RefusalCode::illegal_move, "decision", say("the hanging was carried out: {} is dead", town.name_of(who)));
    if (sentence == "jail" && town.jail_left_ms(who)) {
      town.end_jail_term(who);
      db.prepare("UPDATE characters SET jailed = 0, arrested_by = NULL WHERE id = ?").bind(1, who).run();
    }
    if (sentence == "banishment") db.prepare("UPDATE characters SET banished = 0 WHERE id = ?").bind(1, who).run();
  } else if (d.type == "land_transferred") {
    undo_land_transfer(town, d.seq);
  } else if (d.type == "note_issued") {
    undo_note_issue(town, d.seq);
  } else if (d.type == "deputized") {
    Statement s = db.prepare("SELECT ended_seq IS NULL FROM deputies WHERE seq = ?");
    s.bind(1, d.seq);
    if (s.step() && s.int64(0) != 0) end_deputyship(town, d.seq, "overridden");
  }
}

void deputize(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  const std::int64_t judge = office_holder(town, f, core::Power::judge, "judge");
  const std::int64_t deputy = town.character_by_badge(f.required("character"), "character");
  const std::string task = words(f, "task", core::max_task_characters);
  std::optional<std::int64_t> target;
  if (f.has("target")) target = town.character_by_badge(f.required("target"), "target");
  f.done();
  town.require_alive(deputy, "character");
  if (deputy == judge) throw LedgerRefusal(RefusalCode::illegal_move, "character", say("a Judge does not deputize himself"));
  if (target == deputy) throw LedgerRefusal(RefusalCode::illegal_move, "target", say("a deputy does not arrest himself"));
  if (target && town.character(*target).dead())
    throw LedgerRefusal(RefusalCode::dead, "target", say("{} is dead", town.name_of(*target)));
  // "for the express purpose of doing one task at a time" (004 L270)
  if (auto running = open_deputyship(town.db(), deputy))
    // TRANSLATORS: {0} is the deputy's name, {1} the event's number of the task they hold.
    throw LedgerRefusal(RefusalCode::illegal_move, "character",
                        say("{} is deputized already (#{}): one task at a time; end it first", town.name_of(deputy),
                            *running));
  town.db()
      .prepare("INSERT INTO deputies(seq, judge, deputy, task, target) VALUES (?,?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, judge)
      .bind(3, deputy)
      .bind(4, task)
      .bind(5, target)
      .run();
  record_decision(town, "deputized", judge);
}

void end_deputy(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  office_holder(town, f, core::Power::judge, "judge");
  const std::int64_t deputy = town.character_by_badge(f.required("character"), "character");
  f.done();
  auto running = open_deputyship(town.db(), deputy);
  if (!running)
    // TRANSLATORS: {} is a character's name.
    throw LedgerRefusal(RefusalCode::illegal_move, "character", say("{} holds no deputy's task", town.name_of(deputy)));
  end_deputyship(town, *running, "released");
  ctx.ledger["task_seq"] = *running;
}

void sentence(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  Database& db = town.db();
  const std::int64_t judge = office_holder(town, f, core::Power::judge, "judge");
  const std::int64_t who = town.character_by_badge(f.required("character"), "character");
  const std::string kind = f.text("sentence");
  const std::string charge = words(f, "charge", core::max_charge_characters);
  std::optional<std::int64_t> minutes;
  std::optional<std::string> fine;
  if (kind == "jail") {
    if (!f.has("minutes")) throw LedgerRefusal(RefusalCode::bad_input, "minutes", say("a jail sentence says for how many minutes"));
    minutes = f.int64_or("minutes", 1, core::max_jail_minutes, 0);
  } else if (kind == "fine") {
    fine = words(f, "fine", core::max_fine_characters);
  } else if (kind != "banishment" && kind != "hanging") {
    throw LedgerRefusal(RefusalCode::bad_input, "sentence", say("must be jail, fine, banishment or hanging"));
  }
  f.done();
  const core::Character c = town.character(who);
  if (c.dead()) throw LedgerRefusal(RefusalCode::dead, "character", say("{} is dead", c.name));
  if (who == judge) throw LedgerRefusal(RefusalCode::illegal_move, "character", say("a Judge does not sentence himself"));
  if (db.scalar_int("SELECT arrested_by IS NULL AND jailed = 0 FROM characters WHERE id = " + std::to_string(who)))
    throw LedgerRefusal(RefusalCode::illegal_move, "character", say("{} must be arrested before a Judge sentences them", c.name));
  if (town.jail_left_ms(who))
    throw LedgerRefusal(RefusalCode::illegal_move, "character", say("{} is serving a jail sentence already", c.name));
  db.prepare("INSERT INTO sentences(seq, judge, character, sentence, charge, minutes, fine) VALUES (?,?,?,?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, judge)
      .bind(3, who)
      .bind(4, kind)
      .bind(5, charge)
      .bind(6, minutes)
      .bind(7, fine)
      .run();
  record_decision(town, "sentenced", judge);
  if (kind == "jail") {
    db.prepare("UPDATE characters SET jailed = 1 WHERE id = ?").bind(1, who).run();
    town.start_jail_term(who, *minutes * 60'000);
  } else if (kind == "hanging") {
    // A lawful death (004 L274): the Judge's sentence carried out.
    db.prepare(
          "UPDATE characters SET dead = 1, killing = 'hanging', killed_by = ?, jailed = 0, arrested_by = NULL WHERE id = ?")
        .bind(1, town.name_of(judge))
        .bind(2, who)
        .run();
  } else {
    // A fine noted, or the town left behind: either way the arrest is over.
    db.prepare("UPDATE characters SET jailed = 0, arrested_by = NULL, banished = ? WHERE id = ?")
        .bind(1, kind == "banishment")
        .bind(2, who)
        .run();
  }
}

// An override's or a settlement's fields: who rules (holding `power`), on which decision, and
// the ruling in words.
struct Ruling {
  std::int64_t by;
  Decision decision;
  std::string words;
};
Ruling ruling_on(Town& town, protocol::Fields& f, core::Power power, const std::string& key) {
  const std::int64_t by = office_holder(town, f, power, key);
  const std::int64_t seq = f.int64_or("decision", 1, INT64_MAX, 0);
  if (seq == 0) throw LedgerRefusal(RefusalCode::bad_input, "decision", say("must name an earlier event by its number"));
  std::string ruling = words(f, "ruling", core::max_ruling_characters);
  f.done();
  return {by, decision_at(town, seq, "decision"), std::move(ruling)};
}

void override_decision(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  const auto [judge, d, ruling] = ruling_on(town, f, core::Power::judge, "judge");
  const std::int64_t seq = d.seq;
  if (d.type == "dispute_settled")
    // TRANSLATORS: {} is the event's number of the Mayor's ruling.
    throw LedgerRefusal(RefusalCode::illegal_move, "decision", say("#{} is the Mayor's ruling on two Judges' dispute: it stands", seq));
  if (d.dispute || d.settled_seq)
    throw LedgerRefusal(RefusalCode::illegal_move, "decision",
                        say("#{} is a dispute between two Judges: the Mayor settles it", seq));
  if (d.made_by == judge) throw LedgerRefusal(RefusalCode::illegal_move, "decision", say("a Judge does not override his own decision"));
  if (d.overridden_seq)
    // TRANSLATORS: {0} is the decision's event number, {1} the override's.
    throw LedgerRefusal(RefusalCode::illegal_move, "decision",
                        say("#{} was overridden already (#{}): to disagree, override that ruling", seq, *d.overridden_seq));
  // A Judge overriding another Judge's override: the two disagree, and the Mayor settles it
  // (004 L268). Its effect in the town waits for the Mayor; the first override's stands.
  const bool dispute = d.type == "decision_overridden" || d.type == "vote_overridden";
  if (!dispute) undo_decision(town, d, ruling);
  town.db().prepare("UPDATE decisions SET overridden_seq = ? WHERE seq = ?").bind(1, town.seq()).bind(2, seq).run();
  record_decision(town, "decision_overridden", judge, seq, ruling, dispute);
  ctx.ledger["overrides"] = d.type;
  if (dispute) ctx.ledger["dispute"] = true;
}

void settle_dispute(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  const auto [mayor, d, ruling] = ruling_on(town, f, core::Power::mayor, "mayor");
  const std::int64_t seq = d.seq;
  if (!d.dispute)
    // TRANSLATORS: {} is an event's number.
    throw LedgerRefusal(RefusalCode::illegal_move, "decision",
                        say("#{} is no dispute: the Mayor settles one Judge overriding another's ruling", seq));
  if (d.settled_seq)
    throw LedgerRefusal(RefusalCode::illegal_move, "decision", say("#{} was settled already (#{})", seq, *d.settled_seq));
  town.db().prepare("UPDATE decisions SET settled_seq = ? WHERE seq = ?").bind(1, town.seq()).bind(2, seq).run();
  record_decision(town, "dispute_settled", mayor, seq, ruling);
}

void give_prize(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  const std::int64_t mayor = office_holder(town, f, core::Power::mayor, "mayor");
  const std::int64_t winner = town.character_by_badge(f.required("winner"), "winner");
  const std::string prize = words(f, "prize", core::max_prize_characters);
  f.done();
  if (town.character(winner).dead()) throw LedgerRefusal(RefusalCode::dead, "winner", say("{} is dead", town.name_of(winner)));
  town.db()
      .prepare("INSERT INTO prizes(seq, mayor, winner, prize) VALUES (?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, mayor)
      .bind(3, winner)
      .bind(4, prize)
      .run();
  record_decision(town, "prize_given", mayor);
}

}  // namespace

void apply_office_event(const std::string& type, ApplyContext& ctx) {
  protocol::Fields f(ctx.payload, "");
  if (type == "deputized") deputize(ctx, f);
  else if (type == "deputy_released") end_deputy(ctx, f);
  else if (type == "sentenced") sentence(ctx, f);
  else if (type == "decision_overridden") override_decision(ctx, f);
  else if (type == "dispute_settled") settle_dispute(ctx, f);
  else if (type == "prize_given") give_prize(ctx, f);
}

void record_decision_of(Town& town, const std::string& type, std::int64_t made_by) {
  record_decision(town, type, made_by);
}

void record_vote_decision(Town& town, const std::string& type, std::int64_t made_by, std::optional<std::int64_t> of_seq,
                          const std::string& ruling) {
  if (of_seq)
    town.db().prepare("UPDATE decisions SET overridden_seq = ? WHERE seq = ?").bind(1, town.seq()).bind(2, *of_seq).run();
  record_decision(town, type, made_by, of_seq, ruling);
}

std::optional<std::int64_t> deputy_arrest(Town& town, std::int64_t deputy, std::int64_t arrested) {
  Statement s = town.db().prepare("SELECT seq, target FROM deputies WHERE deputy = ? AND ended_seq IS NULL");
  s.bind(1, deputy);
  if (!s.step()) return std::nullopt;
  const std::int64_t seq = s.int64(0);
  if (!s.is_null(1) && s.int64(1) != arrested)
    // TRANSLATORS: {0} is the deputy, {1} the one they were deputized to arrest, {2} the one they try to arrest.
    throw LedgerRefusal(RefusalCode::not_allowed, "lawman",
                        say("{} is deputized to arrest {}, not {}", town.name_of(deputy), town.name_of(s.int64(1)),
                            town.name_of(arrested)));
  end_deputyship(town, seq, "done");
  return seq;
}

}  // namespace marshal::db
