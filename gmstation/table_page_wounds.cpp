// The Table screen's wounds and recovery (issue 32; gmstation/table_page.h): Shaken ended by a
// Spirit roll or a chip (001 L43), the Incapacitation roll (000 L170-176; the GM's call where
// no table decides) and the Injury card it leaves (000 L173-178), and healing (000 L184-204; 002 L36). The ledger judges each
// (db/ledger/apply_harm.cpp); the words are table_fight_model.h's.
#include <vector>

#include <fmt/format.h>

#include "core/injury.h"
#include "core/refusal.h"
#include "gmstation/table_fight_injury.h"
#include "gmstation/table_fight_model.h"
#include "gmstation/table_page.h"
#include "ui/theme.h"
#include "ui/words.h"
#include "protocol/fight_words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

namespace {

// What a healing did, from its ledger part: "1 wound healed; now unhurt".
std::string healed_words(const Json& ledger) {
  const int healed = ledger.value("healed", 0);
  // TRANSLATORS: a Healing roll that failed (000 L200: the same healer needs a chip to try again).
  std::string text = healed == 0 ? tr("no wound healed")
                                 // TRANSLATORS: {} counts the wounds healed.
                                 : fmt::format(fmt::runtime(trn("{} wound healed", "{} wounds healed", static_cast<std::uint64_t>(healed))),
                                               healed);
  const std::string now = protocol::fight_condition_words(ledger.value("state", Json()));
  // TRANSLATORS: {} is a fighter's condition after a healing ("1 wound, SHAKEN"); "unhurt" when nothing is left.
  return text + "; " + fmt::format(fmt::runtime(tr("now {}")), now.empty() ? tr("unhurt") : now);
}

}  // namespace

std::string TablePage::next_in_fight(const Json& ledger) {
  if (ledger.value("state", Json()).value("state", "") == "incapacitated")
    // TRANSLATORS: what to do next at the Table screen after a fighter is Incapacitated (000 L170).
    return tr("Ctrl+I: the Incapacitation roll");
  return tr("Next: scan who acts");
}

void TablePage::unshake() {
  const std::string chip_for = chip_unshakes_;  // kept from the question or the failed Spirit roll just before
  drop_fight_step();
  if (!in_fight()) return refuse(wx_tr("No fight is under way: Ctrl+F starts one"));
  if (selected() < 0) return refuse(wx_tr("Scan the badge of who is Shaken first"));
  const Json& who = character(selected());
  const std::string name = who.value("name", ""), badge = who.value("badge", "");
  const Json combat = who.value("combat", Json());
  // TRANSLATORS: {} is a character's name.
  if (!combat.is_object() || !combat.value("shaken", false)) return refuse(utf8(fmt::format(fmt::runtime(tr("{} is not Shaken")), name)));
  if (chip_for == badge) {
    // A chip ends Shaken at any time (001 L43): Ctrl+U again, after the question or a failed roll.
    const Json chip = table_fight::chip_to_spend(table_, who);
    // The offer stands through a refusal (a chip awarded next, the ledger's refusal), not a
    // record; so does Enter's Spirit roll.
    chip_unshakes_ = badge;
    fight_step_ = FightStep::unshake;
    other_badge_ = badge;
    dice_->SetFocus();
    // TRANSLATORS: {} is a character's name.
    if (chip.is_null()) return refuse(utf8(fmt::format(fmt::runtime(tr("{} has no chip to spend")), name)));
    return record_or_refuse("unshaken", {{"by", badge}, {"how", "chip"}, {"chip", chip}}, [=, this](const RecordOutcome& outcome) {
      drop_fight_step();
      // TRANSLATORS: {} is a character's name: a chip ended their Shaken (001 L43).
      set_result(utf8(fmt::format(fmt::runtime(tr("{} spends a chip: no longer Shaken")), name)));
      show_recorded(outcome, tr("Next: scan who acts"));
      on_shown();
    });
  }
  // 001 L43: a Spirit roll at the start of their turn, or a chip at any time: the GM says which.
  fight_step_ = FightStep::unshake;
  other_badge_ = badge;
  chip_unshakes_ = badge;
  dice_->Clear();
  dice_->SetHint("8 5, 3");  // the Spirit die's rolls and the Wild Die's, when rolled by hand
  dice_->SetFocus();
  // TRANSLATORS: {} is a character's name; Shaken ends by a Spirit roll at the start of the turn or a chip at any time (001 L43).
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{} is SHAKEN: Enter rolls Spirit (the start of their turn), or Ctrl+U again spends "
                                               "a chip (any time)")),
                               name)));
}

