#include "gmstation/table_page.h"

#include <algorithm>
#include <initializer_list>

#include <fmt/format.h>
#include <wx/sizer.h>

#include "core/refusal.h"
#include "core/rule_options.h"
#include "ui/theme.h"

namespace marshal::gm {

namespace {

constexpr std::size_t log_lines_shown = 4;  // the roll log's lines on screen, newest first

wxString utf8(const std::string& text) { return wxString::FromUTF8(text); }

std::string percent(double p) { return fmt::format("{:.1f}%", 100 * p); }

// "3 Bennies", "2 white, 1 red", "no chips".
std::string chips_text(const Json& chips, const Json& colours) {
  std::vector<std::string> parts;
  for (const auto& colour : colours) {
    const std::int64_t n = chips.value(colour.get<std::string>(), std::int64_t{0});
    if (n == 0) continue;
    if (colour == "benny") parts.push_back(fmt::format("{} {}", n, n == 1 ? "Benny" : "Bennies"));
    else parts.push_back(fmt::format("{} {}", n, colour.get<std::string>()));
  }
  if (parts.empty()) return "none";
  return fmt::format("{}", fmt::join(parts, ", "));
}

wxStaticText* body_text(wxWindow* parent, const wxString& text, bool bold = false) {
  auto* label = new wxStaticText(parent, wxID_ANY, text);
  label->SetFont(ui::font(ui::body_points, bold));
  return label;
}

}  // namespace

TablePage::TablePage(wxWindow* parent, StationBackend& backend)
    : ConflictPage(parent, "TABLE: a tabletop roll"), backend_(backend) {
  // Left: who rolls, the fields, the odds; right: everyone's chips. Then the result, the log.
  auto* columns = new wxBoxSizer(wxHORIZONTAL);
  auto* left = new wxBoxSizer(wxVERTICAL);
  rolling_ = body_text(this, "", true);
  left->Add(rolling_, 0, wxALL | wxEXPAND, 4);

  who_number_ = new OneKeyNumber(this, "Who rolls");
  trait_number_ = new OneKeyNumber(this, "Trait");
  modifier_ = new StepNumber(this, "Modifier", -20, 20, true);
  tn_ = new StepNumber(this, "Target Number", 1, 99, false);
  dice_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(150, -1), wxTE_PROCESS_ENTER);
  dice_->SetFont(ui::font(16));
  dice_->SetHint("8 5, 3");
  for (wxTextCtrl* field : std::initializer_list<wxTextCtrl*>{who_number_, trait_number_, modifier_, tn_})
    field->SetMinSize(wxSize(70, -1));
  auto add_field = [this](wxSizer* row, const wxString& label, wxWindow* field) {
    row->Add(body_text(this, label), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    row->Add(field, 0, wxRIGHT, 12);
  };
  auto* first_row = new wxBoxSizer(wxHORIZONTAL);
  add_field(first_row, "Who", who_number_);
  add_field(first_row, "Trait", trait_number_);
  add_field(first_row, "Dice", dice_);
  auto* second_row = new wxBoxSizer(wxHORIZONTAL);
  add_field(second_row, "Modifier", modifier_);
  add_field(second_row, "TN", tn_);
  left->Add(first_row, 0, wxALL, 4);
  left->Add(second_row, 0, wxALL, 4);
  odds_ = body_text(this, "");
  left->Add(odds_, 0, wxALL | wxEXPAND, 4);

  auto* right = new wxBoxSizer(wxVERTICAL);
  right->Add(body_text(this, "Chips and Bennies", true), 0, wxLEFT | wxRIGHT, 4);
  roster_ = body_text(this, "");
  right->Add(roster_, 0, wxALL | wxEXPAND, 4);
  columns->Add(left, 3, wxEXPAND);
  columns->Add(right, 2, wxEXPAND);
  inputs_->Add(columns, 0, wxEXPAND);
  result_ = add_result_area(18);
  log_ = body_text(this, "");
  sizer_->Add(log_, 0, wxALL | wxEXPAND, 6);
  sizer_->Add(body_text(this, "Ctrl+B reroll with a Benny or chip   Ctrl+A award one to who rolls\n"
                              "Ctrl+P one to the GM's pool   Ctrl+N start or end the game night\n"
                              "Ctrl+J a Joker drawn by the posse   Ctrl+V by the villains (Joker's Wild)\n"
                              "A token card: scan it to play it"),
              0, wxALL | wxEXPAND, 6);

  auto refused = [this](const wxString& why) { refuse(why); };
  who_number_->on_refused(refused);
  trait_number_->on_refused(refused);
  modifier_->on_refused(refused);
  tn_->on_refused(refused);
  who_number_->on_done([this] { select(who_number_->value() - 1); });
  trait_number_->on_done([this] { choose_trait(trait_number_->value()); });
  modifier_->on_changed([this] { update_odds_line(); });
  tn_->on_changed([this] { update_odds_line(); });
  modifier_->on_done([this] {
    tn_->SetFocus();
    say("+ and - for the Target Number, then Enter");
  });
  tn_->on_done([this] {
    dice_->SetFocus();
    say("Enter: the station rolls.  Or type the dice as rolled (8 5, 3: the trait die, a comma, the Wild Die), then Enter");
  });
  dice_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { roll_from_dice_field(); });
  Bind(wxEVT_SIZE, [this](wxSizeEvent& event) {
    event.Skip();
    CallAfter([this] { rewrap_columns(); });
  });
  start();
}

