// Action time in The West That Wasn't (issue 18; docs/twtw.md "A round in the ledger"): a round's
// Declaration, each step with its hits and stun recoveries, the Undo of the last step, the End
// Step's bleeding, judged by the engine (shared/core/twtw_*: order, wounds and CT by Size and the
// event's options, Stun TN, bleeding) and stored with what it judged, which `marshal verify`
// judges again. A step keeps the state it changed, so an Undo (a new event: the ledger is
// append-only) puts it back. The cast is set up by apply_twtw_definition.cpp; fighters and rounds
// are read and written through twtw_fighters.h.
#include "ledger/apply.h"
#include "ledger/twtw_fighters.h"

#include <algorithm>
#include <array>
#include <set>

#include <fmt/format.h>

#include "core/refusal.h"
#include "core/twtw_cards.h"
#include "core/twtw_order.h"
#include "core/twtw_wounds.h"
#include "i18n/utf8_text.h"

namespace marshal::db {

namespace tw = core::twtw;

namespace {

namespace tl = twtw_ledger;

void round_started(ApplyContext& ctx, const tw::Options& options) {
  Town& town = ctx.town;
  Database& db = town.db();
  protocol::Fields f(ctx.payload, "");
  const Json& list = f.required("declarations");
  if (auto note = f.optional_text("note"); note && i18n::characters_in(*note) > tl::max_note)
    throw LedgerRefusal(RefusalCode::bad_input, "note", say("must be at most {} characters", tl::max_note));
  f.done();
  if (!list.is_array() || list.empty() || list.size() > tl::max_round_characters)
    throw LedgerRefusal(RefusalCode::bad_input, "declarations",
                        say("must list 1 to {} characters' declarations", tl::max_round_characters));
  const auto previous = tl::last_round(db);
  if (previous && !previous->ended)
    throw LedgerRefusal(RefusalCode::illegal_move, "type",
                        say("round {} is still running: end it first (twtw_round_ended)", previous->number));
  std::vector<tw::Declaration> declarations;
  Json stored = Json::array();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string path = protocol::index_path("declarations", i);
    protocol::Fields d(list[i], path);
    tl::Fighter who = tl::fighter(town, d.required("character"), d.path_of("character"));
    tl::require_able(who, d.path_of("character"));
    tw::Declaration decl;
    decl.name = who.name;
    decl.reflex = who.reflex;
    std::vector<tw::Speed> speeds;
    if (const Json* actions = d.optional("actions")) {
      if (!actions->is_array() || actions->size() > tl::max_declared_actions)
        throw LedgerRefusal(RefusalCode::bad_input, d.path_of("actions"),
                            say("must be a list of at most {} speeds", tl::max_declared_actions));
      for (std::size_t k = 0; k < actions->size(); ++k)
        speeds.push_back(tl::speed_of((*actions)[k], protocol::index_path(d.path_of("actions"), k)));
    }
    try {
      decl.phases = tw::phases_for(speeds, options.speed_phases);
    } catch (const core::Refusal& r) {
      throw LedgerRefusal(RefusalCode::bad_input, d.path_of("actions"), r.sentence());
    }
    decl.continuous = d.boolean_or("continuous", false);
    decl.dodge = d.boolean_or("dodge", false);
    decl.surprised = d.boolean_or("surprised", false);
    // The target declared for its attacks (L26), a character of the round's roster, not itself;
    // the attacks themselves name theirs when they are resolved.
    std::string target;
    if (const Json* t = d.optional("target")) {
      target = tl::fighter(town, *t, d.path_of("target")).name;
      if (target == who.name) throw LedgerRefusal(RefusalCode::bad_input, d.path_of("target"), say("{} cannot target itself", who.name));
    }
    // Surprised last round: the Easy (3) Bravery check decides whether it acts now (003 L34).
    const Json* before = previous ? tl::declaration_of(*previous, who.name) : nullptr;
    decl.surprised_last_round = before && (*before)["surprised"] == true;
    if (decl.surprised_last_round) {
      if (!d.has("bravery_passed"))
        throw LedgerRefusal(RefusalCode::bad_input, d.path_of("bravery_passed"),
                            say("{} was surprised last round: give the Easy (3) Bravery check's outcome (003 L34)",
                                who.name));
      decl.bravery_passed = d.boolean_or("bravery_passed", false);
    } else if (d.has("bravery_passed")) {
      throw LedgerRefusal(RefusalCode::bad_input, d.path_of("bravery_passed"),
                          say("{} was not surprised last round: no Bravery check is due", who.name));
    }
    d.done();
    stored.push_back({{"character", who.name}, {"phases", decl.phases}, {"continuous", decl.continuous},
                      {"dodge", decl.dodge}, {"surprised", decl.surprised}, {"acts", tw::can_act(decl)}});
    if (!target.empty()) stored.back()["target"] = target;
    declarations.push_back(std::move(decl));
  }
  tw::RoundOrder order;
  try {
    order = tw::round_order(declarations);
  } catch (const core::Refusal& r) {
    std::string field = r.field();
    if (field.rfind("characters", 0) == 0) field.replace(0, std::string("characters").size(), "declarations");
    throw LedgerRefusal(RefusalCode::bad_input, field, r.sentence());
  }
  Json steps = Json::array();
  for (const auto& s : order.steps) steps.push_back({{"phase", s.phase}, {"step", s.name}, {"actors", s.actors}});
  Json idle = Json::array();
  for (const auto& i : order.idle) idle.push_back({{"character", i.name}, {"why", i.why}});
  const int number = previous ? previous->number + 1 : 1;
  ctx.ledger["round"] = number;
  ctx.ledger["steps"] = steps;
  ctx.ledger["idle"] = idle;
  db.prepare("INSERT INTO twtw_rounds(seq, number, declarations, steps) VALUES (?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, number)
      .bind(3, stored.dump())
      .bind(4, steps.dump())
      .run();
}

// The state each character had before the step first touched it, for an Undo.
struct Touched {
  Json before = Json::array();
  std::set<std::int64_t> ids;
  void note(const tl::Fighter& f) {
    if (ids.insert(f.id).second) before.push_back(tl::snapshot(f));
  }
};

void apply_hit(ApplyContext& ctx, const tw::Options& options, const tl::Round& round, const Json& step, const Json& hit,
               const std::string& path, Touched& touched) {
  Town& town = ctx.town;
  protocol::Fields h(hit, path);
  if (const Json* by = h.optional("by")) {
    // The attacker acts in this step, able and not stunned, and is not dodging (003 L359).
    tl::Fighter attacker = tl::fighter(town, *by, h.path_of("by"));
    tl::require_able(attacker, h.path_of("by"));
    const Json* decl = tl::declaration_of(round, attacker.name);
    if (decl && (*decl)["dodge"] == true)
      throw LedgerRefusal(RefusalCode::illegal_move, h.path_of("by"), say("{} is dodging this round and makes no attack (003 L359)", attacker.name));
    if (!tl::in_list(step["actors"], attacker.name))
      throw LedgerRefusal(RefusalCode::illegal_move, h.path_of("by"),
                          // TRANSLATORS: {0} is a character's name, {1} a step as the rules name it (d12, d10...
                          // continuous), {2} the phase's number
                          say("{} does not act in this step ({} of phase {})", attacker.name,
                              step["step"].get<std::string>(), step["phase"].get<int>()));
    if (attacker.w.stunned)
      throw LedgerRefusal(RefusalCode::illegal_move, h.path_of("by"), say("{} is stunned: its action is a recovery check (003 L583)", attacker.name));
  }
  tl::Fighter target = tl::fighter(town, h.required("target"), h.path_of("target"));
  if (target.state == "dead") throw LedgerRefusal(RefusalCode::dead, h.path_of("target"), say("{} is dead already", target.name));
  const std::string where_text = h.text("location");
  auto where = tw::hit_location_from_string(where_text);
  if (!where)
    throw LedgerRefusal(RefusalCode::bad_input, h.path_of("location"),
                        say("'{}' is not a hit location: head, vitals, chest, belly, right arm, left arm, "
                            "right leg or left leg",
                            where_text));
  const int dmg = h.integer("dmg", 0, tw::max_effect);
  std::optional<int> rd;
  if (h.has("rd")) rd = h.integer("rd", 0, tw::max_effect);
  const bool cover = h.has("pv") || h.has("av");
  const int pv = cover ? h.integer("pv", 0, tw::max_pen) : 0;
  const int av = cover ? h.integer("av", 0, tw::max_pen) : 0;
  const std::string kind_text = h.optional_text("kind").value_or("deadly");
  tw::DamageKind kind = tw::DamageKind::deadly;
  if (kind_text == "brawling") kind = tw::DamageKind::brawling;
  else if (kind_text == "impact") kind = tw::DamageKind::impact;
  else if (kind_text != "deadly")
    throw LedgerRefusal(RefusalCode::bad_input, h.path_of("kind"), say("'{}' is not deadly, brawling or impact", kind_text));
  const Json* stun_passed = h.optional("stun_passed");
  h.done();

  Json judged{{"target", target.name}, {"location", std::string(tw::to_string(tw::wound_location(*where)))}};
  tw::Hit result;
  try {
    tw::Damage damage;
    if (cover) {
      auto through = tw::damage_through_cover(dmg, rd, target.size, pv, av, kind);
      judged["cover"] = std::string(tw::to_string(through.cover));
      damage = through.damage;
    } else {
      judged["cover"] = nullptr;
      damage = tw::damage(dmg, target.size, kind);
    }
    judged["wounds"] = damage.wounds;
    judged["ct"] = damage.ct;
    result = tw::apply_hit(target.w, tw::wound_location(*where), damage, options);
  } catch (const core::Refusal& r) {
    throw tl::from_engine(r, path);
  }
  judged["stun_check"] = result.stun_check;
  if (result.stun_check) {
    if (!stun_passed || !stun_passed->is_boolean())
      throw LedgerRefusal(RefusalCode::bad_input, h.path_of("stun_passed"),
                          // TRANSLATORS: {0} is a character's name, {1} the check's target number, {2} what earlier
                          // wounds add to it
                          say("{} must make a Stun check, TN {} (+{} for earlier wounds): give true or false",
                              target.name, result.stun_tn, result.stun_penalty));
    result.after.stunned = !stun_passed->get<bool>();
    judged["stun_tn"] = result.stun_tn;
    judged["stun_penalty"] = result.stun_penalty;
  } else if (stun_passed) {
    throw LedgerRefusal(RefusalCode::bad_input, h.path_of("stun_passed"),
                        target.w.stunned ? say("{} is stunned already: no Stun check is due (003 L583)", target.name)
                                         : say("{} took no damage: no Stun check is due (003 L583)", target.name));
  }
  touched.note(target);
  target.w = result.after;
  std::string state = target.state;
  if (result.concussed) state = tl::worse(state, "concussed");
  if (result.out_of_action) state = tl::worse(state, "out_of_action");
  if (result.dead) state = tl::worse(state, "dead");
  target.state = state;
  target.bleeding = state == "dead" ? 0 : tw::bleeding_ct(target.w, options);  // the dead bleed no more CT
  tl::save(town.db(), target);
  if (judged["wounds"].get<int>() > 0)  // a new wound there: first aid may be tried there again (apply_twtw_care.cpp)
    town.db()
        .prepare("INSERT INTO twtw_wound_marks(seq, character, location) VALUES (?,?,?)")
        .bind(1, town.seq())
        .bind(2, target.id)
        .bind(3, judged["location"].get<std::string>())
        .run();
  judged["level"] = result.level_after;
  judged["ct_left"] = target.w.ct;
  judged["stunned"] = target.w.stunned;
  judged["disabled"] = result.disabled;
  judged["bleeding"] = target.bleeding;
  judged["state"] = target.state;
  ctx.ledger["hits"].push_back(judged);
}

void step_resolved(ApplyContext& ctx, const tw::Options& options) {
  Town& town = ctx.town;
  Database& db = town.db();
  protocol::Fields f(ctx.payload, "");
  const tl::Round round = tl::running_round(db);
  const int number = f.integer("step", 1, static_cast<int>(tl::max_round_characters) * tw::phases_per_round * 2);
  const int total = static_cast<int>(round.steps.size());
  if (round.done >= total)
    throw LedgerRefusal(RefusalCode::illegal_move, "step",
                        say("every step of round {} is resolved: end the round (twtw_round_ended)", round.number));
  if (number != round.done + 1)
    throw LedgerRefusal(RefusalCode::illegal_move, "step",
                        // TRANSLATORS: {0} is the step asked for, {1} the round's number, {2} the next step, {3} the
                        // round's steps in all
                        say("step {} is out of order: the next step of round {} is {} of {}", number, round.number,
                            round.done + 1, total));
  const Json& step = round.steps[static_cast<std::size_t>(number - 1)];
  const Json empty = Json::array();
  const Json* recoveries = f.optional("recoveries");
  const Json* hits = f.optional("hits");
  if (auto note = f.optional_text("note"); note && i18n::characters_in(*note) > tl::max_note)
    throw LedgerRefusal(RefusalCode::bad_input, "note", say("must be at most {} characters", tl::max_note));
  f.done();
  if (!recoveries) recoveries = &empty;
  if (!hits) hits = &empty;
  if (!recoveries->is_array() || recoveries->size() > tl::max_round_characters)
    throw LedgerRefusal(RefusalCode::bad_input, "recoveries", say("must be a list of at most {}", tl::max_round_characters));
  if (!hits->is_array() || hits->size() > tl::max_step_hits)
    throw LedgerRefusal(RefusalCode::bad_input, "hits", say("must be a list of at most {} hits", tl::max_step_hits));

  Touched touched;
  // The actors' recovery checks first: a stunned character's action in its count (003 L583).
  ctx.ledger["recoveries"] = Json::array();
  for (std::size_t i = 0; i < recoveries->size(); ++i) {
    protocol::Fields r((*recoveries)[i], protocol::index_path("recoveries", i));
    tl::Fighter who = tl::fighter(town, r.required("character"), r.path_of("character"));
    const Json& passed = r.required("passed");
    if (!passed.is_boolean()) throw LedgerRefusal(RefusalCode::bad_input, r.path_of("passed"), say("must be true or false"));
    r.done();
    tl::require_able(who, r.path_of("character"));
    if (!who.w.stunned) throw LedgerRefusal(RefusalCode::illegal_move, r.path_of("character"), say("{} is not stunned", who.name));
    if (!tl::in_list(step["actors"], who.name))
      throw LedgerRefusal(RefusalCode::illegal_move, r.path_of("character"),
                          say("{} does not act in this step: a recovery check takes its action (003 L583)", who.name));
    touched.note(who);
    ctx.ledger["recoveries"].push_back(
        {{"character", who.name}, {"tn", tw::recovery_tn(who.w, options.wound_table)}, {"stunned", !passed.get<bool>()}});
    who.w.stunned = !passed.get<bool>();
    tl::save(db, who);
  }
  ctx.ledger["hits"] = Json::array();
  for (std::size_t i = 0; i < hits->size(); ++i)
    apply_hit(ctx, options, round, step, (*hits)[i], protocol::index_path("hits", i), touched);
  ctx.ledger["round"] = round.number;
  db.prepare("INSERT INTO twtw_steps(seq, round_seq, step, before) VALUES (?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, round.seq)
      .bind(3, number)
      .bind(4, touched.before.dump())
      .run();
  db.prepare("UPDATE twtw_rounds SET done = ? WHERE seq = ?").bind(1, number).bind(2, round.seq).run();
}

void step_undone(ApplyContext& ctx) {
  Town& town = ctx.town;
  Database& db = town.db();
  protocol::Fields f(ctx.payload, "");
  const int number = f.integer("step", 1, static_cast<int>(tl::max_round_characters) * tw::phases_per_round * 2);
  f.done();
  const tl::Round round = tl::running_round(db);
  if (round.done == 0)
    throw LedgerRefusal(RefusalCode::illegal_move, "step", say("no step of round {} is resolved: nothing to undo", round.number));
  if (number != round.done)
    throw LedgerRefusal(RefusalCode::illegal_move, "step",
                        say("only the last step is undone: step {} of round {}", round.done, round.number));
  Statement s = db.prepare("SELECT seq, before FROM twtw_steps WHERE round_seq = ? AND step = ? AND undone_seq IS NULL");
  s.bind(1, round.seq).bind(2, number);
  if (!s.step()) throw std::logic_error("twtw_rounds.done names a step twtw_steps does not hold");  // i18n: not words (a bug)
  const std::int64_t step_seq = s.int64(0);
  const Json before = Json::parse(s.text(1));
  Json restored = Json::array();
  for (const Json& b : before) {
    db.prepare("UPDATE twtw_characters SET wounds = ?, ct = ?, stunned = ?, bleeding = ?, state = ? WHERE character = ?")
        .bind(1, b["wounds"].dump())
        .bind(2, b["ct"].get<int>())
        .bind(3, b["stunned"].get<bool>() ? 1 : 0)
        .bind(4, b["bleeding"].get<int>())
        .bind(5, b["state"].get<std::string>())
        .bind(6, b["character"].get<std::int64_t>())
        .run();
    restored.push_back(town.name_of(b["character"].get<std::int64_t>()));
  }
  db.prepare("UPDATE twtw_steps SET undone_seq = ? WHERE seq = ?").bind(1, town.seq()).bind(2, step_seq).run();
  db.prepare("DELETE FROM twtw_wound_marks WHERE seq = ?").bind(1, step_seq).run();
  db.prepare("UPDATE twtw_rounds SET done = ? WHERE seq = ?").bind(1, number - 1).bind(2, round.seq).run();
  ctx.ledger["round"] = round.number;
  ctx.ledger["undid_seq"] = step_seq;
  ctx.ledger["restored"] = restored;
}

void round_ended(ApplyContext& ctx) {
  Town& town = ctx.town;
  Database& db = town.db();
  protocol::Fields f(ctx.payload, "");
  if (auto note = f.optional_text("note"); note && i18n::characters_in(*note) > tl::max_note)
    throw LedgerRefusal(RefusalCode::bad_input, "note", say("must be at most {} characters", tl::max_note));
  f.done();
  const tl::Round round = tl::running_round(db);
  if (round.done < static_cast<int>(round.steps.size()))
    throw LedgerRefusal(RefusalCode::illegal_move, "type",
                        // TRANSLATORS: {0} is a step's number, {1} the round's steps in all, {2} the round's number
                        say("step {} of {} of round {} is still to resolve (twtw_step_resolved)", round.done + 1,
                            round.steps.size(), round.number));
  // The End Step: everyone bleeding loses its CT (003 L587), the round's participants or not.
  Json bled = Json::array();
  std::vector<std::int64_t> ids;
  {
    Statement s = db.prepare("SELECT character FROM twtw_characters WHERE bleeding > 0 AND state != 'dead' ORDER BY character");
    while (s.step()) ids.push_back(s.int64(0));
  }
  for (std::int64_t id : ids) {
    tl::Fighter who = *tl::load(town, id);
    who.w.ct = std::max(-tw::max_ct, who.w.ct - who.bleeding);
    if (who.w.ct <= 0) who.state = tl::worse(who.state, "concussed");
    if (tw::bled_to_death(who.w.ct, who.start_ct)) who.state = "dead";
    tl::save(db, who);
    bled.push_back({{"character", who.name}, {"ct_lost", who.bleeding}, {"ct", who.w.ct}, {"state", who.state}});
  }
  ctx.ledger["round"] = round.number;
  ctx.ledger["bleeding"] = bled;
  db.prepare("UPDATE twtw_rounds SET ended_seq = ? WHERE seq = ?").bind(1, town.seq()).bind(2, round.seq).run();
}

}  // namespace

void apply_twtw_event(const std::string& type, ApplyContext& ctx) {
  const tw::Options options = tl::twtw_options(ctx.town.db());
  if (type == "twtw_round_started") round_started(ctx, options);
  else if (type == "twtw_step_resolved") step_resolved(ctx, options);
  else if (type == "twtw_step_undone") step_undone(ctx);
  else if (type == "twtw_cared") apply_twtw_care(ctx, options);
  else round_ended(ctx);
}

}  // namespace marshal::db
