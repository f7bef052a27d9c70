// The shootout screen's rounds: a round fired, each shot as the table hears it, the shooter's
// choice at 13+, the innocent bystanders offered and torn, the next round's orders, and the
// record once it is over. The layout and the orders as typed are in shootout_page.cpp.
#include <algorithm>

#include <fmt/format.h>

#include "core/action_deck.h"
#include "core/card_code.h"
#include "gmstation/shootout_page.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

namespace {

// "Ann and Bob and Cy": names as one list.
std::string shootout_and_list(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& name : names)
    // TRANSLATORS: two names, or a list so far and one more name, joined: "Ann and Bob".
    out = out.empty() ? name : fmt::format(fmt::runtime(tr("{} and {}")), out, name);
  return out;
}

// What the shooter chose at 13 or more, as the result of the shot.
std::string shootout_choice_words(const std::string& choice) {
  if (choice == "kill") return tr("the shooter's choice at 13+: kill");
  if (choice == "wound") return tr("the shooter's choice at 13+: wound");
  if (choice == "disable") return tr("the shooter's choice at 13+: disable");
  // TRANSLATORS: {} is the shooter's choice as the rules name it.
  return fmt::format(fmt::runtime(tr("the shooter's choice at 13+: {}")), choice);
}

// One shot as the table hears it. `pending`: its target has not yet said whether a bystander
// takes it.
// `bystander` names a bystander card by its title and owner.
std::string shootout_shot_line(const Json& s, bool pending,
                               const std::function<std::string(const std::string&)>& bystander) {
  std::string result = s.contains("choice") ? shootout_choice_words(s["choice"].get<std::string>())
                                            : result_words(s["result"].get<std::string>());
  // TRANSLATORS: {0} fires at {1}: the card drawn + Accuracy = the total -> the result.
  std::string line = fmt::format(fmt::runtime(tr("{} fires at {}: {} + {} = {} -> {}")), s["shooter"].get<std::string>(),
                                 s["target"].get<std::string>(), s["card"].get<int>(), s["accuracy"].get<int>(),
                                 s["total"].get<int>(), result);
  const std::string target = s["target"].get<std::string>();
  if (s.contains("bystander"))
    // TRANSLATORS: {0} is a shot ("Ann fires at Bob: ..."); {1} names the bystander card.
    return fmt::format(fmt::runtime(tr("{}: an innocent bystander takes the bullet: {}")), line,
                       bystander(s["bystander"].get<std::string>()));
  // TRANSLATORS: {0} is a shot ("Ann fires at Bob: ..."); {1} is its target.
  if (pending) return fmt::format(fmt::runtime(tr("{}: {} is hit, unless a bystander takes it")), line, target);
  if (s["harm"] == "none") return line;
  // TRANSLATORS: {0} is a shot ("Ann fires at Bob: ..."); {1} is its target.
  if (s["harm"] == "disabled") return fmt::format(fmt::runtime(tr("{}: {} is shot out of the fight")), line, target);
  if (s["harm"] == "wounded") return fmt::format(fmt::runtime(tr("{}: {} is wounded")), line, target);
  if (s["harm"] == "dead") return fmt::format(fmt::runtime(tr("{}: {} is dead")), line, target);
  // TRANSLATORS: {0} is a shot; {1} its target; {2} the harm as the rules name it.
  return fmt::format(fmt::runtime(tr("{}: {} is {}")), line, target, s["harm"].get<std::string>());
}

}  // namespace

