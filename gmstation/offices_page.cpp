#include "gmstation/offices_page.h"

#include <deque>

#include <fmt/format.h>

#include "core/offices.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;
using ui::wx_tr;

namespace {

// How many of the last decisions the screen lists (each a line at 1024 x 600).
constexpr std::size_t decisions_listed = 5;

bool is_decision(const std::string& type) {
  return type == "vote_counted" || type == "vote_overridden" || type == "sentenced" || type == "deputized" ||
         type == "prize_given" || type == "decision_overridden" || type == "dispute_settled" ||
         type == "land_transferred" || type == "note_issued";
}

std::string typed(const wxTextCtrl* field) { return field->GetValue().Strip(wxString::both).ToStdString(wxConvUTF8); }

}  // namespace

OfficesPage::OfficesPage(wxWindow* parent, LedgerAsker& asker)
    // TRANSLATORS: the offices screen's title (Judges and the Mayor at work).
    : ConflictPage(parent, wx_tr("OFFICES: JUDGES AND THE MAYOR"), asker), backend_(asker.backend()) {
  who_ = new wxStaticText(this, wxID_ANY, "");
  who_->SetFont(ui::font(16, true));
  // TRANSLATORS: the screen's keys, pressed with Ctrl (Latin letters on any keyboard); keep the
  // lines as short: the screen is 1024 pixels wide.
  auto* keys = new wxStaticText(this, wxID_ANY,
                                wx_tr("A Judge:  Ctrl+D  deputize for one task     Ctrl+E  end a deputy's task\n"
                                      "   Ctrl+S  sentence an arrested character     Ctrl+O  override a decision (#N)\n"
                                      "The Mayor:  Ctrl+T  settle two Judges' dispute (#N)     Ctrl+P  a Fair prize\n"
                                      "Either:  Ctrl+L  notarize a land deal     Ctrl+R  the land register\n"
                                      "   Ctrl+N  notarize a banker's promissory note"));
  keys->SetFont(ui::font(ui::body_points));
  text_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(560, -1), wxTE_PROCESS_ENTER);
  text_->SetFont(ui::font(15));
  text_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { on_text_entered(); });
  // TRANSLATORS: names the number typed in a refusal ("The sentence: 7 is out of range: 1 to 4").
  sentence_kind_ = new OneKeyNumber(this, wx_tr("The sentence"));
  sentence_kind_->set_range(0, static_cast<int>(core::sentences.size()));
  sentence_kind_->on_done([this] { on_sentence_kind(); });
  sentence_kind_->on_refused([this](const wxString& why) { refuse(why); });
  // TRANSLATORS: names the number typed in a refusal ("The deal: 7 is out of range: 1 to 3").
  land_deal_ = new OneKeyNumber(this, wx_tr("The deal"));
  land_deal_->set_range(0, static_cast<int>(core::land_deals.size()));
  land_deal_->on_done([this] { on_land_deal(); });
  land_deal_->on_refused([this](const wxString& why) { refuse(why); });
  decisions_ = new wxStaticText(this, wxID_ANY, "");
  decisions_->SetFont(ui::font(ui::body_points));
  inputs_->Add(who_, 0, wxALL | wxEXPAND, 8);
  inputs_->Add(keys, 0, wxALL, 8);
  wrap_with_page(keys, [](int page_px) { return page_px - 16; });
  inputs_->Add(text_, 0, wxALL, 8);
  inputs_->Add(sentence_kind_, 0, wxALL, 8);
  inputs_->Add(land_deal_, 0, wxALL, 8);
  inputs_->Add(decisions_, 0, wxALL | wxEXPAND, 8);
  wrap_with_page(decisions_, [](int page_px) { return page_px - 16; });
  result_ = add_result_area(15);
  start();
}

void OfficesPage::start() {
  open_screen();
  step_ = Step::holder;
  holder_badge_.clear();
  holder_ = Json();
  recorded_seq_ = 0;
  who_->SetLabel("");
  text_->Hide();
  sentence_kind_->Hide();
  land_deal_->Hide();
  set_result("");
  show_prompt(wx_tr("Scan the badge of the Judge or the Mayor acting"));
}

bool OfficesPage::holds(const std::string& power) const {
  for (const auto& p : holder_.value("powers", Json::array()))
    if (p == power) return true;
  return false;
}

