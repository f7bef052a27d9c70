// The shootout screen's layout, its players and their orders as typed, and the odds. The rounds
// (firing, the 13+ choice, the bystanders, the record) are in shootout_rounds.cpp.
#include "gmstation/shootout_page.h"

#include <algorithm>

#include <wx/button.h>
#include <wx/sizer.h>

#include <fmt/format.h>

#include "core/action_deck.h"
#include "core/card_code.h"
#include "protocol/odds_json.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

ShootoutPage::ShootoutPage(wxWindow* parent, LedgerAsker& asker)
    // TRANSLATORS: the shootout screen's title.
    : ConflictPage(parent, wx_tr("SHOOTOUT"), asker), backend_(asker.backend()), order_settle_(this) {
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) { order_settled(); }, order_settle_.GetId());
  // TRANSLATORS: C, P and E are the keys typed (Latin letters on any keyboard); ! and a number: not to kill.
  auto* help = new wxStaticText(this, wxID_ANY,
                                wx_tr("Orders (one key moves on): C cover   2 shoot player 2   !2 not to kill   P2 pin "
                                      "player 2   E escape"));
  help->SetFont(ui::font(ui::body_points));
  inputs_->Add(help, 0, wxLEFT | wxRIGHT, 8);
  wrap_with_page(help, [](int page_px) { return page_px - 16; });
  auto* grid = new wxFlexGridSizer(4, 4, 12);
  // TRANSLATORS: the shootout table's column headings.
  for (const wxString& heading : {wx_tr("Player"), wx_tr("Order"), wx_tr("Card"), wx_tr("State and order")}) {
    auto* h = new wxStaticText(this, wxID_ANY, heading);
    h->SetFont(ui::font(ui::body_points, true));
    grid->Add(h);
  }
  for (int i = 0; i < max_players; ++i) {
    player_[i] = new wxStaticText(this, wxID_ANY, "");
    player_[i]->SetFont(ui::font(ui::body_points, true));
    order_[i] = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(70, -1), wxTE_PROCESS_ENTER);
    order_[i]->SetFont(ui::font(15));
    order_[i]->Bind(wxEVT_TEXT, [this, i](wxCommandEvent&) {
      show_meaning(i);
      order_typed(i);
    });
    order_[i]->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { fire(); });
    meaning_[i] = new wxStaticText(this, wxID_ANY, "", wxDefaultPosition, wxSize(300, -1));
    meaning_[i]->SetFont(ui::font(ui::body_points));
    card_[i] = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(70, -1), wxTE_PROCESS_ENTER);
    card_[i]->SetFont(ui::font(15));
    card_[i]->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { fire(); });
    for (wxWindow* w : std::initializer_list<wxWindow*>{player_[i], order_[i], card_[i], meaning_[i]})
      grid->Add(w, 0, wxALIGN_CENTER_VERTICAL);
    // A long name wraps in what the other three columns leave (their widths are fixed).
    wrap_with_page(player_[i], [this, i](int page_px) {
      return page_px - order_[i]->GetSize().x - card_[i]->GetSize().x - meaning_[i]->GetSize().x - 3 * 12 - 2 * 8;
    });
  }
  inputs_->Add(grid, 0, wxALL, 8);
  auto* row = new wxWrapSizer(wxHORIZONTAL);
  auto* go = new wxButton(this, wxID_ANY, wx_tr("Fire  (Enter)"));
  go->SetFont(ui::font(14, true));
  go->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { fire(); });
  auto* stop = new wxButton(this, wxID_ANY, wx_tr("Everyone stops  (Ctrl+S)"));
  stop->SetFont(ui::font(ui::body_points));
  stop->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { everyone_stops(); });
  row->Add(go, 0, wxRIGHT, 10);
  row->Add(stop, 0);
  inputs_->Add(row, 0, wxALL | wxEXPAND, 6);
  auto* toggles = new wxWrapSizer(wxHORIZONTAL);  // on their own lines: 1024 px is not wide
  add_virtual_draw_toggle(toggles);
  inputs_->Add(toggles, 0, wxLEFT | wxRIGHT | wxEXPAND, 8);
  add_odds_toggle(toggles, [this] { return odds_text(); });
  result_ = add_result_area(14);
  start();
}

void ShootoutPage::start() {
  open_screen();
  session_ = std::make_unique<ConflictSession>("shootout", event_options(backend_));
  names_.clear();
  last_ = SessionOutcome{};
  ambushers_.clear();
  bystander_names_.clear();
  declined_.clear();
  offers_.clear();
  step_ = Step::scanning;
  recorded_seq_ = 0;
  for (int i = 0; i < max_players; ++i) {
    order_[i]->ChangeValue("");
    card_[i]->ChangeValue("");
    meaning_[i]->SetLabel("");
  }
  show_players();
  set_result("");
  show_prompt(wx_tr("Scan every player's badge (2 or more: two is a shooting, not a duel), then Ctrl+N to start"));
}

