#include "gmstation/home_page.h"

#include <algorithm>

#include <wx/sizer.h>

#include <fmt/format.h>

#include "core/limbs.h"
#include "core/offices.h"
#include "gmstation/town_glance.h"
#include "protocol/spent_words.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::utf8;
using ui::wx_tr;
using protocol::played_not_accused;
using protocol::spent_when_words;

namespace {

// A card's first line on the home screen: its kind (the ledger's word) and its title.
std::string card_heading(const std::string& kind, const std::string& title) {
  // TRANSLATORS: the first line of a scanned card on the home screen; {} is the card's title.
  if (kind == "badge") return fmt::format(fmt::runtime(tr("badge card: {}")), title);
  if (kind == "bystander") return fmt::format(fmt::runtime(tr("bystander card: {}")), title);
  if (kind == "trick") return fmt::format(fmt::runtime(tr("trick card: {}")), title);
  if (kind == "horse") return fmt::format(fmt::runtime(tr("horse card: {}")), title);
  if (kind == "secret") return fmt::format(fmt::runtime(tr("secret card: {}")), title);
  if (kind == "power") return fmt::format(fmt::runtime(tr("power card: {}")), title);
  if (kind == "token") return fmt::format(fmt::runtime(tr("token card: {}")), title);
  if (kind == "deed") return fmt::format(fmt::runtime(tr("land deed: {}")), title);
  if (kind == "note") return fmt::format(fmt::runtime(tr("promissory note: {}")), title);
  // TRANSLATORS: a card of a kind the station does not know: the kind as the ledger names it
  // (an English word), then the card's title.
  return fmt::format(fmt::runtime(tr("{} card: {}")), kind, title);
}

// A poker trick's hidden flag, for the GM's eyes.
std::string trick_flag_words(const std::string& flag) {
  if (flag == "cheat") return tr("(flag, GM only: cheat)");
  if (flag == "skill") return tr("(flag, GM only: skill)");
  // TRANSLATORS: {} is the trick's flag as the ledger names it (an English word).
  return fmt::format(fmt::runtime(tr("(flag, GM only: {})")), flag);
}

// A character's part in the offices (db/server/office_view.h): a deputy's task, a sentence, a
// banishment, prizes won; each on a line of its own.
std::string office_lines(const Json& v) {
  std::string text;
  if (v.contains("deputy")) {
    const Json& d = v["deputy"];
    // TRANSLATORS: {0} is the deputy's task, {1} the Judge who gave it.
    text += "\n" + fmt::format(fmt::runtime(tr("Deputy: {} (deputized by {})")), d.value("task", ""), d.value("judge", ""));
  }
  if (v.contains("sentence") && !v["sentence"].value("overridden", false) && !v.value("dead", false)) {
    const Json& s = v["sentence"];
    // TRANSLATORS: {0} is the sentence (jail, fine...), {1} the charge, {2} the Judge.
    text += "\n" + fmt::format(fmt::runtime(tr("Sentenced: {} for {} (by {})")),
                               core::sentence_words(s.value("sentence", "")), s.value("charge", ""), s.value("judge", ""));
  }
  if (v.value("banished", false)) text += "\n" + tr("BANISHED from the town");
  for (const auto& p : v.value("prizes", Json::array()))
    // TRANSLATORS: {} is a prize the Mayor gave at the Territory Fair.
    text += "\n" + fmt::format(fmt::runtime(tr("Fair prize: {}")), p.value("prize", ""));
  return text;
}

// A character or card view in a few lines of large type.
wxString describe_view(const Json& v) {
  std::string text;
  if (v.contains("attributes")) {
    const Json& u = v["in_use"];
    // TRANSLATORS: a character's name, then the five attributes in use on one line of large type
    // (HtH is Hand-to-hand): abbreviate to keep it short.
    text = fmt::format(fmt::runtime(tr("{}\nHtH {}  Speed {}  Accuracy {}  Gambling {}  Riding {}")),
                       v["name"].get<std::string>(), u["hth"].get<int>(), u["speed"].get<int>(),
                       u["accuracy"].get<int>(), u["gambling"].get<int>(), u["riding"].get<int>());
    // TRANSLATORS: a character's state on the home screen, on a line of its own.
    if (v.value("dead", false)) text += "\n" + tr("DEAD");
    else if (v.value("wounded", false))
      text += "\n" + (v.value("wounded_limb", "").empty()
                          ? tr("Wounded")
                          // TRANSLATORS: {} is the limb the player gave up (left arm).
                          : fmt::format(fmt::runtime(tr("Wounded ({})")), core::limb_words(v["wounded_limb"])));
    for (const auto& t : v.value("timers", Json::array())) text += "\n" + timer_words(t);
    text += "\n" + fmt::format(fmt::runtime(tr("Innocent bystanders left: {}")), v.value("bystanders_left", 0));
    if (v.value("jailed", false)) text += "\n" + tr("In jail");
    text += office_lines(v);
  } else {
    text = card_heading(v["kind"].get<std::string>(), v["title"].get<std::string>()) + "\n" +
           (v.contains("holder") ? fmt::format(fmt::runtime(tr("held by {}")), v["holder"].get<std::string>())
                                 : tr("held by nobody"));
    if (v.value("revoked", false)) text += "\n" + tr("REVOKED: this code was replaced");
    else if (v.value("spent", false) && v["kind"] == "trick")
      // TRANSLATORS: a trick card's state: played, then when and where ("at 21:14 at saloon-gm").
      text += "\n" + fmt::format(fmt::runtime(played_not_accused(v) ? tr("PLAYED {} (not accused yet: F3 accuses)")
                                                                     : tr("PLAYED {}")),
                                 spent_when_words(v));
    else if (v.value("spent", false)) text += "\n" + tr("SPENT");
    if (v["kind"] == "trick" && v["detail"].contains("flag"))
      text += "\n" + trick_flag_words(v["detail"]["flag"].get<std::string>());
  }
  return utf8(text);
}

}  // namespace

