// The kiosk's input: touches, keys and scans, and who they belong to (docs/kiosk.md, "Who is at
// the keypad"). A session is one person's: it starts with a badge and that badge's PIN, and any
// other badge scanned outside an explicit hand-over step ends it and starts that badge's own.
#include "kiosk/kiosk_frame.h"

#include <limits>

#include <wx/time.h>

#include <fmt/format.h>

#include "kiosk/frame_style.h"
#include "kiosk/refusal_words.h"
#include "protocol/enrollment.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::kiosk {

using namespace style;
using ui::tr;
using ui::utf8;
using ui::wx_tr;

namespace {

// Why a card that is not a badge cannot sign anyone in, by its kind (the ledger's word).
std::string not_a_badge(const std::string& kind) {
  if (kind == "horse") return tr("That is a horse card, not a badge. Scan your badge first.");
  if (kind == "secret") return tr("That is a secret card, not a badge. Scan your badge first.");
  if (kind == "trick") return tr("That is a trick card, not a badge. Scan your badge first.");
  if (kind == "bystander") return tr("That is a bystander card, not a badge. Scan your badge first.");
  if (kind == "power") return tr("That is a power card, not a badge. Scan your badge first.");
  if (kind == "token") return tr("That is a token card, not a badge. Scan your badge first.");
  // TRANSLATORS: {} is a card's kind as the ledger names it (an English word such as game).
  return fmt::format(fmt::runtime(tr("That is a {} card, not a badge. Scan your badge first.")), kind);
}

}  // namespace

// ---- input --------------------------------------------------------------------------------

void KioskFrame::pointer_moved() {
  last_pointer_ms_ = now_ms();
  if (pointer_hidden_) {
    pointer_hidden_ = false;
    set_cursor_everywhere(this, wxNullCursor);
  }
}

void KioskFrame::touched() {
  last_input_ms_ = now_ms();
  if (countdown_->IsShown()) {
    countdown_->Hide();
    Layout();
  }
}

void KioskFrame::on_key(wxKeyEvent& event) {
  touched();
  const int key = event.GetKeyCode();
  if (recording_) return;  // a record's answer is out: the player sees what came of it first
  if (key == WXK_ESCAPE) return cancel();
  if (key == WXK_F2 && screen_ == Screen::player) return start_give();
  if (key == WXK_F3 && screen_ == Screen::player) return start_sale();
  if (key == WXK_F4 && screen_ == Screen::player) return start_ballot();
  if ((key == WXK_DOWN || key == WXK_UP) && screen_ == Screen::ballot && candidates_->GetCount() > 0) {
    const int n = static_cast<int>(candidates_->GetCount()), at = ballot_choice_;
    return choose_candidate(at < 0 ? (key == WXK_DOWN ? 0 : n - 1) : (at + (key == WXK_DOWN ? 1 : n - 1)) % n);
  }
  if (key == WXK_RETURN || key == WXK_NUMPAD_ENTER) {
    if (screen_ == Screen::pin) return event.Skip();  // the PIN field sends it
    if (screen_ == Screen::give && give_confirm_->IsShown()) confirm_hand_over();
    if (screen_ == Screen::ballot) cast_ballot();
    return;  // nowhere else does Enter press a button by surprise
  }
  event.Skip();
}

