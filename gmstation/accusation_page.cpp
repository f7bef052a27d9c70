#include "gmstation/accusation_page.h"

#include "core/card_code.h"

#include <fmt/format.h>

#include "core/action_deck.h"
#include "protocol/odds_json.h"
#include "protocol/spent_words.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::utf8;
using ui::wx_tr;

namespace {

// "Refused: " and why, in the words of the ledger, the rules or the station.
wxString accusation_refusal(const std::string& why) {
  // TRANSLATORS: {} says why, in the ledger's or the rules' words.
  return utf8(fmt::format(fmt::runtime(tr("Refused: {}")), why));
}

// A card scanned where the accused's trick was wanted, by its kind (the ledger's word).
wxString not_a_trick_words(const std::string& kind) {
  if (kind == "badge") return wx_tr("Refused: that is a badge card, not a trick");
  if (kind == "bystander") return wx_tr("Refused: that is a bystander card, not a trick");
  if (kind == "horse") return wx_tr("Refused: that is a horse card, not a trick");
  if (kind == "secret") return wx_tr("Refused: that is a secret card, not a trick");
  if (kind == "power") return wx_tr("Refused: that is a power card, not a trick");
  if (kind == "token") return wx_tr("Refused: that is a token card, not a trick");
  // TRANSLATORS: {} is a card's kind as the ledger names it (an English word).
  return utf8(fmt::format(fmt::runtime(tr("Refused: that is a {} card, not a trick")), kind));
}

}  // namespace

AccusationPage::AccusationPage(wxWindow* parent, LedgerAsker& asker)
    // TRANSLATORS: a screen's title, in capitals.
    : ConflictPage(parent, wx_tr("CHEATING ACCUSATION"), asker), backend_(asker.backend()) {
  who_ = new wxStaticText(this, wxID_ANY, "");
  who_->SetFont(ui::font(15, true));
  inputs_->Add(who_, 0, wxALL | wxEXPAND, 8);
  auto* cards = new wxFlexGridSizer(2, 2, 6, 18);
  // TRANSLATORS: A is the Ace's letter on the cards (as "A" is translated).
  const wxString labels[2] = {wx_tr("Accuser's card (A, 2-10)"), wx_tr("Accused's card")};
  for (int i = 0; i < 2; ++i) {
    auto* label = new wxStaticText(this, wxID_ANY, labels[i]);
    label->SetFont(ui::font(ui::body_points));
    card_[i] = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(130, -1), wxTE_PROCESS_ENTER);
    card_[i]->SetFont(ui::font(16));
    card_[i]->Bind(wxEVT_TEXT_ENTER, &AccusationPage::on_go, this);
    cards->Add(label, 0, wxALIGN_CENTER_VERTICAL);
    cards->Add(card_[i]);
  }
  inputs_->Add(cards, 0, wxALL, 10);
  auto* row = new wxWrapSizer(wxHORIZONTAL);  // as many lines as the page's width needs
  add_virtual_draw_toggle(row);
  auto* go = new wxButton(this, wxID_ANY, wx_tr("Draw  (Enter)"));
  go->SetFont(ui::font(14, true));
  go->Bind(wxEVT_BUTTON, &AccusationPage::on_go, this);
  row->Add(go, 0);
  inputs_->Add(row, 0, wxALL | wxEXPAND, 8);
  add_odds_toggle(row, [this] { return odds_text(); });
  result_ = add_result_area(17);
  start();
}

void AccusationPage::start() {
  open_screen();
  session_ = std::make_unique<ConflictSession>("accusation", event_options(backend_));
  step_ = Step::accused;
  recorded_seq_ = 0;
  accused_.clear();
  accuser_.clear();
  for (auto* c : card_) {
    c->Clear();
    c->SetBackgroundColour(*wxWHITE);
  }
  who_->SetLabel("");
  set_result("");
  show_prompt(wx_tr("Scan the badge of the player accused of cheating"));
}

void AccusationPage::start_from_trick(const std::string& holder_badge, const std::string& trick) {
  // The trick is asked once the holder's answer is in (on a ledger server it comes later).
  ask_character(holder_badge, [this, holder_badge, trick](const Lookup& who) {
    took_person(holder_badge, who);
    if (step_ == Step::trick) ask_card(trick, [this, trick](const Lookup& card) { took_trick(trick, card); });
  });
}

