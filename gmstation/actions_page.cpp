#include "gmstation/actions_page.h"

#include <fmt/format.h>

#include "protocol/vote_words.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

ActionsPage::ActionsPage(wxWindow* parent, LedgerAsker& asker)
    // TRANSLATORS: the GM actions screen's title.
    : ConflictPage(parent, wx_tr("GM ACTIONS"), asker), backend_(asker.backend()) {
  who_ = new wxStaticText(this, wxID_ANY, "");
  who_->SetFont(ui::font(16, true));
  // TRANSLATORS: the screen's keys, pressed with Ctrl (Latin letters on any keyboard); keep the
  // lines as short: the screen is 1024 pixels wide.
  auto* keys = new wxStaticText(this, wxID_ANY,
                                wx_tr("Ctrl+H  heal a wound (then the Doctor's badge)\n"
                                      "Ctrl+W  the wound's limb (a digit)     Ctrl+D  dock a random bystander\n"
                                      "Ctrl+B  bestow a new bystander (type its name; the card is printed)\n"
                                      "Ctrl+A  arrest (then the Lawman's badge)     Ctrl+J  jail     Ctrl+R  release\n"
                                      "Horses (then scan the horse):  Ctrl+S  sold to them   Ctrl+T  they steal it\n"
                                      "   Ctrl+L  they borrow it (a Lawman)   Ctrl+U  back to its owner\n"
                                      "Ctrl+G  they give a secret (the secret card, then the receiver's badge)\n"
                                      "Ctrl+I  re-issue a lost or damaged card (scan it; the new one is printed)\n"
                                      "Ctrl+V  the Mayor calls a vote (type the office; ballots close in 15 minutes)\n"
                                      "Ctrl+K  the Mayor counts it once closed   Ctrl+O  a Judge overrides the call\n"
                                      "Promissory notes:  Ctrl+N  they pass one on   Ctrl+P  they pay one they owe"));
  keys->SetFont(ui::font(ui::body_points));
  name_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(420, -1), wxTE_PROCESS_ENTER);
  name_->SetFont(ui::font(15));
  name_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { on_name_entered(); });
  inputs_->Add(who_, 0, wxALL | wxEXPAND, 8);
  inputs_->Add(keys, 0, wxALL, 8);
  wrap_with_page(keys, [](int page_px) { return page_px - 16; });
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
  show_prompt(wx_tr("Scan the badge of the character to act on"));
}

void ActionsPage::show_character() {
  if (badge_.empty()) return;
  ask_character(badge_, [this](const Lookup& who) { show_character(who); });
}

void ActionsPage::show_character(const Lookup& who) {
  if (!who.found) return;
  const Json& v = who.data;
  // The name and what has befallen them, each after two spaces.
  std::string name = v["name"].get<std::string>();
  if (v.value("dead", false)) name += "  " + tr("DEAD");
  if (v.value("wounded", false)) name += "  " + tr("wounded");
  if (v.value("jailed", false)) name += "  " + tr("in jail");
  else if (v.value("arrested", false)) name += "  " + tr("arrested");
  // TRANSLATORS: {0} is a character's name and state ("Kid Calloway  wounded"); {1} a count.
  who_->SetLabel(utf8(fmt::format(fmt::runtime(tr("{}  ·  bystanders left: {}")), name, v.value("bystanders_left", 0))));
  Layout();
}

void ActionsPage::on_scan(const std::string& code) {
  switch (waiting_) {
    case Waiting::doctor:
      return record("wound_healed", {{"character", badge_}, {"doctor", code}}, wx_tr("The wound is healed"));
    case Waiting::lawman: return record("arrested", {{"character", badge_}, {"lawman", code}}, wx_tr("Arrested"));
    case Waiting::horse: {
      Json payload{{"horse", code}};
      if (horse_action_ != "horse_returned")
        payload[horse_action_ == "horse_sold" ? "to" : horse_action_ == "horse_stolen" ? "by" : "lawman"] = badge_;
      const wxString done = horse_action_ == "horse_sold"       ? wx_tr("Sold: the horse card goes to its new owner")
                            : horse_action_ == "horse_stolen"   ? wx_tr("Stolen: hand the horse card to the thief")
                            : horse_action_ == "horse_borrowed" ? wx_tr("Borrowed by the Lawman: to be returned")
                                                                : wx_tr("The horse is back with its owner");
      if (horse_action_ != "horse_sold") return record(horse_action_, payload, done);
      // The seller is the horse's holder, as the ledger knows it: the ledger then checks the
      // seller owns it, holds it and is alive.
      return ask_card(code, [this, payload, done](const Lookup& horse) mutable {
        if (horse.found && horse.data.contains("holder_badge")) payload["from"] = horse.data["holder_badge"];
        record("horse_sold", payload, done);
      });
    }
    case Waiting::secret:
      secret_ = code;
      waiting_ = Waiting::secret_receiver;
      return show_prompt(wx_tr("Scan the badge of the one who receives the secret"));
    case Waiting::secret_receiver:
      return record("secret_given", {{"secret", secret_}, {"from", badge_}, {"to", code}},
                    wx_tr("Given: hand the secret card over"));
    case Waiting::reissue: return record("card_reissued", {{"card", code}}, wx_tr("Re-issued"));
    case Waiting::note:
      note_ = code;
      waiting_ = Waiting::note_receiver;
      return show_prompt(wx_tr("Scan the badge of the one who receives the note"));
    case Waiting::note_receiver:
      return record("note_passed", {{"note", note_}, {"from", badge_}, {"to", code}},
                    wx_tr("Passed on: hand the note over"));
    case Waiting::note_paid:
      return record("note_paid", {{"note", code}, {"payer", badge_}}, wx_tr("Paid: the note is spent; take it back"));
    default: break;
  }
  ask_character(code, [this, code](const Lookup& who) { took_character(code, who); });
}