void KioskFrame::on_code(const std::string& code) {
  sounds_.play(ui::Sound::scan);
  if (recording_) {
    // Only another player stepping in counts; asked after the record, so answered after it.
    if (own_badge(code)) touched();
    else someone_else_or(code, nullptr);
    return;
  }
  // Only what the signed-in player does keeps their session: a touch, a key, their own badge, a
  // card they hold, or a badge in an explicit step (the receiver, the buyer, a candidate).
  switch (screen_) {
    case Screen::enroll:
      touched();
      return enrollment_scanned(code);
    case Screen::attract:
      touched();
      if (auto admin = protocol::parse_admin_payload(code)) {
        forget_player();
        admin_code_ = *admin;
        asking_admin_pin_ = true;
        pin_name_->SetLabel(wx_tr("Admin: type this kiosk's admin PIN"));
        pin_name_->Wrap(pin_headline_wrap_px);
        return show(Screen::pin);
      }
      return badge_scanned(code);
    case Screen::admin:
      touched();
      if (scanner_test_) {
        // TRANSLATORS: {} is the text the scanner sent, as it came.
        admin_scanned_->SetLabel(utf8(fmt::format(fmt::runtime(tr("Scanned: {}")), code)));
        return relayout();
      }
      return;
    case Screen::pin:
      if (asking_buyer_pin_ || asking_admin_pin_) return;  // a PIN is being typed; a scan now is a slip
      touched();
      return badge_scanned(code);  // a new badge at the PIN screen starts again
    case Screen::message:
      if (after_message_ == Screen::attract) {  // nobody signed in: the next player need not wait
        touched();
        return badge_scanned(code);
      }
      if (own_badge(code)) {
        touched();
        return resume_after_message();
      }
      return someone_else_or(code, nullptr);
    case Screen::ballot:
      // The candidate's badge scanned: their name is chosen in the list.
      for (std::size_t i = 0; i < vote_.value("candidates", Json::array()).size(); ++i)
        if (canonical(vote_["candidates"][i].value("badge", "")) == canonical(code)) {
          touched();
          return choose_candidate(static_cast<int>(i));
        }
      if (own_badge(code)) return touched();
      return someone_else_or(code, [this](const KioskReply&) {
        show_message(tr("That is not the badge of anyone you can vote for."), false, Screen::ballot);
      });
    case Screen::player:
    case Screen::give:
      if (hand_over_.chosen && hand_over_.to_badge.empty() && hand_over_.kind != HandOver::Kind::trick) {
        // the explicit step: who gets it
        touched();
        return receiver_scanned(code);  // the player's own badge there is refused in words
      }
      if (own_badge(code)) return touched();
      if (!hand_over_.chosen && holds_card(code)) {
        touched();
        return card_scanned(code);
      }
      return someone_else_or(code, [this](const KioskReply& card) {
        if (!hand_over_.chosen) explain_card(card);  // says what that card is, and why not
      });  // confirming: Enter or Esc
  }
}

bool KioskFrame::own_badge(const std::string& code) const {
  return !badge_.empty() && canonical(code) == canonical(badge_);
}

bool KioskFrame::holds_card(const std::string& code) const {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  for (const auto& s : p.secrets)
    if (canonical(s.code) == canonical(code)) return true;
  for (const auto& h : p.horses)
    if (canonical(h.code) == canonical(code)) return true;
  for (const auto& t : p.tricks)
    if (canonical(t.code) == canonical(code)) return true;
  return false;
}

void KioskFrame::someone_else_or(const std::string& code, std::function<void(const KioskReply& card)> otherwise) {
  ask([code](KioskClient& c) { return c.card(code); }, [this, code, otherwise](const KioskReply& card) {
    // A sign-in the ledger ended: this session is over either way.
    if (card.code == "sign_in_ended" || (card.ok && card.body.value("kind", "") == "badge")) return badge_scanned(code);
    if (otherwise) otherwise(card);
  });
}

void KioskFrame::screen_touched() {
  touched();
  if (screen_ == Screen::message && after_message_ != Screen::attract) CallAfter([this] { resume_after_message(); });
}

void KioskFrame::resume_after_message() {
  if (screen_ != Screen::message || after_message_ == Screen::attract) return;
  if (after_message_ == Screen::player) {
    // The state is read again: the message stays until it is, and its time no longer runs out
    // meanwhile (that would sign out the player who just touched the screen).
    message_until_ms_ = std::numeric_limits<std::int64_t>::max();
    return show_player();
  }
  message_until_ms_ = 0;
  show(after_message_);
}

bool KioskFrame::ledger_ended_session(const KioskReply& reply) {
  if (badge_.empty() || (reply.code != "sign_in_ended" && reply.code != "sign_in_needed")) return false;
  forget_player();
  show_message(tr("Your sign-in has ended (the ledger restarted, or the kiosk was left alone). Scan your badge to "
                  "sign in again."),
               false, Screen::attract);
  return true;
}