void AccusationPage::on_scan(const std::string& code) {
  if (auto card = core::deck_card_number(core::action_deck_prefix, code)) {
    if (step_ == Step::draw) return card_scanned(*card);
    if (step_ == Step::done) return refuse(wx_tr("The accusation is settled: Esc, or a new F-key, for the next"));
    return refuse(wx_tr("An action card: scan the accused, the trick and the accuser first"));
  }
  if (step_ == Step::accused || step_ == Step::accuser)
    ask_character(code, [this, code](const Lookup& who) { took_person(code, who); });
  else if (step_ == Step::trick)
    ask_card(code, [this, code](const Lookup& trick) { took_trick(code, trick); });
  else
    refuse(wx_tr("The players are set: Esc to start again"));
}

void AccusationPage::took_person(const std::string& code, const Lookup& who) {
  if (step_ != Step::accused && step_ != Step::accuser) return;
  if (!who.found) return refuse(accusation_refusal(who.refusal));
  std::string why;
  if (!session_->add_participant(step_ == Step::accused ? "accused_list" : "accuser_list", code, who.data, why))
    return refuse(accusation_refusal(why));
  if (step_ == Step::accused) {
    accused_ = who.data["name"];
    step_ = Step::trick;
    // TRANSLATORS: {} is the accused, who flipped the trick.
    show_prompt(utf8(fmt::format(fmt::runtime(tr("Scan the trick {} flipped")), accused_)));
  } else {
    accuser_ = who.data["name"];
    step_ = Step::draw;
    update_odds();
    // TRANSLATORS: the accuser, then the accused.
    show_prompt(utf8(fmt::format(fmt::runtime(tr("Both draw and add Gambling: scan {}'s card (the accuser), then {}'s (or type "
                                         "them, Enter)")),
                         accuser_, accused_)));
    mark_waiting_card({card_[0], card_[1]});
  }
  show_players();
}

void AccusationPage::took_trick(const std::string& code, const Lookup& trick) {
  if (step_ != Step::trick) return;
  if (!trick.found) return refuse(accusation_refusal(trick.refusal));
  if (trick.data["kind"] != "trick") return refuse(not_a_trick_words(trick.data["kind"].get<std::string>()));
  if (trick.data.value("holder", "") != accused_)
    // TRANSLATORS: {} is the accused.
    return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: that trick is not held by {}")), accused_)));
  // A trick played before (F3 after it was played at home) may be accused once.
  if (trick.data.value("spent", false) && !protocol::played_not_accused(trick.data)) {
    const std::string when = protocol::spent_when_words(trick.data);
    // TRANSLATORS: {} says when and where: "at 21:14 at saloon-gm".
    return refuse(when.empty() ? wx_tr("Refused: that trick was already played this evening")
                               : utf8(fmt::format(fmt::runtime(tr("Refused: that trick was already played this evening, {}")),
                                                  when)));
  }
  session_->set_trick(code, trick.data);
  step_ = Step::accuser;
  show_prompt(wx_tr("Scan the accuser's badge"));
  show_players();
}

void AccusationPage::show_players() {
  const std::string accused = accused_.empty() ? "?" : accused_, accuser = accuser_.empty() ? "?" : accuser_;
  who_->SetLabel(utf8(
      session_->input().contains("trick")
          // TRANSLATORS: the accused, the trick's hand (its title), then the accuser.
          ? fmt::format(fmt::runtime(tr("Accused: {}   (trick: {})\nAccuser: {}")), accused,
                        session_->input()["trick"]["hand"].get<std::string>(), accuser)
          // TRANSLATORS: the accused, then the accuser ("?" while not scanned yet).
          : fmt::format(fmt::runtime(tr("Accused: {}\nAccuser: {}")), accused, accuser)));
  Layout();
}