void ShootoutPage::continue_duel(std::unique_ptr<ConflictSession> joined, std::vector<std::string> players) {
  start();
  session_ = std::move(joined);
  names_ = std::move(players);
  show_players();
  show_prompt(wx_tr("The duel is now a shootout, wounds carried over: scan more players, or Ctrl+N to start"));
  focus_scan_field();  // the keyboard may still be in the duel's fields, hidden now
}

const Json& ShootoutPage::state_of(std::size_t i) const {
  if (last_.ok) return last_.resolution["result"]["participants"][i];
  return session_->character(names_[i]);
}

bool ShootoutPage::out_of_it(const Json& state) {
  return state.value("dead", false) || state.value("escaped", false) || state.value("shot_out_of_fight", false);
}

// The card fields of the players who shoot this round (whose order is a shot), in their order.
std::vector<wxTextCtrl*> ShootoutPage::shooters_card_fields() {
  std::vector<wxTextCtrl*> fields;
  for (int i = 0; i < static_cast<int>(names_.size()); ++i) {
    if (!card_[i]->IsEnabled()) continue;  // out of it, or ambushed in the free round
    std::string why;
    auto order = parse_shootout_order(order_[i]->GetValue().ToStdString(), i, names_, why);
    if (order && order->kind == ShootoutOrder::Kind::shoot) fields.push_back(card_[i]);
  }
  return fields;
}

void ShootoutPage::card_scanned(int value) {
  if (station_draws())
    return refuse(wx_tr("The station draws the cards (the box is ticked): untick it to scan the table's cards"));
  std::vector<wxTextCtrl*> fields = shooters_card_fields();
  if (fields.empty()) return refuse(wx_tr("Nobody shoots this round (cover, pin or escape): Enter to play it"));
  if (fill_next_card(fields, value) < static_cast<int>(fields.size())) {
    for (std::size_t i = 0; i < names_.size(); ++i)
      if (card_[i]->GetBackgroundColour() == ui::waiting_yellow)
        // TRANSLATORS: {} is the player whose card the scanner is shown next.
        return show_prompt(utf8(fmt::format(fmt::runtime(tr("Now {}'s card")), names_[i])));
    return;
  }
  fire();  // every shooter has a card
}

void ShootoutPage::on_scan(const std::string& code) {
  if (auto card = core::deck_card_number(core::action_deck_prefix, code)) {
    if (step_ == Step::orders) return card_scanned(*card);
    if (step_ == Step::scanning) return refuse(wx_tr("An action card: scan the players' badges, then Ctrl+N, first"));
    return refuse(wx_tr("Not now: the shooting is over, or a choice or a torn bystander is awaited"));
  }
  if (step_ == Step::sacrifices && !choosing_.empty())
    // TRANSLATORS: {} is the shooter who chooses; K, W and D are the keys pressed with Ctrl.
    return refuse(utf8(fmt::format(fmt::runtime(tr("{} chooses first: Ctrl+K kill, Ctrl+W wound, Ctrl+D disable")),
                                   choosing_)));
  if (step_ == Step::sacrifices) return on_torn_card(code);
  if (step_ != Step::scanning)
    return refuse(wx_tr("The players are set: type orders and cards (a scan here is a torn bystander when offered)"));
  if (static_cast<int>(names_.size()) == max_players)
    return refuse(utf8(fmt::format(fmt::runtime(tr("This screen takes {} players at most")), max_players)));
  ask_character_at(step_, code, [this, code](const Lookup& who) { took_player(code, who); });
}

void ShootoutPage::took_player(const std::string& code, const Lookup& who) {
  if (!who.found) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), who.refusal)));
  std::string why;
  if (!session_->add_participant("participants", code, who.data, why))
    return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), why)));
  names_.push_back(who.data["name"]);
  show_players();
  // TRANSLATORS: {} is how many players are scanned in so far.
  if (names_.size() < 2)
    show_prompt(utf8(fmt::format(fmt::runtime(tr("{} in: scan more players (a shootout is 3 or more; 2 with an ambush: Ctrl+A)")),
                         names_.size())));
  else if (names_.size() == 2)
    show_prompt(wx_tr("2 in: scan more, or Ctrl+N: a shooting of two, not a duel (Ctrl+A: the last one ambushes)"));
  else
    show_prompt(utf8(fmt::format(
        fmt::runtime(tr("{} in: scan more, or Ctrl+N to start the shooting (Ctrl+A: the last one ambushes)")),
        names_.size())));
}

