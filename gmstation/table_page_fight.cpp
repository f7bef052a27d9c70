// The Table screen's fight (issue 32; gmstation/table_page.h): a fight started and ended, the
// round's Action Cards dealt by the station, a hit's damage rolled against its target's
// Toughness, the last hit soaked with a chip (Shaken, Incapacitation and healing:
// table_page_wounds.cpp). The ledger judges each (db/ledger/apply_fight.cpp,
// apply_harm.cpp); the words are table_fight_model.h's.
#include <vector>

#include <fmt/format.h>

#include "core/chips.h"
#include "core/refusal.h"
#include "core/rule_options.h"
#include "core/trait_dice.h"
#include "gmstation/table_fight_deal.h"
#include "gmstation/table_fight_injury.h"
#include "gmstation/table_fight_model.h"
#include "gmstation/table_page.h"
#include "gmstation/table_page_text.h"
#include "ui/theme.h"
#include "ui/words.h"
#include "protocol/fight_words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

namespace {

// The keys of the Table screen (Ctrl+letter, Latin on any keyboard), "Ctrl+" once and then each
// key's letter and label, in running lines that break between keys only. A fight has its own: the night's, the pool's, the Jokers' and the
// tokens' keys wait for its end (Ctrl+N is refused during it).
// Joker's Wild is savage's alone (001 L35, L39): the Deadlands rulesets do not show its keys.
// Ctrl+I shows only while an Incapacitation roll or an Injury card is owed, Ctrl+E while someone
// could be healed (Ctrl+G too, between fights: the power matters once the golden hour is past), Ctrl+W and Ctrl+T between fights while someone wounded could heal by a day's rest.
std::string table_keys(bool fight, bool fighters, bool jokers_wild, bool owed_fate, bool owed_injury, bool to_heal,
                       bool day_healing) {
  std::vector<std::string> keys;
  // TRANSLATORS: the Table screen's key for an Incapacitation roll (000 L170), pressed with Ctrl: short.
  const std::string owed = owed_fate     ? tr("I Incapacitation")
                           // TRANSLATORS: the Table screen's key that draws an Injury card (000 L178), pressed with Ctrl: short.
                           : owed_injury ? tr("I Injury")
                                         : "";
  if (fight) {
    // Two lines at 1024 x 600 with every key shown: the labels are a word or two.
    // TRANSLATORS: the Table screen's keys during a fight, pressed with Ctrl: a word or two each.
    keys = {tr("D deal"), tr("R new card"), tr("H hit"), tr("S soak"), tr("U vs Shaken")};
    if (!owed.empty()) keys.push_back(owed);
    // TRANSLATORS: the Table screen's key for a Healing roll, pressed with Ctrl: short.
    if (to_heal) keys.push_back(tr("E heal"));
    // TRANSLATORS: the Table screen's keys during a fight, pressed with Ctrl: a word or two each.
    for (const std::string& key : {tr("B reroll"), tr("A chip to who rolls"), tr("F end the fight")})
      keys.push_back(key);
  } else
    // TRANSLATORS: the Table screen's keys, pressed with Ctrl (Latin letters on any keyboard): short.
    keys = {tr("B reroll (a chip)"), tr("A chip to who rolls"), tr("P chip to GM's pool"),
            tr("N game night")};
  if (!fight && jokers_wild) {
    keys.push_back(tr("J Joker: posse"));
    keys.push_back(tr("V Joker: villains"));
  }
  if (!fight && !owed.empty()) keys.push_back(owed);
  if (!fight && to_heal) keys.push_back(tr("E heal"));
  // TRANSLATORS: the Table screen's key for the arcane Healing power (000 L188), pressed with Ctrl: short.
  if (!fight && to_heal) keys.push_back(tr("G heal by a power"));
  // TRANSLATORS: the Table screen's key for a day's natural healing (a Vigor roll, 000 L204), pressed with Ctrl: short.
  if (!fight && day_healing) keys.push_back(tr("W day's healing"));
  // TRANSLATORS: the Table screen's key that ends the golden hour of the wounds so far (000 L188), pressed with Ctrl: short.
  if (!fight && day_healing) keys.push_back(tr("T an hour passes"));
  if (!fight) keys.push_back(tr("token card: scan it"));
  // TRANSLATORS: the Table screen's key that starts a fight (shown when the event has combat sheets).
  if (!fight && fighters) keys.push_back(tr("F fight"));
  // "Ctrl+" once, then each key's letter and label: the Russian labels fit two lines at 1024 x 600.
  std::string line = "Ctrl+";  // i18n: not words
  for (const std::string& key : keys) line += "   " + table_unbroken(key);
  return line;
}

}  // namespace