HomePage::HomePage(wxWindow* parent, LedgerAsker& asker) : wxPanel(parent, wxID_ANY), asker_(asker) {
  ui::apply(this);
  auto* sizer = new wxBoxSizer(wxVERTICAL);
  // TRANSLATORS: the home screen's help: each function key and the screen it opens, lines of
  // 14 pt on a page 780 px wide at 1024 x 600 (keep the key names; break lines where needed).
  auto* help = new wxStaticText(this, wxID_ANY,
                                wx_tr("Scan a badge or a card to see it.\nF2: a duel   F3: a cheating accusation   F4: a "
                                      "fistfight\nF5: GM actions   F6: a shootout   F7: a brawl   F8: a chase\nF9: a "
                                      "tabletop roll   F10: action time   F11: Judges and the Mayor   Esc: back here"));
  help->SetFont(ui::font(14));
  answer_ = new wxStaticText(this, wxID_ANY, "");
  answer_->SetFont(ui::font(20, true));
  town_ = new wxStaticText(this, wxID_ANY, "");
  town_->SetFont(ui::font(16));
  sizer->Add(help, 0, wxALL, 10);
  sizer->Add(answer_, 0, wxLEFT | wxRIGHT | wxEXPAND, 10);
  sizer->Add(town_, 1, wxALL | wxEXPAND, 10);
  SetSizer(sizer);
}

void HomePage::show_town(const Json& timers, const std::vector<std::string>& last_conflicts) {
  const wxString text = utf8(town_glance_text(town_glance(timers, last_conflicts)));
  if (text == town_text_) return;  // refreshed every few seconds: drawn again only when it changed
  town_text_ = text;
  town_->SetLabel(text);
  town_->Wrap(std::max(400, GetClientSize().x - 20));
  Layout();
}

void HomePage::show_answer(const wxString& text, const wxColour& colour) {
  answer_text_ = text;
  answer_->SetForegroundColour(colour);
  answer_->SetLabel(text);
  answer_->Wrap(std::max(400, GetClientSize().x - 20));
  // A scan's answer is what the GM reads now: the glance gives it the page until Esc.
  town_->Show(text.empty());
  Layout();
}

void HomePage::clear_answer() {
  ++clears_;
  playable_.reset();
  show_answer("", ui::ink);
}

void HomePage::show_lookup(const std::string& code) {
  playable_.reset();
  just_played_.reset();
  const std::uint64_t asked_at = clears_;
  asker_.ask<Lookup>(
      [code](StationBackend& backend) {
        Lookup who = backend.character(code);
        return who.found ? who : backend.card(code);
      },
      [this, code, asked_at](const Lookup& what) {
        if (clears_ == asked_at) show_lookup_answer(code, what);
      });
}

void HomePage::show_lookup_answer(const std::string& code, const Lookup& what) {
  if (!what.found)
    // TRANSLATORS: {} says why, in the ledger's words.
    return show_answer(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), what.refusal)), ui::refusal_red);
  wxString text = describe_view(what.data);
  const Json& v = what.data;
  // Enter plays a trick shown; one played before goes to the ledger too, which refuses it
  // naming when and where it was played (and keeps the attempt in its refusal trail).
  if (v.value("kind", "") == "trick" && !v.value("revoked", false) && v.contains("holder_badge")) {
    playable_ = PlayedTrick{v.value("code", code), v["holder_badge"].get<std::string>()};
    // TRANSLATORS: under a trick card scanned at home; Enter is the key.
    if (!v.value("spent", false)) text += "\n" + wx_tr("Enter: play this trick (it is spent for the evening)");
  }
  if (played_not_accused(v) && v.contains("holder_badge"))
    just_played_ = PlayedTrick{v.value("code", code), v["holder_badge"].get<std::string>()};
  if (what.from_cache) text += "\n" + wx_tr("(last known: the ledger is out of reach)");
  show_answer(text, ui::ink);
}

bool HomePage::play_shown_trick() {
  if (!playable_) return false;
  const PlayedTrick trick = *playable_;
  playable_.reset();
  // The record, then the card as the ledger has it now (its title, its holder), in one request.
  asker_.record_and_read("trick_flipped", {{"character", trick.holder_badge}, {"trick", trick.trick}},
                         [code = trick.trick](StationBackend& backend) { return backend.card(code); },
                         [this, trick](const RecordOutcome& outcome, const Lookup& card) { show_played(trick, outcome, card); });
  return true;
}

void HomePage::show_played(const PlayedTrick& trick, const RecordOutcome& r, const Lookup& card) {
  if (r.status == RecordOutcome::Status::refused)
    // TRANSLATORS: {} says why, in the ledger's words.
    return show_answer(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), r.reason)), ui::refusal_red);
  just_played_ = trick;
  const std::string title = card.found ? card.data.value("title", "") : trick.trick;
  // TRANSLATORS: {0} is the trick's title (its poker hand), {1} its holder; F3 is the key.
  show_answer(utf8(fmt::format(fmt::runtime(r.status == RecordOutcome::Status::provisional
                                                ? tr("Played (provisionally): {}, by {}.\nF3: accuse them of cheating with it")
                                                : tr("Played: {}, by {}.\nF3: accuse them of cheating with it")),
                               title, card.found ? card.data.value("holder", "") : std::string())),
              ui::accepted_green);
}

}  // namespace marshal::gm
