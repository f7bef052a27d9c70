// Events about people: wounds named and healed, arrests, jail, release, corrections (votes:
// apply_votes.cpp).
#include "i18n/utf8_text.h"
#include "core/options.h"
#include "ledger/apply.h"

namespace marshal::db {

void apply_person_event(const std::string& type, ApplyContext& ctx) {
  Town& town = ctx.town;
  Database& db = town.db();
  protocol::Fields f(ctx.payload, "");
  std::int64_t who = town.character_by_badge(f.required("character"), "character");
  core::Character c = town.character(who);
  if (type == "wound_limb_named") {
    std::string limb = f.text("limb");
    f.done();
    if (!c.wounded) throw LedgerRefusal(RefusalCode::illegal_move, "character", say("{} is not wounded", c.name));
    if (limb.empty() || i18n::characters_in(limb) > 40) throw LedgerRefusal(RefusalCode::bad_input, "limb", say("must be 1 to 40 characters"));
    db.prepare("UPDATE characters SET wounded_limb = ? WHERE id = ?").bind(1, limb).bind(2, who).run();
  } else if (type == "wound_healed") {
    std::int64_t doctor = town.character_by_badge(f.required("doctor"), "doctor");
    f.done();
    town.require_power(doctor, core::Power::doctor, "doctor");
    town.require_alive(doctor, "doctor");
    if (c.dead()) throw LedgerRefusal(RefusalCode::dead, "character", say("{} is dead: no doctor can help", c.name));
    if (!c.wounded) throw LedgerRefusal(RefusalCode::illegal_move, "character", say("{} is not wounded", c.name));
    // The Doctor heals "with time" (004 L248): the wound stays until the healing's timer ends.
    const Json& minutes = ctx.options.is_object() ? ctx.options.value("heal_minutes", Json(core::default_heal_minutes))
                                                  : Json(core::default_heal_minutes);
    const std::int64_t heal_ms = std::int64_t{60'000} * (minutes.is_number_integer() ? minutes.get<int>() : 0);
    if (heal_ms <= 0) {
      db.prepare("UPDATE characters SET wounded = 0, wounded_limb = '' WHERE id = ?").bind(1, who).run();
    } else {
      if (auto left = town.healing_left_ms(who))
        // TRANSLATORS: {0} is a character's name, {1} a number of minutes.
        throw LedgerRefusal(RefusalCode::illegal_move, "character",
                            say("{} is being healed already: {} more minute(s)", c.name, (*left + 59'999) / 60'000));
      town.start_healing(who, heal_ms);
      ctx.ledger["heal_minutes"] = heal_ms / 60'000;
    }
  } else if (type == "arrested") {
    std::int64_t lawman = town.character_by_badge(f.required("lawman"), "lawman");
    f.optional_text("note");
    f.done();
    town.require_alive(lawman, "lawman");
    if (c.dead()) throw LedgerRefusal(RefusalCode::dead, "character", say("{} is dead", c.name));
    if (lawman == who) throw LedgerRefusal(RefusalCode::illegal_move, "lawman", say("a Lawman does not arrest himself"));
    // A Judge's deputy holds the lawman power for one arrest (004 L270): this one ends the task.
    if (!town.character(lawman).has_power(core::Power::lawman)) {
      auto task = deputy_arrest(town, lawman, who);
      if (!task) town.require_power(lawman, core::Power::lawman, "lawman");
      ctx.ledger["deputy_task"] = *task;
    }
    db.prepare("UPDATE characters SET arrested_by = ? WHERE id = ?").bind(1, lawman).bind(2, who).run();
  } else if (type == "jailed") {
    f.done();
    if (db.scalar_int("SELECT arrested_by IS NULL FROM characters WHERE id = " + std::to_string(who)))
      throw LedgerRefusal(RefusalCode::illegal_move, "character", say("{} must be arrested before jail", c.name));
    db.prepare("UPDATE characters SET jailed = 1 WHERE id = ?").bind(1, who).run();
  } else if (type == "released") {
    f.optional_text("note");
    f.done();
    db.prepare("UPDATE characters SET jailed = 0, arrested_by = NULL WHERE id = ?").bind(1, who).run();
    town.end_jail_term(who);  // released before a jail sentence's end
  } else if (type == "correction") {
    // A GM sets a character's state right after a mistake; the earlier event stays as it was.
    std::int64_t corrects = f.int64_or("corrects", 1, INT64_MAX, 0);
    std::string note = f.text("note");
    if (corrects == 0 || corrects >= town.seq())
      throw LedgerRefusal(RefusalCode::bad_input, "corrects", say("must name an earlier event by its seq"));
    if (note.empty()) throw LedgerRefusal(RefusalCode::bad_input, "note", say("say what was wrong"));
    bool wounded = f.boolean_or("wounded", c.wounded);
    bool dead = f.boolean_or("dead", c.dead());
    f.done();
    db.prepare(
          "UPDATE characters SET wounded = ?, dead = ?, killing = CASE WHEN ? THEN killing END, "
          "killed_by = CASE WHEN ? THEN killed_by END WHERE id = ?")
        .bind(1, wounded)
        .bind(2, dead)
        .bind(3, dead)
        .bind(4, dead)
        .bind(5, who)
        .run();
  } else {
    throw LedgerRefusal(RefusalCode::bad_input, "type", say("unknown event type {}", type));
  }
}

}  // namespace marshal::db
