#include "gmstation/fistfight_page.h"

#include "core/card_code.h"

#include <fmt/format.h>

#include "core/action_deck.h"
#include "protocol/odds_json.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::utf8;
using ui::wx_tr;

namespace {

// "Refused: " and why, in the words of the ledger or the rules.
wxString fistfight_refusal(const std::string& why) {
  // TRANSLATORS: {} says why, in the ledger's or the rules' words.
  return utf8(fmt::format(fmt::runtime(tr("Refused: {}")), why));
}

}  // namespace

FistfightPage::FistfightPage(wxWindow* parent, LedgerAsker& asker, BecomesBrawl becomes_brawl)
    // TRANSLATORS: a screen's title, in capitals.
    : ConflictPage(parent, wx_tr("FISTFIGHT"), asker), backend_(asker.backend()), becomes_brawl_(std::move(becomes_brawl)) {
  auto* grid = new wxFlexGridSizer(3, 3, 6, 18);
  grid->Add(new wxStaticText(this, wxID_ANY, ""));
  for (int i = 0; i < 2; ++i) {
    fighter_[i] = new wxStaticText(this, wxID_ANY, i == 0 ? wx_tr("first fighter: scan a badge") : wx_tr("second fighter"));
    fighter_[i]->SetFont(ui::font(15, true));
    grid->Add(fighter_[i], 1, wxEXPAND);
  }
  // TRANSLATORS: HtH is Hand-to-hand, the attribute a fighter splits into offense and defense.
  auto* offense_label = new wxStaticText(this, wxID_ANY, wx_tr("HtH on offense (the rest defends)"));
  offense_label->SetFont(ui::font(ui::body_points));
  grid->Add(offense_label);
  for (int i = 0; i < 2; ++i) {
    offense_[i] = new OneKeyNumber(this, wx_tr("HtH on offense"));
    grid->Add(offense_[i]);
  }
  // One digit each, first fighter then second, then the cards.
  chain_one_keys(offense_, names_, [this] { mark_waiting_card({card_[0], card_[1]}); });
  // TRANSLATORS: A is the Ace's letter on the cards (as "A" is translated).
  auto* card_label = new wxStaticText(this, wxID_ANY, wx_tr("Card drawn (A, 2-10; empty if stunned)"));
  card_label->SetFont(ui::font(ui::body_points));
  grid->Add(card_label);
  for (int i = 0; i < 2; ++i) {
    card_[i] = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(130, -1), wxTE_PROCESS_ENTER);
    card_[i]->SetFont(ui::font(16));
    card_[i]->Bind(wxEVT_TEXT_ENTER, &FistfightPage::on_go, this);
    grid->Add(card_[i]);
  }
  inputs_->Add(grid, 0, wxALL, 10);
  // The two fighters' columns share what the row labels leave, so that neither runs past the page.
  for (wxStaticText* label : {offense_label, card_label}) wrap_with_page(label, row_labels_px);
  for (wxStaticText* fighter : fighter_) wrap_with_page(fighter, side_column_px);
  auto* row = new wxWrapSizer(wxHORIZONTAL);
  // TRANSLATORS: a button; Enter is the key that presses it.
  auto* go = new wxButton(this, wxID_ANY, wx_tr("Swing  (Enter)"));
  go->SetFont(ui::font(14, true));
  go->Bind(wxEVT_BUTTON, &FistfightPage::on_go, this);
  // TRANSLATORS: a button; Ctrl+S is the key that presses it.
  auto* stop = new wxButton(this, wxID_ANY, wx_tr("Both stop  (Ctrl+S)"));
  stop->SetFont(ui::font(ui::body_points));
  stop->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { both_stop(); });
  row->Add(go, 0, wxRIGHT, 10);
  row->Add(stop, 0);
  inputs_->Add(row, 0, wxALL | wxEXPAND, 8);
  auto* toggles = new wxWrapSizer(wxHORIZONTAL);  // on their own lines: 1024 px is not wide
  add_virtual_draw_toggle(toggles);
  inputs_->Add(toggles, 0, wxLEFT | wxRIGHT | wxEXPAND, 8);
  add_odds_toggle(toggles, [this] { return odds_text(); });
  result_ = add_result_area(16);
  start();
}

void FistfightPage::start() {
  open_screen();
  session_ = std::make_unique<ConflictSession>("fistfight", event_options(backend_));
  names_.clear();
  step_ = Step::first;
  recorded_seq_ = 0;
  for (int i = 0; i < 2; ++i) {
    offense_[i]->set_range(0, 0);
    card_[i]->Clear();
    card_[i]->SetBackgroundColour(*wxWHITE);
  }
  set_wrapped(fighter_[0], wx_tr("first fighter: scan a badge"));
  set_wrapped(fighter_[1], wx_tr("second fighter"));
  set_result("");
  show_prompt(wx_tr("Scan the first fighter's badge"));
}

