// Promissory notes (004 L193-195: bankers "can issue notarized promissory notes"): a banker
// issues a note (payer, payee, amount, due time) before a Mayor or Judge as notary; the note is
// a card of kind 'note' held by its bearer (the payee first) and owed by its payer (the card's
// owner); it passes from hand to hand and is paid once.
#include "core/offices.h"
#include "i18n/utf8_text.h"
#include "ledger/apply.h"

namespace marshal::db {

namespace {

void issue(ApplyContext& ctx, protocol::Fields& f) {
  Town& town = ctx.town;
  const std::int64_t banker = town.character_by_badge(f.required("banker"), "banker");
  const std::int64_t payer = town.character_by_badge(f.required("payer"), "payer");
  const std::int64_t payee = town.character_by_badge(f.required("payee"), "payee");
  const std::int64_t notary = notary_by_badge(town, f.required("notary"), "notary");
  const std::string amount = f.text("amount");
  if (!f.has("due_minutes")) throw LedgerRefusal(RefusalCode::bad_input, "due_minutes", say("say in how many minutes the note falls due"));
  const std::int64_t due_minutes = f.int64_or("due_minutes", 1, core::max_note_due_minutes, 0);
  std::optional<std::string> blank;
  if (const Json* code = f.optional("blank")) blank = Town::canonical_code(*code, "blank");
  f.done();
  town.require_power(banker, core::Power::banker, "banker");
  town.require_alive(banker, "banker");
  require_not_dead(town, payer, "payer");
  require_not_dead(town, payee, "payee");
  if (payer == payee) throw LedgerRefusal(RefusalCode::illegal_move, "payee", say("a note is paid by one to another"));
  if (notary == payer || notary == payee)
    throw LedgerRefusal(RefusalCode::illegal_move, "notary", say("a notary does not notarize his own deal"));
  if (amount.empty() || i18n::characters_in(amount) > static_cast<std::size_t>(core::max_price_characters))
    throw LedgerRefusal(RefusalCode::bad_input, "amount", say("must be 1 to {} characters", core::max_price_characters));
  std::string code;
  if (blank) {
    // A pre-printed blank note: its code is bound now, and never bound twice.
    if (town.find_card(*blank))
      // TRANSLATORS: {} is a card's code.
      throw LedgerRefusal(RefusalCode::illegal_move, "blank", say("card {} is in use already: take a blank note", *blank));
    code = *blank;
    ctx.ledger["code"] = code;
    ctx.ledger["blank"] = true;
  } else {
    code = fresh_card_code(ctx);
  }
  CardRow note;
  note.code = code;
  note.kind = "note";
  note.holder = payee;
  note.owner = payer;
  note.title = town.name_of(payer) + " \u2192 " + town.name_of(payee) + ": " + amount;  // i18n: not words (names, the amount)
  note.detail = {{"payer", town.name_of(payer)},   {"payee", town.name_of(payee)},
                 {"amount", amount},               {"due_ms", town.now_ms() + due_minutes * 60'000},
                 {"banker", town.name_of(banker)}, {"notary", town.name_of(notary)}};
  town.insert_card(note, "issued");
  record_decision_of(town, "note_issued", notary);
}

void pass_on(Town& town, protocol::Fields& f) {
  const CardRow note = town.card_of_kind(f.required("note"), "note", "note");
  const std::int64_t from = town.character_by_badge(f.required("from"), "from");
  const std::int64_t to = town.character_by_badge(f.required("to"), "to");
  f.done();
  if (note.spent) throw LedgerRefusal(RefusalCode::already_spent, "note", say("note {} was paid already", note.code));
  town.require_holder(note, from, "from");
  require_not_dead(town, from, "from");
  require_not_dead(town, to, "to");
  if (from == to) throw LedgerRefusal(RefusalCode::illegal_move, "to", say("a deal needs two parties"));
  town.set_holder(note.code, to, "passed");
}

void pay(Town& town, protocol::Fields& f) {
  const CardRow note = town.card_of_kind(f.required("note"), "note", "note");
  const std::int64_t payer = town.character_by_badge(f.required("payer"), "payer");
  f.done();
  if (note.spent) {
    if (auto at = recorded_at(town, note.spent_seq))
      // TRANSLATORS: {0} is the note's code, {1} the venue's clock (21:14), {2} a station's name.
      throw LedgerRefusal(RefusalCode::already_spent, "note", say("note {} was paid already, at {} at {}", note.code, at->clock, at->station));
    throw LedgerRefusal(RefusalCode::already_spent, "note", say("note {} was paid already", note.code));
  }
  if (note.owner != payer)
    // TRANSLATORS: {0} is the note's code, {1} the one who owes it.
    throw LedgerRefusal(RefusalCode::not_holder, "payer", say("note {} is owed by {}", note.code, town.name_of(*note.owner)));
  require_not_dead(town, payer, "payer");
  town.spend_card(note.code, "paid");
}

}  // namespace

void apply_note_event(const std::string& type, ApplyContext& ctx) {
  protocol::Fields f(ctx.payload, "");
  if (type == "note_issued") issue(ctx, f);
  else if (type == "note_passed") pass_on(ctx.town, f);
  else pay(ctx.town, f);
}

void undo_note_issue(Town& town, std::int64_t seq) {
  Statement s = town.db().prepare("SELECT code, spent FROM cards WHERE kind = 'note' AND since_seq = ?");
  s.bind(1, seq);
  if (!s.step()) return;
  if (s.int64(1) != 0) throw LedgerRefusal(RefusalCode::illegal_move, "decision", say("note {} was paid already", s.text(0)));
  // Overridden, the note is void: its card stops working.
  town.db().prepare("UPDATE cards SET revoked = 1, fate = 'voided' WHERE code = ?").bind(1, s.text(0)).run();
}

}  // namespace marshal::db