std::string AccusationPage::odds_text() {
  if (accuser_.empty() || accused_.empty()) return "";
  try {
    Json o = protocol::odds("accusation",
                            {{"accuser", session_->character(accuser_)}, {"accused", session_->character(accused_)}}, rng_);
    // The odds name their outcomes in English (protocol/odds_json.h): a key, not words.
    const std::string loses = accused_ + " loses a bystander";  // i18n: not words
    // TRANSLATORS: the odds that the trick is opened, then that the accused loses a bystander.
    return fmt::format(fmt::runtime(tr("Odds: the trick is opened {:.0f}%. If it is a cheat, {} loses a bystander "
                                       "{:.0f}%; a skill trick always costs the accuser one.")),
                       100 * o["trick_opened"].get<double>(), accused_, 100 * o["if_cheat"][loses].get<double>());
  } catch (const std::exception& e) {
    // TRANSLATORS: {} says why, in the rules' words.
    return fmt::format(fmt::runtime(tr("No odds: {}")), e.what());
  }
}

void AccusationPage::card_scanned(int value) {
  if (station_draws())
    return refuse(wx_tr("The station draws the cards (the box is ticked): untick it to scan the table's cards"));
  if (fill_next_card({card_[0], card_[1]}, value) < 2)
    return show_prompt(utf8(fmt::format(fmt::runtime(tr("Now {}'s card")), accused_)));
  wxCommandEvent go;
  on_go(go);
}

void AccusationPage::on_go(wxCommandEvent&) {
  if (step_ != Step::draw) return;
  Json& input = session_->input();
  // The two people were collected in one-person lists: the accusation's form wants objects.
  input["accuser"] = input["accuser_list"][0];
  input["accused"] = input["accused_list"][0];
  Json cards = Json::object();
  const std::string names[2] = {accuser_, accused_};
  core::RoundDeck deck({}, &rng_, nullptr);
  for (int i = 0; i < 2; ++i) {
    if (station_draws()) {
      cards[names[i]] = deck.card_for(i);
    } else if (auto card = typed_card(card_[i], names[i])) {
      cards[names[i]] = *card;
    } else {
      return;
    }
  }
  input["cards"] = cards;
  Json lists{input["accuser_list"], input["accused_list"]};
  input.erase("accuser_list");
  input.erase("accused_list");
  SessionOutcome o = session_->resolve(&rng_);  // the random bystander is the station's pick
  if (!o.ok) {
    input["accuser_list"] = lists[0];
    input["accused_list"] = lists[1];
    return refuse(accusation_refusal(o.error));
  }
  const Json& r = o.resolution["result"];
  std::string text;
  const Json& totals = o.resolution["steps"][0]["totals"];
  // TRANSLATORS: the accuser and their total, then the accused and theirs.
  text += fmt::format(fmt::runtime(tr("{} {} against {} {}")), accuser_, totals[accuser_].get<int>(), accused_,
                      totals[accused_].get<int>()) +
          "\n";
  text += (r["opened"].get<bool>() ? r["revealed"].get<std::string>() == "cheat" ? tr("The trick is opened: CHEAT")
                                                                                 : tr("The trick is opened: SKILL")
                                   : tr("The accuser is not higher: the trick stays folded")) +
          "\n";
  const std::string loser = r["loser"];
  step_ = Step::done;
  for (auto* c : card_) c->SetBackgroundColour(*wxWHITE);  // nothing waits for a card now
  auto show_result = [this, text, loser, r](const Lookup& card) {
    std::string result = text;
    if (r["bystander_lost"].is_null())
      // TRANSLATORS: {} is who lost the accusation.
      result += fmt::format(fmt::runtime(tr("{} would lose a bystander but has none left")), loser);
    else
      // TRANSLATORS: who lost the accusation, then the title of the bystander card to hand over.
      result += fmt::format(fmt::runtime(tr("{} loses an innocent bystander: hand \"{}\" to the GM")), loser,
                            card.found ? card.data["title"].get<std::string>() : r["bystander_lost"].get<std::string>());
    set_result(wxString::FromUTF8(result));
  };
  // The bystander's title, then the record: answered in this order.
  if (r["bystander_lost"].is_null()) show_result(Lookup{});
  else ask_card(r["bystander_lost"].get<std::string>(), show_result);
  ask_record("conflict_resolved", session_->record_payload(o), [this](const RecordOutcome& outcome) {
    show_record(outcome, "accusation");
    Layout();
  });
}

}  // namespace marshal::gm