bool ShootoutPage::on_key(int key) {
  if (key == 'N' && step_ == Step::scanning) {
    begin_rounds();
    return true;
  }
  if (key == 'A' && step_ == Step::scanning && !names_.empty()) {
    const std::string& who = names_.back();
    if (!ambushers_.erase(who)) ambushers_.insert(who);
    show_players();
    show_prompt(utf8(fmt::format(fmt::runtime(ambushers_.count(who) ? tr("{} lies in ambush: a free round first. Scan more, or Ctrl+N")
                                                            : tr("{} does not ambush. Scan more, or Ctrl+N")),
                         who)));
    return true;
  }
  if ((key == 'K' || key == 'W' || key == 'D') && step_ == Step::sacrifices && !choosing_.empty()) {
    Json& action = open_round()["actions"][choosing_];
    action["choice_at_13"] = key == 'K' ? "kill" : key == 'W' ? "wound" : "disable";
    SessionOutcome next = session_->resolve();
    if (!next.ok) {
      action.erase("choice_at_13");
      refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), next.error)));
      return true;
    }
    chosen_.insert(choosing_);
    last_ = next;
    offer_next();
    return true;
  }
  if (key == 'T' && step_ == Step::sacrifices && choosing_.empty() && !offers_.empty()) {
    declined_.insert(offers_.front().shooter + ">" + offers_.front().target);
    offer_next();
    return true;
  }
  if (key == 'S') {
    everyone_stops();
    return true;
  }
  return false;
}

bool ShootoutPage::ambush_round() const {
  return !ambushers_.empty() && session_->input().contains("rounds") && session_->input()["rounds"].empty();
}

void ShootoutPage::begin_rounds() {
  if (names_.size() < 2)
    return refuse(ambushers_.empty() ? wx_tr("Scan at least two players: a shooting of two, or a shootout of more")
                                     : wx_tr("Scan the one they ambush"));
  // Two without an ambush: a shooting that is not a duel (a murder, a Lawman's shot at a
  // criminal: 004 L66, L79, L282). A duel is F2.
  const bool shooting_of_two = names_.size() == 2 && ambushers_.empty();
  if (ambushers_.size() >= names_.size())
    return refuse(wx_tr("Everyone is an ambusher: someone must be ambushed (Ctrl+A again undoes the last one)"));
  session_->input()["rounds"] = Json::array();
  if (!ambushers_.empty()) session_->input()["ambushers"] = Json(std::vector<std::string>(ambushers_.begin(), ambushers_.end()));
  if (shooting_of_two) session_->input()["shooting_of_two"] = true;
  step_ = Step::orders;
  show_players();
  show_prompt(shooting_of_two ? wx_tr("A shooting of two, not a duel: bystanders may take bullets, a death is judged as in "
                                      "a shootout. Round 1: each one's order and card, then Enter")
              : ambushers_.empty()
                  ? wx_tr("Round 1: type each player's order and the card they drew, then Enter")
                  : wx_tr("The ambush: only the ambushers act in this free round. Their orders and cards, Enter"));
  focus_first_enabled(order_);
}

void ShootoutPage::show_players() {
  for (int i = 0; i < max_players; ++i) {
    bool used = i < static_cast<int>(names_.size());
    for (wxWindow* w : std::initializer_list<wxWindow*>{player_[i], order_[i], meaning_[i], card_[i]}) w->Show(used);
    if (!used) continue;
    const Json& s = state_of(static_cast<std::size_t>(i));
    int accuracy = std::max(0, s["accuracy"].get<int>() - (s.value("wounded", false) ? 1 : 0));
    // TRANSLATORS: a player's state after their stats, as in "Acc 3, 2 bystanders, DEAD".
    std::string state = s.value("dead", false)               ? tr(", DEAD")
                        : s.value("escaped", false)           ? tr(", ESCAPED")
                        : s.value("shot_out_of_fight", false) ? tr(", OUT")
                        : s.value("wounded", false)           ? tr(", wounded")
                                                              : "";
    const bool ambusher = ambushers_.count(names_[i]) > 0;
    // TRANSLATORS: a player's number and name, marked as an ambusher.
    set_wrapped(player_[i], utf8(fmt::format(fmt::runtime(ambusher ? tr("{}. {}  (ambush)") : std::string("{}. {}")),
                                          i + 1, names_[i])));
    const std::size_t bystanders = s.value("bystanders", Json::array()).size();
    // TRANSLATORS: a player's stats: Acc is their Accuracy; then how many innocent bystanders they hold,
    // then their state if any (", DEAD"). The English says "bystanders" for any count.
    stats_[i] = fmt::format(fmt::runtime(trn("Acc {}, {} bystanders{}", "Acc {}, {} bystanders{}", bystanders)), accuracy,
                            bystanders, state);
    show_meaning(i);  // a scan typed into the field and taken back out leaves no trace
    bool acting = step_ == Step::orders && !out_of_it(s) && (!ambush_round() || ambusher);
    order_[i]->Enable(acting);
    card_[i]->Enable(acting);
  }
  Layout();
}