void TablePage::roll_spirit() {
  const int index = index_of(other_badge_);
  if (index < 0) {  // gone from the table meanwhile
    drop_fight_step();
    return refuse(wx_tr("Scan the badge of who is Shaken first"));
  }
  const Json& who = character(index);
  const std::string name = who.value("name", ""), badge = who.value("badge", "");
  // The Spirit roll against 4 (SWD), the wound penalty added by the ledger; the dice typed for it
  // (or blank: the station rolls). Dice refused stay with the question, to be mended and Enter.
  const table_fight::SheetDie spirit = table_fight::spirit_die(who);
  core::RolledTrait rolled;
  Json payload;
  if (!roll_sheet_die(who, spirit, rolled, payload)) return;
  drop_fight_step();
  payload["by"] = badge;
  payload["how"] = "spirit";
  record_or_refuse("unshaken", payload, [=, this](const RecordOutcome& outcome) {
    // TRANSLATORS: {0} who rolls, {1} the Spirit die ("d8"), {2} the faces.
    std::string text = fmt::format(fmt::runtime(tr("{} rolls Spirit d{}: {}")), name, spirit.sides, table_fight::faces_words(rolled));
    const bool still = outcome.status == RecordOutcome::Status::accepted && !outcome.ledger.value("unshaken", false);
    if (outcome.status == RecordOutcome::Status::accepted)
      text += "\n" + (still ? tr("still SHAKEN")
                      // TRANSLATORS: Shaken ended by a Spirit roll with a raise: the fighter acts at once (SWD).
                      : outcome.ledger.value("may_act", false) ? tr("no longer Shaken, and acts at once (a raise)")
                                                                 // TRANSLATORS: Shaken ended by a plain success (SWD).
                                                                 : tr("no longer Shaken; acts next round"));
    set_result(utf8(text));
    // TRANSLATORS: after a failed Spirit roll against Shaken: a chip ends it at any time (001 L43).
    show_recorded(outcome, still ? tr("Ctrl+U again: a chip ends it") : tr("Next: scan who acts"));
    if (still) chip_unshakes_ = badge;
    on_shown();
  });
}

void TablePage::incapacitation() {
  drop_fight_step();
  // Who rolls when they owe the roll or an Injury, else the one fighter who does: no scan needed
  // after a hit. The roll comes before any Injury card.
  int index = selected();
  const std::vector<std::string> owing = table_fight::owing_fate(table_);
  const std::vector<std::string> injured = table_fight::owing_injury(table_);
  const bool selected_owes = index >= 0 && character(index).value("combat", Json()).value("state", "") == "incapacitated";
  // An Injury still owed is drawn first: the next roll's may add to it (ledger/combatants.h owe_injury).
  if (index >= 0 && table_fight::owes_injury(character(index))) return ask_injury(index);
  if (!selected_owes) {
    if (owing.size() == 1 && table_fight::owes_injury(character(index_of(owing.front())))) return ask_injury(index_of(owing.front()));
    if (owing.size() == 1) index = index_of(owing.front());
    // TRANSLATORS: refused at the Table screen: Ctrl+I with several Incapacitated and none scanned.
    else if (owing.size() > 1) return refuse(wx_tr("Several are Incapacitated: scan the badge of whose roll it is, then Ctrl+I"));
    else if (injured.size() == 1) return ask_injury(index_of(injured.front()));
    // TRANSLATORS: refused at the Table screen: Ctrl+I with several owing an Injury card (000 L178) and none scanned.
    else if (injured.size() > 1) return refuse(wx_tr("Several owe an Injury: scan the badge of whose card it is, then Ctrl+I"));
    // TRANSLATORS: refused at the Table screen: Ctrl+I with nobody Incapacitated (000 L170).
    else return refuse(wx_tr("Nobody is Incapacitated: no Incapacitation roll is owed"));
  }
  if (index < 0) return refuse(wx_tr("Nobody is Incapacitated: no Incapacitation roll is owed"));
  const Json& who = character(index);
  const std::string name = who.value("name", ""), badge = who.value("badge", "");
  if (table_.value("ruleset", "") != "deadlands-1876") {
    // The seeds give savage and deadlands-ru no Incapacitation table: the GM names the fate.
    fight_step_ = FightStep::fate;
    other_badge_ = badge;
    dice_->Clear();
    dice_->SetHint("1-5");
    dice_->SetFocus();
    // TRANSLATORS: {0} a character's name, {1} the numbered results ("1 dead   2 Bleeding Out ...").
    return show_prompt(utf8(fmt::format(fmt::runtime(tr("{} is Incapacitated: type the fate's number, then Enter.  {}")), name,
                                        table_fight::fate_choices())));
  }
  // deadlands-1876 (000 L170-176): a Vigor roll decides, rolled by the station.
  const table_fight::SheetDie vigor = table_fight::vigor_die(who);
  core::RolledTrait rolled;
  Json payload;
  if (!roll_sheet_die(who, vigor, rolled, payload)) return;
  payload["by"] = badge;
  // One short line, the fate on the next (two lines of the result show at 1024 x 600).
  // TRANSLATORS: {0} who rolls, {1} the Vigor die ("d8"), {2} the faces: the Incapacitation roll.
  record_fate(payload, fmt::format(fmt::runtime(tr("{} rolls Vigor d{}: {}")), name, vigor.sides, table_fight::faces_words(rolled)));
}

