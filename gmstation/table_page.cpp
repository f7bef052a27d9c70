// The Table screen's layout, who rolls and which trait, the odds. Rolling, rerolls, chips, the
// game night and tokens are in table_page_rolls.cpp; everyone's chips, the fight and the roll log
// in table_page_roster.cpp.
#include "gmstation/table_page.h"

#include <algorithm>
#include <initializer_list>
#include <map>

#include <fmt/format.h>
#include <wx/sizer.h>

#include "core/refusal.h"
#include "core/rule_options.h"
#include "gmstation/table_page_text.h"
#include "i18n/sentence.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

namespace {

std::string table_percent(double p) { return fmt::format("{:.1f}%", 100 * p); }

wxStaticText* table_body_text(wxWindow* parent, const wxString& text, bool bold = false) {
  auto* label = new wxStaticText(parent, wxID_ANY, text);
  label->SetFont(ui::font(ui::body_points, bold));
  return label;
}

}  // namespace

TablePage::TablePage(wxWindow* parent, LedgerAsker& asker)
    // TRANSLATORS: the Table screen's title.
    : ConflictPage(parent, wx_tr("TABLE: a tabletop roll"), asker), backend_(asker.backend()) {
  // Left: who rolls and the odds; right: everyone's chips. Then the fields, the result, the keys
  // and the last rolls.
  auto* columns = new wxBoxSizer(wxHORIZONTAL);
  auto* left = left_column_ = new wxBoxSizer(wxVERTICAL);
  rolling_ = table_body_text(this, "", true);
  left->Add(rolling_, 0, wxLEFT | wxRIGHT | wxBOTTOM | wxEXPAND, 4);

  // TRANSLATORS: names a field in a refusal ("Who rolls: 9 is out of range: 1 to 5").
  who_number_ = new OneKeyNumber(this, wx_tr("Who rolls"));
  trait_number_ = new OneKeyNumber(this, wx_tr("Trait"));
  modifier_ = new StepNumber(this, wx_tr("Modifier"), -20, 20, true);
  tn_ = new StepNumber(this, wx_tr("Target Number"), 1, 99, false);
  dice_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(130, -1), wxTE_PROCESS_ENTER);
  dice_->SetFont(ui::font(16));
  dice_->SetHint("8 5, 3");
  for (wxTextCtrl* field : std::initializer_list<wxTextCtrl*>{who_number_, trait_number_, modifier_, tn_})
    field->SetMinSize(wxSize(60, -1));  // with the dice's 130: the Russian labels' row fits 1024 x 600 on one line
  // Each label with its field, on as many lines as the column's width needs (Russian is longer).
  auto* fields = new wxWrapSizer(wxHORIZONTAL);
  auto add_field = [this, fields](const wxString& label, wxWindow* field) {
    auto* pair = new wxBoxSizer(wxHORIZONTAL);
    pair->Add(table_body_text(this, label), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    pair->Add(field, 0, wxRIGHT, 12);
    fields->Add(pair, 0, wxBOTTOM, 4);
  };
  // TRANSLATORS: field labels, short: who rolls, the trait, the dice as rolled.
  add_field(wx_tr("Who"), who_number_);
  add_field(wx_tr("Trait"), trait_number_);
  add_field(wx_tr("Dice"), dice_);
  add_field(wx_tr("Modifier"), modifier_);
  // TRANSLATORS: a field label: the Target Number, short.
  add_field(wx_tr("TN"), tn_);
  odds_ = table_body_text(this, "");
  left->Add(odds_, 0, wxALL | wxEXPAND, 4);

  // Right: everyone's chips, a number and a name each; in a fight, in the order they act.
  auto* right = new wxBoxSizer(wxVERTICAL);
  chips_heading_ = table_body_text(this, "", true);  // with the GM's pool
  right->Add(chips_heading_, 0, wxLEFT | wxRIGHT, 4);
  roster_ = table_body_text(this, "");
  right->Add(roster_, 0, wxLEFT | wxRIGHT | wxEXPAND, 4);
  columns->Add(left, 3, wxEXPAND);
  columns->Add(right, 2, wxEXPAND);
  inputs_->Add(columns, 0, wxEXPAND);
  // The fields on one row across the page, under both columns: at 1024 x 600 the result and the
  // keys below still show.
  inputs_->Add(fields, 0, wxLEFT | wxRIGHT | wxEXPAND, 4);
  // The roll's answer in bold body type, the instruction above saying what was recorded in large:
  // at 16 pt a healing roll's line broke in three and pushed the keys below the fold at 1024 x 600.
  result_ = add_result_area(ui::body_points);
  sizer_->GetItem(result_)->SetBorder(4);  // closer than the other screens': the keys below must show
  reserve_refusal_lines(1);  // likewise
  // The keys under the result, in running lines that break between keys only: seen at
  // 1024 x 600 with a roll and a refusal shown. A fight has its own (show_fight).
  keys_ = table_body_text(this, "");
  sizer_->Add(keys_, 0, wxLEFT | wxRIGHT | wxEXPAND, 6);
  // Last, the last rolls (the live panel beside lists them too): what may go below the fold.
  log_ = table_body_text(this, "");
  sizer_->Add(log_, 0, wxALL | wxEXPAND, 6);

  auto refused = [this](const wxString& why) { refuse(why); };
  who_number_->on_refused(refused);
  trait_number_->on_refused(refused);
  modifier_->on_refused(refused);
  tn_->on_refused(refused);
  who_number_->on_done([this] {
    if (asks_other()) return choose_other(who_number_->value() - 1);
    select(who_number_->value() - 1);
  });
  trait_number_->on_done([this] { choose_trait(trait_number_->value()); });
  modifier_->on_changed([this] { update_odds_line(); });
  tn_->on_changed([this] { update_odds_line(); });
  modifier_->on_done([this] {
    tn_->SetFocus();
    show_prompt(wx_tr("+ and - for the Target Number, then Enter"));
  });
  tn_->on_done([this] {
    dice_->SetFocus();
    show_prompt(wx_tr("Enter: the station rolls.  Or type the dice as rolled (8 5, 3: the trait die, a comma, the Wild Die), "
              "then Enter"));
  });
  dice_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) {
    if (fight_step_ == FightStep::hit_dice) return roll_damage_from_dice_field();
    if (fight_step_ == FightStep::fate) return fate_from_dice_field();
    if (fight_step_ == FightStep::deal) return deal_from_dice_field();
    if (fight_step_ == FightStep::injury_card || fight_step_ == FightStep::injury_name) return injury_from_dice_field();
    if (fight_step_ == FightStep::unshake) return roll_spirit();
    roll_from_dice_field();
  });
  Bind(wxEVT_SIZE, [this](wxSizeEvent& event) {
    event.Skip();
    CallAfter([this] { rewrap_columns(); });
  });
  start();
}