void KioskFrame::badge_scanned(const std::string& code) {
  // Whoever was signed in is gone from the screen at once, before the ledger answers.
  if (screen_ == Screen::attract) forget_player();
  else show_attract();
  ask([code](KioskClient& c) { return c.character(code); }, [this, code](const KioskReply& r) {
    if (r.ok) {
      badge_ = code;
      name_ = r.body.value("name", "");
      pin_name_->SetLabel(wxString::FromUTF8(name_));
      pin_name_->Wrap(pin_headline_wrap_px);  // a long name takes two lines
      return show(Screen::pin);
    }
    if (!r.reached)
      return show_message(tr("The ledger cannot be reached: nothing can be shown now. Try again in a minute."), false,
                          Screen::attract);
    if (r.code == "bad_code")
      return show_message(tr("That is not a Marshal card. Scan the QR code on your badge."), false, Screen::attract);
    ask([code](KioskClient& c) { return c.card(code); }, [this](const KioskReply& card) {
      show_message(card.ok ? not_a_badge(card.body.value("kind", std::string("game")))
                           : tr("This code is not known to the ledger. Scan the QR code on your badge."),
                   false, Screen::attract);
    });
  });
}

void KioskFrame::pin_digit(char digit) {
  pin_field_->AppendText(wxString(1, digit));
  pin_field_->SetFocus();
}

void KioskFrame::enter_pin(const std::string& digits) {
  touched();
  pin_field_->ChangeValue(wxString::FromUTF8(digits));
  pin_entered();
}

void KioskFrame::pin_back() {
  pin_field_->Clear();
  pin_field_->SetFocus();
}

void KioskFrame::pin_refused(const std::string& why) {
  sounds_.play(ui::Sound::refusal);
  pin_problem_->SetLabel(wxString::FromUTF8(why));
  pin_problem_->Wrap(420);
  pin_field_->SetFocus();
  relayout();
}

void KioskFrame::pin_entered() {
  std::string pin;
  for (char c : pin_field_->GetValue().utf8_string())
    if (c >= '0' && c <= '9') pin += c;
  pin_field_->Clear();
  if (pin.size() != 4) {
    pin_problem_->SetLabel(wx_tr("A PIN has 4 digits: type them again."));
    pin_field_->SetFocus();
    return;
  }
  if (asking_buyer_pin_) return buyer_pin_entered(pin);
  if (asking_admin_pin_) return admin_pin_entered(pin);
  ask([badge = badge_, pin](KioskClient& c) { return c.sign_in(badge, pin); }, [this](const KioskReply& r) {
    if (r.ok) {
      pin_problem_->SetLabel("");
      return show_player();
    }
    if (r.code == "wrong_pin") return pin_refused(refusal_words(r));
    // TRANSLATORS: {} says for how long the badge is locked, in the ledger's words.
    show_message(r.code == "pin_locked" ? fmt::format(fmt::runtime(tr("Too many wrong PINs. {}")), refusal_words(r))
                                        // TRANSLATORS: {} says why, in the ledger's words.
                                        : fmt::format(fmt::runtime(tr("You cannot be signed in now: {}")), refusal_words(r)),
                 false, Screen::attract);
  });
}

void KioskFrame::cancel() {
  switch (screen_) {
    case Screen::attract:
    case Screen::enroll: return;
    case Screen::admin: return show_attract();
    case Screen::pin: return asking_buyer_pin_ ? cancel_sale(tr("The sale is cancelled.")) : show_attract();
    case Screen::player: return done();
    case Screen::give:
      if (hand_over_.kind == HandOver::Kind::horse && !hand_over_.to_badge.empty())
        return cancel_sale(tr("The sale is cancelled."));  // the buyer stands at the kiosk too
      return end_hand_over();
    case Screen::ballot: return end_hand_over();
    case Screen::message:
      message_until_ms_ = 0;
      return tick();
  }
}

void KioskFrame::done() { show_attract(); }

}  // namespace marshal::kiosk