void TablePage::start() {
  open_screen();
  refresh_table();
  selected_ = -1;
  spec_ = {};
  last_roll_.reset();
  rerolling_ = false;
  show_text(rolling_, rolling_text_, "Who rolls?", true);
  modifier_->set_value(0);
  tn_->set_value(4);
  dice_->Clear();
  set_result("");
  update_odds_line();
  const std::size_t count = table_.value("characters", Json::array()).size();
  who_number_->set_range(1, static_cast<int>(std::max<std::size_t>(count, 1)));
  who_number_->set_value(1);
  trait_number_->set_range(0, 0);
  if (count == 0) return say("The ledger lists no characters: is it out of reach?");
  say(table_.value("game", "") == "tabletop"
          ? "Scan the badge of who rolls, or type the number beside a name"
          : "This event has no traits (not a tabletop game): every roll is untrained. Scan a badge or type a number");
  on_shown();
}

void TablePage::show_text(wxStaticText* label, wxString& kept, const wxString& text, bool left_column) {
  kept = text;
  const int width = GetClientSize().x;
  label->SetLabel(text);
  label->Wrap(std::max(200, left_column ? width * 3 / 5 - 16 : label == roster_ ? width * 2 / 5 - 16 : width - 24));
  Layout();
  FitInside();
}

void TablePage::rewrap_columns() {
  show_text(rolling_, rolling_text_, rolling_text_, true);
  show_text(odds_, odds_text_, odds_text_, true);
  show_text(roster_, roster_text_, roster_text_, false);
  show_text(log_, log_text_, log_text_, false);
}

void TablePage::refresh_table() {
  Lookup table = backend_.table();
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
}

void TablePage::show_roster() {
  const Json colours = table_.value("colours", Json::array({"benny"}));
  std::string text;
  int number = 0;
  for (const auto& c : table_.value("characters", Json::array())) {
    text += fmt::format("{}  {}{}{}: {}\n", ++number, c.value("name", ""), c.value("side", "") == "gm" ? " (GM)" : "",
                        c.value("wild_card", true) ? "" : " (Extra)",
                        c.value("dead", false) ? "DEAD" : chips_text(c.value("chips", Json::object()), colours));
  }
  text += "GM's pool: " + chips_text(table_.value("gm_pool", Json::object()), colours);
  if (!table_.value("night_open", false)) text += "\nNo game night under way (Ctrl+N starts one)";
  show_text(roster_, roster_text_, utf8(text), false);
}