void ShootoutPage::fire() {
  if (step_ != Step::orders) return;
  Json actions = Json::object(), cards = Json::object(), escapes = Json::array();
  core::RoundDeck deck({}, &rng_, nullptr);
  const bool ambush = ambush_round();
  for (int i = 0; i < static_cast<int>(names_.size()); ++i) {
    if (out_of_it(state_of(static_cast<std::size_t>(i)))) continue;
    if (ambush && !ambushers_.count(names_[i])) continue;  // the ambushed do not act in the free round
    std::string why;
    auto order = parse_shootout_order(order_[i]->GetValue().ToStdString(), i, names_, why);
    if (!order) {
      order_[i]->SetFocus();
      return refuse(utf8(why));
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
      // TRANSLATORS: {} is who escapes: one name, or names joined ("Ann and Bob").
      set_result(utf8(fmt::format(fmt::runtime(trn("{} escapes: nobody is left to fight",
                                                    "{} escape: nobody is left to fight", escapes.size())),
                                  shootout_and_list(escapes.get<std::vector<std::string>>()))));
      return finish_round();
    }
    rounds.erase(rounds.size() - 1);
  }
  rounds.push_back(round);
  SessionOutcome o = session_->resolve();
  if (!o.ok) {
    rounds.erase(rounds.size() - 1);
    return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), o.error)));
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
      // TRANSLATORS: {0} fires at {1}: the card drawn + Accuracy = the total.
      text += fmt::format(fmt::runtime(tr("{} fires at {}: {} + {} = {}: 13 or more, the shooter chooses")),
                          s["shooter"].get<std::string>(), s["target"].get<std::string>(), s["card"].get<int>(),
                          s["accuracy"].get<int>(), s["total"].get<int>()) +
              "\n";
    else
      text += shootout_shot_line(s, pending, [this](const std::string& code) { return bystander_words(code); }) + "\n";
  }
  set_result(utf8(text));
  // A shot of 13 or more: its shooter chooses first (no bystander can take it).
  choosing_.clear();
  for (const auto& s : last_.resolution["steps"].back()["shots"])
    if (s["result"] == "shooters_choice" && !chosen_.count(s["shooter"].get<std::string>())) {
      choosing_ = s["shooter"];
      // TRANSLATORS: {0} is the shooter, {1} the target; K, W and D are the keys pressed with Ctrl.
      return show_instruction(utf8(fmt::format(fmt::runtime(tr("13 or more! {} chooses what happens to {}: Ctrl+K kill, "
                                                               "Ctrl+W wound, Ctrl+D disable (shot out of the fight)")),
                                               choosing_, s["target"].get<std::string>())),
                              ui::provisional_amber);
    }
  if (offers_.empty()) return finish_round();
  const Offer& o = offers_.front();
  // TRANSLATORS: {0} is the target, {1} the shooter, {2} the shot's total; T is the key pressed with Ctrl.
  show_instruction(utf8(fmt::format(fmt::runtime(o.result == "dead"
                                                     ? tr("{} may tear an innocent bystander for {}'s shot ({}: dead). "
                                                          "Scan the torn card, or Ctrl+T to take the bullet")
                                                     : tr("{} may tear an innocent bystander for {}'s shot ({}: wounded). "
                                                          "Scan the torn card, or Ctrl+T to take the bullet")),
                                    o.target, o.shooter, o.total)),
                   ui::provisional_amber);
}