void TablePage::show_fight() {
  bool fighters = false;
  for (const Json& c : table_.value("characters", Json::array())) fighters = fighters || c.value("combat", Json()).is_object();
  const auto ruleset = core::ruleset_from_string(table_.value("ruleset", "savage")).value_or(core::Ruleset::savage);
  show_text(keys_, keys_text_,
            utf8(table_keys(in_fight(), fighters, core::chip_rules(ruleset).jokers_wild, !table_fight::owing_fate(table_).empty(),
                            !table_fight::owing_injury(table_).empty(), table_fight::anyone_to_heal(table_),
                            table_fight::anyone_heals_naturally(table_))),
            false);
  fight_text_ = utf8(table_fight::fight_heading(table_));
}

void TablePage::show_recorded(const RecordOutcome& outcome, const std::string& next) {
  if (outcome.status == RecordOutcome::Status::provisional)
    // TRANSLATORS: {} says what to do next. Short: one line at 1024 x 600.
    return show_instruction(utf8(fmt::format(fmt::runtime(tr("Kept PROVISIONALLY (no ledger).  {}")), next)),
                            ui::provisional_amber);
  // TRANSLATORS: {0} is the event's number in the ledger, {1} says what to do next. Short: one line at 1024 x 600.
  show_instruction(utf8(fmt::format(fmt::runtime(tr("#{} recorded.  {}")), outcome.seq, next)), ui::accepted_green);
}

bool TablePage::dice_field_asked() const {
  switch (fight_step_) {
    case FightStep::hit_dice:
    case FightStep::fate:
    case FightStep::deal:
    case FightStep::injury_card:
    case FightStep::injury_name:
    case FightStep::unshake: return true;
    case FightStep::none:
    case FightStep::hit_target:
    case FightStep::heal_patient: break;
  }
  return false;
}

void TablePage::drop_fight_step() {
  // Damage, cards, a fate or an Injury typed: no trait roll's dice.
  if (dice_field_asked()) dice_->Clear();
  fight_step_ = FightStep::none;
  other_badge_.clear();
  reroll_chip_ = Json();
  injury_payload_ = Json();
  armed_key_ = 0;
  chip_unshakes_.clear();
  chip_heals_.clear();
  healing_power_ = false;
  dice_->SetHint("8 5, 3");
}

void TablePage::toggle_fight() {
  const bool armed = armed_key_ == 'F';
  drop_fight_step();
  if (!in_fight()) {
    return record_or_refuse("fight_started", Json::object(), [this](const RecordOutcome& outcome) {
      // TRANSLATORS: the Table screen's result when a fight starts.
      set_result(wx_tr("A fight has begun: deal the Action Cards"));
      show_recorded(outcome, tr("Ctrl+D: deal the cards"));
      on_shown();
    });
  }
  if (!armed) {
    armed_key_ = 'F';
    // TRANSLATORS: asked before a fight ends: its end clears Shaken (and gives deadlands-ru's chips).
    return show_prompt(wx_tr("Ctrl+F again ends the fight: Shaken ends for all"));
  }
  record_or_refuse("fight_ended", Json::object(), [this](const RecordOutcome& outcome) {
    std::string text = tr("The fight is over");
    // deadlands-ru (002 L16-18): chips after the fight by each fighter's Luck, drawn by the ledger.
    for (const Json& award : outcome.ledger.value("awards", Json::array())) {
      Json chips = Json::object();
      for (const Json& colour : award.value("colours", Json::array())) chips[colour.get<std::string>()] = chips.value(colour.get<std::string>(), 0) + 1;
      // A line of chips given after the fight: a name and its chips ("1 white, 1 red").
      text += "\n" + fmt::format("{}: {}", award.value("to", ""), protocol::chips_words(chips, table_.value("colours", Json::array())));
    }
    set_result(utf8(text));
    show_recorded(outcome, tr("Next: scan who rolls"));
    on_shown();
  });
}

void TablePage::deal_cards() {
  drop_fight_step();
  if (!in_fight()) return refuse(wx_tr("No fight is under way: Ctrl+F starts one"));
  const std::string numbers = table_fight::deal_numbers(table_);  // like Extras share a card: "7+8"
  fight_step_ = FightStep::deal;
  dice_->Clear();
  dice_->SetHint("AS 10H BJ");
  dice_->SetFocus();
  // TRANSLATORS: {} lists the numbers of the fighters dealt a card ("1, 2, 4", like Extras sharing one "7+8"); the card spellings are not translated.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("Enter: the station deals the Action Cards.  Or type the cards of a real deck "
                                               "(AS 10H BJ) for {} in that order, then Enter")),
                               numbers)));
}