void TablePage::show_log() {
  const Json rolls = table_.value("rolls", Json::array());
  std::string text;
  std::size_t shown = 0;
  for (auto it = rolls.rbegin(); it != rolls.rend() && shown < log_lines_shown; ++it, ++shown) {
    const Json& r = *it;
    std::string outcome = r.value("crit_fail", false) ? "CRITICAL FAILURE"
                          : r.value("success", false)
                              ? (r.value("raises", 0) > 0 ? fmt::format("success, {} raise{}", r.value("raises", 0),
                                                                         r.value("raises", 0) == 1 ? "" : "s")
                                                          : std::string("success"))
                              : std::string("failure");
    text += fmt::format("#{} {}, {}: {} {}{}\n", r.value("seq", std::int64_t{0}), r.value("by", ""),
                        r.value("trait", "a roll"), r.value("result", 0), outcome,
                        r.contains("reroll_of") ? fmt::format(" (reroll of #{})", r["reroll_of"].get<std::int64_t>()) : "");
  }
  show_text(log_, log_text_, utf8("Rolls this evening, the last first:\n" + (text.empty() ? "none yet" : text)), false);
}

std::string TablePage::roller_badge() const {
  if (selected_ < 0) return "";
  return table_["characters"][static_cast<std::size_t>(selected_)].value("badge", "");
}

void TablePage::select(int index) {
  const Json characters = table_.value("characters", Json::array());
  if (index < 0 || index >= static_cast<int>(characters.size())) return;
  const Json& c = characters[static_cast<std::size_t>(index)];
  if (c.value("dead", false)) {
    who_number_->SetFocus();
    return refuse(utf8(c.value("name", "") + " is dead: the dead roll nothing"));
  }
  selected_ = index;
  last_roll_.reset();
  rerolling_ = false;
  who_number_->set_value(index + 1);
  const Json traits = c.value("traits", Json::array());
  std::string list;
  int number = 0;
  // Non-breaking spaces inside an entry: a wrapped line never parts a number from its trait.
  const std::string nbsp = "\u00a0";
  for (const auto& t : traits)
    list += fmt::format("{}{}{}{}{}{}", list.empty() ? "" : "   ", ++number, nbsp, t.value("trait", ""), nbsp, t.value("die", ""));
  list += (list.empty() ? "" : "   ") + std::string("0") + nbsp + "untrained";
  show_text(rolling_, rolling_text_,
            utf8(fmt::format("{}{}\n{}", c.value("name", ""), c.value("wild_card", true) ? " (Wild Card)" : " (Extra)", list)),
            true);
  trait_number_->set_range(0, static_cast<int>(traits.size()));
  trait_number_->set_value(traits.empty() ? 0 : 1);
  choose_trait(trait_number_->value());  // shown at once: odds for the default
  trait_number_->SetFocus();
  say(utf8(c.value("name", "") + ": type the trait's number (0: untrained), or Enter for the one shown"));
  Layout();
  FitInside();
}

void TablePage::choose_trait(int number) {
  if (selected_ < 0) return;
  const Json& c = table_["characters"][static_cast<std::size_t>(selected_)];
  spec_.wild_card = c.value("wild_card", true);
  if (number == 0) {
    spec_.label = "untrained";
    spec_.trait.reset();
  } else {
    const Json& t = c["traits"][static_cast<std::size_t>(number - 1)];
    spec_.label = t.value("trait", "");
    spec_.trait = core::SheetTrait{t.value("sides", 6), t.value("bonus", 0)};
  }
  update_odds_line();
  if (trait_number_->HasFocus()) ask_modifier();
}

void TablePage::ask_modifier() {
  modifier_->SetFocus();
  say(utf8(spec_.label + ": + and - for the modifier, then Enter"));
}

core::TraitRoll TablePage::current_roll() const {
  return core::sheet_roll(rules_, spec_.wild_card, spec_.trait, modifier_->value(), tn_->value());
}