void TablePage::start() {
  open_screen();
  selected_badge_.clear();
  spec_ = {};
  last_roll_.reset();
  rerolling_ = false;
  drop_fight_step();
  show_text(rolling_, rolling_text_, wx_tr("Who rolls?"), true);
  modifier_->set_value(0);
  tn_->set_value(4);
  dice_->Clear();
  set_result("");
  ask<Lookup>([](StationBackend& backend) { return backend.table(); },
              [this](const Lookup& table) {
                show_table(table);
                prompt_who_rolls();
              });
}

void TablePage::prompt_who_rolls() {
  update_odds_line();
  const std::size_t count = table_.value("characters", Json::array()).size();
  who_number_->set_range(1, static_cast<int>(std::max<std::size_t>(count, 1)));
  who_number_->set_value(1);
  trait_number_->set_range(0, 0);
  if (count == 0) return show_prompt(wx_tr("The ledger lists no characters: is it out of reach?"));
  show_prompt(table_.value("game", "") == "tabletop"
          ? wx_tr("Scan the badge of who rolls, or type the number beside a name")
          : wx_tr("This event has no traits (not a tabletop game): every roll is untrained. Scan a badge or type a "
                  "number"));
  on_shown();
}

void TablePage::show_text(wxStaticText* label, wxString& kept, const wxString& text, bool left_column) {
  kept = text;
  const int width = GetClientSize().x;
  label->SetLabel(text);
  const bool right_column = label == roster_ || label == chips_heading_;
  label->Wrap(std::max(200, left_column ? width * 3 / 5 - 16 : right_column ? width * 2 / 5 - 16 : width - 24));
  const bool moves_keys = label == keys_ || label == rolling_ || label == odds_ || label == roster_ || label == chips_heading_;
  if (moves_keys && !rewrapping_) return place_keys();
  Layout();
  FitInside();
}