void ActionsPage::took_character(const std::string& code, const Lookup& who) {
  if (!who.found) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), who.refusal)));
  badge_ = code;
  waiting_ = Waiting::action;
  recorded_seq_ = 0;
  if (name_->IsShown()) {
    name_->Hide();
    focus_scan_field();
  }
  set_result("");
  show_character(who);
  show_prompt(wx_tr("Press the action's key (Ctrl + letter)"));
}

bool ActionsPage::on_key(int key) {
  if (waiting_ == Waiting::character) return false;
  // While a name or an office is typed, Ctrl keys belong to the field (paste, select all).
  if (waiting_ == Waiting::bystander_name || waiting_ == Waiting::office || waiting_ == Waiting::count_call ||
      waiting_ == Waiting::override_call)
    return false;
  auto horse = [&](const char* type, const wxString& prompt) {
    horse_action_ = type;
    waiting_ = Waiting::horse;
    show_prompt(prompt);
    return true;
  };
  switch (key) {
    case 'H':
      waiting_ = Waiting::doctor;
      show_prompt(wx_tr("Scan the Doctor's badge"));
      return true;
    case 'A':
      waiting_ = Waiting::lawman;
      show_prompt(wx_tr("Scan the Lawman's badge"));
      return true;
    case 'B':
      // TRANSLATORS: the hint shown in the empty field, then the prompt.
      return ask_for_text(Waiting::bystander_name, wx_tr("the bystander's name, e.g. Mrs. Pruitt, the seamstress"),
                          wx_tr("Type the new bystander's name, Enter"));
    case 'V':
      // TRANSLATORS: the hint shown in the empty field, then the prompt.
      return ask_for_text(Waiting::office, wx_tr("the office, e.g. Sheriff"), wx_tr("Type the office the vote is for, Enter"));
    case 'K':
      // TRANSLATORS: the hint shown in the empty field, then the prompt.
      return ask_for_text(Waiting::count_call, wx_tr("the Mayor's call, or nothing for the most ballots"),
                          wx_tr("The Mayor's call (or just Enter: the most ballots win), Enter to count"));
    case 'O':
      // TRANSLATORS: the hint shown in the empty field, then the prompt.
      return ask_for_text(Waiting::override_call, wx_tr("the Judge's call"), wx_tr("Type the Judge's call, Enter"));
    case 'S': return horse("horse_sold", wx_tr("Scan the horse card sold to them (it must be with its owner)"));
    case 'T': return horse("horse_stolen", wx_tr("Scan the horse card they steal"));
    case 'L': return horse("horse_borrowed", wx_tr("Scan the horse card the Lawman borrows"));
    case 'U': return horse("horse_returned", wx_tr("Scan the horse card going back to its owner"));
    case 'G':
      waiting_ = Waiting::secret;
      show_prompt(wx_tr("Scan the secret card they give"));
      return true;
    case 'N':
      waiting_ = Waiting::note;
      show_prompt(wx_tr("Scan the promissory note they pass on"));
      return true;
    case 'P':
      waiting_ = Waiting::note_paid;
      show_prompt(wx_tr("Scan the promissory note they pay"));
      return true;
    case 'I':
      waiting_ = Waiting::reissue;
      show_prompt(wx_tr("Scan the card to re-issue (its code stops working)"));
      return true;
    case 'W':
      ask_character(badge_, [this, badge = badge_](const Lookup& who) {
        if (!who.found) return;
        const std::string name = who.data["name"];
        // TRANSLATORS: {} is a character's name.
        if (!who.data.value("wounded", false)) refuse(utf8(fmt::format(fmt::runtime(tr("{} is not wounded")), name)));
        else ask_limbs({{badge, name}});
      });
      return true;
    case 'D': record("bystander_docked", {{"character", badge_}}, wx_tr("Docked")); return true;
    case 'J': record("jailed", {{"character", badge_}}, wx_tr("In jail")); return true;
    case 'R': record("released", {{"character", badge_}}, wx_tr("Released")); return true;
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
  show_prompt(prompt);
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
    return record("vote_counted", payload, wx_tr("Counted: the tally comes when the ledger is back"));
  }
  if (text.empty())
    return refuse(vote                                    ? wx_tr("Type the office first")
                  : waiting_ == Waiting::override_call ? wx_tr("Type the Judge's call first")
                                                          : wx_tr("Type the bystander's name first"));
  name_->Hide();
  focus_scan_field();
  if (waiting_ == Waiting::override_call)
    // TRANSLATORS: {} is the Judge's call as typed.
    return record("vote_overridden", {{"character", badge_}, {"outcome", text}},
                  utf8(fmt::format(fmt::runtime(tr("Overridden by the Judge: {}")), text)));
  if (vote)
    // TRANSLATORS: {} is the office as typed (Sheriff); Timers is the strip of running timers.
    record("vote_called", {{"character", badge_}, {"office", text}},
           utf8(fmt::format(fmt::runtime(tr("The vote for {} is open: the ballots close in 15 minutes (see Timers)")),
                            text)));
  else
    record("bystander_bestowed", {{"character", badge_}, {"name", text}}, wx_tr("Bestowed"));
}