void OfficesPage::show_holder() {
  std::string offices;
  // TRANSLATORS: the offices a character holds, after their name.
  if (holds("judge")) offices += "  " + tr("Judge");
  if (holds("mayor")) offices += "  " + tr("Mayor");
  who_->SetLabel(utf8(holder_.value("name", "") + offices));
  Layout();
}

void OfficesPage::show_decisions() {
  // Only what is new since the last look is read: the feed is the whole evening.
  std::deque<FeedEvent>& last = decisions_seen_;
  for (;;) {
    std::vector<FeedEvent> batch = backend_.feed(decisions_feed_);
    if (decisions_feed_.went_back_to) {  // a standby promoted: what the old ledger had past it is not the evening's
      std::erase_if(last, [floor = *decisions_feed_.went_back_to](const FeedEvent& e) { return e.seq > floor; });
      decisions_feed_.went_back_to.reset();
    }
    if (batch.empty()) break;
    for (auto& e : batch)
      if (is_decision(e.type)) {
        last.push_back(std::move(e));
        if (last.size() > decisions_listed) last.pop_front();
      }
  }
  // TRANSLATORS: the heading of the last decisions of Mayors and Judges, each "#N what".
  std::string text = last.empty() ? tr("No decision of a Mayor or a Judge is recorded yet")
                                  : tr("The last decisions (name one by its number):");
  for (auto it = last.rbegin(); it != last.rend(); ++it) text += fmt::format("\n   #{}  {}", it->seq, it->summary);
  set_wrapped(decisions_, utf8(text));
  Layout();
}

void OfficesPage::on_scan(const std::string& code) {
  if (step_ == Step::deputy_to_end)
    return record("deputy_released", {{"judge", holder_badge_}, {"character", code}}, wx_tr("The deputy's task is ended"));
  // A deed card in a land deal; a badge at every other step.
  if (step_ == Step::deed) return ask_card_at(step_, code, [this, code](const Lookup& deed) { took_code(code, deed); });
  ask_character_at(step_, code, [this, code](const Lookup& who) { took_code(code, who); });
}

