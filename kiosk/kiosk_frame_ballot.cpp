// Ballots at the kiosk, and the vote's news on the attract screen.
#include "kiosk/kiosk_frame.h"

#include <wx/sizer.h>

#include <fmt/format.h>

#include "kiosk/frame_style.h"

namespace marshal::kiosk {

using namespace style;

void KioskFrame::start_ballot() {
  KioskReply r = client_->vote();
  if (ledger_ended_session(r)) return;
  if (!r.ok) return show_message("The vote cannot be read now: " + r.reason, false, Screen::player);
  vote_ = r.body;
  if (!vote_.value("open", false)) return show_message("No vote is open now.", false, Screen::player);
  if (vote_.value("voted", false))
    return show_message("You have cast your ballot in this vote already: one ballot each.", false, Screen::player);
  candidates_->Clear();
  for (const auto& c : vote_["candidates"]) candidates_->Append(wxString::FromUTF8(c.value("name", "")));
  ballot_choice_ = -1;
  ballot_text_->SetLabel(wxString::FromUTF8("Vote for " + vote_.value("office", std::string()) +
                                            ": touch a name (or use the arrows), or scan their badge."));
  ballot_text_->Wrap(GetClientSize().GetWidth() - 40);
  show(Screen::ballot);
  CallAfter([this] {
    if (ballot_choice_ < 0) candidates_->SetSelection(wxNOT_FOUND);  // undo GTK's own choice
  });
}

void KioskFrame::choose_candidate(int i) {
  if (i < 0 || i >= static_cast<int>(candidates_->GetCount())) return;
  ballot_choice_ = i;
  candidates_->SetSelection(i);
  candidates_->EnsureVisible(i);
  focus_screen();  // a touch on the list gave it the keyboard: Enter must still cast
  ballot_text_->SetLabel(wxString::FromUTF8("Your ballot for " + vote_.value("office", std::string()) + ": " +
                                            candidates_->GetString(static_cast<unsigned>(i)).utf8_string() +
                                            ". Enter (or Cast my ballot) casts it; it is secret."));
  ballot_text_->Wrap(GetClientSize().GetWidth() - 40);
  relayout();
}

void KioskFrame::cast_ballot() {
  const int i = ballot_choice_;
  if (i < 0) return show_message("First choose a name: touch it, or scan their badge.", false, Screen::ballot);
  const Json candidate = vote_["candidates"][static_cast<std::size_t>(i)];
  KioskReply r = client_->cast_ballot(badge_, candidate.value("badge", ""), unix_now_ms());
  if (r.ok) {
    vote_["voted"] = true;
    show_message("Your ballot is cast. Ballots are secret: the Mayor counts them when the vote closes." +
                     std::string(anything_else),
                 true,
                 Screen::player);
    return;
  }
  if (ledger_ended_session(r)) return;
  if (!r.reached) offline_ = true;
  show_message(!r.reached ? "The ledger cannot be reached: your ballot was NOT cast. Try again when it is back."
                          : "Your ballot was not cast: " + r.reason,
               false, Screen::player);
}

void KioskFrame::show_vote_news() {
  KioskReply r = client_->vote();
  std::string news;
  if (r.ok && r.body.value("open", false)) {
    news = "A vote for " + r.body.value("office", std::string()) + " is open (" +
           clock_text(r.body.value("remaining_ms", std::int64_t{0})) + " left): scan your badge to vote.";
  } else if (r.ok && r.body.contains("result")) {
    const Json& result = r.body["result"];
    std::string tally;
    for (const auto& t : result.value("tally", Json::array()))
      tally += (tally.empty() ? "" : ", ") + t.value("candidate", std::string()) + " " + std::to_string(t.value("ballots", 0));
    news = "The vote for " + result.value("office", std::string()) + ": " + result.value("outcome", std::string()) +
           (result.value("overridden", false) ? " (a Judge's call)" : "") + (tally.empty() ? "" : ". Ballots: " + tally);
  }
  attract_vote_->SetLabel(wxString::FromUTF8(news));
  attract_vote_->Wrap(GetClientSize().GetWidth() - 60);
}

}  // namespace marshal::kiosk
