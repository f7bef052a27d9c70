// The Table screen's fight (issue 32; gmstation/table_page.h): a fight started and ended, the
// round's Action Cards dealt by the station, a hit's damage rolled against its target's
// Toughness, the last hit soaked with a chip. The ledger judges each (db/ledger/apply_fight.cpp,
// apply_harm.cpp); the words are table_fight_model.h's.
#include <vector>

#include <fmt/format.h>

#include "core/chips.h"
#include "core/refusal.h"
#include "core/rule_options.h"
#include "core/trait_dice.h"
#include "gmstation/table_fight_model.h"
#include "gmstation/table_page.h"
#include "gmstation/table_page_text.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

namespace {

// The keys of the Table screen (Ctrl+letter, Latin on any keyboard), in running lines that
// break between keys only. A fight has its own: the night's, the pool's, the Jokers' and the
// tokens' keys wait for its end (Ctrl+N is refused during it).
// Joker's Wild is savage's alone (001 L35, L39): the Deadlands rulesets do not show its keys.
std::string table_keys(bool fight, bool fighters, bool jokers_wild) {
  std::vector<std::string> keys;
  if (fight)
    // TRANSLATORS: the Table screen's keys during a fight, pressed with Ctrl: short.
    keys = {tr("Ctrl+D deal the cards"), tr("Ctrl+H hit"), tr("Ctrl+S soak the hit"), tr("Ctrl+U Spirit vs Shaken"), tr("Ctrl+B reroll (a chip)"),
            tr("Ctrl+A chip to who rolls"), tr("Ctrl+F end the fight")};
  else
    // TRANSLATORS: the Table screen's keys, pressed with Ctrl (Latin letters on any keyboard): short.
    keys = {tr("Ctrl+B reroll (a chip)"), tr("Ctrl+A chip to who rolls"), tr("Ctrl+P chip to GM's pool"),
            tr("Ctrl+N game night")};
  if (!fight && jokers_wild) {
    keys.push_back(tr("Ctrl+J Joker: posse"));
    keys.push_back(tr("Ctrl+V Joker: villains"));
  }
  if (!fight) keys.push_back(tr("token card: scan it"));
  // TRANSLATORS: the Table screen's key that starts a fight (shown when the event has combat sheets).
  if (!fight && fighters) keys.push_back(tr("Ctrl+F fight"));
  std::string line;
  for (const std::string& key : keys) line += (line.empty() ? "" : "   ") + table_unbroken(key);
  return line;
}

}  // namespace

void TablePage::show_fight() {
  bool fighters = false;
  for (const Json& c : table_.value("characters", Json::array())) fighters = fighters || c.value("combat", Json()).is_object();
  const auto ruleset = core::ruleset_from_string(table_.value("ruleset", "savage")).value_or(core::Ruleset::savage);
  show_text(keys_, keys_text_, utf8(table_keys(in_fight(), fighters, core::chip_rules(ruleset).jokers_wild)), false);
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

void TablePage::drop_fight_step() {
  if (fight_step_ == FightStep::hit_dice) dice_->Clear();  // damage typed: no trait roll's dice
  fight_step_ = FightStep::none;
  end_fight_armed_ = false;
  dice_->SetHint("8 5, 3");
}

void TablePage::toggle_fight() {
  const bool armed = end_fight_armed_;
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
    end_fight_armed_ = true;
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
      text += "\n" + fmt::format("{}: {}", award.value("to", ""), table_chips_text(chips, table_.value("colours", Json::array())));
    }
    set_result(utf8(text));
    show_recorded(outcome, tr("Next: scan who rolls"));
    on_shown();
  });
}

void TablePage::deal_cards() {
  drop_fight_step();
  if (!in_fight()) return refuse(wx_tr("No fight is under way: Ctrl+F starts one"));
  Json payload;
  try {
    payload = table_fight::deal_payload(table_, rng_);
  } catch (const core::Refusal& r) {
    return refuse(utf8(r.reason()));
  }
  record_or_refuse("cards_dealt", payload, [this](const RecordOutcome& outcome) {
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

void TablePage::start_hit() {
  drop_fight_step();
  if (!in_fight()) return refuse(wx_tr("No fight is under way: Ctrl+F starts one"));
  if (selected_ < 0) return refuse(wx_tr("Scan the badge of who hits first"));
  fight_step_ = FightStep::hit_target;
  who_number_->SetFocus();
  // TRANSLATORS: {} is who hits.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{} hits: type the target's number, or scan their badge")),
                               character(selected_).value("name", ""))));
}

void TablePage::choose_target(int index) {
  const int count = static_cast<int>(table_.value("characters", Json::array()).size());
  if (index < 0 || index >= count) return;
  const Json& target = character(index);
  const std::string name = target.value("name", "");
  who_number_->SetFocus();
  // TRANSLATORS: {} is a character's name.
  if (!target.value("combat", Json()).is_object())
    return refuse(utf8(fmt::format(fmt::runtime(tr("{} has no combat sheet (the event's combat.csv)")), name)));
  if (index == selected_) return refuse(wx_tr("Type the number of who is hit, not of who hits"));
  hit_target_ = index;
  fight_step_ = FightStep::hit_dice;
  who_number_->set_value(selected_ + 1);  // the Who field still names who hits
  dice_->Clear();
  dice_->SetHint("2d6+1");
  dice_->SetFocus();
  // TRANSLATORS: {0} who hits, {1} who is hit, {2} their Toughness; the dice examples are not translated.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{} hits {} (Toughness {}): the damage dice (2d6+1; +raise for a raise), "
                                               "Enter rolls them. Or the faces after a colon: 2d6+1: 6 3, 2")),
                               character(selected_).value("name", ""), name,
                               target["combat"].value("toughness", 0))));
}