void TablePage::fate_from_dice_field() {
  const std::string badge = other_badge_;
  const int index = index_of(badge);
  if (index < 0) return incapacitation();  // gone from the table meanwhile: asked anew
  std::string result;
  try {
    result = table_fight::fate_from_typed(dice_->GetValue().utf8_string());
  } catch (const core::Refusal& r) {
    dice_->SetFocus();
    return refuse(utf8(r.reason()));
  }
  // TRANSLATORS: {} is a character's name: the GM named their Incapacitation result.
  record_fate({{"by", badge}, {"result", result}},
              fmt::format(fmt::runtime(tr("{}'s fate, named by the GM")), character(index).value("name", "")));
}

void TablePage::record_fate(const Json& payload, const std::string& said) {
  record_or_refuse("incapacitation_rolled", payload, [=, this](const RecordOutcome& outcome) {
    drop_fight_step();
    std::string text = said;
    if (outcome.status == RecordOutcome::Status::accepted)
      text += ":\n" + table_fight::fate_words(outcome.ledger.value("incapacitation", ""));
    set_result(utf8(text));
    const auto result = core::incapacitation_from_string(outcome.ledger.value("incapacitation", ""));
    const bool injury = outcome.status == RecordOutcome::Status::accepted && result && core::injury_after(*result).has_value();
    const bool bleeding = injury && *result == core::Incapacitation::bleeding_out;
    // TRANSLATORS: what to do next at the Table screen after an Incapacitation roll that gives an Injury (000 L173-175).
    show_recorded(outcome, bleeding  ? tr("Ctrl+E heals them; the Injury card if they live")
                           : injury ? tr("Ctrl+I: draw the Injury card")
                                    : tr("Next: scan who acts"));
    on_shown();
  });
}

void TablePage::ask_injury(int index) {
  const Json& who = character(index);
  fight_step_ = FightStep::injury_card;
  other_badge_ = who.value("badge", "");
  dice_->Clear();
  dice_->SetHint("QH");
  dice_->SetFocus();
  const bool permanent = who.value("combat", Json()).value("injury_owed", "") == "permanent";
  show_prompt(utf8(fmt::format(fmt::runtime(permanent
                                                // TRANSLATORS: {} is a character's name (000 L173: Bleeding Out); card spellings are not translated.
                                                ? tr("{} owes a permanent Injury: Enter draws its card, or type the card drawn from a "
                                                     "real deck (QH, 10S, BJ), then Enter")
                                                // TRANSLATORS: {} is a character's name (000 L174-175); card spellings are not translated.
                                                : tr("{} owes a temporary Injury: Enter draws its card, or type the card drawn from a "
                                                     "real deck (QH, 10S, BJ), then Enter")),
                               who.value("name", ""))));
}