void OfficesPage::took_code(const std::string& code, const Lookup& looked_up) {
  switch (step_) {
    case Step::deputy:
    case Step::accused:
    case Step::prize_winner: {
      const Lookup& who = looked_up;
      if (!who.found) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), who.refusal)));
      subject_badge_ = code;
      subject_name_ = who.data.value("name", "");
      if (step_ == Step::deputy)
        // TRANSLATORS: {} is the deputy's name.
        return ask_text(Step::deputy_task, wx_tr("the task, e.g. guard the bank until the vote"),
                        utf8(fmt::format(fmt::runtime(tr("{}: scan the badge of the one to arrest, or type the task, Enter")),
                                         subject_name_)));
      if (step_ == Step::prize_winner)
        // TRANSLATORS: {} is the winner's name.
        return ask_text(Step::prize, wx_tr("the prize, e.g. best horse: a silver buckle"),
                        utf8(fmt::format(fmt::runtime(tr("The prize {} wins, Enter")), subject_name_)));
      step_ = Step::sentence_kind;
      sentence_kind_->set_value(0);
      sentence_kind_->Show();
      Layout();
      sentence_kind_->SetFocus();
      // TRANSLATORS: {0} is the accused's name, {1} the keys: "1 jail   2 fine   3 banishment   4 hanging".
      return show_prompt(utf8(fmt::format(fmt::runtime(tr("The sentence of {}: {}")), subject_name_,
                                          core::sentence_keys_words())));
    }
    case Step::deputy_task: {
      // The deputy's one task is an arrest of the one scanned.
      const Lookup& target = looked_up;
      if (!target.found) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), target.refusal)));
      text_->Hide();
      focus_scan_field();
      // TRANSLATORS: the deputy's task in the ledger, in the reader's language: {} is the one to arrest.
      const std::string task = fmt::format(fmt::runtime(tr("arrest {}")), target.data.value("name", ""));
      return record("deputized",
                    {{"judge", holder_badge_}, {"character", subject_badge_}, {"task", task}, {"target", code}},
                    // TRANSLATORS: {0} is the deputy, {1} the one they may arrest.
                    utf8(fmt::format(fmt::runtime(tr("{} is deputized to arrest {}: one arrest, then the task ends")),
                                     subject_name_, target.data.value("name", ""))));
    }
    case Step::deed: {
      const Lookup& deed = looked_up;
      if (!deed.found) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), deed.refusal)));
      if (deed.data.value("kind", "") != "deed") return refuse(wx_tr("That is no land deed: scan the deed card"));
      deed_ = code;
      deed_title_ = deed.data.value("title", "");
      deed_holder_badge_ = deed.data.value("holder_badge", "");
      step_ = Step::land_deal;
      land_deal_->set_value(0);
      land_deal_->Show();
      Layout();
      land_deal_->SetFocus();
      // TRANSLATORS: {0} is the parcel, {1} its owner, {2} the keys: "1 sale   2 mortgage   3 redemption".
      return show_prompt(utf8(fmt::format(fmt::runtime(tr("{} (owner {}): {}")), deed_title_,
                                          deed.data.value("owner", ""), core::land_deal_keys_words())));
    }
    case Step::land_party: {
      const Lookup& party = looked_up;
      if (!party.found) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), party.refusal)));
      subject_badge_ = code;
      subject_name_ = party.data.value("name", "");
      // TRANSLATORS: {0} is the deal (sale...), {1} the parcel, {2} the other party.
      return ask_text(Step::price, wx_tr("the price, e.g. 2 M"),
                      utf8(fmt::format(fmt::runtime(tr("{} of {} to {}: type the price, Enter")),
                                       core::land_deal_words(deal_), deed_title_, subject_name_)));
    }
    case Step::banker:
    case Step::payer:
    case Step::payee: {
      const Lookup& who = looked_up;
      if (!who.found) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), who.refusal)));
      const std::string name = who.data.value("name", "");
      if (step_ == Step::banker) {
        banker_badge_ = code;
        step_ = Step::payer;
        // TRANSLATORS: {} is the banker's name.
        return show_prompt(utf8(fmt::format(fmt::runtime(tr("Note of {}: scan the badge of the one who pays")), name)));
      }
      if (step_ == Step::payer) {
        payer_badge_ = code;
        payer_name_ = name;
        step_ = Step::payee;
        // TRANSLATORS: {} is the payer's name.
        return show_prompt(utf8(fmt::format(fmt::runtime(tr("{} pays: scan the badge of the one paid")), name)));
      }
      subject_badge_ = code;
      subject_name_ = name;
      // TRANSLATORS: {0} is the payer, {1} the payee.
      return ask_text(Step::amount, wx_tr("the amount, e.g. 2 M"),
                      utf8(fmt::format(fmt::runtime(tr("{} pays {}: type the amount, Enter")), payer_name_, name)));
    }
    default: break;
  }
  // Any other scan: the office holder acting.
  const Lookup& who = looked_up;
  if (!who.found) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), who.refusal)));
  holder_badge_ = code;
  holder_ = who.data;
  text_->Hide();
  sentence_kind_->Hide();
  land_deal_->Hide();
  focus_scan_field();
  set_result("");
  show_holder();
  if (!holds("judge") && !holds("mayor")) {
    step_ = Step::holder;
    // TRANSLATORS: {} is a character's name.
    return refuse(utf8(fmt::format(fmt::runtime(tr("{} holds neither the judge nor the mayor power")),
                                   holder_.value("name", ""))));
  }
  step_ = Step::action;
  show_prompt(wx_tr("Press the action's key (Ctrl + letter)"));
}

