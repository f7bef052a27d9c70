// The Table screen's rolls: the dice rolled here or typed, recorded and judged by the ledger; a
// reroll with a Benny or chip (the best total kept), chips awarded, the game night, Joker's Wild,
// and a token card played. The layout and the odds are in table_page.cpp.
#include <algorithm>

#include <fmt/format.h>

#include "core/tokens.h"
#include "core/refusal.h"
#include "i18n/sentence.h"
#include "gmstation/table_fight_model.h"
#include "gmstation/table_page.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

void TablePage::roll_from_dice_field() {
  if (selected() < 0) return refuse(wx_tr("Scan the badge of who rolls first"));
  const core::TraitRoll roll = current_roll();
  core::RolledTrait rolled;
  try {
    rolled = core::roll_typed_or_random(roll, dice_->GetValue().Strip(wxString::both).utf8_string(), rng_);
  } catch (const core::Refusal& r) {
    dice_->SetFocus();
    return refuse(utf8(r.reason()));
  }
  record_roll(roll, rolled);
}

void TablePage::record_or_refuse(const std::string& type, const Json& payload,
                                 std::function<void(const RecordOutcome&)> then) {
  // The table as it stands after the record comes with its answer (shown before `then`).
  ask_record_and_read(type, payload, [](StationBackend& backend) { return backend.table(); },
                      [this, then = std::move(then)](const RecordOutcome& outcome, const Lookup& table) {
                        if (outcome.status == RecordOutcome::Status::refused) {
                          // The table read again: a refusal may come of another station's record
                          // (a round dealt, a hit soaked) that this screen had not seen.
                          refresh_table();
                          // TRANSLATORS: {} says why, in the ledger's words.
                          return refuse(utf8(fmt::format(fmt::runtime(tr("The ledger refused it: {}")), outcome.reason)));
                        }
                        show_table(table);
                        then(outcome);
                      });
}

void TablePage::record_roll(const core::TraitRoll& roll, const core::RolledTrait& rolled) {
  const Json dice = table_fight::trait_dice_payload(rolled);
  // The GM's own modifier; the ledger adds the situation's parts itself (roll_recorded's `situation`).
  const Json situation = roller_situation();
  Json payload{{"by", roller_badge()},
               {"die", fmt::format("d{}", roll.trait_die)},
               {"wild", roll.wild_die ? fmt::format("d{}", roll.wild_die) : "none"},
               {"modifier", roll.modifier - table_fight::situation_modifier(rules_, situation)},
               {"tn", roll.tn},
               {"dice", dice},
               {"trait", spec_.ledger_label}};
  if (situation.is_object()) payload["situation"] = situation;
  if (rerolling_ && series_first_seq_ > 0) payload["reroll_of"] = series_first_seq_;
  const std::string name = selected() < 0 ? "" : character(selected()).value("name", "");
  record_or_refuse("roll_recorded", payload, [=, this](const RecordOutcome& outcome) {
    recorded_seq_ = outcome.status == RecordOutcome::Status::accepted ? outcome.seq : -1;
    std::string text = fmt::format("{}, {}: {}", name, spec_.label, core::describe_roll(roll, rolled));
    if (!rerolling_) {
      series_first_seq_ = recorded_seq_;
      series_best_ = rolled.result;
    } else if (rolled.crit_fail) {
      text += "\n" + tr("A Critical Failure ends the rerolls: it is the result (001 L42)");
    } else {
      series_best_ = std::max(series_best_, rolled.result);
      const bool success = series_best_ >= roll.tn;
      const int raises = success ? (series_best_ - roll.tn) / 4 : 0;
      const std::string judged =
          !success      ? tr("failure")
          : raises == 0 ? tr("success")
                        : fmt::format(fmt::runtime(trn("success, {} raise", "success, {} raises",
                                                       static_cast<std::uint64_t>(raises))),
                                      raises);
      // TRANSLATORS: {0} is the best total of the rerolls, {1} what it is (success, 2 raises).
      text += "\n" + fmt::format(fmt::runtime(tr("Kept: the best total, {}: {}")), series_best_, judged);
    }
    if (rolled.crit_fail && rerolling_) ++rerolls_after_crit_fail_;
    else if (!rerolling_) rerolls_after_crit_fail_ = 0;
    armed_key_ = 0;            // a roll between two Ctrl+F (or Ctrl+T): the second asks again
    chip_unshakes_.clear();    // and a roll between two Ctrl+U: the chip is offered after a failed Spirit roll only
    last_roll_ = roll;
    last_seq_ = recorded_seq_;
    last_crit_fail_ = rolled.crit_fail;
    last_virtual_ = dice_->GetValue().Strip(wxString::both).empty();
    rerolling_ = false;
    dice_->Clear();
    set_result(utf8(text));
    if (outcome.status == RecordOutcome::Status::provisional)
      show_instruction(wx_tr("Kept PROVISIONALLY (the ledger is out of reach; it syncs when it returns).  Ctrl+B: reroll.  "
                             "Next: the trait's number, or scan a badge"),
                       ui::provisional_amber);
    else
      // TRANSLATORS: {} is the roll's event number in the ledger.
      show_instruction(utf8(fmt::format(fmt::runtime(tr("Recorded as event #{}.  Ctrl+B: reroll with a Benny.  Next: the "
                                                        "trait's number, or scan a badge")),
                                        outcome.seq)),
                       ui::accepted_green);
    trait_number_->SetFocus();
  });
}

