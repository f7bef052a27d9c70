#pragma once
// The town's offices (F11; 004 L256-274): scan the badge of the Judge or the Mayor acting, then
// Ctrl + a key (a scanner never sends Ctrl):
//   A Judge:   D deputize (the deputy's badge, then the badge of the one to arrest, or the task
//              typed)   E end a deputy's task (the deputy's badge)
//              S sentence (the arrested one's badge, a digit: 1 jail 2 fine 3 banishment
//              4 hanging; the minutes or the fine; the charge)
//              O override a decision (its number, #N in the live panel; the ruling)
//   The Mayor: T settle two Judges' dispute (its number; the ruling)
//              P give a Territory Fair prize (the winner's badge; the prize)
//   Either:    L notarize a land deal (the deed, a digit: 1 sale 2 mortgage 3 redemption, the
//              other party's badge, the price)   R the land register
//              N notarize a banker's promissory note (the banker's, the payer's and the payee's
//              badges, the amount, the minutes until it falls due): its card is printed
// The ledger judges each (db/ledger/apply_offices.cpp); the screen lists the last decisions
// recorded at any station with their numbers, to name one.
#include <deque>

#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "gmstation/conflict_page.h"

namespace marshal::gm {

class OfficesPage : public ConflictPage {
 public:
  OfficesPage(wxWindow* parent, LedgerAsker& asker);
  void start() override;
  void on_shown() override { show_decisions(); }
  void on_scan(const std::string& code) override;
  bool on_key(int key) override;
  bool finishes_on_record() const override { return false; }

  // For tests: the sentence's digit field and the text field.
  OneKeyNumber* sentence_field() const { return sentence_kind_; }
  OneKeyNumber* deal_field() const { return land_deal_; }
  wxTextCtrl* text_field() const { return text_; }
  wxString decisions_shown() const { return decisions_->GetLabel(); }

 private:
  enum class Step {
    holder, action,                    // the office holder's badge, then a key
    deputy, deputy_task,               // deputizing: the deputy, then a target's badge or a task
    deputy_to_end,                     // ending a task: the deputy
    accused, sentence_kind, jail_minutes, fine, charge,  // sentencing
    decision, ruling,                  // an override or a settlement: its number, the ruling
    prize_winner, prize,               // a Fair prize
    deed, land_deal, land_party, price,  // a land deal before the notary
    banker, payer, payee, amount, due,   // a promissory note before the notary
  };
  void show_holder();
  void ask_text(Step step, const wxString& hint, const wxString& prompt);
  void on_text_entered();
  void on_sentence_kind();
  void on_land_deal();
  void show_land_register();  // asks the ledger for the register (GET /land), then shows it
  void show_land_register(const Lookup& land);
  // After a note is issued: its card printed, and where (or why not).
  wxString note_printed(const RecordOutcome& r);
  void record(const std::string& type, const Json& payload, const wxString& done);
  void recorded(const std::string& type, const RecordOutcome& r, const wxString& done);
  // The ledger's answer on a code scanned: the office holder, a deputy, a deed, a party...
  void took_code(const std::string& code, const Lookup& looked_up);
  // The last decisions of Mayors and Judges the ledger holds, with their numbers.
  void show_decisions();
  bool holds(const std::string& power) const;

  StationBackend& backend_;
  Step step_ = Step::holder;
  std::string holder_badge_;
  Json holder_;                       // the holder's character view
  std::string subject_badge_;         // the deputy, the accused, the winner
  std::string subject_name_;
  std::string sentence_;              // jail, fine, banishment, hanging
  Json extra_ = Json::object();       // the minutes or the fine, then the charge
  std::int64_t decision_seq_ = 0;
  bool settling_ = false;             // a Mayor's settlement (else a Judge's override)
  std::string deed_, deed_title_, deed_holder_badge_, deal_;  // a land deal: the deed, from whom, how
  OneKeyNumber* land_deal_;
  std::string banker_badge_, payer_badge_, payer_name_;  // a note: who issues it, who owes it
  wxStaticText* who_;
  wxTextCtrl* text_;
  OneKeyNumber* sentence_kind_;
  wxStaticText* decisions_;
  std::deque<FeedEvent> decisions_seen_;  // the last decisions listed, oldest first
  client::FeedCursor decisions_feed_;     // the feed's events read so far
  wxStaticText* result_;
};

}  // namespace marshal::gm
