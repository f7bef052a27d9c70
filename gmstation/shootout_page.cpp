#include "gmstation/shootout_page.h"

#include <algorithm>

#include <wx/button.h>
#include <wx/sizer.h>

#include <fmt/format.h>

#include "core/action_deck.h"
#include "core/card_code.h"
#include "protocol/odds_json.h"
#include "ui/theme.h"

namespace marshal::gm {

namespace {

// The state of a player after the rounds resolved so far (or as scanned, before any).
const Json& player_state(const SessionOutcome& last, const ConflictSession& session,
                         const std::vector<std::string>& names, std::size_t i) {
  if (last.ok) return last.resolution["result"]["participants"][i];
  return session.character(names[i]);
}

bool out_of_it(const Json& state) {
  return state.value("dead", false) || state.value("escaped", false) ||
         state.value("shot_out_of_fight", false);
}

// One shot as the table hears it. `pending`: its target has not yet said whether a bystander
// takes it.
// `bystander` names a bystander card by its title and owner.
std::string shot_line(const Json& s, bool pending, const std::function<std::string(const std::string&)>& bystander) {
  std::string result = s.contains("choice") ? "the shooter's choice at 13+: " + s["choice"].get<std::string>()
                                             : result_words(s["result"].get<std::string>());
  std::string line = fmt::format("{} fires at {}: {} + {} = {} -> {}", s["shooter"].get<std::string>(),
                                 s["target"].get<std::string>(), s["card"].get<int>(), s["accuracy"].get<int>(),
                                 s["total"].get<int>(), result);
  if (s.contains("bystander"))
    line += ": an innocent bystander takes the bullet: " + bystander(s["bystander"].get<std::string>());
  else if (pending)
    line += ": " + s["target"].get<std::string>() + " is hit, unless a bystander takes it";
  else if (s["harm"] != "none")
    line += ": " + s["target"].get<std::string>() + " is " +
            (s["harm"] == "disabled" ? std::string("shot out of the fight") : s["harm"].get<std::string>());
  return line;
}

}  // namespace

ShootoutPage::ShootoutPage(wxWindow* parent, StationBackend& backend)
    : ConflictPage(parent, "SHOOTOUT"), backend_(backend), order_settle_(this) {
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) { order_settled(); }, order_settle_.GetId());
  auto* help = new wxStaticText(this, wxID_ANY,
                                "Orders (one key moves on): C cover   2 shoot player 2   !2 not to kill   P2 pin player 2   E escape");
  help->SetFont(ui::font(ui::body_points));
  inputs_->Add(help, 0, wxLEFT | wxRIGHT, 8);
  auto* grid = new wxFlexGridSizer(4, 4, 12);
  for (const char* heading : {"Player", "Order", "Card", "State and order"}) {
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
  }
  inputs_->Add(grid, 0, wxALL, 8);
  auto* row = new wxBoxSizer(wxHORIZONTAL);
  auto* go = new wxButton(this, wxID_ANY, "Fire  (Enter)");
  go->SetFont(ui::font(14, true));
  go->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { fire(); });
  auto* stop = new wxButton(this, wxID_ANY, "Everyone stops  (Ctrl+S)");
  stop->SetFont(ui::font(ui::body_points));
  stop->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { everyone_stops(); });
  row->Add(go, 0, wxRIGHT, 10);
  row->Add(stop, 0);
  inputs_->Add(row, 0, wxALL, 6);
  auto* toggles = new wxBoxSizer(wxHORIZONTAL);  // on their own line: 1024 px is not wide
  add_virtual_draw_toggle(toggles);
  inputs_->Add(toggles, 0, wxLEFT | wxRIGHT, 8);
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
  say("Scan every player's badge (3 or more), then Ctrl+N to start");
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
    return refuse("The station draws the cards (the box is ticked): untick it to scan the table's cards");
  std::vector<wxTextCtrl*> fields = shooters_card_fields();
  if (fields.empty()) return refuse("Nobody shoots this round (cover, pin or escape): Enter to play it");
  if (fill_next_card(fields, value) < static_cast<int>(fields.size())) {
    for (std::size_t i = 0; i < names_.size(); ++i)
      if (card_[i]->GetBackgroundColour() == ui::waiting_yellow)
        return say(wxString::FromUTF8("Now " + names_[i] + "'s card"));
    return;
  }
  fire();  // every shooter has a card
}