void TablePage::reroll(bool free_by_token) {
  // Right after a hit by who rolls (no trait roll since), a chip rerolls its damage (001 L46).
  if (!free_by_token && last_hit_ && selected() >= 0 && last_hit_->by == roller_badge() && last_hit_->seq > last_seq_)
    return reroll_last_hit();
  if (!last_roll_ || selected() < 0) return refuse(wx_tr("Roll first: a reroll repeats the last roll of who is rolling"));
  if (last_crit_fail_ && (rules_.crit_fail_reroll == core::CritFailReroll::never || rerolls_after_crit_fail_ > 0))
    return refuse(wx_tr("A Critical Failure ends the attempt: it cannot be rerolled (001 L42)"));
  if (!free_by_token) {
    // The roller's own chip first, the first colour they have; the GM's characters may use the pool (001 L37).
    const Json& who = character(selected());
    const Json chip = table_fight::chip_to_spend(table_, who);
    if (chip.is_null()) return refuse(utf8(table_fight::no_chip_words(who)));
    // The chip's note in the ledger, as the ledger keeps it.
    Json payload{{"by", chip["by"]}, {"colour", chip["colour"]}, {"use", "reroll"}, {"why", "a reroll of " + spec_.ledger_label}};  // i18n: not words (the ledger's)
    if (last_seq_ > 0) payload["roll"] = last_seq_;
    return record_or_refuse("chip_spent", payload, [this](const RecordOutcome&) { roll_again(); });
  }
  roll_again();
}

void TablePage::roll_again() {
  // The same roll again: who, trait, modifier and TN are as they were.
  rerolling_ = true;
  refresh_table();
  if (last_virtual_) return roll_from_dice_field();
  dice_->SetFocus();
  show_prompt(wx_tr("Spent: roll the dice again and type them, then Enter (the best total is kept)"));
}

void TablePage::award(bool to_pool) {
  if (!to_pool && selected() < 0) return refuse(wx_tr("Scan the badge of who gets the chip first"));
  // deadlands-ru draws a chip's colour by d6 (002 L20-23): the ledger rolls it.
  const std::string colour = table_.value("ruleset", "") == "deadlands-ru"
                                 ? "by_d6"
                                 : table_.value("colours", Json::array({"benny"}))[0].get<std::string>();
  // The award's note in the ledger, as the ledger keeps it.
  Json payload{{"to", to_pool ? std::string("gm") : roller_badge()}, {"colour", colour}, {"count", 1},
               {"why", "the GM's award at the table"}};  // i18n: not words
  const std::string who = to_pool ? tr("The GM's pool") : character(selected()).value("name", "");
  record_or_refuse("chip_awarded", payload, [=, this](const RecordOutcome& outcome) {
    const std::string got = outcome.ledger.value("colour", colour);
    // TRANSLATORS: {} is who gets the chip (a name, or the GM's pool).
    const std::string gets = got == "benny"   ? tr("{} gets a Benny: chip")
                             : got == "white" ? tr("{} gets a white chip")
                             : got == "red"   ? tr("{} gets a red chip")
                             : got == "blue"  ? tr("{} gets a blue chip")
                                              : std::string();
    // TRANSLATORS: {0} is who gets the chip, {1} its colour as the ledger names it.
    show_prompt(utf8(gets.empty() ? fmt::format(fmt::runtime(tr("{} gets a {} chip")), who, got) : fmt::format(fmt::runtime(gets), who)));
  });
}

void TablePage::toggle_night() {
  const bool open = table_.value("night_open", false);
  record_or_refuse(open ? "night_ended" : "night_started", Json::object(), [=, this](const RecordOutcome& outcome) {
    if (open)
      return show_prompt(outcome.ledger.contains("discarded") ? wx_tr("The game night is over: what was left is discarded")
                                                      : wx_tr("The game night is over"));
    const Json dealt = outcome.ledger.value("dealt", Json::object());
    show_prompt(dealt.empty() ? wx_tr("The game night has begun (this ruleset deals nothing: the GM awards chips)")
                      // TRANSLATORS: {0} is the Bennies dealt to each player, {1} those put in the GM's pool.
                      : utf8(fmt::format(fmt::runtime(tr("The game night has begun: {} Bennies each, {} to the GM's pool")),
                                         dealt.value("each", 0), dealt.value("gm", 0))));
  });
}