void TablePage::injury_from_dice_field() {
  const int index = index_of(other_badge_);
  if (index < 0 || !table_fight::owes_injury(character(index))) return incapacitation();  // gone meanwhile: asked anew
  const std::string typed = dice_->GetValue().utf8_string();
  if (fight_step_ == FightStep::injury_name) {
    // The event has no injury table: the GM's words for the card drawn (000 L178).
    if (typed.find_first_not_of(' ') == std::string::npos) {
      dice_->SetFocus();
      // TRANSLATORS: refused at the Table screen: Enter with no Injury typed.
      return refuse(wx_tr("Type the Injury your table gives for that card, then Enter"));
    }
    Json payload = injury_payload_;
    payload["injury"] = typed;
    return record_injury(payload);
  }
  Json payload;
  try {
    payload = table_fight::injury_payload(character(index), typed, "", rng_);
  } catch (const core::Refusal& r) {
    dice_->SetFocus();
    return refuse(utf8(r.reason()));
  }
  if (table_.value("injury_table", false)) return record_injury(payload);
  fight_step_ = FightStep::injury_name;
  injury_payload_ = payload;
  dice_->Clear();
  dice_->SetHint("");
  dice_->SetFocus();
  // TRANSLATORS: {} is a card ("Q♥"): the event has no injuries.csv, so the GM names the Injury (000 L178).
  show_prompt(utf8(fmt::format(fmt::runtime(tr("The card: {}. Type the Injury your table gives for it, then Enter")),
                               table_fight::card_words(payload.value("card", "")))));
}

void TablePage::record_injury(const Json& payload) {
  const std::string name = character(index_of(other_badge_)).value("name", "");
  const std::string card = table_fight::card_words(payload.value("card", ""));
  record_or_refuse("injury_drawn", payload, [=, this](const RecordOutcome& outcome) {
    drop_fight_step();
    // TRANSLATORS: {0} a character's name, {1} the Injury card drawn ("Q♥").
    std::string text = fmt::format(fmt::runtime(tr("{}'s Injury card: {}")), name, card);
    if (outcome.status == RecordOutcome::Status::accepted) text += "\n" + protocol::injury_words(outcome.ledger);
    set_result(utf8(text));
    show_recorded(outcome, tr("Next: scan who acts"));
    on_shown();
  });
}

void TablePage::start_healing(bool power) {
  const std::string offer = chip_heals_;  // a failed Healing just before: the same key again rerolls it
  drop_fight_step();
  // "skill|power healer patient": a chip rerolls the failed roll of the same kind by the same healer.
  const std::string kind = power ? "power " : "skill ";
  if (selected() >= 0 && offer.rfind(kind + character(selected()).value("badge", "") + " ", 0) == 0) {
    const int patient = index_of(offer.substr(offer.rfind(' ') + 1));
    if (patient >= 0) return heal(patient, true, power);
  }
  healing_power_ = power;
  ask_other(FightStep::heal_patient);
}

void TablePage::heal(int patient_index, bool chip, bool power) {
  const Json& healer = character(selected());
  const Json& patient = character(patient_index);
  const std::string healer_name = healer.value("name", ""), patient_name = patient.value("name", "");
  drop_fight_step();
  who_number_->set_value(selected() + 1);  // the Who field still names who heals
  // Unhurt and up: nothing to heal (the dead, the dying and the Incapacitated are the ledger's to judge).
  const Json combat = patient.value("combat", Json());
  const std::string state = combat.value("state", "fighting");
  if (!patient.value("dead", false) && combat.value("wounds", 0) == 0 && (state == "fighting" || state == "last_stand"))
    // TRANSLATORS: {} is a character's name.
    return refuse(utf8(fmt::format(fmt::runtime(tr("{} has no wound to heal")), patient_name)));
  // The healer's Healing against 4 (SWD), both wound penalties added by the ledger; by the arcane
  // power, the trait the GM chose in the Trait field (their arcane skill: Faith, Spellcasting).
  const table_fight::SheetDie skill =
      power ? table_fight::SheetDie{spec_.trait ? spec_.trait->die : 4, spec_.trait ? spec_.trait->bonus : -core::unskilled_penalty,
                                    spec_.trait.has_value()}
            : table_fight::healing_die(healer);
  // TRANSLATORS: the Healing skill (000 L184), named in a Healing roll's result.
  const std::string skill_name = power ? spec_.label : tr("Healing");
  core::RolledTrait rolled;
  Json payload;
  if (!roll_sheet_die(healer, skill, rolled, payload)) return;
  payload["healer"] = healer.value("badge", "");
  payload["patient"] = patient.value("badge", "");
  if (power) payload["power"] = true;
  const std::string offer = std::string(power ? "power " : "skill ") + healer.value("badge", "") + " " + patient.value("badge", "");
  if (chip) {
    // 000 L200: a failed healer tries again only with a chip, a reroll of the failed roll.
    payload["chip"] = table_fight::chip_to_spend(table_, healer);
    if (payload["chip"].is_null()) {
      chip_heals_ = offer;  // the offer stands until a chip is given
      // TRANSLATORS: {} is a character's name.
      return refuse(utf8(fmt::format(fmt::runtime(tr("{} has no chip to spend")), healer_name)));
    }
  }
  record_or_refuse("healed", payload, [=, this](const RecordOutcome& outcome) {
    // TRANSLATORS: {0} who heals, {1} who is healed, {2} the skill rolled (Healing, or the arcane skill
    // for the Healing power), {3} its die ("d10", "d4 untrained"), {4} the faces.
    std::string text = fmt::format(fmt::runtime(tr("{} heals {} ({} {}): {}")), healer_name, patient_name, skill_name,
                                   skill.trained ? fmt::format("d{}", skill.sides) : tr("d4 untrained"),
                                   table_fight::faces_words(rolled));
    if (outcome.status == RecordOutcome::Status::accepted) text += "\n" + healed_words(outcome.ledger);
    set_result(utf8(text));
    const bool failed = outcome.status == RecordOutcome::Status::accepted && outcome.ledger.value("healed", 0) == 0;
    if (failed) chip_heals_ = offer;
    // TRANSLATORS: after a failed Healing roll: the same healer tries again only with a chip (000 L200).
    show_recorded(outcome, !failed ? tr("Next: scan who acts")
                           : power ? tr("Ctrl+G again: a chip rerolls it")
                                   : tr("Ctrl+E again: a chip rerolls it"));
    on_shown();
  });
}