void FistfightPage::on_scan(const std::string& code) {
  if (auto card = core::deck_card_number(core::action_deck_prefix, code)) {
    if (step_ == Step::rounds) return card_scanned(*card);
    if (step_ == Step::done) return refuse(wx_tr("The fight is over: Esc, or a new F-key, for the next"));
    return refuse(wx_tr("An action card: scan both fighters' badges first"));
  }
  if (step_ == Step::rounds) return third_fighter_joins(code);
  if (step_ != Step::first && step_ != Step::second) return refuse(wx_tr("The fight is over: Esc"));
  ask_character(code, [this, code](const Lookup& who) { took_fighter(code, who); });
}

void FistfightPage::took_fighter(const std::string& code, const Lookup& who) {
  if (!who.found) return refuse(fistfight_refusal(who.refusal));
  std::string why;
  if (!session_->add_participant("fighters", code, who.data, why)) return refuse(fistfight_refusal(why));
  names_.push_back(who.data["name"]);
  show_fighters();
  if (step_ == Step::first) {
    step_ = Step::second;
    show_prompt(wx_tr("Scan the second fighter's badge"));
  } else {
    step_ = Step::rounds;
    update_odds();
    // TRANSLATORS: each fighter's name, then the most HtH (Hand-to-hand) they may put on offense.
    show_prompt(utf8(fmt::format(fmt::runtime(tr("Each splits HtH: offense, the rest defends ({} 0-{}, {} 0-{}: a digit; Enter "
                                         "keeps all-out). Then scan both cards")),
                         names_[0], offense_[0]->high(), names_[1], offense_[1]->high())));
    offense_[0]->SetFocus();
    mark_waiting_card({card_[0], card_[1]}, false);
  }
}

void FistfightPage::third_fighter_joins(const std::string& code) {
  SessionOutcome now = session_->resolve();
  if (now.ok && now.resolution["result"]["over"].get<bool>()) return refuse(wx_tr("The fight is over: nobody can join"));
  ask_character_at(step_, code, [this, code](const Lookup& who) { joins(code, who); });
}

void FistfightPage::joins(const std::string& code, const Lookup& who) {
  if (!who.found) return refuse(fistfight_refusal(who.refusal));
  std::string why;
  if (!session_->add_participant("join", code, who.data, why)) return refuse(fistfight_refusal(why));
  SessionOutcome o = session_->resolve();
  if (!o.ok) return refuse(fistfight_refusal(o.error));
  std::vector<std::string> fighters;
  for (const auto& f : o.resolution["became_brawl"]["result"]["fighters"]) fighters.push_back(f["name"]);
  becomes_brawl_(std::move(session_), fighters);
  start();
}

void FistfightPage::show_fighters() {
  for (std::size_t i = 0; i < names_.size(); ++i) {
    const Json& c = session_->character(names_[i]);
    int hth = std::max(0, c["hth"].get<int>() - (c["wounded"].get<bool>() ? 1 : 0));
    // TRANSLATORS: a fighter's name, then the Hand-to-hand in use.
    set_wrapped(fighter_[i], utf8(fmt::format(fmt::runtime(tr("{}\nHand-to-hand {}")), names_[i], hth)));
    offense_[i]->set_range(0, hth);
    offense_[i]->set_value(hth);  // all-out attack unless the player says otherwise
  }
  Layout();
}

std::string FistfightPage::odds_text() {
  if (names_.size() < 2 || step_ != Step::rounds) return "";
  Json fighters = Json::array(), splits = Json::object();
  for (int i = 0; i < 2; ++i) {
    const Json& c = session_->character(names_[static_cast<std::size_t>(i)]);
    int hth = std::max(0, c["hth"].get<int>() - (c["wounded"].get<bool>() ? 1 : 0));
    fighters.push_back(c);
    splits[names_[static_cast<std::size_t>(i)]] = {{"offense", offense_[i]->value()},
                                                   {"defense", hth - offense_[i]->value()}};
  }
  try {
    Json o = protocol::odds("fistfight", {{"fighters", fighters}, {"splits", splits}, {"trials", 0}}, rng_);
    std::string text = tr("Odds this round:");
    for (const auto& name : names_) {
      const Json& a = o["round"][name]["attack"];
      // TRANSLATORS: after "Odds this round:", one for each fighter: the odds of their swing.
      text += "  " + fmt::format(fmt::runtime(tr("{} knocks out {:.0f}%, stuns {:.0f}%.")), name,
                                 100 * a["knock_out"].get<double>(), 100 * a["stun"].get<double>());
    }
    return text;
  } catch (const std::exception& e) {
    // TRANSLATORS: {} says why, in the rules' words.
    return fmt::format(fmt::runtime(tr("No odds: {}")), e.what());
  }
}

