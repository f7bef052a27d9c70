#include "gmstation/duel_page.h"

#include <wx/button.h>
#include <wx/sizer.h>

#include <fmt/format.h>

#include "core/card_code.h"
#include "core/duel.h"
#include "core/odds.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::utf8;
using ui::wx_tr;

wxString DuelPage::refusal_words(const std::string& why) {
  // TRANSLATORS: {} says why, in the ledger's or the rules' words.
  return utf8(fmt::format(fmt::runtime(tr("Refused: {}")), why));
}

DuelPage::DuelPage(wxWindow* parent, LedgerAsker& asker, std::function<void(const wxString&)> status,
                   BecomesShootout becomes_shootout)
    // TRANSLATORS: a screen's title, in capitals.
    : ConflictPage(parent, wx_tr("DUEL"), asker),
      backend_(asker.backend()),
      status_(std::move(status)),
      becomes_shootout_(std::move(becomes_shootout)) {
  auto* sizer = inputs_;

  auto* grid = new wxFlexGridSizer(5, 3, 6, 18);
  grid->Add(new wxStaticText(this, wxID_ANY, ""));
  for (int i = 0; i < 2; ++i) {
    duelist_[i] = new wxStaticText(this, wxID_ANY, i == 0 ? wx_tr("first duelist: scan a badge") : wx_tr("second duelist"));
    duelist_[i]->SetFont(ui::font(15, true));
    grid->Add(duelist_[i], 1, wxEXPAND);
  }
  auto* commit_label = new wxStaticText(this, wxID_ANY, wx_tr("Accuracy committed to the draw"));
  commit_label->SetFont(ui::font(ui::body_points));
  grid->Add(commit_label);
  for (int i = 0; i < 2; ++i) {
    commit_[i] = new OneKeyNumber(this, wx_tr("Accuracy committed"));
    grid->Add(commit_[i]);
  }
  // One digit each, first duelist then second, then the cards.
  chain_one_keys(commit_, names_, [this] {
    show_prompt(wx_tr("Scan both duelists' cards (or type them and press Enter)"));
    mark_waiting_card(card_fields());
  });
  // TRANSLATORS: A is the Ace's letter on the cards (as "A" is translated).
  auto* card_label = new wxStaticText(this, wxID_ANY, wx_tr("Card drawn (A, 2-10)"));
  card_label->SetFont(ui::font(ui::body_points));
  grid->Add(card_label);
  for (int i = 0; i < 2; ++i) {
    card_[i] = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(130, -1), wxTE_PROCESS_ENTER);
    card_[i]->SetFont(ui::font(16));
    card_[i]->Bind(wxEVT_TEXT_ENTER, &DuelPage::on_go, this);
    grid->Add(card_[i]);
  }
  auto* kill_label = new wxStaticText(this, wxID_ANY, wx_tr("Declared before the round"));
  kill_label->SetFont(ui::font(ui::body_points));
  grid->Add(kill_label);
  for (int i = 0; i < 2; ++i) {
    not_to_kill_[i] = check_box(wx_tr("shoots not to kill"), grid);
  }
  sizer->Add(grid, 0, wxALL, 10);
  // The two duelists' columns share what the row labels leave, so that neither runs past the page.
  for (wxStaticText* label : {commit_label, card_label, kill_label}) wrap_with_page(label, row_labels_px);
  for (wxStaticText* duelist : duelist_) wrap_with_page(duelist, side_column_px);

  // The toggles and the button go on as many lines as the page's width needs.
  auto* options = new wxWrapSizer(wxHORIZONTAL);
  add_virtual_draw_toggle(options);
  // TRANSLATORS: a button; Enter is the key that presses it.
  go_ = new wxButton(this, wxID_ANY, wx_tr("Draw  (Enter)"));
  go_->SetFont(ui::font(14, true));
  go_->Bind(wxEVT_BUTTON, &DuelPage::on_go, this);
  options->Add(go_, 0, wxRIGHT, 10);
  auto* stop = new wxButton(this, wxID_ANY, wx_tr("Both stop  (Ctrl+S)"));
  stop->SetFont(ui::font(ui::body_points));
  stop->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { both_stop(); });
  options->Add(stop, 0);
  sizer->Add(options, 0, wxALL | wxEXPAND, 8);
  add_odds_toggle(options, [this] { return odds_text(); });
  result_ = add_result_area(17);
  start();
}