void TablePage::place_keys() {
  const int width = GetClientSize().x;
  const int left_width = std::max(200, width * 3 / 5 - 16), across = std::max(200, width - 24);
  auto height_at = [this](int wrap) {
    keys_->SetLabel(keys_text_);
    keys_->Wrap(wrap);
    return keys_->GetBestSize().y;
  };
  const int keys_left = height_at(left_width), keys_across = height_at(across);
  const int left = rolling_->GetBestSize().y + odds_->GetBestSize().y;
  const int right = chips_heading_->GetBestSize().y + roster_->GetBestSize().y;
  // The page's height from the columns down, either way: the shorter wins (ties stay across).
  const bool in_left = std::max(left + keys_left, right) < std::max(left, right) + keys_across;
  if (in_left != keys_in_left_) {
    (keys_in_left_ ? static_cast<wxSizer*>(left_column_) : sizer_)->Detach(keys_);
    if (in_left) left_column_->Add(keys_, 0, wxLEFT | wxRIGHT | wxTOP | wxEXPAND, 4);
    else {
      std::size_t under_result = 0;  // the keys' place across the page: right under the result
      for (const wxSizerItem* item : sizer_->GetChildren()) {
        ++under_result;
        if (item->GetWindow() == result_) break;
      }
      sizer_->Insert(under_result, keys_, 0, wxLEFT | wxRIGHT | wxEXPAND, 6);
    }
    keys_in_left_ = in_left;
  }
  if (in_left) height_at(left_width);  // measured across last: already wrapped that way otherwise
  Layout();
  FitInside();
}

void TablePage::rewrap_columns() {
  rewrapping_ = true;  // the keys are placed once, after every column is wrapped
  show_text(keys_, keys_text_, keys_text_, false);
  show_text(rolling_, rolling_text_, rolling_text_, true);
  show_text(odds_, odds_text_, odds_text_, true);
  show_text(roster_, roster_text_, roster_text_, false);
  show_text(chips_heading_, chips_heading_text_, chips_heading_text_, false);
  show_text(log_, log_text_, log_text_, false);
  rewrapping_ = false;
  place_keys();
}

void TablePage::refresh_table() {
  ask<Lookup>([](StationBackend& backend) { return backend.table(); }, [this](const Lookup& table) { show_table(table); });
}

void TablePage::show_table(const Lookup& table) {
  if (table.found) table_ = table.data;
  rules_ = core::rules_for(core::ruleset_from_string(table_.value("ruleset", "savage")).value_or(core::Ruleset::savage));
  // The event's own options over its ruleset's, as the ledger judges the rolls.
  const Json options = table_.value("rules", Json::object());  // kept: items() only refers to it
  for (const auto& [name, value] : options.items()) {
    try {
      core::set_rule_option(rules_, name, value.get<std::string>());
    } catch (const std::exception&) {  // an option this station does not know (a newer ledger): the ruleset's
    }
  }
  show_roster();
  show_log();
  show_fight();
}

std::string TablePage::roller_badge() const { return selected() < 0 ? std::string() : selected_badge_; }

int TablePage::index_of(const std::string& badge) const {
  if (badge.empty() || !table_.contains("characters")) return -1;
  const Json& characters = table_["characters"];
  for (std::size_t i = 0; i < characters.size(); ++i)
    if (characters[i].value("badge", "") == badge) return static_cast<int>(i);
  return -1;
}

void TablePage::select(int index) {
  const Json characters = table_.value("characters", Json::array());
  if (index < 0 || index >= static_cast<int>(characters.size())) return;
  const Json& c = characters[static_cast<std::size_t>(index)];
  if (c.value("dead", false)) {
    who_number_->SetFocus();
    return refuse(utf8(fmt::format(fmt::runtime(tr("{} is dead: the dead roll nothing")), c.value("name", ""))));
  }
  selected_badge_ = c.value("badge", "");
  drop_fight_step();  // a new roller drops a hit half asked
  last_roll_.reset();
  rerolling_ = false;
  who_number_->set_value(index + 1);
  const Json traits = c.value("traits", Json::array());
  std::string list;
  int number = 0;
  // Each entry unbroken: a wrapped line never parts a number from its trait.
  for (const auto& t : traits)
    list += (list.empty() ? "" : "   ") + table_unbroken(fmt::format("{} {} {}", ++number, t.value("trait", ""), t.value("die", "")));
  // TRANSLATORS: a roll with no trait of the sheet (trait 0).
  list += (list.empty() ? "" : "   ") + table_unbroken("0 " + tr("untrained"));
  // TRANSLATORS: after a name: a Wild Card (a main character, who rolls the Wild Die).
  const std::string kind = c.value("wild_card", true) ? tr("(Wild Card)") : tr("(Extra)");
  show_text(rolling_, rolling_text_, utf8(fmt::format("{} {}\n{}", c.value("name", ""), kind, list)), true);
  trait_number_->set_range(0, static_cast<int>(traits.size()));
  trait_number_->set_value(traits.empty() ? 0 : 1);
  choose_trait(trait_number_->value());  // shown at once: odds for the default
  trait_number_->SetFocus();
  // TRANSLATORS: {} is who rolls.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{}: type the trait's number (0: untrained), or Enter for the one shown")),
                       c.value("name", ""))));
  Layout();
  FitInside();
}