// `what` is "bystander" for a new bystander card, else any card re-issued.
wxString ActionsPage::printed(const std::string& code, const std::string& what) {
  const bool bystander = what == "bystander";
  std::string why;
  auto file = backend_.print_card(code, why);
  if (!file)
    // TRANSLATORS: {0} is the card's code, {1} why it is not printed.
    return utf8(fmt::format(fmt::runtime(bystander ? tr("A new bystander card {}: not printed here ({})")
                                                   : tr("The new card {}: not printed here ({})")),
                            code, why));
  // TRANSLATORS: {0} is the card's code, {1} the file it is printed to.
  return utf8(fmt::format(fmt::runtime(bystander ? tr("A new bystander card {}, printed to\n{}\n(print at actual size)")
                                                 : tr("The new card {}, printed to\n{}\n(print at actual size)")),
                          code, *file));
}

void ActionsPage::record(const std::string& type, const Json& payload, const wxString& done) {
  ask_record(type, payload, [this, type, done](const RecordOutcome& r) { recorded(type, r, done); });
}

void ActionsPage::recorded(const std::string& type, const RecordOutcome& r, const wxString& done) {
  waiting_ = badge_.empty() ? Waiting::character : Waiting::action;
  show_record(r, "action");
  if (r.status == RecordOutcome::Status::refused) return;
  wxString text = done;
  const Json& pick = r.ledger.value("pick", Json());
  if (type == "bystander_docked" && pick.is_string()) {
    return ask_card(pick.get<std::string>(), [this, pick = pick.get<std::string>()](const Lookup& card) {
      // TRANSLATORS: {} is the bystander card's title.
      set_result(utf8(fmt::format(fmt::runtime(tr("Docked: take the bystander card \"{}\"")),
                                  card.found ? card.data["title"].get<std::string>() : pick)));
      show_character();
    });
  } else if (type == "bystander_docked" && r.status == RecordOutcome::Status::accepted) {
    text = wx_tr("No bystander left to dock: recorded, nothing taken");
  } else if (type == "wound_healed" && r.ledger.value("heal_minutes", 0) > 0) {
    const int minutes = r.ledger.value("heal_minutes", 0);
    // TRANSLATORS: a Doctor's healing takes time (an event option); Timers is the strip of running timers.
    text = utf8(fmt::format(fmt::runtime(trn("Healing: the wound is gone in {} minute (see Timers)",
                                             "Healing: the wound is gone in {} minutes (see Timers)",
                                             static_cast<std::uint64_t>(minutes))),
                            minutes));
  } else if (type == "wound_healed" && r.status == RecordOutcome::Status::provisional) {
    text = wx_tr("Healing recorded provisionally: its time runs from when the ledger has it");
  } else if (type == "vote_counted" && r.ledger.contains("tally")) {
    std::string tally;
    for (const auto& t : r.ledger["tally"])
      tally += fmt::format("\n   {}: {}", t["candidate"].get<std::string>(), t["ballots"].get<std::int64_t>());
    const int ballots = r.ledger.value("ballots", 0);
    // TRANSLATORS: {0} is the office, {1} the outcome in the ledger's words (Jubal Crane is elected Sheriff).
    text = utf8(fmt::format(fmt::runtime(tr("The vote for {}: {}")), r.ledger.value("office", ""),
                            protocol::vote_outcome_words(r.ledger)) +
                "\n" + fmt::format(fmt::runtime(trn("{} ballot cast", "{} ballots cast", static_cast<std::uint64_t>(ballots))),
                                   ballots) +
                tally);
  } else if (r.ledger.contains("code") && r.ledger["code"].is_string()) {
    text = printed(r.ledger["code"], type == "bystander_bestowed" ? "bystander" : "card");
  } else if (r.status == RecordOutcome::Status::provisional && (type == "bystander_bestowed" || type == "card_reissued")) {
    text = type == "bystander_bestowed" ? wx_tr("Bestowed: the new code comes when the ledger is back; print it then")
                                        : wx_tr("Re-issued: the new code comes when the ledger is back; print it then");
  }
  set_result(text);
  show_character();
}

}  // namespace marshal::gm
