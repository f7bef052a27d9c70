#include "gmstation/actions_page.h"

#include <fmt/format.h>

#include "ui/theme.h"

namespace marshal::gm {

ActionsPage::ActionsPage(wxWindow* parent, StationBackend& backend)
    : ConflictPage(parent, "GM ACTIONS"), backend_(backend) {
  who_ = new wxStaticText(this, wxID_ANY, "");
  who_->SetFont(ui::font(16, true));
  auto* keys = new wxStaticText(this, wxID_ANY,
                                "Ctrl+H  heal a wound (then the Doctor's badge)     Ctrl+D  dock a random bystander\n"
                                "Ctrl+B  bestow a new bystander (type its name; the card is printed)\n"
                                "Ctrl+A  arrest (then the Lawman's badge)     Ctrl+J  jail     Ctrl+R  release\n"
                                "Horses (then scan the horse):  Ctrl+S  sold to them   Ctrl+T  they steal it\n"
                                "   Ctrl+L  they borrow it (a Lawman)   Ctrl+U  back to its owner\n"
                                "Ctrl+G  they give a secret (the secret card, then the receiver's badge)\n"
                                "Ctrl+I  re-issue a lost or damaged card (scan it; the new one is printed)\n"
                                "Ctrl+V  the Mayor calls a vote (type the office; ballots close in 15 minutes)\n"
                                "Ctrl+K  the Mayor counts it once closed   Ctrl+O  a Judge overrides the Mayor's call");
  keys->SetFont(ui::font(ui::body_points));
  name_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(420, -1), wxTE_PROCESS_ENTER);
  name_->SetFont(ui::font(15));
  name_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { on_name_entered(); });
  inputs_->Add(who_, 0, wxALL | wxEXPAND, 8);
  inputs_->Add(keys, 0, wxALL, 8);
  inputs_->Add(name_, 0, wxALL, 8);
  result_ = add_result_area(15);
  start();
}

void ActionsPage::start() {
  open_screen();
  waiting_ = Waiting::character;
  badge_.clear();
  recorded_seq_ = 0;
  who_->SetLabel("");
  name_->Hide();
  set_result("");
  say("Scan the badge of the character to act on");
}

void ActionsPage::show_character() {
  Lookup who = backend_.character(badge_);
  if (!who.found) return;
  const Json& v = who.data;
  who_->SetLabel(wxString::FromUTF8(fmt::format("{}{}{}{}  ·  bystanders left: {}", v["name"].get<std::string>(),
                                                v.value("dead", false) ? "  DEAD" : "",
                                                v.value("wounded", false) ? "  wounded" : "",
                                                v.value("jailed", false)     ? "  in jail"
                                                : v.value("arrested", false) ? "  arrested"
                                                                             : "",
                                                v.value("bystanders_left", 0))));
  Layout();
}

void ActionsPage::on_scan(const std::string& code) {
  switch (waiting_) {
    case Waiting::doctor:
      return record("wound_healed", {{"character", badge_}, {"doctor", code}}, "The wound is healed");
    case Waiting::lawman: return record("arrested", {{"character", badge_}, {"lawman", code}}, "Arrested");
    case Waiting::horse: {
      Json payload{{"horse", code}};
      if (horse_action_ != "horse_returned")
        payload[horse_action_ == "horse_sold" ? "to" : horse_action_ == "horse_stolen" ? "by" : "lawman"] = badge_;
      if (horse_action_ == "horse_sold") {
        // The seller is the horse's holder, as the ledger knows it: the ledger then checks the
        // seller owns it, holds it and is alive.
        Lookup horse = backend_.card(code);
        if (horse.found && horse.data.contains("holder_badge")) payload["from"] = horse.data["holder_badge"];
      }
      return record(horse_action_, payload,
                    horse_action_ == "horse_sold"       ? "Sold: the horse card goes to its new owner"
                    : horse_action_ == "horse_stolen"   ? "Stolen: hand the horse card to the thief"
                    : horse_action_ == "horse_borrowed" ? "Borrowed by the Lawman: to be returned"
                                                        : "The horse is back with its owner");
    }
    case Waiting::secret:
      secret_ = code;
      waiting_ = Waiting::secret_receiver;
      return say("Scan the badge of the one who receives the secret");
    case Waiting::secret_receiver:
      return record("secret_given", {{"secret", secret_}, {"from", badge_}, {"to", code}},
                    "Given: hand the secret card over");
    case Waiting::reissue: return record("card_reissued", {{"card", code}}, "Re-issued");
    default: break;
  }
  Lookup who = backend_.character(code);
  if (!who.found) return refuse("Refused: " + wxString::FromUTF8(who.refusal));
  badge_ = code;
  waiting_ = Waiting::action;
  recorded_seq_ = 0;
  if (name_->IsShown()) {
    name_->Hide();
    focus_scan_field();
  }
  set_result("");
  show_character();
  say("Press the action's key (Ctrl + letter)");
}

