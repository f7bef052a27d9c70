// Handing a card over at the kiosk: a secret given, a horse sold (the buyer types their PIN); and a
// poker trick of the player's played (004 L109-119), confirmed by Enter like a hand-over.
#include "kiosk/kiosk_frame.h"

#include <wx/sizer.h>

#include <fmt/format.h>

#include "kiosk/frame_style.h"
#include "kiosk/refusal_words.h"
#include "protocol/spent_words.h"
#include "ui/words.h"

namespace marshal::kiosk {

using namespace style;
using ui::tr;
using ui::utf8;
using ui::wx_tr;

void KioskFrame::start_give() {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  if (p.dead) return show_message(tr("You are dead: the dead give nothing this evening."), false, Screen::player);
  if (p.secrets.empty()) {
    show_message(tr("You hold no secret to give."), false, Screen::player);
    return;
  }
  hand_over_ = {};
  hand_over_.kind = HandOver::Kind::secret;
  give_text_->SetLabel(wx_tr("Scan the secret you want to give."));
  give_confirm_->Hide();
  show(Screen::give);
}

void KioskFrame::start_sale() {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  if (p.dead) return show_message(tr("You are dead: the dead sell nothing this evening."), false, Screen::player);
  bool any = false;
  for (const auto& h : p.horses) any = any || h.sellable;
  if (!any) {
    show_message(tr("You own no horse you could sell here: a horse is sold by its owner, while the owner has it."),
                 false, Screen::player);
    return;
  }
  hand_over_ = {};
  hand_over_.kind = HandOver::Kind::horse;
  give_text_->SetLabel(wx_tr("Scan the horse you want to sell."));
  give_confirm_->Hide();
  show(Screen::give);
}

void KioskFrame::card_scanned(const std::string& code) {
  PlayerView p = player_view(view_, view_fetched_ms_, now_ms());
  if (p.dead)
    return show_message(tr("You are dead: the dead give and sell nothing this evening."), false, Screen::player);
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
                      // TRANSLATORS: {} is the secret's title.
                      fmt::format(fmt::runtime(tr("Give \u201C{}\u201D.\n\nNow scan the badge of who gets it.")),
                                  s.title));
  if (any_kind || hand_over_.kind == HandOver::Kind::horse)
    for (const auto& h : p.horses)
      if (canonical(h.code) == canonical(code)) {
        if (!h.sellable) {
          // TRANSLATORS: {} is the horse's name.
          show_message(fmt::format(fmt::runtime(tr("{} is not yours to sell: only its owner sells a horse.")), h.title),
                       false, screen_ == Screen::give ? Screen::give : Screen::player);
          return;
        }
        return choose(HandOver::Kind::horse, h.code, h.title,
                      // TRANSLATORS: {} is the horse's name.
                      fmt::format(fmt::runtime(tr("Sell {}.\n\nNow scan the badge of the buyer.")), h.title));
      }
  if (any_kind)
    for (const auto& t : p.tricks)
      if (canonical(t.code) == canonical(code)) {
        choose(HandOver::Kind::trick, t.code, t.title, "");
        return ask_confirmation();
      }
  if (canonical(code) == canonical(badge_)) return;  // their own badge again: nothing to do
  ask([code](KioskClient& c) { return c.card(code); }, [this](const KioskReply& card) { explain_card(card); });
}

void KioskFrame::explain_card(const KioskReply& card) {
  if (ledger_ended_session(card)) return;
  if (player_view(view_, view_fetched_ms_, now_ms()).dead)
    return show_message(tr("You are dead: the dead give and sell nothing this evening."), false, Screen::player);
  std::string kind = card.ok ? card.body.value("kind", "") : "";
  // A trick of theirs played before: when and where (004 L109: a trick plays once).
  if (kind == "trick" && card.body.value("spent", false) && card.body.value("holder", "") == name_) {
    const std::string when = protocol::spent_when_words(card.body);
    // TRANSLATORS: {} says when and where: "at 21:14 at saloon-gm".
    return show_message(when.empty() ? tr("You have played that trick already: a trick plays once.")
                                     : fmt::format(fmt::runtime(tr("You played that trick {}: a trick plays once.")), when),
                        false, screen_ == Screen::give ? Screen::give : Screen::player);
  }
  std::string why = kind == "secret" ? tr("That secret is not held by you: only its holder can give it.")
                    : kind == "trick" ? tr("That trick is not yours to play: only its holder plays it.")
                    : kind == "horse" ? tr("That horse is not yours to sell: only its owner sells it, while they have it.")
                    : kind == "badge" ? tr("First scan the secret or horse you want to hand over, then this badge.")
                    : !card.reached   ? tr("The ledger cannot be reached: nothing can be handed over now.")
                    : card.ok         ? tr("Only secrets, horses and poker tricks are used here: scan one you hold.")
                                      : tr("This code is not known to the ledger.");
  show_message(why, false, screen_ == Screen::give ? Screen::give : Screen::player);
}