void TablePage::update_odds_line() {
  if (selected_ < 0 || spec_.label.empty()) {
    show_text(odds_, odds_text_, "", true);
    return;
  }
  try {
    const core::TraitRoll roll = current_roll();
    const core::TraitOdds odds = core::trait_odds(roll);
    std::string die = roll.trait_die == 2 ? "the coin" : fmt::format("d{}", roll.trait_die);
    std::string text = fmt::format("{} ({}{}{}) vs TN {}: success {}, a raise {}, critical failure {}", spec_.label, die,
                                   roll.wild_die ? fmt::format(" + Wild Die d{}", roll.wild_die) : "",
                                   roll.modifier ? fmt::format(" {:+d}", roll.modifier) : "", roll.tn,
                                   percent(odds.success), percent(odds.raise), percent(odds.crit_fail));
    if (rules_.critical_success) text += ", critical success " + percent(odds.crit_success);
    text += "; with one more Benny " + percent(odds.success_with_bennies(1));
    show_text(odds_, odds_text_, utf8(text), true);
  } catch (const core::Refusal& r) {
    show_text(odds_, odds_text_, utf8(r.reason()), true);
  }
}

void TablePage::roll_from_dice_field() {
  if (selected_ < 0) return refuse("Scan the badge of who rolls first");
  const core::TraitRoll roll = current_roll();
  core::RolledTrait rolled;
  try {
    const std::string typed = dice_->GetValue().Strip(wxString::both).ToStdString();
    if (typed.empty()) {
      rolled = core::roll_trait(roll, rng_);
    } else {
      core::TypedDice dice = core::parse_typed_dice(typed);
      rolled = core::roll_trait_from_dice(roll, dice.trait, roll.wild_die ? dice.second : std::vector<int>{},
                                          roll.wild_die ? std::vector<int>{} : dice.second);
    }
  } catch (const core::Refusal& r) {
    dice_->SetFocus();
    return refuse(utf8(r.reason()));
  }
  record_roll(roll, rolled);
}

bool TablePage::record_or_refuse(const std::string& type, const Json& payload, RecordOutcome& outcome) {
  outcome = backend_.record(type, payload);
  if (outcome.status != RecordOutcome::Status::refused) return true;
  refuse("The ledger refused it: " + utf8(outcome.reason));
  return false;
}

void TablePage::record_roll(const core::TraitRoll& roll, const core::RolledTrait& rolled) {
  Json dice{{"trait", rolled.trait}};
  if (!rolled.wild.empty()) dice["wild"] = rolled.wild;
  if (!rolled.crit_check.empty()) dice["crit_check"] = rolled.crit_check;
  Json payload{{"by", roller_badge()},
               {"die", fmt::format("d{}", roll.trait_die)},
               {"wild", roll.wild_die ? fmt::format("d{}", roll.wild_die) : "none"},
               {"modifier", roll.modifier},
               {"tn", roll.tn},
               {"dice", dice},
               {"trait", spec_.label}};
  if (rerolling_ && series_first_seq_ > 0) payload["reroll_of"] = series_first_seq_;
  RecordOutcome outcome;
  if (!record_or_refuse("roll_recorded", payload, outcome)) return;
  recorded_seq_ = outcome.status == RecordOutcome::Status::accepted ? outcome.seq : -1;
  const Json& who = table_["characters"][static_cast<std::size_t>(selected_)];
  std::string text = fmt::format("{}, {}: {}", who.value("name", ""), spec_.label, core::describe_roll(roll, rolled));
  if (!rerolling_) {
    series_first_seq_ = recorded_seq_;
    series_best_ = rolled.result;
  } else if (rolled.crit_fail) {
    text += "\nA Critical Failure ends the rerolls: it is the result (001 L42)";
  } else {
    series_best_ = std::max(series_best_, rolled.result);
    const bool success = series_best_ >= roll.tn;
    const int raises = success ? (series_best_ - roll.tn) / 4 : 0;
    text += fmt::format("\nKept: the best total, {}: {}", series_best_,
                        !success ? "failure" : raises == 0 ? "success" : fmt::format("success, {} raise{}", raises, raises == 1 ? "" : "s"));
  }
  if (rolled.crit_fail && rerolling_) ++rerolls_after_crit_fail_;
  else if (!rerolling_) rerolls_after_crit_fail_ = 0;
  last_roll_ = roll;
  last_seq_ = recorded_seq_;
  last_crit_fail_ = rolled.crit_fail;
  last_virtual_ = dice_->GetValue().Strip(wxString::both).empty();
  rerolling_ = false;
  dice_->Clear();
  set_result(utf8(text));
  refresh_table();
  if (outcome.status == RecordOutcome::Status::provisional)
    show_instruction("Kept PROVISIONALLY (the ledger is out of reach; it syncs when it returns).  Ctrl+B: reroll.  "
                     "Next: the trait's number, or scan a badge",
                     ui::provisional_amber);
  else
    show_instruction(wxString::Format("Recorded as event #%lld.  Ctrl+B: reroll with a Benny.  Next: the trait's "
                                      "number, or scan a badge",
                                      static_cast<long long>(outcome.seq)),
                     ui::accepted_green);
  trait_number_->SetFocus();
}