std::string ShootoutPage::bystander_words(const std::string& code) const {
  if (auto known = bystander_names_.find(code); known != bystander_names_.end()) return known->second;
  // TRANSLATORS: a bystander card known only by its code: card BY0012.
  return fmt::format(fmt::runtime(tr("card {}")), code);
}

void ShootoutPage::name_bystander(const std::string& code, const Lookup& card) {
  if (!card.found || !card.data.contains("title")) return;
  // Whose it is: the character holding it (a bystander's owner, when the card names one).
  const char* whose = card.data.contains("owner") ? "owner" : card.data.contains("holder") ? "holder" : nullptr;
  const std::string title = card.data["title"].get<std::string>();
  // TRANSLATORS: a bystander card: {0} is its title, {1} the character it belongs to.
  std::string words = whose ? fmt::format(fmt::runtime(tr("\"{}\", {}'s")), title, card.data[whose].get<std::string>())
                            : "\"" + title + "\"";
  bystander_names_[code] = words;
}

void ShootoutPage::order_typed(int row) {
  // One key where one is enough: C, E or a player's number completes an order, and the
  // keyboard moves on to the next player's order, then to the first card. P and ! wait for
  // the number (P2, !2); a player's number is one digit (max_players is 8).
  wxString typed = order_[row]->GetValue().Upper();
  if (typed.empty() || !order_[row]->HasFocus()) return;
  std::string why;
  if (!parse_shootout_order(typed.ToStdString(), row, names_, why)) return;
  // After a scanner's burst would have passed (a scan that went in here is taken back out at
  // its Enter): only then does the keyboard move on.
  settling_row_ = row;
  settling_text_ = typed;
  order_settle_.StartOnce(order_settle_ms);
}

void ShootoutPage::order_settled() {
  const int row = settling_row_;
  if (row < 0 || order_[row]->GetValue().Upper() != settling_text_ || !order_[row]->HasFocus()) return;
  for (int next = row + 1; next < static_cast<int>(names_.size()); ++next)
    if (order_[next]->IsEnabled()) return order_[next]->SetFocus();
  if (shooters_card_fields().empty()) return focus_first_enabled(card_);
  mark_waiting_card(shooters_card_fields());
}

void ShootoutPage::show_meaning(int row) {
  if (row >= static_cast<int>(names_.size())) return;
  std::string why;
  wxString typed = order_[row]->GetValue();
  auto order = parse_shootout_order(typed.ToStdString(), row, names_, why);
  std::string meaning = typed.empty() ? "" : order ? describe_order(*order, names_) : tr("? (see the orders above)");
  meaning_[row]->SetForegroundColour(order || typed.empty() ? ui::ink : ui::refusal_red);
  meaning_[row]->SetLabel(utf8(stats_[row] + (meaning.empty() ? "" : "\n" + meaning)));
  update_odds();
}

std::string ShootoutPage::odds_text() {
  if (step_ != Step::orders) return "";
  std::vector<std::string> shots;
  const bool ambush = ambush_round();
  for (int i = 0; i < static_cast<int>(names_.size()); ++i) {
    const Json& s = state_of(static_cast<std::size_t>(i));
    if (out_of_it(s) || (ambush && !ambushers_.count(names_[i]))) continue;
    std::string why;
    auto order = parse_shootout_order(order_[i]->GetValue().ToStdString(), i, names_, why);
    if (!order || order->kind != ShootoutOrder::Kind::shoot) continue;
    int accuracy = std::max(0, s["accuracy"].get<int>() - (s.value("wounded", false) ? 1 : 0));
    Json o = protocol::odds("shot", {{"accuracy", accuracy}}, rng_);
    const Json& p = o[order->not_to_kill ? "not_to_kill" : "odds"];
    // TRANSLATORS: one shooter's odds: {0} shoots at {1}; then the chance of each result, in %.
    shots.push_back(fmt::format(fmt::runtime(tr("{} at {}: wound {:.0f}%, kill {:.0f}%, 13+ {:.0f}%, miss or nick {:.0f}%")),
                                names_[i], names_[static_cast<std::size_t>(order->target)],
                                100 * p["wounded"].get<double>(), 100 * p["dead"].get<double>(),
                                100 * p["shooters_choice"].get<double>(),
                                100 * (p["miss"].get<double>() + p["nicked"].get<double>())));
  }
  if (shots.empty()) return "";
  // TRANSLATORS: {} is each shooter's odds, one after another.
  return fmt::format(fmt::runtime(tr("Odds: {}")), fmt::join(shots, ".  "));
}

}  // namespace marshal::gm