void TablePage::deal_from_dice_field() {
  const std::string typed = dice_->GetValue().utf8_string();
  Json payload;
  try {
    payload = typed.find_first_not_of(' ') == std::string::npos ? table_fight::deal_payload(table_, rng_)
                                                                : table_fight::typed_deal_payload(table_, typed);
  } catch (const core::Refusal& r) {
    dice_->SetFocus();
    return refuse(utf8(r.reason()));
  }
  // A refusal keeps the cards typed in the field, to be mended; a record ends the step.
  record_or_refuse("cards_dealt", payload, [this](const RecordOutcome& outcome) {
    drop_fight_step();
    // Who acts first, in words: the order by numbers stands under the odds, each card in the roster.
    const Json order = outcome.ledger.value("order", Json::array());
    std::string text;
    if (!order.empty() && !order[0].value("to", Json::array()).empty())
      // TRANSLATORS: {0} the round's number, {1} who acts first, {2} their card ("K♠").
      text = fmt::format(fmt::runtime(tr("Round {} dealt: {} acts first ({})")), outcome.ledger.value("round", 0),
                         order[0]["to"][0].get<std::string>(), table_fight::card_words(order[0].value("card", "")));
    else
      text = tr("Round dealt (kept provisionally: the order comes with the ledger)");
    if (!outcome.ledger.value("jokers_wild", Json::array()).empty())
      // TRANSLATORS: after the order of a round: a Joker was dealt, and savage's Joker's Wild gave Bennies (001 L35).
      text += "\n" + tr("A Joker: Joker's Wild gives its side's Bennies");
    set_result(utf8(text));
    show_recorded(outcome, tr("Next: scan who acts"));
    on_shown();
  });
}

void TablePage::redraw_card() {
  drop_fight_step();
  if (!in_fight()) return refuse(wx_tr("No fight is under way: Ctrl+F starts one"));
  if (selected() < 0) return refuse(wx_tr("Scan the badge of who rolls first"));
  const Json& who = character(selected());
  const std::string name = who.value("name", "");
  Json payload;
  try {
    payload = table_fight::redraw_payload(table_, who, rng_);
  } catch (const core::Refusal& r) {
    return refuse(utf8(r.reason()));
  }
  const std::string drawn = table_fight::card_words(payload.value("card", ""));
  const std::string kept = payload.value("keep", "") == "new" ? drawn : table_fight::card_words(payload.value("held", ""));
  payload.erase("held");  // the screen's, not the ledger's
  record_or_refuse("card_redrawn", payload, [=, this](const RecordOutcome& outcome) {
    // TRANSLATORS: {0} who draws, {1} the card drawn ("K♠"), {2} the card they keep (the better of the two).
    std::string text = fmt::format(fmt::runtime(tr("{} spends a chip for a new card: draws {}, keeps {}")), name, drawn, kept);
    if (!outcome.ledger.value("jokers_wild", Json::array()).empty())
      text += "\n" + tr("A Joker: Joker's Wild gives its side's Bennies");
    set_result(utf8(text));
    show_recorded(outcome, tr("Next: scan who acts"));
    on_shown();
  });
}

void TablePage::start_hit() {
  drop_fight_step();
  if (!in_fight()) return refuse(wx_tr("No fight is under way: Ctrl+F starts one"));
  ask_other(FightStep::hit_target);
}

void TablePage::ask_other(FightStep step) {
  const bool hit = step == FightStep::hit_target;
  if (selected() < 0) return refuse(hit ? wx_tr("Scan the badge of who hits first") : wx_tr("Scan the badge of who heals first"));
  fight_step_ = step;
  who_number_->SetFocus();
  const std::string name = character(selected()).value("name", "");
  // TRANSLATORS: {} is who hits.
  if (hit) return show_prompt(utf8(fmt::format(fmt::runtime(tr("{} hits: type the target's number, or scan their badge")), name)));
  if (healing_power_)
    // TRANSLATORS: {0} is who heals by the arcane Healing power (000 L188), {1} the trait rolled for it ("Faith d10").
    return show_prompt(utf8(fmt::format(fmt::runtime(tr("{} heals by the arcane power, rolling {}: type the patient's number, "
                                                        "or scan their badge")),
                                        name, spec_.label)));
  // TRANSLATORS: {} is who heals.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{} heals: type the patient's number, or scan their badge")), name)));
}

std::string TablePage::typed_dice() const {
  return fight_step_ == FightStep::unshake || !dice_field_asked() ? dice_->GetValue().utf8_string() : std::string();
}