void TablePage::choose_trait(int number) {
  if (selected() < 0) return;
  const Json& c = character(selected());
  spec_.wild_card = c.value("wild_card", true);
  if (number == 0) {
    // The roll's trait as shown, and as the ledger keeps it (in English; the sheet's traits are in the event's words).
    spec_.label = tr("untrained");
    spec_.ledger_label = "untrained";  // i18n: not words (the ledger's)
    spec_.trait.reset();
  } else {
    const Json& t = c["traits"][static_cast<std::size_t>(number - 1)];
    spec_.label = spec_.ledger_label = t.value("trait", "");
    spec_.trait = core::SheetTrait{t.value("sides", 6), t.value("bonus", 0)};
  }
  update_odds_line();
  if (trait_number_->HasFocus()) ask_modifier();
}

void TablePage::ask_modifier() {
  modifier_->SetFocus();
  // TRANSLATORS: {} is the trait rolled.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{}: + and - for the modifier, then Enter")), spec_.label)));
}

Json TablePage::roller_situation() const {
  return selected() < 0 ? Json() : table_fight::situation_of(character(selected()));
}

core::TraitRoll TablePage::current_roll() const {
  // The GM's modifier, and the roller's wounds and Joker as the ledger adds them (issue 32).
  const int modifier = modifier_->value() + table_fight::situation_modifier(rules_, roller_situation());
  return core::sheet_roll(rules_, spec_.wild_card, spec_.trait, modifier, tn_->value());
}

void TablePage::update_odds_line() {
  if (selected() < 0 || spec_.label.empty()) {
    show_text(odds_, odds_text_, "", true);
    return;
  }
  try {
    const core::TraitRoll roll = current_roll();
    const core::TraitOdds odds = core::trait_odds(roll);
    // TRANSLATORS: the trait die of a trait of d2: a coin tossed.
    std::string dice = roll.trait_die == 2 ? tr("the coin") : fmt::format("d{}", roll.trait_die);
    // TRANSLATORS: {0} is the trait die (d10), {1} the Wild Die's sides.
    if (roll.wild_die) dice = fmt::format(fmt::runtime(tr("{} + Wild Die d{}")), dice, roll.wild_die);
    // The parts the situation adds ("-1 for 1 wound, +2 Joker"), when any, after the total (+0 too).
    const std::string parts = table_fight::situation_words(rules_, roller_situation());
    if (roll.modifier || !parts.empty()) dice += fmt::format(" {:+d}", roll.modifier);
    if (!parts.empty())
      // TRANSLATORS: {} names the parts of a roll's modifier that its situation adds ("+2 Joker").
      dice += " " + fmt::format(fmt::runtime(tr("(of which {})")), parts);
    // TRANSLATORS: {0} is the trait, {1} its dice ("d10 + Wild Die d6 +1"), {2} the Target Number; then
    // the chances in %.
    std::string text = fmt::format(fmt::runtime(tr("{} ({}) vs TN {}: success {}, a raise {}, critical failure {}")),
                                   spec_.label, dice, roll.tn, table_percent(odds.success), table_percent(odds.raise),
                                   table_percent(odds.crit_fail));
    // TRANSLATORS: follows the odds line: the chance of a critical success, in %.
    if (rules_.critical_success) text += fmt::format(fmt::runtime(tr(", critical success {}")), table_percent(odds.crit_success));
    // TRANSLATORS: ends the odds line: the chance of success with one more Benny to spend, in %.
    text += fmt::format(fmt::runtime(tr("; with one more Benny {}")), table_percent(odds.success_with_bennies(1)));
    show_text(odds_, odds_text_, utf8(text), true);
  } catch (const core::Refusal& r) {
    show_text(odds_, odds_text_, utf8(r.reason()), true);
  }
}