void TablePage::reroll(bool free_by_token) {
  if (!last_roll_) return refuse("Roll first: a reroll repeats the last roll of who is rolling");
  if (last_crit_fail_ && (rules_.crit_fail_reroll == core::CritFailReroll::never || rerolls_after_crit_fail_ > 0))
    return refuse("A Critical Failure ends the attempt: it cannot be rerolled (001 L42)");
  if (!free_by_token) {
    // The roller's own chip first, the first colour they have; the GM's characters may use the pool (001 L37).
    const Json& who = table_["characters"][static_cast<std::size_t>(selected_)];
    std::string by = roller_badge(), colour;
    for (const auto& c : table_.value("colours", Json::array()))
      if (who["chips"].value(c.get<std::string>(), 0) > 0) {
        colour = c;
        break;
      }
    if (colour.empty() && who.value("side", "") == "gm")
      for (const auto& c : table_.value("colours", Json::array()))
        if (table_["gm_pool"].value(c.get<std::string>(), 0) > 0) {
          colour = c;
          by = "gm";
          break;
        }
    if (colour.empty())
      return refuse(utf8(who.value("name", "") + " has no Benny or chip to spend" +
                         (who.value("side", "") == "gm" ? ", nor has the GM's pool" : "")));
    Json payload{{"by", by}, {"colour", colour}, {"use", "reroll"}, {"why", "a reroll of " + spec_.label}};
    if (last_seq_ > 0) payload["roll"] = last_seq_;
    RecordOutcome spent;
    if (!record_or_refuse("chip_spent", payload, spent)) return;
  }
  // The same roll again: who, trait, modifier and TN are as they were.
  rerolling_ = true;
  refresh_table();
  if (last_virtual_) return roll_from_dice_field();
  dice_->SetFocus();
  say("Spent: roll the dice again and type them, then Enter (the best total is kept)");
}

void TablePage::award(bool to_pool) {
  if (!to_pool && selected_ < 0) return refuse("Scan the badge of who gets the chip first");
  // deadlands-ru draws a chip's colour by d6 (002 L20-23): the ledger rolls it.
  const std::string colour = table_.value("ruleset", "") == "deadlands-ru"
                                 ? "by_d6"
                                 : table_.value("colours", Json::array({"benny"}))[0].get<std::string>();
  Json payload{{"to", to_pool ? std::string("gm") : roller_badge()}, {"colour", colour}, {"count", 1}, {"why", "the GM's award at the table"}};
  RecordOutcome outcome;
  if (!record_or_refuse("chip_awarded", payload, outcome)) return;
  refresh_table();
  const std::string got = outcome.ledger.value("colour", colour);
  say(utf8(fmt::format("{} gets a {} chip", to_pool ? std::string("The GM's pool")
                                                   : table_["characters"][static_cast<std::size_t>(selected_)].value("name", ""),
                       got == "benny" ? std::string("Benny:") : got)));
}

void TablePage::toggle_night() {
  const bool open = table_.value("night_open", false);
  RecordOutcome outcome;
  if (!record_or_refuse(open ? "night_ended" : "night_started", Json::object(), outcome)) return;
  refresh_table();
  if (open) return say("The game night is over" + wxString(outcome.ledger.contains("discarded") ? ": what was left is discarded" : ""));
  const Json dealt = outcome.ledger.value("dealt", Json::object());
  say(dealt.empty() ? wxString("The game night has begun (this ruleset deals nothing: the GM awards chips)")
                    : utf8(fmt::format("The game night has begun: {} Bennies each, {} to the GM's pool",
                                       dealt.value("each", 0), dealt.value("gm", 0))));
}