bool OfficesPage::on_key(int key) {
  if (step_ == Step::holder) return false;
  // While words are typed, Ctrl keys belong to the field (paste, select all).
  if (text_->IsShown()) return false;
  auto needs = [&](const char* power) {
    if (holds(power)) return true;
    refuse(power == std::string("judge")
               // TRANSLATORS: {} is a character's name.
               ? utf8(fmt::format(fmt::runtime(tr("{} does not hold the judge power")), holder_.value("name", "")))
               : utf8(fmt::format(fmt::runtime(tr("{} does not hold the mayor power")), holder_.value("name", ""))));
    return false;
  };
  switch (key) {
    case 'D':
      if (needs("judge")) {
        step_ = Step::deputy;
        show_prompt(wx_tr("Scan the badge of the one to deputize"));
      }
      return true;
    case 'E':
      if (needs("judge")) {
        step_ = Step::deputy_to_end;
        show_prompt(wx_tr("Scan the deputy's badge"));
      }
      return true;
    case 'S':
      if (needs("judge")) {
        step_ = Step::accused;
        show_prompt(wx_tr("Scan the badge of the arrested character"));
      }
      return true;
    case 'O':
    case 'T':
      settling_ = key == 'T';
      if (needs(settling_ ? "mayor" : "judge"))
        ask_text(Step::decision, wx_tr("the number, e.g. 42"),
                 settling_ ? wx_tr("The number of the Judge's override the other Judge disputes (#N), Enter")
                           : wx_tr("The number of the decision to override (#N in the list or the live panel), Enter"));
      return true;
    case 'L':
      step_ = Step::deed;
      show_prompt(wx_tr("Scan the land deed"));
      return true;
    case 'R':
      show_land_register();
      return true;
    case 'N':
      step_ = Step::banker;
      show_prompt(wx_tr("Scan the banker's badge"));
      return true;
    case 'P':
      if (needs("mayor")) {
        step_ = Step::prize_winner;
        show_prompt(wx_tr("Scan the winner's badge"));
      }
      return true;
    default: return false;
  }
}

void OfficesPage::ask_text(Step step, const wxString& hint, const wxString& prompt) {
  step_ = step;
  text_->Clear();
  text_->SetHint(hint);
  text_->Show();
  Layout();
  text_->SetFocus();
  show_prompt(prompt);
}

void OfficesPage::on_sentence_kind() {
  const int digit = sentence_kind_->value();
  if (digit < 1) return refuse(utf8(fmt::format(fmt::runtime(tr("Press a digit: {}")), core::sentence_keys_words())));
  sentence_ = core::sentences[static_cast<std::size_t>(digit - 1)];
  sentence_kind_->Hide();
  extra_ = Json::object();
  if (sentence_ == "jail")
    // TRANSLATORS: {} is the longest jail term in minutes.
    return ask_text(Step::jail_minutes, wx_tr("minutes, e.g. 30"),
                    utf8(fmt::format(fmt::runtime(tr("Jail for how many minutes (1 to {})? Enter")), core::max_jail_minutes)));
  if (sentence_ == "fine") return ask_text(Step::fine, wx_tr("the fine, e.g. 2 M"), wx_tr("The fine, Enter"));
  const std::string name = subject_name_;
  ask_text(Step::charge, wx_tr("the charge, e.g. horse theft"),
           sentence_ == "hanging"
               // TRANSLATORS: {} is the accused's name: a hanging is a death, said in capitals.
               ? utf8(fmt::format(fmt::runtime(tr("HANGING of {}: type the charge, Enter hangs them")), name))
               // TRANSLATORS: {} is the accused's name.
               : utf8(fmt::format(fmt::runtime(tr("Banishment of {}: type the charge, Enter")), name)));
}