void ShootoutPage::on_torn_card(const std::string& code) {
  if (offers_.empty()) return refuse(wx_tr("No bystander is asked for now"));
  const Offer o = offers_.front();
  core::ParsedCardCode parsed = core::parse_card_code(code);
  if (!parsed.ok())
    // TRANSLATORS: {} says what is wrong with the scanned code.
    return refuse(utf8(fmt::format(fmt::runtime(tr("Not a card code: {}")), std::string(core::describe(parsed.problem)))));
  bool held = false;
  for (const auto& p : last_.resolution["result"]["participants"])
    if (p["name"] == o.target)
      for (const auto& b : p["bystanders"]) held = held || b == parsed.code;
  if (!held)
    // TRANSLATORS: {0} is the scanned card's code, {1} the target; T is the key pressed with Ctrl.
    return refuse(utf8(fmt::format(
        fmt::runtime(tr("Refused: {} is not one of {}'s innocent bystanders. Scan one of theirs, or Ctrl+T")), parsed.code,
        o.target)));
  // The card's title and whose it is, for the round's lines, then the sacrifice.
  ask_card(parsed.code, [this, o, code = parsed.code](const Lookup& card) {
    name_bystander(code, card);
    if (offers_.empty() || offers_.front().shooter != o.shooter || offers_.front().target != o.target) return;
    Json& sacrifices = open_round()["sacrifices"];
    sacrifices.push_back({{"shooter", o.shooter}, {"target", o.target}, {"card", code}});
    SessionOutcome next = session_->resolve();
    if (!next.ok) {
      sacrifices.erase(sacrifices.size() - 1);
      return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), next.error)));
    }
    last_ = next;
    offer_next();
  });
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
    if (!order || order->target < 0 || out_of_it(state_of(static_cast<std::size_t>(i)))) continue;
    if (out_of_it(state_of(static_cast<std::size_t>(order->target)))) {
      order_[i]->ChangeValue("");
      to_give.push_back(names_[static_cast<std::size_t>(i)]);
    }
  }
  show_players();
  // The engine numbers an ambush's free round 0.
  const std::size_t round = session_->input()["rounds"].size() + (ambushers_.empty() ? 1 : 0);
  if (to_give.empty()) {
    // TRANSLATORS: {} is the round's number; S is the key pressed with Ctrl.
    show_prompt(utf8(fmt::format(fmt::runtime(tr("Round {}: orders (kept from the last round) and cards, Enter.  "
                                         "Ctrl+S: everyone stops")),
                         round)));
    focus_first_enabled(card_);
  } else {
    // TRANSLATORS: {0} is the round's number, {1} who needs a new order (names joined: "Ann and Bob").
    show_prompt(utf8(fmt::format(fmt::runtime(tr("Round {}: a new order for {} (the last one's target is out of it); the others "
                                         "are kept. Then cards, Enter")),
                         round, shootout_and_list(to_give))));
    for (int i = 0; i < static_cast<int>(names_.size()); ++i)
      if (order_[i]->IsEnabled() && order_[i]->GetValue().empty()) {
        order_[i]->SetFocus();
        break;
      }
  }
}

void ShootoutPage::everyone_stops() {
  if (step_ == Step::sacrifices) return refuse(wx_tr("Settle the bystanders first: scan the torn card or Ctrl+T"));
  if (step_ != Step::orders || session_->input()["rounds"].empty()) return;
  session_->input()["stop"] = true;
  step_ = Step::done;
  show_players();
  record();
}

void ShootoutPage::record() {
  SessionOutcome o = session_->resolve();
  if (!o.ok) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), o.error)));
  last_ = o;
  const Json& result = o.resolution["result"];
  std::string text = result_text().ToStdString(wxConvUTF8);
  text += "\n" + tr("THE SHOOTING IS OVER") + "\n";
  for (const auto& p : result["participants"]) {
    // TRANSLATORS: each player's fate once the shooting is over: "Ann: dead".
    std::string fate = p.value("dead", false)                ? tr("dead")
                       : p.value("escaped", false)           ? tr("escaped")
                       : p.value("shot_out_of_fight", false) ? tr("shot out of the fight")
                       : p.value("wounded", false)           ? tr("wounded")
                                                             : tr("unhurt");
    text += p["name"].get<std::string>() + ": " + fate + "\n";
  }
  if (!result["arrestable"].empty()) {
    std::vector<std::string> names = result["arrestable"].get<std::vector<std::string>>();
    // TRANSLATORS: {} is the names of those a Lawman may arrest, joined by commas.
    text += fmt::format(fmt::runtime(tr("Arrestable by a Lawman: {}")), fmt::join(names, ", ")) + "\n";
  }
  set_result(utf8(text));
  record_conflict(session_->record_payload(o), "shootout", [this, wounded = session_->newly_wounded(o)] {
    if (recorded()) ask_limbs(wounded);
  });
}

}  // namespace marshal::gm
