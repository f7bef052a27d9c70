#include "gmstation/brawl_page.h"

#include "core/card_code.h"

#include <sodium.h>

#include <wx/button.h>
#include <wx/sizer.h>

#include <fmt/format.h>

#include "protocol/odds_json.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

namespace {

// "Refused: " and why, in the words of the ledger or the rules.
wxString brawl_refusal(const std::string& why) {
  // TRANSLATORS: {} says why, in the ledger's or the rules' words.
  return utf8(fmt::format(fmt::runtime(tr("Refused: {}")), why));
}

// The names of those who draw again after a tie for lowest: "A and B", "A and B and C".
std::string brawl_tied_names(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& name : names)
    // TRANSLATORS: two names, or a list of names so far and the next one ("Ann and Bob").
    text = text.empty() ? name : fmt::format(fmt::runtime(tr("{} and {}")), text, name);
  return text;
}

}  // namespace

BrawlPage::BrawlPage(wxWindow* parent, LedgerAsker& asker)
    // TRANSLATORS: a screen's title, in capitals.
    : ConflictPage(parent, wx_tr("BRAWL"), asker), backend_(asker.backend()) {
  // TRANSLATORS: A is the Ace's letter on the cards (as "A" is translated); F is the letter typed
  // for a fighter who flees: keep it.
  auto* help = new wxStaticText(this, wxID_ANY,
                                wx_tr("Type each standing fighter's card (A, 2-10), or F: flees before the round.  "
                                      "Between rounds, scan a badge: that fighter joins."));
  help->SetFont(ui::font(ui::body_points));
  help->Wrap(600);
  inputs_->Add(help, 0, wxLEFT | wxRIGHT, 8);
  auto* grid = new wxFlexGridSizer(3, 6, 14);
  // TRANSLATORS: the headings of the brawl's table of fighters.
  for (const wxString& heading : {wx_tr("Fighter"), wx_tr("Card"), wx_tr("State")}) {
    auto* h = new wxStaticText(this, wxID_ANY, heading);
    h->SetFont(ui::font(ui::body_points, true));
    grid->Add(h);
  }
  for (int i = 0; i < max_fighters; ++i) {
    fighter_[i] = new wxStaticText(this, wxID_ANY, "");
    fighter_[i]->SetFont(ui::font(ui::body_points, true));
    card_[i] = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(70, -1), wxTE_PROCESS_ENTER);
    card_[i]->SetFont(ui::font(15));
    card_[i]->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { on_enter(); });
    state_[i] = new wxStaticText(this, wxID_ANY, "", wxDefaultPosition, wxSize(240, -1));
    state_[i]->SetFont(ui::font(ui::body_points));
    for (wxWindow* w : std::initializer_list<wxWindow*>{fighter_[i], card_[i], state_[i]})
      grid->Add(w, 0, wxALIGN_CENTER_VERTICAL);
  }
  inputs_->Add(grid, 0, wxALL, 8);
  auto* row = new wxWrapSizer(wxHORIZONTAL);  // as many lines as the page's width needs
  add_virtual_draw_toggle(row);
  auto* go = new wxButton(this, wxID_ANY, wx_tr("Draw  (Enter)"));
  go->SetFont(ui::font(14, true));
  go->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { on_enter(); });
  row->Add(go, 0);
  inputs_->Add(row, 0, wxALL | wxEXPAND, 6);
  add_odds_toggle(row, [this] { return odds_text(); });
  result_ = add_result_area(14);
  start();
}

void BrawlPage::start() {
  open_screen();
  session_ = std::make_unique<ConflictSession>("brawl", event_options(backend_));
  rounds_key_ = "rounds";
  names_.clear();
  joining_.clear();
  pending_join_ = Json::array();
  tied_.clear();
  last_ = SessionOutcome{};
  step_ = Step::scanning;
  recorded_seq_ = 0;
  for (auto* c : card_) c->ChangeValue("");
  show_fighters();
  set_result("");
  // TRANSLATORS: Ctrl+N is the key.
  show_prompt(wx_tr("Scan every fighter's badge (3 or more), then Ctrl+N to start"));
}

void BrawlPage::continue_fistfight(std::unique_ptr<ConflictSession> fistfight, std::vector<std::string> fighters) {
  start();
  session_ = std::move(fistfight);
  rounds_key_ = "brawl_rounds";
  names_ = std::move(fighters);
  session_->input()[rounds_key_] = Json::array();
  last_ = session_->resolve();
  step_ = Step::cards;
  show_fighters();
  show_prompt(wx_tr("The fistfight is now a brawl. Round 1: every standing fighter's card, Enter"));
  card_[0]->SetFocus();
}

