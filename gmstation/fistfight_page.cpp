#include "gmstation/fistfight_page.h"

#include "core/card_code.h"

#include <fmt/format.h>

#include "core/action_deck.h"
#include "protocol/odds_json.h"
#include "ui/theme.h"

namespace marshal::gm {

FistfightPage::FistfightPage(wxWindow* parent, StationBackend& backend, BecomesBrawl becomes_brawl)
    : ConflictPage(parent, "FISTFIGHT"), backend_(backend), becomes_brawl_(std::move(becomes_brawl)) {
  auto* grid = new wxFlexGridSizer(3, 3, 6, 18);
  grid->Add(new wxStaticText(this, wxID_ANY, ""));
  for (int i = 0; i < 2; ++i) {
    fighter_[i] = new wxStaticText(this, wxID_ANY, i == 0 ? "first fighter: scan a badge" : "second fighter");
    fighter_[i]->SetFont(ui::font(15, true));
    grid->Add(fighter_[i], 1, wxEXPAND);
  }
  auto* offense_label = new wxStaticText(this, wxID_ANY, "HtH on offense (the rest defends)");
  offense_label->SetFont(ui::font(ui::body_points));
  grid->Add(offense_label);
  for (int i = 0; i < 2; ++i) {
    offense_[i] = new OneKeyNumber(this, "HtH on offense");
    grid->Add(offense_[i]);
  }
  // One digit each, first fighter then second, then the cards.
  chain_one_keys(offense_, names_, [this] { mark_waiting_card({card_[0], card_[1]}); });
  auto* card_label = new wxStaticText(this, wxID_ANY, "Card drawn (A, 2-10; empty if stunned)");
  card_label->SetFont(ui::font(ui::body_points));
  grid->Add(card_label);
  for (int i = 0; i < 2; ++i) {
    card_[i] = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(130, -1), wxTE_PROCESS_ENTER);
    card_[i]->SetFont(ui::font(16));
    card_[i]->Bind(wxEVT_TEXT_ENTER, &FistfightPage::on_go, this);
    grid->Add(card_[i]);
  }
  inputs_->Add(grid, 0, wxALL, 10);
  auto* row = new wxBoxSizer(wxHORIZONTAL);
  auto* go = new wxButton(this, wxID_ANY, "Swing  (Enter)");
  go->SetFont(ui::font(14, true));
  go->Bind(wxEVT_BUTTON, &FistfightPage::on_go, this);
  auto* stop = new wxButton(this, wxID_ANY, "Both stop  (Ctrl+S)");
  stop->SetFont(ui::font(ui::body_points));
  stop->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { both_stop(); });
  row->Add(go, 0, wxRIGHT, 10);
  row->Add(stop, 0);
  inputs_->Add(row, 0, wxALL, 8);
  auto* toggles = new wxBoxSizer(wxHORIZONTAL);  // on their own line: 1024 px is not wide
  add_virtual_draw_toggle(toggles);
  inputs_->Add(toggles, 0, wxLEFT | wxRIGHT, 8);
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
  fighter_[0]->SetLabel("first fighter: scan a badge");
  fighter_[1]->SetLabel("second fighter");
  set_result("");
  say("Scan the first fighter's badge");
}

void FistfightPage::on_scan(const std::string& code) {
  if (auto card = core::deck_card_number(core::action_deck_prefix, code)) {
    if (step_ == Step::rounds) return card_scanned(*card);
    if (step_ == Step::done) return refuse("The fight is over: Esc, or a new F-key, for the next");
    return refuse("An action card: scan both fighters' badges first");
  }
  if (step_ == Step::rounds) return third_fighter_joins(code);
  if (step_ != Step::first && step_ != Step::second) return refuse("The fight is over: Esc");
  Lookup who = backend_.character(code);
  if (!who.found) return refuse("Refused: " + wxString::FromUTF8(who.refusal));
  std::string why;
  if (!session_->add_participant("fighters", code, who.data, why)) return refuse("Refused: " + wxString::FromUTF8(why));
  names_.push_back(who.data["name"]);
  show_fighters();
  if (step_ == Step::first) {
    step_ = Step::second;
    say("Scan the second fighter's badge");
  } else {
    step_ = Step::rounds;
    update_odds();
    say(wxString::FromUTF8(fmt::format("Each splits HtH: offense, the rest defends ({} 0-{}, {} 0-{}: a digit; Enter keeps "
                                       "all-out). Then scan both cards", names_[0], offense_[0]->high(), names_[1],
                                       offense_[1]->high())));
    offense_[0]->SetFocus();
    mark_waiting_card({card_[0], card_[1]}, false);
  }
}