bool TablePage::roll_sheet_die(const Json& who, const table_fight::SheetDie& die, core::RolledTrait& rolled, Json& payload) {
  try {
    payload = table_fight::sheet_roll(rules_, who, die, rng_, rolled, typed_dice());
  } catch (const core::Refusal& r) {  // a sheet's die out of the rules' range, or dice typed that are none
    dice_->SetFocus();
    refuse(utf8(r.reason()));
    return false;
  }
  dice_->Clear();
  return true;
}

void TablePage::choose_other(int index) {
  const int count = static_cast<int>(table_.value("characters", Json::array()).size());
  if (index < 0 || index >= count) return;
  const Json& target = character(index);
  const std::string name = target.value("name", "");
  who_number_->SetFocus();
  // TRANSLATORS: {} is a character's name.
  if (!target.value("combat", Json()).is_object())
    return refuse(utf8(fmt::format(fmt::runtime(tr("{} has no combat sheet (the event's combat.csv)")), name)));
  if (selected() < 0) {  // who rolls left the table meanwhile
    drop_fight_step();
    return refuse(wx_tr("Scan the badge of who rolls first"));
  }
  if (fight_step_ == FightStep::heal_patient) return heal(index, false, healing_power_);
  if (index == selected()) return refuse(wx_tr("Type the number of who is hit, not of who hits"));
  other_badge_ = target.value("badge", "");
  fight_step_ = FightStep::hit_dice;
  who_number_->set_value(selected() + 1);  // the Who field still names who hits
  dice_->Clear();
  dice_->SetHint("2d6+1");
  dice_->SetFocus();
  // TRANSLATORS: {0} who hits, {1} who is hit, {2} their Toughness; the dice examples are not translated.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{} hits {} (Toughness {}): the damage dice (2d6+1; +raise for a raise), "
                                               "Enter rolls them. Or the faces after a colon: 2d6+1: 6 3, 2")),
                               character(selected()).value("name", ""), name,
                               target["combat"].value("toughness", 0))));
}

void TablePage::roll_damage_from_dice_field() {
  // The table is read again after a refusal or a scan: both still in it, or the hit is asked anew.
  const int target_index = index_of(other_badge_);
  if (selected() < 0 || target_index < 0) return start_hit();
  const Json& attacker = character(selected());
  core::DamageRoll roll;
  core::RolledDamage rolled;
  const std::string typed_text = dice_->GetValue().utf8_string();
  bool typed = false;
  try {
    table_fight::TypedDamage parsed = table_fight::parse_typed_damage(typed_text);
    roll = parsed.roll;
    roll.rules = rules_;
    // The Joker's holder adds +2 to damage too (000 L54): the ledger checks the claim against the deal.
    roll.joker = attacker.value("combat", Json()).is_object() && attacker["combat"].value("joker", false);
    typed = parsed.faces_typed;
    rolled = typed ? core::damage_from_dice(roll, parsed.chains, parsed.raise) : core::roll_damage(roll, rng_);
  } catch (const core::Refusal& r) {
    dice_->SetFocus();
    return refuse(utf8(r.reason()));
  }
  LastHit hit{0, roller_badge(), other_badge_, roll, typed, 0, typed_text.substr(0, typed_text.find(':'))};
  // A chip's reroll typed from physical dice (reroll_last_hit): in the place of the hit it rerolls.
  if (!reroll_chip_.is_null() && last_hit_) {
    hit.seq = last_hit_->seq;
    hit.total = last_hit_->total;
  }
  record_damage(hit, rolled);
}

void TablePage::record_damage(LastHit hit, const core::RolledDamage& rolled) {
  const int attacker_index = index_of(hit.by), target_index = index_of(hit.target);
  if (attacker_index < 0 || target_index < 0) return start_hit();
  const std::string attacker_name = character(attacker_index).value("name", ""), target_name = character(target_index).value("name", "");
  Json payload = table_fight::damage_payload(hit.by, hit.target, hit.roll, rolled);
  const bool reroll = !reroll_chip_.is_null();
  if (reroll) {
    payload["reroll_of"] = hit.seq;
    payload["chip"] = reroll_chip_;
  }
  record_or_refuse("damage_rolled", payload, [=, this](const RecordOutcome& outcome) mutable {
    // TRANSLATORS: {0} who hits, {1} who is hit, {2} the damage dice spelled out.
    std::string text = fmt::format(fmt::runtime(reroll ? tr("{} rerolls the damage on {} (a chip): {}") : tr("{} hits {}: {}")),
                                   attacker_name, target_name, table_fight::damage_words(hit.roll, rolled));
    const int wounds = outcome.ledger.value("wounds", 0);
    const bool accepted = outcome.status == RecordOutcome::Status::accepted;
    if (accepted && reroll && outcome.ledger.value("kept", "") == "old")
      // TRANSLATORS: a damage reroll lower than the first roll: the first stands (the best is kept, 001 L42), {} its total.
      text += "\n" + fmt::format(fmt::runtime(tr("the first roll stands ({}): nothing changes")), hit.total);
    else if (accepted)
      text += "\n" + table_fight::hit_words(outcome.ledger);
    // The hit as it stands, for a chip's reroll (Ctrl+B): its seq stays the first roll's.
    if (accepted) {
      if (!reroll) hit.seq = outcome.seq;
      hit.total = std::max(hit.total, rolled.total);
      last_hit_ = hit;
    } else {
      last_hit_.reset();
    }
    drop_fight_step();
    set_result(utf8(text));
    show_recorded(outcome, wounds > 0 ? tr("Ctrl+S: soak it (a chip)") : next_in_fight(outcome.ledger));
    on_shown();
  });
}