void TablePage::roll_damage_from_dice_field() {
  // The table is read again after a refusal or a scan: both still in it, or the hit is asked anew.
  const int count = static_cast<int>(table_.value("characters", Json::array()).size());
  if (selected_ < 0 || hit_target_ < 0 || selected_ >= count || hit_target_ >= count) return start_hit();
  const Json& attacker = character(selected_);
  const Json& target = character(hit_target_);
  core::DamageRoll roll;
  core::RolledDamage rolled;
  try {
    table_fight::TypedDamage typed = table_fight::parse_typed_damage(dice_->GetValue().utf8_string());
    roll = typed.roll;
    roll.rules = rules_;
    // The Joker's holder adds +2 to damage too (000 L54): the ledger checks the claim against the deal.
    roll.joker = attacker.value("combat", Json()).is_object() && attacker["combat"].value("joker", false);
    rolled = typed.faces_typed ? core::damage_from_dice(roll, typed.chains, typed.raise) : core::roll_damage(roll, rng_);
  } catch (const core::Refusal& r) {
    dice_->SetFocus();
    return refuse(utf8(r.reason()));
  }
  const std::string attacker_name = attacker.value("name", ""), target_name = target.value("name", "");
  const std::string target_badge = target.value("badge", "");
  record_or_refuse("damage_rolled", table_fight::damage_payload(roller_badge(), target_badge, roll, rolled),
                   [=, this](const RecordOutcome& outcome) {
                     // TRANSLATORS: {0} who hits, {1} who is hit, {2} the damage dice spelled out.
                     std::string text = fmt::format(fmt::runtime(tr("{} hits {}: {}")), attacker_name, target_name,
                                                    table_fight::damage_words(roll, rolled));
                     const int wounds = outcome.ledger.value("wounds", 0);
                     if (outcome.status == RecordOutcome::Status::accepted) text += "\n" + table_fight::hit_words(outcome.ledger);
                     drop_fight_step();
                     set_result(utf8(text));
                     show_recorded(outcome, wounds > 0 ? tr("Ctrl+S: soak it (a chip)")
                                                       : tr("Next: scan who acts"));
                     on_shown();
                   });
}

void TablePage::soak_last_hit() {
  drop_fight_step();
  if (!in_fight()) return refuse(wx_tr("No fight is under way: Ctrl+F starts one"));
  const Json hit = table_fight::last_wounding_hit(table_);
  if (hit.is_null()) return refuse(wx_tr("Nothing to soak: the fight's last hit gave no wound"));
  const Json characters = table_.value("characters", Json::array());
  int index = -1;
  for (std::size_t i = 0; i < characters.size(); ++i)
    if (characters[i].value("badge", "") == hit.value("badge", "")) index = static_cast<int>(i);
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
  try {
    payload = table_fight::sheet_roll(rules_, who, vigor, rng_, rolled);
  } catch (const core::Refusal& r) {  // a sheet's die out of the rules' range
    return refuse(utf8(r.reason()));
  }
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
      const std::string now = table_fight::condition_words(outcome.ledger.value("state", Json()));
      // TRANSLATORS: {} is a fighter's condition after a Soak ("1 wound, SHAKEN").
      if (!now.empty()) text += "; " + fmt::format(fmt::runtime(tr("now {}")), now);
    }
    set_result(utf8(text));
    show_recorded(outcome, tr("Next: scan who acts"));
    on_shown();
  });
}

void TablePage::unshake() {
  drop_fight_step();
  if (!in_fight()) return refuse(wx_tr("No fight is under way: Ctrl+F starts one"));
  if (selected_ < 0) return refuse(wx_tr("Scan the badge of who is Shaken first"));
  const Json& who = character(selected_);
  const std::string name = who.value("name", "");
  const Json combat = who.value("combat", Json());
  // TRANSLATORS: {} is a character's name.
  if (!combat.is_object() || !combat.value("shaken", false)) return refuse(utf8(fmt::format(fmt::runtime(tr("{} is not Shaken")), name)));
  // The Spirit roll against 4 (SWD), the wound penalty added by the ledger.
  const table_fight::SheetDie spirit = table_fight::spirit_die(who);
  core::RolledTrait rolled;
  Json payload;
  try {
    payload = table_fight::sheet_roll(rules_, who, spirit, rng_, rolled);
  } catch (const core::Refusal& r) {  // a sheet's die out of the rules' range
    return refuse(utf8(r.reason()));
  }
  payload["by"] = who.value("badge", "");
  payload["how"] = "spirit";
  record_or_refuse("unshaken", payload, [=, this](const RecordOutcome& outcome) {
    // TRANSLATORS: {0} who rolls, {1} the Spirit die ("d8"), {2} the faces.
    std::string text = fmt::format(fmt::runtime(tr("{} rolls Spirit d{}: {}")), name, spirit.sides, table_fight::faces_words(rolled));
    if (outcome.status == RecordOutcome::Status::accepted)
      text += "\n" + (!outcome.ledger.value("unshaken", false) ? tr("still SHAKEN")
                      // TRANSLATORS: Shaken ended by a Spirit roll with a raise: the fighter acts at once (SWD).
                      : outcome.ledger.value("may_act", false) ? tr("no longer Shaken, and acts at once (a raise)")
                                                                 // TRANSLATORS: Shaken ended by a plain success (SWD).
                                                                 : tr("no longer Shaken; acts next round"));
    set_result(utf8(text));
    show_recorded(outcome, tr("Next: scan who acts"));
    on_shown();
  });
}

}  // namespace marshal::gm