void ShootoutPage::on_scan(const std::string& code) {
  if (auto card = core::deck_card_number(core::action_deck_prefix, code)) {
    if (step_ == Step::orders) return card_scanned(*card);
    if (step_ == Step::scanning) return refuse("An action card: scan the players' badges, then Ctrl+N, first");
    return refuse("Not now: the shooting is over, or a choice or a torn bystander is awaited");
  }
  if (step_ == Step::sacrifices && !choosing_.empty())
    return refuse(wxString::FromUTF8(choosing_ + " chooses first: Ctrl+K kill, Ctrl+W wound, Ctrl+D disable"));
  if (step_ == Step::sacrifices) return on_torn_card(code);
  if (step_ != Step::scanning)
    return refuse("The players are set: type orders and cards (a scan here is a torn bystander when offered)");
  if (static_cast<int>(names_.size()) == max_players)
    return refuse(wxString::Format("This screen takes %d players at most", max_players));
  Lookup who = backend_.character(code);
  if (!who.found) return refuse("Refused: " + wxString::FromUTF8(who.refusal));
  std::string why;
  if (!session_->add_participant("participants", code, who.data, why))
    return refuse("Refused: " + wxString::FromUTF8(why));
  names_.push_back(who.data["name"]);
  show_players();
  if (names_.size() < 3)
    say(wxString::Format("%zu in: scan more players (a shootout is 3 or more; 2 with an ambush: Ctrl+A)",
                         names_.size()));
  else
    say(wxString::Format("%zu in: scan more, or Ctrl+N to start the shooting (Ctrl+A: the last one ambushes)",
                         names_.size()));
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
    say(wxString::FromUTF8(who + (ambushers_.count(who) ? " lies in ambush: a free round first" : " does not ambush") +
                           ". Scan more, or Ctrl+N"));
    return true;
  }
  if ((key == 'K' || key == 'W' || key == 'D') && step_ == Step::sacrifices && !choosing_.empty()) {
    Json& action = open_round()["actions"][choosing_];
    action["choice_at_13"] = key == 'K' ? "kill" : key == 'W' ? "wound" : "disable";
    SessionOutcome next = session_->resolve();
    if (!next.ok) {
      action.erase("choice_at_13");
      refuse("Refused: " + wxString::FromUTF8(next.error));
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
  if (names_.size() < (ambushers_.empty() ? 3u : 2u))
    return refuse(ambushers_.empty() ? "A shootout is 3 or more players (2 with an ambush): scan another badge"
                                     : "Scan the one they ambush");
  if (ambushers_.size() >= names_.size())
    return refuse("Everyone is an ambusher: someone must be ambushed (Ctrl+A again undoes the last one)");
  session_->input()["rounds"] = Json::array();
  if (!ambushers_.empty()) session_->input()["ambushers"] = Json(std::vector<std::string>(ambushers_.begin(), ambushers_.end()));
  step_ = Step::orders;
  show_players();
  say(ambushers_.empty() ? "Round 1: type each player's order and the card they drew, then Enter"
                         : "The ambush: only the ambushers act in this free round. Their orders and cards, Enter");
  focus_first_enabled(order_);
}

void ShootoutPage::show_players() {
  for (int i = 0; i < max_players; ++i) {
    bool used = i < static_cast<int>(names_.size());
    for (wxWindow* w : std::initializer_list<wxWindow*>{player_[i], order_[i], meaning_[i], card_[i]}) w->Show(used);
    if (!used) continue;
    const Json& s = player_state(last_, *session_, names_, static_cast<std::size_t>(i));
    int accuracy = std::max(0, s["accuracy"].get<int>() - (s.value("wounded", false) ? 1 : 0));
    std::string state = s.value("dead", false)               ? ", DEAD"
                        : s.value("escaped", false)           ? ", ESCAPED"
                        : s.value("shot_out_of_fight", false) ? ", OUT"
                        : s.value("wounded", false)           ? ", wounded"
                                                              : "";
    player_[i]->SetLabel(wxString::FromUTF8(fmt::format("{}. {}", i + 1, names_[i])));
    stats_[i] = fmt::format("Acc {}, {} bystanders{}", accuracy, s.value("bystanders", Json::array()).size(), state);
    show_meaning(i);  // a scan typed into the field and taken back out leaves no trace
    bool acting = step_ == Step::orders && !out_of_it(s) && (!ambush_round() || ambushers_.count(names_[i]));
    if (ambushers_.count(names_[i])) player_[i]->SetLabel(player_[i]->GetLabel() + "  (ambush)");
    order_[i]->Enable(acting);
    card_[i]->Enable(acting);
  }
  Layout();
}

std::string ShootoutPage::bystander_words(const std::string& code) {
  // Asked once a conflict (a result is drawn again and again), never while the ledger is out of
  // reach: a request then would cost its timeout on the window's thread.
  if (auto known = bystander_names_.find(code); known != bystander_names_.end()) return known->second;
  if (!backend_.online()) return "card " + code;
  Lookup card = backend_.card(code);
  if (!card.found || !card.data.contains("title")) return "card " + code;
  std::string words = "\"" + card.data["title"].get<std::string>() + "\"";
  // Whose it is: the character holding it (a bystander's owner, when the card names one).
  const char* whose = card.data.contains("owner") ? "owner" : card.data.contains("holder") ? "holder" : nullptr;
  if (whose) words += ", " + card.data[whose].get<std::string>() + "'s";
  bystander_names_[code] = words;
  return words;
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
  std::string meaning = typed.empty() ? "" : order ? describe_order(*order, names_) : "? (see the orders above)";
  meaning_[row]->SetForegroundColour(order || typed.empty() ? ui::ink : ui::refusal_red);
  meaning_[row]->SetLabel(wxString::FromUTF8(stats_[row] + (meaning.empty() ? "" : "\n" + meaning)));
  update_odds();
}

std::string ShootoutPage::odds_text() {
  if (step_ != Step::orders) return "";
  std::string text;
  const bool ambush = ambush_round();
  for (int i = 0; i < static_cast<int>(names_.size()); ++i) {
    const Json& s = player_state(last_, *session_, names_, static_cast<std::size_t>(i));
    if (out_of_it(s) || (ambush && !ambushers_.count(names_[i]))) continue;
    std::string why;
    auto order = parse_shootout_order(order_[i]->GetValue().ToStdString(), i, names_, why);
    if (!order || order->kind != ShootoutOrder::Kind::shoot) continue;
    int accuracy = std::max(0, s["accuracy"].get<int>() - (s.value("wounded", false) ? 1 : 0));
    Json o = protocol::odds("shot", {{"accuracy", accuracy}}, rng_);
    const Json& p = o[order->not_to_kill ? "not_to_kill" : "odds"];
    text += fmt::format("{}{} at {}: wound {:.0f}%, kill {:.0f}%, 13+ {:.0f}%, miss or nick {:.0f}%",
                        text.empty() ? "Odds: " : ".  ", names_[i], names_[static_cast<std::size_t>(order->target)],
                        100 * p["wounded"].get<double>(), 100 * p["dead"].get<double>(),
                        100 * p["shooters_choice"].get<double>(),
                        100 * (p["miss"].get<double>() + p["nicked"].get<double>()));
  }
  return text;
}

void ShootoutPage::fire() {
  if (step_ != Step::orders) return;
  Json actions = Json::object(), cards = Json::object(), escapes = Json::array();
  core::RoundDeck deck({}, &rng_, nullptr);
  const bool ambush = ambush_round();
  for (int i = 0; i < static_cast<int>(names_.size()); ++i) {
    if (out_of_it(player_state(last_, *session_, names_, static_cast<std::size_t>(i)))) continue;
    if (ambush && !ambushers_.count(names_[i])) continue;  // the ambushed do not act in the free round
    std::string why;
    auto order = parse_shootout_order(order_[i]->GetValue().ToStdString(), i, names_, why);
    if (!order) {
      order_[i]->SetFocus();
      return refuse(wxString::FromUTF8(why));
    }
    if (order->kind == ShootoutOrder::Kind::escape) {
      escapes.push_back(names_[i]);
      continue;
    }
    actions[names_[i]] = order_action(*order, names_);
    if (order->kind != ShootoutOrder::Kind::shoot) continue;  // cover and pin draw no card
    if (station_draws()) {
      cards[names_[i]] = deck.card_for(i);
    } else if (auto card = typed_card(card_[i], names_[i])) {
      cards[names_[i]] = *card;
    } else {
      return;
    }
  }
  Json round{{"actions", actions}, {"cards", cards}, {"sacrifices", Json::array()}};
  if (!escapes.empty()) round["escape"] = escapes;
  Json& rounds = session_->input()["rounds"];
  if (!escapes.empty()) {
    // Escapes that leave nobody to fight end it before any shot: the round is the escape alone.
    rounds.push_back({{"escape", escapes}});
    SessionOutcome only = session_->resolve();
    if (only.ok && only.resolution["result"]["over"].get<bool>()) {
      last_ = only;
      for (int i = 0; i < max_players; ++i) card_[i]->ChangeValue("");
      set_result(wxString::FromUTF8(fmt::format("{} escape{}: nobody is left to fight",
                                                         fmt::join(escapes.get<std::vector<std::string>>(), " and "),
                                                         escapes.size() == 1 ? "s" : "")));
      return finish_round();
    }
    rounds.erase(rounds.size() - 1);
  }
  rounds.push_back(round);
  SessionOutcome o = session_->resolve();
  if (!o.ok) {
    rounds.erase(rounds.size() - 1);
    return refuse("Refused: " + wxString::FromUTF8(o.error));
  }
  last_ = o;
  declined_.clear();
  chosen_.clear();
  step_ = Step::sacrifices;
  for (int i = 0; i < max_players; ++i) card_[i]->ChangeValue("");
  offer_next();
}

std::vector<ShootoutPage::Offer> ShootoutPage::open_offers(const Json& resolution) const {
  std::vector<Offer> offers;
  const Json& step = resolution["steps"].back();
  const Json& people = resolution["result"]["participants"];
  for (const auto& s : step["shots"]) {
    if (!s.value("bystander_allowed", false) || s.contains("bystander")) continue;
    std::string shooter = s["shooter"], target = s["target"];
    if (declined_.count(shooter + ">" + target)) continue;
    for (const auto& p : people)
      if (p["name"] == target && !p["bystanders"].empty())
        offers.push_back({shooter, target, s["result"], s["total"].get<int>()});
  }
  return offers;
}

void ShootoutPage::offer_next() {
  offers_ = open_offers(last_.resolution);
  std::string text;
  for (const auto& s : last_.resolution["steps"].back()["shots"]) {
    bool pending = std::any_of(offers_.begin(), offers_.end(), [&](const Offer& o) {
      return o.shooter == s["shooter"] && o.target == s["target"];
    });
    if (s["result"] == "shooters_choice" && !chosen_.count(s["shooter"].get<std::string>()))
      text += fmt::format("{} fires at {}: {} + {} = {}: 13 or more, the shooter chooses\n", s["shooter"].get<std::string>(),
                          s["target"].get<std::string>(), s["card"].get<int>(), s["accuracy"].get<int>(),
                          s["total"].get<int>());
    else
      text += shot_line(s, pending, [this](const std::string& code) { return bystander_words(code); }) + "\n";
  }
  set_result(wxString::FromUTF8(text));
  // A shot of 13 or more: its shooter chooses first (no bystander can take it).
  choosing_.clear();
  for (const auto& s : last_.resolution["steps"].back()["shots"])
    if (s["result"] == "shooters_choice" && !chosen_.count(s["shooter"].get<std::string>())) {
      choosing_ = s["shooter"];
      return show_instruction(wxString::FromUTF8(fmt::format("13 or more! {} chooses what happens to {}: Ctrl+K kill, "
                                                             "Ctrl+W wound, Ctrl+D disable (shot out of the fight)",
                                                             choosing_, s["target"].get<std::string>())),
                              ui::provisional_amber);
    }
  if (offers_.empty()) return finish_round();
  const Offer& o = offers_.front();
  show_instruction(wxString::FromUTF8(fmt::format(
                       "{} may tear an innocent bystander for {}'s shot ({}: {}). Scan the torn card, or Ctrl+T to "
                       "take the bullet",
                       o.target, o.shooter, o.total, o.result == "dead" ? "dead" : "wounded")),
                   ui::provisional_amber);
}

void ShootoutPage::on_torn_card(const std::string& code) {
  if (offers_.empty()) return refuse("No bystander is asked for now");
  const Offer o = offers_.front();
  core::ParsedCardCode parsed = core::parse_card_code(code);
  if (!parsed.ok()) return refuse("Not a card code: " + wxString::FromUTF8(std::string(core::describe(parsed.problem))));
  bool held = false;
  for (const auto& p : last_.resolution["result"]["participants"])
    if (p["name"] == o.target)
      for (const auto& b : p["bystanders"]) held = held || b == parsed.code;
  if (!held)
    return refuse(wxString::FromUTF8("Refused: " + parsed.code + " is not one of " + o.target +
                                     "'s innocent bystanders. Scan one of theirs, or Ctrl+T"));
  Json& sacrifices = open_round()["sacrifices"];
  sacrifices.push_back({{"shooter", o.shooter}, {"target", o.target}, {"card", parsed.code}});
  SessionOutcome next = session_->resolve();
  if (!next.ok) {
    sacrifices.erase(sacrifices.size() - 1);
    return refuse("Refused: " + wxString::FromUTF8(next.error));
  }
  last_ = next;
  offer_next();
}

void ShootoutPage::finish_round() {
  show_players();
  const Json& result = last_.resolution["result"];
  if (result["over"].get<bool>()) {
    step_ = Step::done;
    show_players();
    return record();
  }
  step_ = Step::orders;
  // Orders carry over to the next round, but never at someone who is out of it (dead,
  // escaped, shot out): that order is cleared for the GM to give a new one.
  std::vector<std::string> to_give;
  for (int i = 0; i < static_cast<int>(names_.size()); ++i) {
    std::string why;
    auto order = parse_shootout_order(order_[i]->GetValue().ToStdString(), i, names_, why);
    if (!order || order->target < 0 || out_of_it(player_state(last_, *session_, names_, static_cast<std::size_t>(i))))
      continue;
    if (out_of_it(player_state(last_, *session_, names_, static_cast<std::size_t>(order->target)))) {
      order_[i]->ChangeValue("");
      to_give.push_back(names_[static_cast<std::size_t>(i)]);
    }
  }
  show_players();
  // The engine numbers an ambush's free round 0.
  const std::size_t round = session_->input()["rounds"].size() + (ambushers_.empty() ? 1 : 0);
  if (to_give.empty()) {
    say(wxString::Format("Round %zu: orders (kept from the last round) and cards, Enter.  Ctrl+S: everyone stops", round));
    focus_first_enabled(card_);
  } else {
    say(wxString::FromUTF8(fmt::format("Round {}: a new order for {} (the last one's target is out of it); the others are "
                                       "kept. Then cards, Enter",
                                       round, fmt::join(to_give, " and "))));
    for (int i = 0; i < static_cast<int>(names_.size()); ++i)
      if (order_[i]->IsEnabled() && order_[i]->GetValue().empty()) {
        order_[i]->SetFocus();
        break;
      }
  }
}

void ShootoutPage::everyone_stops() {
  if (step_ == Step::sacrifices) return refuse("Settle the bystanders first: scan the torn card or Ctrl+T");
  if (step_ != Step::orders || session_->input()["rounds"].empty()) return;
  session_->input()["stop"] = true;
  step_ = Step::done;
  show_players();
  record();
}

void ShootoutPage::record() {
  SessionOutcome o = session_->resolve();
  if (!o.ok) return refuse("Refused: " + wxString::FromUTF8(o.error));
  last_ = o;
  const Json& result = o.resolution["result"];
  std::string text = result_text().ToStdString(wxConvUTF8);
  text += "\nTHE SHOOTING IS OVER\n";
  for (const auto& p : result["participants"]) {
    std::string fate = p.value("dead", false)                ? "dead"
                       : p.value("escaped", false)           ? "escaped"
                       : p.value("shot_out_of_fight", false) ? "shot out of the fight"
                       : p.value("wounded", false)           ? "wounded"
                                                             : "unhurt";
    text += p["name"].get<std::string>() + ": " + fate + "\n";
  }
  if (!result["arrestable"].empty()) {
    std::vector<std::string> names = result["arrestable"].get<std::vector<std::string>>();
    text += fmt::format("Arrestable by a Lawman: {}\n", fmt::join(names, ", "));
  }
  set_result(wxString::FromUTF8(text));
  show_record(backend_.record("conflict_resolved", session_->record_payload(o)), "shootout");
}

}  // namespace marshal::gm