void KioskFrame::receiver_scanned(const std::string& code) {
  ask([code](KioskClient& c) { return c.character(code); },
      [this, code](const KioskReply& r) { receiver_answered(code, r); });
}

void KioskFrame::receiver_answered(const std::string& code, const KioskReply& r) {
  if (ledger_ended_session(r)) return;
  const bool sale = hand_over_.kind == HandOver::Kind::horse;
  std::string why;
  if (!r.ok) why = !r.reached ? tr("The ledger cannot be reached: nothing can be handed over now.")
                   : sale     ? tr("That is not a badge. Scan the badge of the buyer.")
                              : tr("That is not a badge. Scan the badge of who gets the secret.");
  else if (canonical(code) == canonical(badge_)) why = tr("That is your own badge. Scan the badge of someone else.");
  else if (r.body.value("dead", false))
    // TRANSLATORS: {} is the character's name.
    why = fmt::format(fmt::runtime(tr("{} is dead: the dead receive nothing.")), r.body.value("name", ""));
  if (!why.empty()) {
    show_message(why, false, Screen::give);
    return;
  }
  hand_over_.to_badge = code;
  hand_over_.to_name = r.body.value("name", "");
  if (!sale) return ask_confirmation();
  // The buyer agrees by typing their own PIN on this kiosk.
  asking_buyer_pin_ = true;
  // TRANSLATORS: the buyer's name, then the horse's.
  pin_name_->SetLabel(
      utf8(fmt::format(fmt::runtime(tr("{}: to buy {}, type YOUR PIN")), hand_over_.to_name, hand_over_.title)));
  pin_name_->Wrap(pin_headline_wrap_px);
  pin_problem_->SetLabel("");
  show(Screen::pin);
}

void KioskFrame::buyer_pin_entered(const std::string& pin) {
  ask([buyer = hand_over_.to_badge, pin](KioskClient& c) { return c.countersign(buyer, pin); },
      [this](const KioskReply& r) { buyer_answered(r); });
}

void KioskFrame::buyer_answered(const KioskReply& r) {
  if (r.ok) {
    asking_buyer_pin_ = false;
    hand_over_.buyer_agreed = true;
    pin_name_->SetLabel("");
    return ask_confirmation();
  }
  // The buyer's step refused: the sale ends and both are signed out, so that nobody is left
  // standing in the seller's session.
  if (r.code == "wrong_pin") return cancel_sale(tr("The buyer's PIN was not right: the sale is cancelled."));
  // TRANSLATORS: {} says why, in the ledger's words.
  cancel_sale(
      fmt::format(fmt::runtime(tr("The buyer cannot agree now ({}): the sale is cancelled.")), refusal_words(r)));
}

void KioskFrame::cancel_sale(const std::string& why) {
  forget_player();  // the seller's sign-in and the buyer's countersign both end
  // TRANSLATORS: {} says why the sale stopped, a sentence of its own.
  show_message(fmt::format(fmt::runtime(tr("{} Both of you are signed out; to sell, the seller signs in again.")), why),
               false, Screen::attract);
}

void KioskFrame::ask_confirmation() {
  const bool sale = hand_over_.kind == HandOver::Kind::horse;
  std::string question =
      hand_over_.kind == HandOver::Kind::trick
          // TRANSLATORS: the trick's poker hand (Royal Flush).
          ? fmt::format(fmt::runtime(tr("Play your trick \u201C{}\u201D now?\n\nA trick plays once: it is spent for the "
                                        "evening.")),
                        hand_over_.title)
      : sale
          // TRANSLATORS: the horse's name, then the buyer's.
          ? fmt::format(fmt::runtime(tr("Sell {} to {}?\n\nThe horse will be theirs, and no longer yours.")),
                        hand_over_.title, hand_over_.to_name)
          // TRANSLATORS: the secret's title, then the name of who gets it.
          : fmt::format(fmt::runtime(tr("Give the secret \u201C{}\u201D to {}?\n\nIt will be theirs, and no longer "
                                        "yours.")),
                        hand_over_.title, hand_over_.to_name);
  give_text_->SetLabel(wxString::FromUTF8(question));
  give_text_->Wrap(GetClientSize().GetWidth() - 60);
  give_confirm_->Show();
  show(Screen::give);
}