const Json& BrawlPage::brawl_part(const Json& resolution) const {
  return rounds_key_ == "rounds" ? resolution : resolution["became_brawl"];
}

void BrawlPage::on_scan(const std::string& code) {
  if (auto card = core::deck_card_number(core::action_deck_prefix, code)) {
    if (step_ == Step::cards || step_ == Step::tiebreak) return card_scanned(*card);
    if (step_ == Step::scanning) return refuse(wx_tr("An action card: scan the fighters' badges, then Ctrl+N, first"));
    return refuse(wx_tr("The brawl is over: Esc, or a new F-key, for the next"));
  }
  if (step_ == Step::done || step_ == Step::tiebreak)
    return refuse(step_ == Step::done ? wx_tr("The brawl is over: Esc") : wx_tr("Finish the tie-break first"));
  if (static_cast<int>(names_.size()) == max_fighters)
    return refuse(utf8(fmt::format(fmt::runtime(trn("This screen takes {} fighter at most",
                                                    "This screen takes {} fighters at most", max_fighters)),
                                   max_fighters)));
  ask_character(code, [this, code](const Lookup& who) { took_fighter(code, who); });
}

void BrawlPage::took_fighter(const std::string& code, const Lookup& who) {
  if (!who.found) return refuse(brawl_refusal(who.refusal));
  std::string why;
  std::string name = who.data["name"];
  if (step_ == Step::scanning) {
    if (!session_->add_participant("fighters", code, who.data, why)) return refuse(brawl_refusal(why));
    names_.push_back(name);
    show_fighters();
    // TRANSLATORS: {} is how many fighters are scanned in so far; Ctrl+N is the key.
    return show_prompt(utf8(names_.size() < 3
                        ? fmt::format(fmt::runtime(tr("{} in: scan more fighters (a brawl is 3 or more)")), names_.size())
                        : fmt::format(fmt::runtime(tr("{} in: scan more, or Ctrl+N to start")), names_.size())));
  }
  // Between rounds: a newcomer joins before the next draw.
  std::optional<Json> character = session_->admit(code, who.data, why);
  if (!character) return refuse(brawl_refusal(why));
  pending_join_.push_back(*character);
  joining_.push_back(name);
  names_.push_back(name);
  show_fighters();
  // TRANSLATORS: {} is the fighter who joins.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{} joins before the next round: type their card with the others, Enter")), name)));
}

bool BrawlPage::on_key(int key) {
  if (key == 'N' && step_ == Step::scanning) {
    begin_rounds();
    return true;
  }
  return false;
}

void BrawlPage::begin_rounds() {
  if (names_.size() < 3) return refuse(wx_tr("A brawl is 3 or more fighters: scan another badge"));
  rounds() = Json::array();
  step_ = Step::cards;
  show_fighters();
  // TRANSLATORS: F is the letter typed for a fighter who flees: keep it.
  show_prompt(wx_tr("Round 1: every fighter's card (F: flees), Enter"));
  card_[0]->SetFocus();
}

void BrawlPage::card_scanned(int value) {
  if (station_draws())
    return refuse(wx_tr("The station draws the cards (the box is ticked): untick it to scan the table's cards"));
  // The fighters who draw this round (or this tie-break) have their card fields enabled.
  std::vector<wxTextCtrl*> fields;
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (card_[i]->IsEnabled()) fields.push_back(card_[i]);
  if (fields.empty()) return;
  if (fill_next_card(fields, value) < static_cast<int>(fields.size())) {
    for (std::size_t i = 0; i < names_.size(); ++i)
      if (card_[i]->IsEnabled() && card_[i]->GetValue().Strip(wxString::both).empty())
        return show_prompt(utf8(fmt::format(fmt::runtime(tr("Now {}'s card")), names_[i])));
    return;
  }
  on_enter();  // every fighter who draws has a card
}

void BrawlPage::on_enter() {
  if (step_ == Step::cards) play_round();
  else if (step_ == Step::tiebreak) play_tiebreak();
}

void BrawlPage::play_round() {
  Json round = Json::object(), cards = Json::object(), fled = Json::array();
  for (std::size_t i = 0; i < names_.size(); ++i) {
    if (!card_[i]->IsEnabled()) continue;
    wxString typed = card_[i]->GetValue().Strip(wxString::both).Upper();
    bool newcomer = std::find(joining_.begin(), joining_.end(), names_[i]) != joining_.end();
    if (typed == "F" && !newcomer) {
      fled.push_back(names_[i]);
      continue;
    }
    if (station_draws()) continue;
    auto card = parse_card(typed);
    if (!card) {
      card_[i]->SetFocus();
      // TRANSLATORS: {} is the fighter; A is the Ace's letter on the cards, F the letter typed for
      // a fighter who flees.
      return refuse(utf8(fmt::format(fmt::runtime(newcomer ? tr("Type {}'s card: A or 2-10")
                                                           : tr("Type {}'s card: A or 2-10, or F: flees")),
                                     names_[i])));
    }
    cards[names_[i]] = *card;
  }
  if (!fled.empty()) round["flee"] = fled;
  if (!pending_join_.empty()) round["join"] = pending_join_;
  round["cards"] = cards;
  rounds().push_back(round);
  settle();
}