bool ActionsPage::on_key(int key) {
  if (waiting_ == Waiting::character) return false;
  // While a name or an office is typed, Ctrl keys belong to the field (paste, select all).
  if (waiting_ == Waiting::bystander_name || waiting_ == Waiting::office || waiting_ == Waiting::count_call ||
      waiting_ == Waiting::override_call)
    return false;
  auto horse = [&](const char* type, const char* prompt) {
    horse_action_ = type;
    waiting_ = Waiting::horse;
    say(prompt);
    return true;
  };
  switch (key) {
    case 'H':
      waiting_ = Waiting::doctor;
      say("Scan the Doctor's badge");
      return true;
    case 'A':
      waiting_ = Waiting::lawman;
      say("Scan the Lawman's badge");
      return true;
    case 'B':
      return ask_for_text(Waiting::bystander_name, "the bystander's name, e.g. Mrs. Pruitt, the seamstress",
                          "Type the new bystander's name, Enter");
    case 'V': return ask_for_text(Waiting::office, "the office, e.g. Sheriff", "Type the office the vote is for, Enter");
    case 'K':
      return ask_for_text(Waiting::count_call, "the Mayor's call, or nothing for the most ballots",
                          "The Mayor's call (or just Enter: the most ballots win), Enter to count");
    case 'O': return ask_for_text(Waiting::override_call, "the Judge's call", "Type the Judge's call, Enter");
    case 'S': return horse("horse_sold", "Scan the horse card sold to them (it must be with its owner)");
    case 'T': return horse("horse_stolen", "Scan the horse card they steal");
    case 'L': return horse("horse_borrowed", "Scan the horse card the Lawman borrows");
    case 'U': return horse("horse_returned", "Scan the horse card going back to its owner");
    case 'G':
      waiting_ = Waiting::secret;
      say("Scan the secret card they give");
      return true;
    case 'I':
      waiting_ = Waiting::reissue;
      say("Scan the card to re-issue (its code stops working)");
      return true;
    case 'D': record("bystander_docked", {{"character", badge_}}, "Docked"); return true;
    case 'J': record("jailed", {{"character", badge_}}, "In jail"); return true;
    case 'R': record("released", {{"character", badge_}}, "Released"); return true;
    default: return false;
  }
}

bool ActionsPage::ask_for_text(Waiting what, const wxString& hint, const wxString& prompt) {
  waiting_ = what;
  name_->Clear();
  name_->SetHint(hint);
  name_->Show();
  Layout();
  name_->SetFocus();
  say(prompt);
  return true;
}

void ActionsPage::on_name_entered() {
  if (waiting_ != Waiting::bystander_name && waiting_ != Waiting::office && waiting_ != Waiting::count_call &&
      waiting_ != Waiting::override_call)
    return;
  bool vote = waiting_ == Waiting::office;
  std::string text = name_->GetValue().Strip(wxString::both).ToStdString(wxConvUTF8);
  if (waiting_ == Waiting::count_call) {
    name_->Hide();
    focus_scan_field();
    Json payload{{"character", badge_}};
    if (!text.empty()) payload["outcome"] = text;
    return record("vote_counted", payload, "Counted: the tally comes when the ledger is back");
  }
  if (text.empty())
    return refuse(vote                                    ? "Type the office first"
                  : waiting_ == Waiting::override_call ? "Type the Judge's call first"
                                                          : "Type the bystander's name first");
  name_->Hide();
  focus_scan_field();
  if (waiting_ == Waiting::override_call)
    return record("vote_overridden", {{"character", badge_}, {"outcome", text}},
                  wxString::FromUTF8("Overridden by the Judge: " + text));
  if (vote)
    record("vote_called", {{"character", badge_}, {"office", text}},
           wxString::FromUTF8("The vote for " + text + " is open: the ballots close in 15 minutes (see Timers)"));
  else
    record("bystander_bestowed", {{"character", badge_}, {"name", text}}, "Bestowed");
}

wxString ActionsPage::printed(const std::string& code, const std::string& what) {
  std::string why;
  auto file = backend_.print_card(code, why);
  if (!file) return wxString::FromUTF8(what + " " + code + ": not printed here (" + why + ")");
  return wxString::FromUTF8(what + " " + code + ", printed to\n" + *file + "\n(print at actual size)");
}

void ActionsPage::record(const std::string& type, const Json& payload, const wxString& done) {
  RecordOutcome r = backend_.record(type, payload);
  waiting_ = badge_.empty() ? Waiting::character : Waiting::action;
  show_record(r, "action");
  if (r.status == RecordOutcome::Status::refused) return;
  wxString text = done;
  const Json& pick = r.ledger.value("pick", Json());
  if (type == "bystander_docked" && pick.is_string()) {
    Lookup card = backend_.card(pick);
    text = wxString::FromUTF8("Docked: take the bystander card \"" +
                              (card.found ? card.data["title"].get<std::string>() : pick.get<std::string>()) + "\"");
  } else if (type == "bystander_docked" && r.status == RecordOutcome::Status::accepted) {
    text = "No bystander left to dock: recorded, nothing taken";
  } else if (type == "vote_counted" && r.ledger.contains("tally")) {
    std::string tally;
    for (const auto& t : r.ledger["tally"])
      tally += fmt::format("\n   {}: {}", t["candidate"].get<std::string>(), t["ballots"].get<std::int64_t>());
    text = wxString::FromUTF8(fmt::format("The vote for {}: {}\n{} ballot{} cast{}", r.ledger.value("office", ""),
                                          r.ledger.value("outcome", ""), r.ledger.value("ballots", 0),
                                          r.ledger.value("ballots", 0) == 1 ? "" : "s", tally));
  } else if (r.ledger.contains("code") && r.ledger["code"].is_string()) {
    text = printed(r.ledger["code"], type == "bystander_bestowed" ? "A new bystander card" : "The new card");
  } else if (r.status == RecordOutcome::Status::provisional && (type == "bystander_bestowed" || type == "card_reissued")) {
    text = done + ": the new code comes when the ledger is back; print it then";
  }
  set_result(text);
  show_character();
}

}  // namespace marshal::gm
