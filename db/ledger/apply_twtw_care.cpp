// Care after action time in The West That Wasn't (003 L605-615; docs/twtw.md "Care"): concussion
// care restores all CT, first aid takes a wound off one location, a week's natural healing a
// level. The check is a card the GM draws against the TN the ledger gives (003 L607, heal_tn); the
// event records whether it passed, and the ledger applies it, refusing what the rules forbid: care
// during a round, the dead, a location without wounds or disabled, a healer's second first aid
// on the same wounds. Kept in twtw_care (migration 27) so that a healer's attempts are known.
// (wounds_after is kept for the audit: what the care left.)
#include "ledger/apply.h"
#include "ledger/twtw_fighters.h"

#include "core/refusal.h"
#include "core/twtw_wounds.h"
#include "i18n/utf8_text.h"

namespace marshal::db {

namespace tw = core::twtw;
namespace tl = twtw_ledger;

namespace {

// Whether `healer` tried first aid on this location of `patient` since its last wound (003 L611:
// once for each wounded area): an attempt there, and no wound there since (twtw_wound_marks).
bool tried_first_aid(Database& db, const tl::Fighter& patient, std::int64_t healer, tw::Location where) {
  const std::string location(tw::to_string(where));
  Statement last = db.prepare(
      "SELECT MAX(seq) FROM twtw_care WHERE character = ? AND healer = ? AND care = 'first_aid' AND location = ?");
  last.bind(1, patient.id).bind(2, healer).bind(3, location);
  if (!last.step() || last.is_null(0)) return false;
  Statement wounded = db.prepare("SELECT 1 FROM twtw_wound_marks WHERE character = ? AND location = ? AND seq > ? LIMIT 1");
  wounded.bind(1, patient.id).bind(2, location).bind(3, last.int64(0));
  return !wounded.step();
}

}  // namespace

void apply_twtw_care(ApplyContext& ctx, const tw::Options& options) {
  Town& town = ctx.town;
  Database& db = town.db();
  protocol::Fields f(ctx.payload, "");
  tl::Fighter who = tl::fighter(town, f.required("character"), "character");
  const std::string care_text = f.text("care");
  const auto care = tw::care_from_string(care_text);
  if (!care)
    throw LedgerRefusal(RefusalCode::bad_input, "care", say("'{}' is not concussion, first_aid or natural", care_text));
  std::optional<tw::Location> where;
  if (*care != tw::Care::concussion) {
    const std::string location_text = f.text("location");
    where = tw::location_from_string(location_text);
    if (!where)
      throw LedgerRefusal(RefusalCode::bad_input, "location",
                          say("'{}' is not a location: head, torso, right_arm, left_arm, right_leg or left_leg", location_text));
  } else if (f.has("location")) {
    throw LedgerRefusal(RefusalCode::bad_input, "location", say("concussion care restores all CT: it names no location"));
  }
  std::optional<tl::Fighter> healer;
  if (*care == tw::Care::first_aid) {
    healer = tl::fighter(town, f.required("healer"), "healer");
  } else if (f.has("healer")) {
    throw LedgerRefusal(RefusalCode::bad_input, "healer", say("only first aid names a healer (003 L609)"));
  }
  const Json& passed = f.required("passed");
  if (!passed.is_boolean()) throw LedgerRefusal(RefusalCode::bad_input, "passed", say("must be true or false"));
  if (auto note = f.optional_text("note"); note && i18n::characters_in(*note) > tl::max_note)
    throw LedgerRefusal(RefusalCode::bad_input, "note", say("must be at most {} characters", tl::max_note));
  f.done();

  if (const auto round = tl::last_round(db); round && !round->ended)
    throw LedgerRefusal(RefusalCode::illegal_move, "type",
                        say("round {} is still running: care comes after action time (twtw_round_ended first)", round->number));
  if (who.state == "dead") throw LedgerRefusal(RefusalCode::dead, "character", say("{} is dead: no care helps", who.name));
  if (healer) tl::require_able(*healer, "healer");  // the dead, concussed and out of action give no first aid

  int tn = tw::first_aid_ct_tn;
  int wounds_after = 0;
  if (*care == tw::Care::concussion) {
    if (who.w.ct >= who.start_ct)
      throw LedgerRefusal(RefusalCode::illegal_move, "character",
                          say("{} has all CT ({} of {}): no concussion to care for", who.name, who.w.ct, who.start_ct));
    if (passed.get<bool>()) {
      who.w.ct = who.start_ct;
      if (who.state == "concussed") who.state = "fighting";  // CT back above 0 (003 L548)
    }
  } else {
    int& wounds = who.w.at(*where);
    try {
      tn = tw::heal_tn(wounds);
    } catch (const core::Refusal& r) {
      throw LedgerRefusal(RefusalCode::illegal_move, "location", r.sentence());  // none there, or disabled
    }
    if (healer && tried_first_aid(db, who, healer->id, *where))
      throw LedgerRefusal(RefusalCode::illegal_move, "healer",
                          say("{} has tried first aid on {}'s {} already: once for each wounded area (003 L611)",
                              healer->name, who.name, std::string(tw::to_string(*where))));
    if (passed.get<bool>()) --wounds;  // one wound less, one level less (L611, L615)
    wounds_after = wounds;
    who.bleeding = tw::bleeding_ct(who.w, options);
  }
  tl::save(db, who);
  db.prepare("INSERT INTO twtw_care(seq, character, care, location, healer, passed, wounds_after) VALUES (?,?,?,?,?,?,?)")
      .bind(1, town.seq())
      .bind(2, who.id)
      .bind(3, care_text)
      .bind(4, where ? std::optional<std::string>(tw::to_string(*where)) : std::nullopt)
      .bind(5, healer ? std::optional<std::int64_t>(healer->id) : std::nullopt)
      .bind(6, passed.get<bool>())
      .bind(7, where ? std::optional<int>(wounds_after) : std::nullopt)
      .run();
  ctx.ledger["tn"] = tn;
  ctx.ledger["ct"] = who.w.ct;
  if (where) ctx.ledger["wounds"] = wounds_after;
  ctx.ledger["level"] = tw::wound_level(who.w);
  ctx.ledger["bleeding"] = who.bleeding;
  ctx.ledger["state"] = who.state;
}

}  // namespace marshal::db