void BrawlPage::play_tiebreak() {
  Json cards = Json::object();
  for (std::size_t i = 0; i < names_.size(); ++i) {
    if (std::find(tied_.begin(), tied_.end(), names_[i]) == tied_.end()) continue;
    auto card = typed_card(card_[i], names_[i]);
    if (!card) return;
    cards[names_[i]] = *card;
  }
  Json& round = rounds().back();
  if (!round.contains("tiebreaks")) round["tiebreaks"] = Json::array();
  round["tiebreaks"].push_back(cards);
  settle();
}

void BrawlPage::settle() {
  SessionOutcome o = station_draws() ? session_->resolve(&rng_) : session_->resolve();
  if (!o.ok && o.field.find(".tiebreaks[") != std::string::npos) {
    // A tie for lowest: find who redraws by playing the redraw with throwaway cards.
    core::Seed seed{};
    randombytes_buf(seed.data(), seed.size());
    core::Csprng scratch(seed);
    SessionOutcome trial = session_->resolve(&scratch);
    const Json& round = rounds().back();
    std::size_t use = 1 + (round.contains("tiebreaks") ? round["tiebreaks"].size() : 0);
    tied_.clear();
    if (trial.ok)
      for (auto& [name, total] : brawl_part(trial.resolution)["steps"].back()["totals"][use].items()) tied_.push_back(name);
    step_ = Step::tiebreak;
    for (auto* c : card_) c->ChangeValue("");
    show_fighters();
    // TRANSLATORS: {} names those tied ("Ann and Bob").
    show_prompt(utf8(fmt::format(fmt::runtime(tr("A tie for lowest: {} draw again from a fresh deck. Their new cards, Enter")),
                         brawl_tied_names(tied_))));
    focus_first_enabled(card_);
    return;
  }
  if (!o.ok) {
    // Nothing of the refused round stays: take it back whole, tie-breaks included.
    if (step_ == Step::tiebreak) rounds().back()["tiebreaks"].erase(rounds().back()["tiebreaks"].size() - 1);
    else rounds().erase(rounds().size() - 1);
    return refuse(brawl_refusal(o.error));
  }
  // Virtual draws are kept as the record has them, so the round replays with its cards.
  if (station_draws()) rounds() = o.resolution["record"][rounds_key_];
  last_ = o;
  pending_join_ = Json::array();
  joining_.clear();
  tied_.clear();
  const Json& part = brawl_part(o.resolution);
  std::string text;
  // A round in which all but one fled ends the brawl without a draw: it has no step.
  const bool drew = !part["steps"].empty() && part["steps"].size() == rounds().size();
  const Json& step = drew ? part["steps"].back() : Json::object({{"totals", Json::array()}, {"out", Json::array()}});
  if (!drew) text = tr("The others fled: nobody is left to fight") + "\n";
  for (std::size_t u = 0; u < step["totals"].size(); ++u) {
    std::string totals;  // "Sheriff Amos Brady 12, Kid Calloway 7"
    for (auto& [name, total] : step["totals"][u].items())
      totals += (totals.empty() ? "" : ", ") + name + " " + std::to_string(total.get<int>());
    // TRANSLATORS: {} lists each fighter's name and total: "Ann 12, Bob 7".
    text += fmt::format(fmt::runtime(u == 0 ? tr("Draw: {}") : tr("Redraw: {}")), totals) + "\n";
  }
  // TRANSLATORS: {} is a fighter, out of the brawl.
  for (const auto& name : step["out"]) text += fmt::format(fmt::runtime(tr("{} is out cold")), name.get<std::string>()) + "\n";
  for (auto* c : card_) c->ChangeValue("");
  set_result(wxString::FromUTF8(text));
  if (part["result"]["over"].get<bool>()) {
    step_ = Step::done;
    show_fighters();
    return record();
  }
  step_ = Step::cards;
  show_fighters();
  // TRANSLATORS: {} is the round's number; F is the letter typed for a fighter who flees.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("Round {}: every standing fighter's card (F: flees), Enter.  Scan a badge: "
                                       "someone joins")),
                       rounds().size() + 1)));
  focus_first_enabled(card_);
}