void FistfightPage::card_scanned(int value) {
  if (station_draws())
    return refuse(wx_tr("The station draws the cards (the box is ticked): untick it to scan the table's cards"));
  int filled = fill_next_card({card_[0], card_[1]}, value);
  if (filled == 2) {
    play_round(false);
    return;
  }
  if (play_round(true)) return;  // the other fighter sits this round out, stunned
  show_prompt(utf8(fmt::format(fmt::runtime(tr("Now {}'s card")), names_[1])));
}

void FistfightPage::on_go(wxCommandEvent&) { play_round(false); }

bool FistfightPage::play_round(bool quiet) {
  if (step_ != Step::rounds) return false;
  Json& input = session_->input();
  Json splits = Json::object(), cards = Json::object();
  core::RoundDeck deck({}, &rng_, nullptr);
  for (int i = 0; i < 2; ++i) {
    const Json& c = session_->character(names_[static_cast<std::size_t>(i)]);
    int hth = std::max(0, c["hth"].get<int>() - (c["wounded"].get<bool>() ? 1 : 0));
    splits[names_[static_cast<std::size_t>(i)]] = {{"offense", offense_[i]->value()},
                                                   {"defense", hth - offense_[i]->value()}};
    if (station_draws()) continue;
    if (card_[i]->GetValue().Strip(wxString::both).empty()) continue;  // stunned: sits out
    auto card = typed_card(card_[i], names_[static_cast<std::size_t>(i)]);
    if (!card) return false;
    cards[names_[static_cast<std::size_t>(i)]] = *card;
  }
  if (!input.contains("rounds")) input["rounds"] = Json::array();
  if (station_draws()) {
    // Only fighters who are not stunned draw: ask the rules who sits out by trying both.
    for (int i = 0; i < 2; ++i) cards[names_[static_cast<std::size_t>(i)]] = deck.card_for(i);
    input["rounds"].push_back({{"splits", splits}, {"cards", cards}});
    if (!session_->resolve().ok)
      for (const auto& name : names_) {
        Json fewer = cards;
        fewer.erase(name);
        input["rounds"].back()["cards"] = fewer;
        if (session_->resolve().ok) break;
      }
  } else {
    input["rounds"].push_back({{"splits", splits}, {"cards", cards}});
  }
  SessionOutcome o = session_->resolve();
  if (!o.ok) {
    input["rounds"].erase(input["rounds"].size() - 1);
    if (!quiet) refuse(fistfight_refusal(o.error));
    return false;
  }
  const Json& last = o.resolution["steps"].back();
  std::string text;
  for (int i = 0; i < 2; ++i)
    if (last["sat_out"][i].get<bool>())
      // TRANSLATORS: {} is a fighter, stunned last round, who sits this round out.
      text += fmt::format(fmt::runtime(tr("{} is stunned: a free round")), names_[static_cast<std::size_t>(i)]) + "\n";
  for (const auto& a : last["attacks"])
    // TRANSLATORS: a swing: the attacker, the card, the offense, the defense against it, the total,
    // then the result.
    text += fmt::format(fmt::runtime(tr("{} swings: {} + {} - {} = {}  {}")), a["attacker"].get<std::string>(),
                        a["card"].get<int>(), a["offense"].get<int>(), a["defense_against"].get<int>(),
                        a["total"].get<int>(), result_words(a["result"].get<std::string>())) +
            "\n";
  for (const auto& name : names_)
    if (last["knocked_out"][name].get<bool>())
      // TRANSLATORS: {} is a fighter.
      text += fmt::format(fmt::runtime(tr("{} is knocked out cold for 5 minutes")), name) + "\n";
  for (auto* c : card_) c->Clear();
  set_result(wxString::FromUTF8(text));
  if (o.resolution["result"]["over"].get<bool>()) {
    step_ = Step::done;
    for (auto* c : card_) c->SetBackgroundColour(*wxWHITE);
    record();
  } else {
    // TRANSLATORS: {} is the round's number; Ctrl+S is the key.
    show_prompt(utf8(fmt::format(fmt::runtime(tr("Round {}: splits, then scan the cards (or type them, Enter; Ctrl+S: both "
                                         "stop)")),
                         o.resolution["steps"].size() + 1)));
    card_[0]->SetFocus();
    mark_waiting_card({card_[0], card_[1]}, false);
  }
  Layout();
  return true;
}

bool FistfightPage::on_key(int key) {
  if (key != 'S') return false;
  both_stop();
  return true;
}

void FistfightPage::both_stop() {
  if (step_ != Step::rounds || !session_->input().contains("rounds")) return;
  session_->input()["stop"] = true;
  step_ = Step::done;
  record();
}

void FistfightPage::record() {
  SessionOutcome o = session_->resolve();
  if (!o.ok) return refuse(fistfight_refusal(o.error));
  record_conflict(session_->record_payload(o), "fistfight");
}

}  // namespace marshal::gm