void TablePage::natural_healing() {
  drop_fight_step();
  // TRANSLATORS: refused at the Table screen: Ctrl+W during a fight (000 L204: natural healing comes at the start of a day).
  if (in_fight()) return refuse(wx_tr("A fight is under way: a day's healing comes after it"));
  // TRANSLATORS: refused at the Table screen: Ctrl+W with nobody scanned.
  if (selected() < 0) return refuse(wx_tr("Scan the badge of who heals by a day's rest first"));
  const Json& who = character(selected());
  const std::string name = who.value("name", "");
  if (!table_fight::heals_naturally(who))
    // TRANSLATORS: {} is a character's name: unhurt, dead, or down (the dying need a Healing roll first, 000 L174).
    return refuse(utf8(fmt::format(fmt::runtime(tr("{} has no wound a day's rest heals (the dying need a Healing roll first)")), name)));
  // Vigor against 4 (000 L204), the wound penalty added by the ledger; the Modifier field holds
  // a Medicine practitioner's assist (+1 a success and raise of their own roll).
  const table_fight::SheetDie vigor = table_fight::vigor_die(who);
  core::RolledTrait rolled;
  Json payload;
  if (!roll_sheet_die(who, vigor, rolled, payload)) return;
  payload["by"] = who.value("badge", "");
  payload["modifier"] = payload.value("modifier", 0) + modifier_->value();
  record_or_refuse("natural_healing_rolled", payload, [=, this](const RecordOutcome& outcome) {
    // TRANSLATORS: {0} who rolls, {1} the Vigor die ("d8"), {2} the faces: a day's natural healing (000 L204).
    std::string text = fmt::format(fmt::runtime(tr("{} rolls Vigor d{} for a day's healing: {}")), name, vigor.sides,
                                   table_fight::faces_words(rolled));
    if (outcome.status == RecordOutcome::Status::accepted) text += "\n" + healed_words(outcome.ledger);
    set_result(utf8(text));
    show_recorded(outcome, tr("Next: scan who rolls"));
    on_shown();
  });
}

void TablePage::hour_passes() {
  const bool armed = armed_key_ == 'T';
  drop_fight_step();
  // TRANSLATORS: refused at the Table screen: Ctrl+T during a fight (000 L188: a round is seconds, not an hour).
  if (in_fight()) return refuse(wx_tr("A fight is under way: an hour passes after it"));
  if (!armed) {
    armed_key_ = 'T';
    // TRANSLATORS: asked before the GM records that an hour has passed (000 L188): it cannot be taken back.
    return show_prompt(wx_tr("Ctrl+T again: an hour has passed, and the Healing skill no longer treats the wounds taken "
                             "so far (the arcane Healing power still may)"));
  }
  record_or_refuse("hour_passed", Json::object(), [this](const RecordOutcome& outcome) {
    // TRANSLATORS: the Table screen's result after Ctrl+T twice (000 L188).
    set_result(wx_tr("An hour has passed: the golden hour of every wound so far is over"));
    show_recorded(outcome, tr("Next: scan who rolls"));
    on_shown();
  });
}

}  // namespace marshal::gm