void DuelPage::start() {
  open_screen();
  session_ = std::make_unique<ConflictSession>("duel", event_options(backend_));
  names_.clear();
  step_ = Step::first;
  recorded_seq_ = 0;
  for (int i = 0; i < 2; ++i) {
    commit_[i]->set_range(0, 0);
    commit_[i]->set_value(0);
    commit_[i]->Enable(true);
    card_[i]->Clear();
    card_[i]->SetBackgroundColour(*wxWHITE);
    not_to_kill_[i]->SetValue(false);
  }
  set_wrapped(duelist_[0], wx_tr("first duelist: scan a badge"));
  set_wrapped(duelist_[1], wx_tr("second duelist"));
  set_result("");
  update_odds();
  go_->SetLabel(wx_tr("Draw  (Enter)"));
  show_prompt(wx_tr("Scan the first duelist's badge"));
}

void DuelPage::on_scan(const std::string& code) {
  if (auto card = core::deck_card_number(core::action_deck_prefix, code)) {
    if (step_ == Step::draw || step_ == Step::shoot) card_scanned(*card);
    // TRANSLATORS: Ctrl+K, Ctrl+W and Ctrl+D are the keys: keep them.
    else if (step_ == Step::choice) refuse(wx_tr("First the shooter's choice: Ctrl+K kill, Ctrl+W wound, Ctrl+D disable"));
    else if (step_ == Step::done) refuse(wx_tr("The duel is over: Esc, or a new F-key, for the next"));
    else refuse(wx_tr("An action card: scan both duelists' badges first"));
    return;
  }
  if (step_ == Step::draw || step_ == Step::shoot) return someone_joins(code);
  if (step_ == Step::choice) return refuse(wx_tr("First the shooter's choice: Ctrl+K kill, Ctrl+W wound, Ctrl+D disable"));
  if (step_ == Step::done) return refuse(wx_tr("The duel is over: Esc, or a new F-key, for the next"));
  ask_character(code, [this, code](const Lookup& who) { took_duelist(code, who); });
}

void DuelPage::took_duelist(const std::string& code, const Lookup& who) {
  if (step_ != Step::first && step_ != Step::second) return;
  if (!who.found) {
    refuse(refusal_words(who.refusal));
    return;
  }
  std::string why;
  if (!session_->add_participant("duelists", code, who.data, why)) {
    refuse(refusal_words(why));
    return;
  }
  names_.push_back(who.data["name"]);
  show_duelists();
  if (step_ == Step::first) {
    step_ = Step::second;
    show_prompt(wx_tr("Scan the second duelist's badge"));
  } else {
    step_ = Step::draw;
    faster_ = 0;
    // TRANSLATORS: each duelist's name, then the most Accuracy they may commit.
    show_prompt(utf8(fmt::format(fmt::runtime(tr("Scan both duelists' cards; first each may commit Accuracy: {} 0-{}, {} 0-{} "
                                         "(a digit; Enter keeps 0)")),
                         names_[0], commit_[0]->high(), names_[1], commit_[1]->high())));
    mark_waiting_card(card_fields(), false);
    commit_[0]->SetFocus();
  }
  update_odds();
}

std::array<int, 2> DuelPage::card_order() const {
  if (step_ == Step::shoot) return {faster_, 1 - faster_};
  return {0, 1};
}

std::vector<wxTextCtrl*> DuelPage::card_fields() const {
  auto order = card_order();
  return {card_[order[0]], card_[order[1]]};
}

void DuelPage::card_scanned(int value) {
  if (station_draws()) {
    refuse(wx_tr("The station draws the cards (the box is ticked): untick it to scan the table's cards"));
    return;
  }
  int filled = fill_next_card(card_fields(), value);
  wxCommandEvent go;
  if (filled == 2) return on_go(go);
  // One card in a round: enough when it shoots the slower duelist down before the draw.
  if (step_ == Step::shoot && try_round_with_one_card()) return;
  // TRANSLATORS: {} is who drew the card the station waits for.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("Now {}'s card")), names_[static_cast<std::size_t>(card_order()[1])])));
}

