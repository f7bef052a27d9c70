// Ballots at the kiosk, and the vote's news on the attract screen.
#include "kiosk/kiosk_frame.h"

#include <wx/sizer.h>

#include <fmt/format.h>

#include "kiosk/frame_style.h"
#include "kiosk/refusal_words.h"
#include "protocol/vote_words.h"
#include "ui/words.h"

namespace marshal::kiosk {

using namespace style;
using ui::tr;
using ui::utf8;

void KioskFrame::start_ballot() {
  ask([](KioskClient& c) { return c.vote(); }, [this](const KioskReply& r) { ballot_answered(r); });
}

void KioskFrame::ballot_answered(const KioskReply& r) {
  if (ledger_ended_session(r)) return;
  if (!r.ok)
    return show_message(fmt::format(fmt::runtime(tr("The vote cannot be read now: {}")), refusal_words(r)), false,
                        Screen::player);
  vote_ = r.body;
  if (!vote_.value("open", false)) return show_message(tr("No vote is open now."), false, Screen::player);
  if (vote_.value("voted", false))
    return show_message(tr("You have cast your ballot in this vote already: one ballot each."), false, Screen::player);
  candidates_->Clear();
  for (const auto& c : vote_["candidates"]) candidates_->Append(wxString::FromUTF8(c.value("name", "")));
  ballot_choice_ = -1;
  // TRANSLATORS: {} is the office voted for, as the Mayor named it (Sheriff, Deputy...).
  ballot_text_->SetLabel(utf8(fmt::format(fmt::runtime(tr("Vote for {}: touch a name (or use the arrows), or scan their "
                                                          "badge.")),
                                          vote_.value("office", std::string()))));
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
  // TRANSLATORS: the office, then the candidate chosen; "Cast my ballot" is the button's label.
  ballot_text_->SetLabel(utf8(fmt::format(fmt::runtime(tr("Your ballot for {}: {}. Enter (or Cast my ballot) casts it; "
                                                          "it is secret.")),
                                          vote_.value("office", std::string()),
                                          candidates_->GetString(static_cast<unsigned>(i)).utf8_string())));
  ballot_text_->Wrap(GetClientSize().GetWidth() - 40);
  relayout();
}

void KioskFrame::cast_ballot() {
  const int i = ballot_choice_;
  if (i < 0) return show_message(tr("First choose a name: touch it, or scan their badge."), false, Screen::ballot);
  const Json candidate = vote_["candidates"][static_cast<std::size_t>(i)];
  record([voter = badge_, chosen = candidate.value("badge", ""), now = unix_now_ms()](KioskClient& c) {
    return c.cast_ballot(voter, chosen, now);
  }, [this](const KioskReply& r) { cast_answered(r); });
}

void KioskFrame::cast_answered(const KioskReply& r) {
  if (r.ok) {
    vote_["voted"] = true;
    show_message(tr("Your ballot is cast. Ballots are secret: the Mayor counts them when the vote closes.") +
                     anything_else(),
                 true,
                 Screen::player);
    return;
  }
  if (ledger_ended_session(r)) return;
  if (!r.reached) offline_ = true;
  show_message(!r.reached ? tr("The ledger cannot be reached: your ballot was NOT cast. Try again when it is back.")
                          : fmt::format(fmt::runtime(tr("Your ballot was not cast: {}")), refusal_words(r)),
               false, Screen::player);
}

void KioskFrame::show_vote_news(const KioskReply& r) {
  std::string news;
  if (r.ok && r.body.value("open", false)) {
    // TRANSLATORS: the office voted for, then the time left, such as 14:00.
    news = fmt::format(fmt::runtime(tr("A vote for {} is open ({} left): scan your badge to vote.")),
                       r.body.value("office", std::string()), clock_text(r.body.value("remaining_ms", std::int64_t{0})));
  } else if (r.ok && r.body.contains("result")) {
    const Json& result = r.body["result"];
    std::string tally;
    for (const auto& t : result.value("tally", Json::array()))
      tally += (tally.empty() ? "" : ", ") + t.value("candidate", std::string()) + " " + std::to_string(t.value("ballots", 0));
    const std::string office = result.value("office", std::string()), outcome = protocol::vote_outcome_words(result);
    const bool judge = result.value("overridden", false);
    if (!judge && tally.empty())
      // TRANSLATORS: the office, then the outcome, such as "Kid Calloway is elected Sheriff".
      news = fmt::format(fmt::runtime(tr("The vote for {}: {}")), office, outcome);
    else if (judge && tally.empty())
      // TRANSLATORS: the office, then the outcome a Judge decided, overriding the Mayor's call.
      news = fmt::format(fmt::runtime(tr("The vote for {}: {} (a Judge's call)")), office, outcome);
    else if (!judge)
      // TRANSLATORS: the office, the outcome, then each candidate's name and ballots ("Kid Calloway 2, Ada 1").
      news = fmt::format(fmt::runtime(tr("The vote for {}: {}. Ballots: {}")), office, outcome, tally);
    else
      // TRANSLATORS: the office, the outcome a Judge decided, then each candidate's name and ballots.
      news = fmt::format(fmt::runtime(tr("The vote for {}: {} (a Judge's call). Ballots: {}")), office, outcome, tally);
  }
  attract_vote_->SetLabel(wxString::FromUTF8(news));
  attract_vote_->Wrap(GetClientSize().GetWidth() - 60);
}

}  // namespace marshal::kiosk