void TablePage::reroll_last_hit() {
  const LastHit hit = *last_hit_;
  if (index_of(hit.target) < 0) return refuse(wx_tr("The last hit's target is not at the table any more"));
  const Json& who = character(selected());
  // Who rolled the damage pays, as for any reroll (001 L46; the GM's characters from the pool, 001 L37).
  const Json chip = table_fight::chip_to_spend(table_, who);
  if (chip.is_null()) return refuse(utf8(table_fight::no_chip_words(who)));
  drop_fight_step();
  reroll_chip_ = chip;
  if (!hit.typed) return record_damage(hit, core::roll_damage(hit.roll, rng_));
  // Physical dice: the same dice typed again, their new faces after the colon.
  fight_step_ = FightStep::hit_dice;
  other_badge_ = hit.target;
  dice_->SetValue(utf8(hit.spec + ": "));
  dice_->SetFocus();
  dice_->SetInsertionPointEnd();
  // TRANSLATORS: a chip rerolls the last hit's damage with physical dice (001 L46).
  show_prompt(wx_tr("Roll the same dice again and type their faces after the colon, then Enter (the better total stands)"));
}

void TablePage::soak_last_hit() {
  drop_fight_step();
  if (!in_fight()) return refuse(wx_tr("No fight is under way: Ctrl+F starts one"));
  const Json hit = table_fight::last_wounding_hit(table_);
  if (hit.is_null()) return refuse(wx_tr("Nothing to soak: the fight's last hit gave no wound"));
  const int index = index_of(hit.value("badge", ""));
  if (index < 0) return refuse(wx_tr("The last hit's target is not at the table any more"));
  const Json& who = character(index);
  const std::string name = who.value("name", "");
  // The target pays, as for a reroll: their own chip, the GM's characters from the pool (001 L37).
  const Json chip = table_fight::chip_to_spend(table_, who);
  // TRANSLATORS: {} is a character's name.
  if (chip.is_null()) return refuse(utf8(fmt::format(fmt::runtime(tr("{} has no chip to soak with")), name)));
  const table_fight::SheetDie vigor = table_fight::vigor_die(who);
  core::RolledTrait rolled;
  Json payload;
  if (!roll_sheet_die(who, vigor, rolled, payload)) return;
  payload["hit"] = hit.value("seq", std::int64_t{0});
  payload["chip"] = chip;
  const int wounds = hit.value("wounds", 0);
  record_or_refuse("soaked", payload, [=, this](const RecordOutcome& outcome) {
    // TRANSLATORS: {0} who soaks, {1} the Vigor die ("d8"), {2} the faces.
    std::string text = fmt::format(fmt::runtime(tr("{} soaks (Vigor d{}): {}")), name, vigor.sides, table_fight::faces_words(rolled));
    if (outcome.status == RecordOutcome::Status::accepted) {
      const int soaked = outcome.ledger.value("soaked", 0);
      // TRANSLATORS: {0} wounds soaked, {1} the hit's wounds.
      text += "\n" + fmt::format(fmt::runtime(trn("{} of {} wound soaked", "{} of {} wounds soaked", static_cast<std::uint64_t>(wounds))),
                                 soaked, wounds);
      const std::string now = protocol::fight_condition_words(outcome.ledger.value("state", Json()));
      // TRANSLATORS: {} is a fighter's condition after a Soak ("1 wound, SHAKEN").
      if (!now.empty()) text += "; " + fmt::format(fmt::runtime(tr("now {}")), now);
    }
    set_result(utf8(text));
    show_recorded(outcome, next_in_fight(outcome.ledger));
    on_shown();
  });
}

}  // namespace marshal::gm