bool DuelPage::try_round_with_one_card() {
  Json cards;
  if (!read_cards(cards) || cards.size() != 1) return false;
  Json& input = session_->input();
  if (!input.contains("rounds")) input["rounds"] = Json::array();
  Json choices = Json::object();
  for (int i = 0; i < 2; ++i)
    choices[names_[static_cast<std::size_t>(i)]] = {{"not_to_kill", not_to_kill_[i]->IsChecked()}};
  input["rounds"].push_back({{"cards", cards}, {"choices", choices}});
  SessionOutcome o = session_->resolve();
  if (!o.ok) {  // the slower duelist draws too: wait for the second card
    input["rounds"].erase(input["rounds"].size() - 1);
    return false;
  }
  chosen_.clear();
  round_cards_ = cards;
  show_round(o);
  return true;
}

void DuelPage::show_duelists(const Json* now) {
  for (int i = 0; i < static_cast<int>(names_.size()); ++i) {
    // As scanned, or as the rounds so far left them (a wound shows at once).
    const Json& c = now ? (*now)[static_cast<std::size_t>(i)] : session_->character(names_[static_cast<std::size_t>(i)]);
    int accuracy = std::max(0, c["accuracy"].get<int>() - (c["wounded"].get<bool>() ? 1 : 0));
    int speed = std::max(0, c["speed"].get<int>() - (c["wounded"].get<bool>() ? 1 : 0));
    // TRANSLATORS: a duelist's name, then the Speed and Accuracy in use (a wound counts already).
    set_wrapped(duelist_[i], utf8(fmt::format(fmt::runtime(c["wounded"].get<bool>() ? tr("{}\nSpeed {}  Accuracy {}  (wounded)")
                                                                                 : tr("{}\nSpeed {}  Accuracy {}")),
                                           names_[static_cast<std::size_t>(i)], speed, accuracy)));
    commit_[i]->set_range(0, accuracy);
  }
  Layout();
}

std::string DuelPage::odds_text() {
  if (names_.size() < 2) return "";
  std::array<core::Character, 2> duelists;
  for (int i = 0; i < 2; ++i) {
    const Json& c = session_->character(names_[static_cast<std::size_t>(i)]);
    duelists[static_cast<std::size_t>(i)].name = c["name"];
    duelists[static_cast<std::size_t>(i)].base = {c["hth"], c["speed"], c["accuracy"], c["gambling"], c["riding"]};
    duelists[static_cast<std::size_t>(i)].wounded = c["wounded"];
  }
  auto o = core::duel_first_round_odds(duelists, {commit_[0]->value(), commit_[1]->value()}, {});
  // TRANSLATORS: the odds of who shoots first, of a tie, and of each duelist dead after round 1.
  return fmt::format(
      fmt::runtime(tr("Odds: {} first {:.0f}%, {} first {:.0f}%, tie {:.0f}%.  After round 1: {} dead {:.0f}%, {} dead "
                      "{:.0f}%")),
      names_[0], 100 * o.draw.first[0], names_[1], 100 * o.draw.first[1], 100 * o.draw.tie, names_[0],
      100 * o.fate[0][2], names_[1], 100 * o.fate[1][2]);
}

bool DuelPage::read_cards(Json& out) {
  out = Json::object();
  if (station_draws()) {
    // The station shuffles a fresh deck for the round and records every card.
    core::RoundDeck deck({}, &rng_, nullptr);
    for (int i = 0; i < 2; ++i) out[names_[static_cast<std::size_t>(i)]] = deck.card_for(i);
    return true;
  }
  for (int i = 0; i < 2; ++i) {
    // An empty field: that duelist draws no card this round (the rules say whether it must).
    if (card_[i]->GetValue().Strip(wxString::both).empty()) continue;
    auto card = typed_card(card_[i], names_[static_cast<std::size_t>(i)]);
    if (!card) return false;
    out[names_[static_cast<std::size_t>(i)]] = *card;
  }
  return true;
}

void DuelPage::on_go(wxCommandEvent&) {
  if (step_ == Step::draw) draw_step();
  else if (step_ == Step::shoot) shoot_step();
}

