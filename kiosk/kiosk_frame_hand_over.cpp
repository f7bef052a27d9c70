// Handing a card over at the kiosk: a secret given, a horse sold (the buyer types their PIN).
#include "kiosk/kiosk_frame.h"

#include <wx/sizer.h>

#include <fmt/format.h>

#include "kiosk/frame_style.h"

namespace marshal::kiosk {

using namespace style;

void KioskFrame::start_give() {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  if (p.secrets.empty()) {
    show_message("You hold no secret to give.", false, Screen::player);
    return;
  }
  hand_over_ = {};
  hand_over_.kind = HandOver::Kind::secret;
  give_text_->SetLabel("Scan the secret you want to give.");
  give_confirm_->Hide();
  show(Screen::give);
}

void KioskFrame::start_sale() {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  bool any = false;
  for (const auto& h : p.horses) any = any || h.sellable;
  if (!any) {
    show_message("You own no horse you could sell here: a horse is sold by its owner, while the owner has it.", false,
                 Screen::player);
    return;
  }
  hand_over_ = {};
  hand_over_.kind = HandOver::Kind::horse;
  give_text_->SetLabel("Scan the horse you want to sell.");
  give_confirm_->Hide();
  show(Screen::give);
}

void KioskFrame::card_scanned(const std::string& code) {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  const bool any_kind = hand_over_.kind == HandOver::Kind::none;
  auto choose = [&](HandOver::Kind kind, const std::string& card, const std::string& title, const std::string& next) {
    hand_over_.kind = kind;
    hand_over_.chosen = true;
    hand_over_.code = card;
    hand_over_.title = title;
    give_text_->SetLabel(wxString::FromUTF8(next));
    give_text_->Wrap(GetClientSize().GetWidth() - 60);
    give_confirm_->Hide();
    show(Screen::give);
  };
  if (any_kind || hand_over_.kind == HandOver::Kind::secret)
    for (const auto& s : p.secrets)
      if (canonical(s.code) == canonical(code))
        return choose(HandOver::Kind::secret, s.code, s.title,
                      "Give \u201C" + s.title + "\u201D.\n\nNow scan the badge of who gets it.");
  if (any_kind || hand_over_.kind == HandOver::Kind::horse)
    for (const auto& h : p.horses)
      if (canonical(h.code) == canonical(code)) {
        if (!h.sellable) {
          show_message(h.title + " is not yours to sell: only its owner sells a horse.", false,
                       screen_ == Screen::give ? Screen::give : Screen::player);
          return;
        }
        return choose(HandOver::Kind::horse, h.code, h.title,
                      "Sell " + h.title + ".\n\nNow scan the badge of the buyer.");
      }
  if (canonical(code) == canonical(badge_)) return;  // their own badge again: nothing to do
  KioskReply card = client_->card(code);
  if (ledger_ended_session(card)) return;
  std::string kind = card.ok ? card.body.value("kind", "") : "";
  std::string why = kind == "secret" ? "That secret is not held by you: only its holder can give it."
                    : kind == "horse" ? "That horse is not yours to sell: only its owner sells it, while they have it."
                    : kind == "badge" ? "First scan the secret or horse you want to hand over, then this badge."
                    : !card.reached   ? "The ledger cannot be reached: nothing can be handed over now."
                    : card.ok         ? "Only secrets and horses are handed over here: scan one you hold."
                                      : "This code is not known to the ledger.";
  show_message(why, false, screen_ == Screen::give ? Screen::give : Screen::player);
}

void KioskFrame::receiver_scanned(const std::string& code) {
  KioskReply r = client_->character(code);
  if (ledger_ended_session(r)) return;
  const bool sale = hand_over_.kind == HandOver::Kind::horse;
  std::string why;
  if (!r.ok) why = !r.reached ? "The ledger cannot be reached: nothing can be handed over now."
                              : std::string("That is not a badge. Scan the badge of ") + (sale ? "the buyer." : "who gets the secret.");
  else if (canonical(code) == canonical(badge_)) why = "That is your own badge. Scan the badge of someone else.";
  else if (r.body.value("dead", false)) why = r.body.value("name", "") + " is dead: the dead receive nothing.";
  if (!why.empty()) {
    show_message(why, false, Screen::give);
    return;
  }
  hand_over_.to_badge = code;
  hand_over_.to_name = r.body.value("name", "");
  if (!sale) return ask_confirmation();
  // The buyer agrees by typing their own PIN on this kiosk.
  asking_buyer_pin_ = true;
  pin_name_->SetLabel(wxString::FromUTF8(hand_over_.to_name + ": to buy " + hand_over_.title + ", type YOUR PIN"));
  pin_name_->Wrap(600);
  pin_problem_->SetLabel("");
  show(Screen::pin);
}

void KioskFrame::buyer_pin_entered(const std::string& pin) {
  KioskReply r = client_->countersign(hand_over_.to_badge, pin);
  if (r.ok) {
    asking_buyer_pin_ = false;
    hand_over_.buyer_agreed = true;
    pin_name_->SetLabel("");
    return ask_confirmation();
  }
  // The buyer's step refused: the sale ends and both are signed out, so that nobody is left
  // standing in the seller's session.
  if (r.code == "wrong_pin") return cancel_sale("The buyer's PIN was not right: the sale is cancelled.");
  cancel_sale("The buyer cannot agree now (" + r.reason + "): the sale is cancelled.");
}

void KioskFrame::cancel_sale(const std::string& why) {
  forget_player();  // the seller's sign-in and the buyer's countersign both end
  show_message(why + " Both of you are signed out; to sell, the seller signs in again.", false, Screen::attract);
}

void KioskFrame::ask_confirmation() {
  const bool sale = hand_over_.kind == HandOver::Kind::horse;
  std::string question = sale ? "Sell " + hand_over_.title + " to " + hand_over_.to_name +
                                    "?\n\nThe horse will be theirs, and no longer yours."
                              : "Give the secret \u201C" + hand_over_.title + "\u201D to " + hand_over_.to_name +
                                    "?\n\nIt will be theirs, and no longer yours.";
  give_text_->SetLabel(wxString::FromUTF8(question));
  give_text_->Wrap(GetClientSize().GetWidth() - 60);
  give_confirm_->Show();
  show(Screen::give);
}

void KioskFrame::confirm_hand_over() {
  if (!hand_over_.chosen || hand_over_.to_badge.empty()) return;
  const bool sale = hand_over_.kind == HandOver::Kind::horse;
  if (sale && !hand_over_.buyer_agreed) return;
  const std::int64_t now = unix_now_ms();
  KioskReply r = sale ? client_->sell_horse(hand_over_.code, badge_, hand_over_.to_badge, now)
                      : client_->give_secret(hand_over_.code, badge_, hand_over_.to_badge, now);
  const HandOver done_with = hand_over_;
  hand_over_ = {};
  if (r.ok) {
    KioskReply fresh = client_->character(badge_);
    if (fresh.ok) {
      view_ = fresh.body;
      view_fetched_ms_ = now_ms();
    }
    show_message((sale ? "Sold: " + done_with.title + " now belongs to " + done_with.to_name + "."
                       : "Done: the secret \u201C" + done_with.title + "\u201D now belongs to " + done_with.to_name +
                             ".") +
                     anything_else,
                 true, Screen::player);
    return;
  }
  if (ledger_ended_session(r)) return;
  if (sale) return cancel_sale("Refused, the horse was NOT sold: " + r.reason + ".");
  if (!r.reached) offline_ = true;
  std::string what = sale ? "the horse was NOT sold" : "the secret was NOT given";
  show_message(!r.reached ? "The ledger cannot be reached: " + what + ". Try again when it is back."
                          : "Refused, " + what + ": " + r.reason,
               false, Screen::player);
}

void KioskFrame::end_hand_over() {
  hand_over_ = {};
  asking_buyer_pin_ = false;
  client_->sign_out_buyer();
  pin_name_->SetLabel("");
  pin_problem_->SetLabel("");
  refresh_player_text();
  show(Screen::player);
}

}  // namespace marshal::kiosk