void TablePage::jokers_wild(const std::string& drawn_by) {
  record_or_refuse("jokers_wild", {{"drawn_by", drawn_by}}, [=, this](const RecordOutcome&) {
    show_prompt(drawn_by == "posse" ? wx_tr("Joker's Wild: a Benny for each of the posse")
                            : wx_tr("Joker's Wild: a Benny for the GM's pool and each of the GM's Wild Cards"));
  });
}

void TablePage::play_token(const Json& card) {
  const std::string holder = card.value("holder", "");
  int index = -1;
  const Json characters = table_.value("characters", Json::array());
  for (std::size_t i = 0; i < characters.size(); ++i)
    if (characters[i].value("name", "") == holder) index = static_cast<int>(i);
  if (index < 0) return refuse(wx_tr("This token has no holder at the table"));
  const Json detail = card.value("detail", Json::object());
  const std::string kind = detail.value("token", "");
  // The holder by badge: the table read again with the record may list them elsewhere.
  const std::string holder_badge = characters[static_cast<std::size_t>(index)].value("badge", "");
  const bool holder_wild_card = characters[static_cast<std::size_t>(index)].value("wild_card", true);
  Json payload{{"token", card.value("code", "")}, {"by", holder_badge}};
  const bool same_roller = index == selected() && last_roll_;
  if (kind == "luck_charm" && same_roller && last_seq_ > 0) payload["roll"] = last_seq_;
  record_or_refuse("token_played", payload, [=, this](const RecordOutcome& outcome) {
    // In the station's language (the ledger keeps the title in English).
    const std::string words = core::token_words(kind, detail.value("text", ""), detail.value("die", ""));
    const std::string title = words.empty() ? card.value("title", "") : words;
    if (kind == "luck_charm" && same_roller) {
      // TRANSLATORS: {} is the token card's title.
      show_prompt(utf8(fmt::format(fmt::runtime(tr("{} played: a free reroll")), title)));
      return reroll(true);
    }
    if (const int now = index_of(holder_badge); now >= 0 && now != selected()) select(now);
    const auto die = core::die_sides(detail.value("die", ""));
    if ((kind == "connection_marker" || kind == "hole_card") && die) {
      const bool marker = kind == "connection_marker";
      // The roll's trait as shown, and as the ledger keeps it (English): {} is the token's text (Cullen Bohannon).
      const i18n::Sentence label = marker ? i18n::say("Connection: {}", detail.value("text", ""))
                                          : i18n::say("{} (Hole Card)", detail.value("text", ""));
      spec_.label = label.translated();
      spec_.ledger_label = label.english();
      spec_.trait = core::SheetTrait{*die, 0};
      spec_.wild_card = marker ? false : holder_wild_card;
      modifier_->set_value(0);
      tn_->set_value(4);
      update_odds_line();
      dice_->SetFocus();
      if (!marker)
        // TRANSLATORS: {0} is the token card's title, {1} the sides of its die.
        return show_prompt(utf8(fmt::format(
            fmt::runtime(tr("{} played: roll the d{} with the Wild Die vs TN 4. Enter: the station rolls, or type the dice")),
            title, *die)));
      if (outcome.ledger.contains("die_after") && outcome.ledger["die_after"].is_string())
        // TRANSLATORS: {0} is the token card's title, {1} the die it has now (d6), {2} the sides of its die rolled.
        return show_prompt(utf8(fmt::format(fmt::runtime(tr("{} played (the marker is now {}): roll the d{} alone (no Wild Die) vs "
                                                     "TN 4. Enter: the station rolls, or type the dice")),
                                    title, outcome.ledger["die_after"].get<std::string>(), *die)));
      // TRANSLATORS: {0} is the token card's title, {1} the sides of its die.
      return show_prompt(utf8(fmt::format(fmt::runtime(tr("{} played (the marker is spent now): roll the d{} alone (no Wild Die) "
                                                   "vs TN 4. Enter: the station rolls, or type the dice")),
                                  title, *die)));
    }
    // TRANSLATORS: {} is the token card's title.
    show_prompt(utf8(fmt::format(fmt::runtime(kind == "kicker"      ? tr("{} played: its bonus goes on the roll it was played for "
                                                                 "(lost if the roll fails)")
                                      : kind == "burn_card" ? tr("{} played: it replaces an Action Card")
                                                            : tr("{} played: a Fate Chip's use, once")),
                         title)));
  });
}

}  // namespace marshal::gm