void DuelPage::draw_step() {
  Json cards;
  if (!read_cards(cards)) return;
  Json& input = session_->input();
  input["commit"] = {{names_[0], commit_[0]->value()}, {names_[1], commit_[1]->value()}};
  input["draw_cards"] = cards;
  SessionOutcome o = session_->resolve();
  if (!o.ok) {
    input.erase("draw_cards");
    refuse(refusal_words(o.error));
    return;
  }
  const Json& draw = o.resolution["steps"][0];
  faster_ = !draw["first"].is_null() && draw["first"] == names_[1] ? 1 : 0;
  wxString first = draw["first"].is_null()
                       ? wx_tr("A tie: both shoot at once")
                       : utf8(fmt::format(fmt::runtime(tr("{} is faster and shoots first")), draw["first"].get<std::string>()));
  // The arithmetic, as the table checks it: card + Speed in use + Accuracy committed = total.
  wxString sums;
  for (const auto& d : draw["cards"][0]) {
    const std::string who = d["who"];
    int card = d["card"], committed = draw["commit"].value(who, 0), total = draw["totals"][who];
    // TRANSLATORS: a duelist's draw: the card, the Speed in use, the Accuracy committed, the total.
    sums += utf8(fmt::format(fmt::runtime(tr("{}: {} + Speed {} + {} committed = {}")), who,
                             card_face(card).utf8_string(), total - card - committed, committed, total)) +
            "\n";
  }
  result_->SetForegroundColour(ui::ink);
  set_result(sums + first);
  step_ = Step::shoot;
  for (auto* f : card_) f->Clear();
  for (auto* c : commit_) c->Enable(false);  // committed for the draw only
  go_->SetLabel(wx_tr("Shoot  (Enter)"));
  // TRANSLATORS: {} is the faster duelist, who shoots first.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("Round 1: scan {}'s card, then the other's")),
                       names_[static_cast<std::size_t>(faster_)])));
  mark_waiting_card(card_fields());
}

void DuelPage::shoot_step() {
  Json& input = session_->input();
  // Who draws this round: the slower duelist only if still able; the engine refuses the rest.
  Json cards;
  if (!read_cards(cards)) return;
  if (!input.contains("rounds")) input["rounds"] = Json::array();
  Json choices = Json::object();
  for (int i = 0; i < 2; ++i)
    choices[names_[static_cast<std::size_t>(i)]] = {{"not_to_kill", not_to_kill_[i]->IsChecked()}};
  input["rounds"].push_back({{"cards", cards}, {"choices", choices}});
  chosen_.clear();
  round_cards_ = cards;
  SessionOutcome o = resolve_round();
  if (!o.ok) {
    input["rounds"].erase(input["rounds"].size() - 1);
    refuse(refusal_words(o.error));
    return;
  }
  show_round(o);
}

SessionOutcome DuelPage::resolve_round() {
  Json& round = session_->input()["rounds"].back();
  round["cards"] = round_cards_;
  SessionOutcome full = session_->resolve();
  if (full.ok || round_cards_.size() < 2) return full;
  // The slower duelist may fall (or be shot out) before drawing: the card not needed is left out.
  for (const auto& name : names_) {
    Json fewer = round_cards_;
    fewer.erase(name);
    round["cards"] = fewer;
    SessionOutcome o = session_->resolve();
    if (o.ok) return o;
  }
  round["cards"] = round_cards_;
  return full;
}

bool DuelPage::on_key(int key) {
  if (key == 'S') {
    both_stop();
    return true;
  }
  if (step_ != Step::choice || (key != 'K' && key != 'W' && key != 'D')) return false;
  Json& round = session_->input()["rounds"].back();
  round["choices"][choosing_]["choice_at_13"] = key == 'K' ? "kill" : key == 'W' ? "wound" : "disable";
  chosen_.insert(choosing_);
  SessionOutcome o = resolve_round();  // a wound instead of a kill: the other may shoot back
  if (!o.ok) {
    round["choices"][choosing_].erase("choice_at_13");
    chosen_.erase(choosing_);
    refuse(refusal_words(o.error));
    return true;
  }
  show_round(o);
  return true;
}

}  // namespace marshal::gm