void TablePage::on_scan(const std::string& code) {
  // The table as it is now (a badge picks who rolls), else the card: asked in one request.
  struct TableAndCard {
    Lookup table, card;
    static TableAndCard failed(const std::string& what) {
      TableAndCard answer;
      answer.table.refusal = answer.card.refusal = what;
      return answer;
    }
  };
  ask<TableAndCard>(
      [code](StationBackend& backend) {
        TableAndCard answer{backend.table(), {}};
        bool badge = false;
        if (answer.table.data.is_object())  // not when the table could not be read
          for (const Json& c : answer.table.data.value("characters", Json::array()))
            badge = badge || (c.is_object() && c.value("badge", "") == code);
        if (!badge) answer.card = backend.card(code);
        return answer;
      },
      [this, code](const TableAndCard& answer) {
        show_table(answer.table);
        took_code(code, answer.card);
      });
}

void TablePage::took_code(const std::string& code, const Lookup& card) {
  if (const int index = index_of(code); index >= 0) return asks_other() ? choose_other(index) : select(index);
  drop_fight_step();  // a card, not a badge: a hit half asked is dropped
  if (!card.found)
    return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), card.refusal.empty() ? tr("unknown code") : card.refusal)));
  const std::string kind = card.data.value("kind", "card");
  if (kind == "token") return play_token(card.data);
  if (kind == "horse") return refuse(wx_tr("That is a horse card: scan a badge, or a token to play it"));
  if (kind == "secret") return refuse(wx_tr("That is a secret card: scan a badge, or a token to play it"));
  if (kind == "trick") return refuse(wx_tr("That is a trick card: scan a badge, or a token to play it"));
  if (kind == "bystander") return refuse(wx_tr("That is a bystander card: scan a badge, or a token to play it"));
  if (kind == "power") return refuse(wx_tr("That is a power card: scan a badge, or a token to play it"));
  // TRANSLATORS: {} is a card's kind as the ledger names it (an English word such as badge).
  refuse(utf8(fmt::format(fmt::runtime(tr("That is a {} card: scan a badge, or a token to play it")), kind)));
}

bool TablePage::on_key(int key) {
  using Action = void (*)(TablePage&);
  static const std::map<int, Action> actions = {
      {'B', [](TablePage& p) { p.reroll(false); }},
      {'A', [](TablePage& p) { p.award(false); }},
      {'P', [](TablePage& p) { p.award(true); }},
      {'N',
       [](TablePage& p) {
         // Ending the night discards the chips (savage): never in the middle of a fight.
         if (p.in_fight()) p.refuse(wx_tr("A fight is under way: Ctrl+F ends it before the game night"));
         else p.toggle_night();
       }},
      {'J', [](TablePage& p) { p.jokers_wild("posse"); }},
      {'V', [](TablePage& p) { p.jokers_wild("gm"); }},
      {'F', [](TablePage& p) { p.toggle_fight(); }},
      {'D', [](TablePage& p) { p.deal_cards(); }},
      {'R', [](TablePage& p) { p.redraw_card(); }},
      {'H', [](TablePage& p) { p.start_hit(); }},
      {'S', [](TablePage& p) { p.soak_last_hit(); }},
      {'U', [](TablePage& p) { p.unshake(); }},
      {'I', [](TablePage& p) { p.incapacitation(); }},
      {'E', [](TablePage& p) { p.start_healing(false); }},
      {'G', [](TablePage& p) { p.start_healing(true); }},
      {'W', [](TablePage& p) { p.natural_healing(); }},
      {'T', [](TablePage& p) { p.hour_passes(); }},
  };
  const auto action = actions.find(key);
  if (action == actions.end()) return false;
  // Any key but the second press of Ctrl+F, Ctrl+U or Ctrl+T drops a step half asked (a hit, a
  // fate, a fight's end, a chip against Shaken or for a failed Healing, which Ctrl+E keeps): the
  // dice field then holds no damage a trait roll would read.
  if (key != 'F' && key != 'U' && key != 'T') {
    const std::string unshake_offer = chip_unshakes_, heal_offer = chip_heals_;
    drop_fight_step();
    if (key == 'A' || key == 'P') {  // a chip given for it keeps the offers
      chip_unshakes_ = unshake_offer;
      chip_heals_ = heal_offer;
    }
    if (key == 'E' || key == 'G') chip_heals_ = heal_offer;  // Ctrl+E or Ctrl+G again: the failed Healing rerolled
  }
  action->second(*this);
  return true;
}

}  // namespace marshal::gm