void TablePage::jokers_wild(const std::string& drawn_by) {
  RecordOutcome outcome;
  if (!record_or_refuse("jokers_wild", {{"drawn_by", drawn_by}}, outcome)) return;
  refresh_table();
  say(drawn_by == "posse" ? "Joker's Wild: a Benny for each of the posse"
                          : "Joker's Wild: a Benny for the GM's pool and each of the GM's Wild Cards");
}

void TablePage::play_token(const Json& card) {
  const std::string holder = card.value("holder", "");
  int index = -1;
  const Json characters = table_.value("characters", Json::array());
  for (std::size_t i = 0; i < characters.size(); ++i)
    if (characters[i].value("name", "") == holder) index = static_cast<int>(i);
  if (index < 0) return refuse("This token has no holder at the table");
  const Json detail = card.value("detail", Json::object());
  const std::string kind = detail.value("token", "");
  Json payload{{"token", card.value("code", "")}, {"by", characters[static_cast<std::size_t>(index)].value("badge", "")}};
  const bool same_roller = index == selected_ && last_roll_;
  if (kind == "luck_charm" && same_roller && last_seq_ > 0) payload["roll"] = last_seq_;
  RecordOutcome outcome;
  if (!record_or_refuse("token_played", payload, outcome)) return;
  const std::string title = card.value("title", "");
  if (kind == "luck_charm" && same_roller) {
    say(utf8(title + " played: a free reroll"));
    return reroll(true);
  }
  if (index != selected_) select(index);
  refresh_table();
  const auto die = core::die_sides(detail.value("die", ""));
  if ((kind == "connection_marker" || kind == "hole_card") && die) {
    const bool marker = kind == "connection_marker";
    spec_.label = marker ? "Connection: " + detail.value("text", "") : detail.value("text", "") + " (Hole Card)";
    spec_.trait = core::SheetTrait{*die, 0};
    spec_.wild_card = marker ? false : characters[static_cast<std::size_t>(index)].value("wild_card", true);
    modifier_->set_value(0);
    tn_->set_value(4);
    update_odds_line();
    std::string after = marker ? outcome.ledger.contains("die_after") && outcome.ledger["die_after"].is_string()
                                     ? " (the marker is now " + outcome.ledger["die_after"].get<std::string>() + ")"
                                     : " (the marker is spent now)"
                               : "";
    dice_->SetFocus();
    return say(utf8(fmt::format("{} played{}: roll the d{} {}vs TN 4. Enter: the station rolls, or type the dice", title,
                                after, *die, marker ? "alone (no Wild Die) " : "with the Wild Die ")));
  }
  say(utf8(title + " played" +
           (kind == "kicker"      ? ": its bonus goes on the roll it was played for (lost if the roll fails)"
            : kind == "burn_card" ? ": it replaces an Action Card"
                                  : ": a Fate Chip's use, once")));
}

void TablePage::on_scan(const std::string& code) {
  refresh_table();
  const Json characters = table_.value("characters", Json::array());
  for (std::size_t i = 0; i < characters.size(); ++i)
    if (characters[i].value("badge", "") == code) return select(static_cast<int>(i));
  Lookup card = backend_.card(code);
  if (!card.found) return refuse("Refused: " + utf8(card.refusal.empty() ? "unknown code" : card.refusal));
  if (card.data.value("kind", "") != "token")
    return refuse(utf8("That is a " + card.data.value("kind", "card") + " card: scan a badge, or a token to play it"));
  play_token(card.data);
}

bool TablePage::on_key(int key) {
  switch (key) {
    case 'B': reroll(false); return true;
    case 'A': award(false); return true;
    case 'P': award(true); return true;
    case 'N': toggle_night(); return true;
    case 'J': jokers_wild("posse"); return true;
    case 'V': jokers_wild("gm"); return true;
    default: return false;
  }
}

}  // namespace marshal::gm