void OfficesPage::on_text_entered() {
  const std::string text = typed(text_);
  if (text.empty()) return refuse(wx_tr("Type it first"));
  switch (step_) {
    case Step::deputy_task:
      text_->Hide();
      focus_scan_field();
      // TRANSLATORS: {0} is the deputy, {1} the task as typed.
      return record("deputized", {{"judge", holder_badge_}, {"character", subject_badge_}, {"task", text}},
                    utf8(fmt::format(fmt::runtime(tr("{} is deputized: {}")), subject_name_, text)));
    case Step::jail_minutes: {
      int minutes = 0;
      if (!wxString::FromUTF8(text).ToInt(&minutes) || minutes < 1 || minutes > core::max_jail_minutes)
        // TRANSLATORS: {} is the longest jail term in minutes.
        return refuse(utf8(fmt::format(fmt::runtime(tr("A whole number of minutes, 1 to {}")), core::max_jail_minutes)));
      extra_["minutes"] = minutes;
      // TRANSLATORS: {0} is the accused's name, {1} the minutes.
      return ask_text(Step::charge, wx_tr("the charge, e.g. horse theft"),
                      utf8(fmt::format(fmt::runtime(tr("Jail of {} for {} min: type the charge, Enter")), subject_name_,
                                       minutes)));
    }
    case Step::fine:
      extra_["fine"] = text;
      // TRANSLATORS: {0} is the accused's name, {1} the fine as typed.
      return ask_text(Step::charge, wx_tr("the charge, e.g. horse theft"),
                      utf8(fmt::format(fmt::runtime(tr("A fine of {} for {}: type the charge, Enter")), text, subject_name_)));
    case Step::charge: {
      text_->Hide();
      focus_scan_field();
      Json payload{{"judge", holder_badge_}, {"character", subject_badge_}, {"sentence", sentence_}, {"charge", text}};
      payload.update(extra_);
      // TRANSLATORS: {0} is the accused's name, {1} the sentence (jail, fine...), {2} the charge.
      return record("sentenced", payload,
                    utf8(fmt::format(fmt::runtime(tr("{} is sentenced: {} ({})")), subject_name_,
                                     core::sentence_words(sentence_), text)));
    }
    case Step::decision: {
      long long seq = 0;
      std::string digits = text.front() == '#' ? text.substr(1) : text;
      if (!wxString::FromUTF8(digits).ToLongLong(&seq) || seq < 1) return refuse(wx_tr("Type the decision's number, e.g. 42"));
      decision_seq_ = seq;
      // TRANSLATORS: {} is the decision's number.
      return ask_text(Step::ruling, settling_ ? wx_tr("the Mayor's ruling") : wx_tr("the Judge's ruling"),
                      utf8(fmt::format(fmt::runtime(settling_ ? tr("The Mayor's ruling on #{}, Enter")
                                                              : tr("The Judge's ruling on #{}, Enter")),
                                       decision_seq_)));
    }
    case Step::ruling:
      text_->Hide();
      focus_scan_field();
      if (settling_)
        // TRANSLATORS: {0} is the dispute's number, {1} the Mayor's ruling as typed.
        return record("dispute_settled", {{"mayor", holder_badge_}, {"decision", decision_seq_}, {"ruling", text}},
                      utf8(fmt::format(fmt::runtime(tr("Settled by the Mayor: #{}: {}")), decision_seq_, text)));
      // TRANSLATORS: {0} is the decision's number, {1} the Judge's ruling as typed.
      return record("decision_overridden", {{"judge", holder_badge_}, {"decision", decision_seq_}, {"ruling", text}},
                    utf8(fmt::format(fmt::runtime(tr("Overridden by the Judge: #{}: {}")), decision_seq_, text)));
    case Step::price:
      text_->Hide();
      focus_scan_field();
      return record("land_transferred",
                    {{"deed", deed_}, {"from", deed_holder_badge_}, {"to", subject_badge_}, {"notary", holder_badge_},
                     {"how", deal_}, {"price", text}},
                    // TRANSLATORS: {0} is the deal (sale...), {1} the parcel, {2} the other party, {3} the price.
                    utf8(fmt::format(fmt::runtime(tr("Notarized: {} of {} to {} for {}. Hand the deed over")),
                                     core::land_deal_words(deal_), deed_title_, subject_name_, text)));
    case Step::amount:
      extra_ = Json{{"amount", text}};
      // TRANSLATORS: {} is the most minutes a note may run.
      return ask_text(Step::due, wx_tr("minutes, e.g. 60"),
                      utf8(fmt::format(fmt::runtime(tr("Due in how many minutes (1 to {})? Enter")), core::max_note_due_minutes)));
    case Step::due: {
      int minutes = 0;
      if (!wxString::FromUTF8(text).ToInt(&minutes) || minutes < 1 || minutes > core::max_note_due_minutes)
        return refuse(utf8(fmt::format(fmt::runtime(tr("A whole number of minutes, 1 to {}")), core::max_note_due_minutes)));
      text_->Hide();
      focus_scan_field();
      return record("note_issued",
                    {{"banker", banker_badge_}, {"payer", payer_badge_}, {"payee", subject_badge_},
                     {"notary", holder_badge_}, {"amount", extra_["amount"]}, {"due_minutes", minutes}},
                    // TRANSLATORS: {0} the payer, {1} the amount, {2} the payee, {3} minutes.
                    utf8(fmt::format(fmt::runtime(tr("Notarized: {} owes {} to {}, due in {} min")), payer_name_,
                                     extra_["amount"].get<std::string>(), subject_name_, minutes)));
    }
    case Step::prize:
      text_->Hide();
      focus_scan_field();
      // TRANSLATORS: {0} is the winner, {1} the prize as typed.
      return record("prize_given", {{"mayor", holder_badge_}, {"winner", subject_badge_}, {"prize", text}},
                    utf8(fmt::format(fmt::runtime(tr("{} wins: {}")), subject_name_, text)));
    default: return;
  }
}