void KioskFrame::confirm_hand_over() {
  if (hand_over_.chosen && hand_over_.kind == HandOver::Kind::trick) return confirm_trick();
  if (!hand_over_.chosen || hand_over_.to_badge.empty()) return;
  const bool sale = hand_over_.kind == HandOver::Kind::horse;
  if (sale && !hand_over_.buyer_agreed) return;
  const HandOver done_with = hand_over_;
  hand_over_ = {};  // a second Enter finds nothing to confirm
  record(
      [done_with, sale, from = badge_, now = unix_now_ms()](KioskClient& c) {
        return sale ? c.sell_horse(done_with.code, from, done_with.to_badge, now)
                    : c.give_secret(done_with.code, from, done_with.to_badge, now);
      },
      [this, done_with](const KioskReply& r) { hand_over_answered(done_with, r); });
}

void KioskFrame::hand_over_answered(const HandOver& done_with, const KioskReply& r) {
  const bool sale = done_with.kind == HandOver::Kind::horse;
  if (r.ok) {  // the player's state is read again when they carry on (show_player)
    const std::string done_words =
        sale
            // TRANSLATORS: the horse's name, then the buyer's.
            ? fmt::format(fmt::runtime(tr("Sold: {} now belongs to {}.")), done_with.title, done_with.to_name)
            // TRANSLATORS: the secret's title, then the name of who got it.
            : fmt::format(fmt::runtime(tr("Done: the secret \u201C{}\u201D now belongs to {}.")), done_with.title,
                          done_with.to_name);
    show_message(done_words + anything_else(), true, Screen::player);
    return;
  }
  if (ledger_ended_session(r)) return;
  // TRANSLATORS: {} says why, in the ledger's words.
  if (sale) return cancel_sale(fmt::format(fmt::runtime(tr("Refused, the horse was NOT sold: {}.")), refusal_words(r)));
  if (!r.reached) offline_ = true;
  show_message(!r.reached ? tr("The ledger cannot be reached: the secret was NOT given. Try again when it is back.")
                          : fmt::format(fmt::runtime(tr("Refused, the secret was NOT given: {}")), refusal_words(r)),
               false, Screen::player);
}

void KioskFrame::end_hand_over() {
  hand_over_ = {};
  asking_buyer_pin_ = false;
  worker_->post([client = client_.get()] { client->sign_out_buyer(); });
  pin_name_->SetLabel("");
  pin_problem_->SetLabel("");
  refresh_player_text();
  show(Screen::player);
}

void KioskFrame::confirm_trick() {
  const HandOver trick = hand_over_;
  hand_over_ = {};  // a second Enter finds nothing to confirm
  record([code = trick.code, badge = badge_, now = unix_now_ms()](
             KioskClient& c) { return c.play_trick(code, badge, now); },
         [this, trick](const KioskReply& r) { trick_answered(trick, r); });
}

void KioskFrame::trick_answered(const HandOver& trick, const KioskReply& r) {
  if (r.ok) {
    // TRANSLATORS: the trick's poker hand; a GM settles an accusation of it at a GM station.
    show_message(fmt::format(fmt::runtime(tr("Played: \u201C{}\u201D. If someone accuses you of cheating, a GM settles it.")),
                             trick.title) +
                     anything_else(),
                 true, Screen::player);
    return;
  }
  if (ledger_ended_session(r)) return;
  if (!r.reached) offline_ = true;
  // TRANSLATORS: {} says why, in the ledger's words.
  show_message(!r.reached ? tr("The ledger cannot be reached: the trick was NOT played. Try again when it is back.")
                          : fmt::format(fmt::runtime(tr("Refused, the trick was NOT played: {}")), refusal_words(r)),
               false, Screen::player);
}

}  // namespace marshal::kiosk