std::string BrawlPage::odds_text() {
  if (step_ != Step::cards) return "";
  // Who draws this round: those standing (as the rounds so far left them) and those joining.
  Json fighters = Json::array();
  const Json* states = last_.ok ? &brawl_part(last_.resolution)["result"]["fighters"] : nullptr;
  for (const auto& name : names_) {
    bool joining = std::find(joining_.begin(), joining_.end(), name) != joining_.end();
    if (joining) {
      for (const auto& c : pending_join_)
        if (c["name"] == name) fighters.push_back(c);
      continue;
    }
    const Json* now = nullptr;
    if (states)
      for (const auto& f : *states)
        if (f["name"] == name) now = &f;
    if (now && (*now)["state"] != "standing") continue;
    const Json& c = now ? *now : session_->character(name);
    fighters.push_back({{"name", name}, {"hth", c["hth"]}, {"wounded", c.value("wounded", false)}});
  }
  if (fighters.size() < 3) return "";
  try {
    Json input{{"fighters", fighters}, {"trials", 0}};
    if (session_->input().contains("options")) input["options"] = session_->input()["options"];
    Json o = protocol::odds("brawl", input, rng_);
    std::string text = tr("Odds of going out this round:");
    for (auto& [name, p] : o["out_this_round"].items()) text += fmt::format("  {} {:.0f}%", name, 100 * p.get<double>());
    return text;
  } catch (const std::exception& e) {
    // TRANSLATORS: {} says why, in the rules' words.
    return fmt::format(fmt::runtime(tr("No odds: {}")), e.what());
  }
}

void BrawlPage::show_fighters() {
  const Json* fighters = last_.ok ? &brawl_part(last_.resolution)["result"]["fighters"] : nullptr;
  for (int i = 0; i < max_fighters; ++i) {
    bool used = i < static_cast<int>(names_.size());
    for (wxWindow* w : std::initializer_list<wxWindow*>{fighter_[i], card_[i], state_[i]}) w->Show(used);
    if (!used) continue;
    const std::string& name = names_[static_cast<std::size_t>(i)];
    fighter_[i]->SetLabel(wxString::FromUTF8(fmt::format("{}. {}", i + 1, name)));
    std::string state = "standing";
    int hth = -1;
    if (fighters)
      for (const auto& f : *fighters)
        if (f["name"] == name) {
          state = f["state"];
          hth = std::max(0, f["hth"].get<int>() - (f.value("wounded", false) ? 1 : 0));
        }
    if (hth < 0) {
      const Json& c = session_->character(name);
      if (c.contains("hth")) hth = std::max(0, c["hth"].get<int>() - (c.value("wounded", false) ? 1 : 0));
    }
    bool joining = std::find(joining_.begin(), joining_.end(), name) != joining_.end();
    // TRANSLATORS: a brawler's state, in the State column (after "HtH 3, " when known).
    std::string label = joining ? tr("joins this round") : state == "out" ? tr("OUT cold")
                                                        : state == "fled" ? tr("fled")
                                                                          : tr("standing");
    // TRANSLATORS: the fighter's Hand-to-hand in use, then their state.
    if (hth >= 0) label = fmt::format(fmt::runtime(tr("HtH {}, {}")), hth, label);
    state_[i]->SetLabel(wxString::FromUTF8(label));
    bool draws = step_ == Step::cards ? (joining || state == "standing")
                 : step_ == Step::tiebreak ? std::find(tied_.begin(), tied_.end(), name) != tied_.end()
                                           : false;
    card_[i]->Enable(draws);
  }
  update_odds();
  Layout();
}

void BrawlPage::record() {
  SessionOutcome o = session_->resolve();
  if (!o.ok) return refuse(brawl_refusal(o.error));
  const Json& result = brawl_part(o.resolution)["result"];
  std::string text = result_text().ToStdString(wxConvUTF8);
  if (result["winner"].is_string())
    // TRANSLATORS: {} is the last fighter standing; in capitals, as a banner.
    text += "\n" + fmt::format(fmt::runtime(tr("{} WINS THE BRAWL")), result["winner"].get<std::string>()) + "\n";
  for (const auto& f : result["fighters"])
    if (f["state"] == "out")
      // TRANSLATORS: {} is a fighter thrown out of the brawl.
      text += fmt::format(fmt::runtime(tr("{}: a 5-minute headache from now")), f["name"].get<std::string>()) + "\n";
  set_result(wxString::FromUTF8(text));
  // The record's code for a refusal (ConflictPage::show_record): a brawl, or a fistfight that became one.
  record_conflict(session_->record_payload(o), rounds_key_ == "rounds" ? "brawl" : "became_brawl");
}

}  // namespace marshal::gm