void OfficesPage::on_land_deal() {
  const int digit = land_deal_->value();
  if (digit < 1) return refuse(utf8(fmt::format(fmt::runtime(tr("Press a digit: {}")), core::land_deal_keys_words())));
  deal_ = core::land_deals[static_cast<std::size_t>(digit - 1)];
  land_deal_->Hide();
  step_ = Step::land_party;
  Layout();
  focus_scan_field();
  show_prompt(deal_ == "sale"       ? wx_tr("Scan the buyer's badge")
              : deal_ == "mortgage" ? wx_tr("Scan the lender's badge")
                                    : wx_tr("Scan the owner's badge: the deed goes back to them"));
}

void OfficesPage::show_land_register() {
  ask<Lookup>([](StationBackend& backend) { return backend.land(); },
              [this](const Lookup& land) { show_land_register(land); });
}

void OfficesPage::show_land_register(const Lookup& land) {
  if (!land.found) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), land.refusal)));
  const Json& deeds = land.data.value("deeds", Json::array());
  // TRANSLATORS: the heading of the land register on the offices screen.
  std::string text = deeds.empty() ? tr("The land register: no deed in this event (deeds.csv)") : tr("The land register:");
  for (const auto& d : deeds) {
    const auto n = d["transfers"].size();
    // TRANSLATORS: how many deals were notarized on a parcel.
    const std::string deals = fmt::format(fmt::runtime(trn("{} deal", "{} deals", n)), n);
    text += "\n" + (d.value("mortgaged", false)
                        // TRANSLATORS: a parcel, its owner, the lender holding its deed, how many deals ("2 deals").
                        ? fmt::format(fmt::runtime(tr("{}: {}, mortgaged to {} ({})")), d.value("parcel", ""),
                                      d.value("owner", ""), d.value("holder", ""), deals)
                        // TRANSLATORS: a parcel, its owner, how many deals ("2 deals").
                        : fmt::format(fmt::runtime(tr("{}: {} ({})")), d.value("parcel", ""), d.value("owner", ""), deals));
  }
  if (land.from_cache) text += "\n" + tr("(as last read: the ledger is out of reach)");
  set_result(utf8(text));
}

wxString OfficesPage::note_printed(const RecordOutcome& r) {
  if (!r.ledger.contains("code")) return wx_tr("The note's code comes when the ledger is back; print it then");
  const std::string code = r.ledger["code"];
  std::string why;
  auto file = backend_.print_card(code, why);
  // TRANSLATORS: {0} is the note's code, {1} why it is not printed.
  if (!file) return utf8(fmt::format(fmt::runtime(tr("The note {}: not printed here ({})")), code, why));
  // TRANSLATORS: {0} is the note's code, {1} the file it is printed to.
  return utf8(fmt::format(fmt::runtime(tr("The note {}, printed to\n{}\n(print at actual size; hand it to the payee)")),
                          code, *file));
}

void OfficesPage::record(const std::string& type, const Json& payload, const wxString& done) {
  ask_record(type, payload, [this, type, done](const RecordOutcome& r) { recorded(type, r, done); });
}

void OfficesPage::recorded(const std::string& type, const RecordOutcome& r, const wxString& done) {
  step_ = holder_badge_.empty() ? Step::holder : Step::action;
  show_record(r, "action");
  if (r.status == RecordOutcome::Status::refused) return;
  wxString text = done;
  if (type == "note_issued") text += "\n" + note_printed(r);
  if (r.ledger.value("dispute", false))
    text += "\n" + wx_tr("Two Judges disagree: the Mayor settles it (Ctrl+T with this number)");
  set_result(text);
  show_decisions();
}

}  // namespace marshal::gm