void FistfightPage::third_fighter_joins(const std::string& code) {
  SessionOutcome now = session_->resolve();
  if (now.ok && now.resolution["result"]["over"].get<bool>()) return refuse("The fight is over: nobody can join");
  Lookup who = backend_.character(code);
  if (!who.found) return refuse("Refused: " + wxString::FromUTF8(who.refusal));
  std::string why;
  if (!session_->add_participant("join", code, who.data, why)) return refuse("Refused: " + wxString::FromUTF8(why));
  SessionOutcome o = session_->resolve();
  if (!o.ok) return refuse("Refused: " + wxString::FromUTF8(o.error));
  std::vector<std::string> fighters;
  for (const auto& f : o.resolution["became_brawl"]["result"]["fighters"]) fighters.push_back(f["name"]);
  becomes_brawl_(std::move(session_), fighters);
  start();
}

void FistfightPage::show_fighters() {
  for (std::size_t i = 0; i < names_.size(); ++i) {
    const Json& c = session_->character(names_[i]);
    int hth = std::max(0, c["hth"].get<int>() - (c["wounded"].get<bool>() ? 1 : 0));
    fighter_[i]->SetLabel(wxString::FromUTF8(fmt::format("{}\nHand-to-hand {}", names_[i], hth)));
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
    std::string text = "Odds this round:";
    for (const auto& name : names_) {
      const Json& a = o["round"][name]["attack"];
      text += fmt::format("  {} knocks out {:.0f}%, stuns {:.0f}%.", name, 100 * a["knock_out"].get<double>(),
                          100 * a["stun"].get<double>());
    }
    return text;
  } catch (const std::exception& e) {
    return std::string("No odds: ") + e.what();
  }
}

void FistfightPage::card_scanned(int value) {
  if (station_draws())
    return refuse("The station draws the cards (the box is ticked): untick it to scan the table's cards");
  int filled = fill_next_card({card_[0], card_[1]}, value);
  if (filled == 2) {
    play_round(false);
    return;
  }
  if (play_round(true)) return;  // the other fighter sits this round out, stunned
  say(wxString::FromUTF8("Now " + names_[1] + "'s card"));
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
    if (!quiet) refuse("Refused: " + wxString::FromUTF8(o.error));
    return false;
  }
  const Json& last = o.resolution["steps"].back();
  std::string text;
  for (int i = 0; i < 2; ++i)
    if (last["sat_out"][i].get<bool>()) text += names_[static_cast<std::size_t>(i)] + " is stunned: a free round\n";
  for (const auto& a : last["attacks"])
    text += fmt::format("{} swings: {} + {} - {} = {}  {}\n", a["attacker"].get<std::string>(), a["card"].get<int>(),
                        a["offense"].get<int>(), a["defense_against"].get<int>(), a["total"].get<int>(),
                        result_words(a["result"].get<std::string>()));
  for (const auto& name : names_)
    if (last["knocked_out"][name].get<bool>()) text += name + " is knocked out cold for 5 minutes\n";
  for (auto* c : card_) c->Clear();
  set_result(wxString::FromUTF8(text));
  if (o.resolution["result"]["over"].get<bool>()) {
    step_ = Step::done;
    for (auto* c : card_) c->SetBackgroundColour(*wxWHITE);
    record();
  } else {
    say(fmt::format("Round {}: splits, then scan the cards (or type them, Enter; Ctrl+S: both stop)",
                    o.resolution["steps"].size() + 1));
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
  if (!o.ok) return refuse("Refused: " + wxString::FromUTF8(o.error));
  show_record(backend_.record("conflict_resolved", session_->record_payload(o)), "fistfight");
}

}  // namespace marshal::gm
