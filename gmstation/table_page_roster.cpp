// The Table screen's right column (gmstation/table_page.h): everyone's chips and, in a fight,
// their condition (issue 32: Shaken, wounds, out), and the evening's last rolls.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "gmstation/table_fight_model.h"
#include "gmstation/table_page.h"
#include "gmstation/table_page_text.h"
#include "i18n/sentence.h"
#include "i18n/utf8_text.h"
#include "ui/theme.h"
#include "ui/words.h"
#include "protocol/fight_words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;
using ui::utf8;

namespace {

// The roll log's lines on screen, newest first (the live panel beside lists every roll too).
constexpr std::size_t log_lines_shown = 2;
// The chips list names everyone up to this many characters (a posse at a table); a larger town
// (a LARP's) names only those with chips or dead, and counts the rest, so the screen still fits
// 1024 x 600. The numbers stay everyone's, in the ledger's order.
constexpr std::size_t roster_names_shown = 12;
// The fighters' list in a fight, in points: a line each with their card and condition (wounds,
// SHAKEN, UNCONSCIOUS, an Injury) runs longer than the chips' list; at ui::body_points seven
// fighters pushed the result and the keys below the fold at 1024 x 600. Still read at arm's length.
// Between fights the chips list keeps ui::body_points (the smallest a station shows, readable_gui_test).
constexpr int fight_roster_points = 12;
// A part of a fighter's condition of at most this many characters is kept on one line ("3 wounds",
// "SHAKEN", "Broken ribs (6 days)"); a longer one (an Injury a group named at length) may break
// inside: unbroken, it would push the list past the column at 1024 x 600.
constexpr std::size_t longest_unbroken_part = 24;

}  // namespace

std::string table_unbroken(std::string text) {
  for (auto at = text.find(' '); at != std::string::npos; at = text.find(' ', at)) text.replace(at, 1, "\u00a0");
  return text;
}



void TablePage::show_roster() {
  const Json colours = table_.value("colours", Json::array({"benny"}));
  // Running lines, not a line each: a town of twenty characters still leaves room for the rest.
  // A number stays with its name (a non-breaking space); chips are named only where there are some.
  // In a fight, a line each in the order they act, the card after the name, the condition
  // (unbroken) after the chips: who acts next and how they stand at a glance. The numbers stay
  // the ones the GM types.
  const bool fight = in_fight();
  const Json characters = table_.value("characters", Json::array());
  const bool everyone = characters.size() <= roster_names_shown;
  struct Entry {
    std::size_t place;  // in a fight, where they act (those without a card last); else the number
    std::string text;
  };
  std::vector<Entry> entries;
  int number = 0;
  std::size_t unnamed = 0;
  for (const auto& c : characters) {
    const std::string name = c.value("name", "");
    const bool gm = c.value("side", "") == "gm", extra = !c.value("wild_card", true);
    // TRANSLATORS: after a name in the list of chips: one of the GM's Extras (a minor character, not a Wild Card).
    const std::string kind = gm && extra ? tr("(GM, Extra)")
                             // TRANSLATORS: after a name in the list of chips: one of the GM's characters.
                             : gm ? tr("(GM)")
                             // TRANSLATORS: after a name: an Extra (a minor character, not a Wild Card).
                             : extra ? tr("(Extra)")
                                     : std::string();
    const Json chips = c.value("chips", Json::object());
    bool any = false;
    for (const auto& [colour, n] : chips.items()) any = any || (n.is_number_integer() && n.get<std::int64_t>() != 0);
    // In a fight: wounds, Shaken, out (the ledger's `combat`); the dead say so alone.
    const std::string condition = c.value("dead", false) ? "" : protocol::fight_condition_words(c.value("combat", Json()));
    const auto place = table_fight::acting_place(table_, c.value("badge", ""));
    ++number;
    // A large town names only who has something to show; a fighter dealt a card always shows.
    if (!everyone && !any && !c.value("dead", false) && condition.empty() && !place) {
      ++unnamed;
      continue;
    }
    std::string about = c.value("dead", false) ? tr("DEAD") : any ? protocol::chips_words(chips, colours) : std::string();
    // Each short part of the condition unbroken ("3 wounds", "SHAKEN"), a line free to break between them.
    std::string unbroken;
    for (std::size_t from = 0; from < condition.size();) {
      const std::size_t comma = std::min(condition.find(", ", from), condition.size());
      const std::string part = condition.substr(from, comma - from);
      unbroken += (unbroken.empty() ? "" : ", ") +
                  (i18n::characters_in(part) <= longest_unbroken_part ? table_unbroken(part) : part);
      from = comma + 2;
    }
    if (!condition.empty()) about += (about.empty() ? "" : ", ") + unbroken;
    // The card may go to the next line, never apart from itself: a long name still fits the column.
    const std::string card = table_fight::card_of(table_, c.value("badge", ""));
    entries.push_back({place ? *place : characters.size() + static_cast<std::size_t>(number),
                       // The number and name on one line, then "(GM, Extra)" on it or the next: together
                       // they pushed the Russian list past its column ("Помощник шерифа Гоморры (мастер, статист)").
                       table_unbroken(fmt::format("{} {}", number, name)) + (kind.empty() ? "" : " " + table_unbroken(kind)) +
                           (card.empty() ? "" : " " + table_unbroken(card)) +
                           (about.empty() ? std::string() : ": " + about)});
  }
  if (fight) std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.place < b.place; });
  std::string text;
  const char* between = fight ? "\n" : "   ";
  for (const Entry& e : entries) text += (text.empty() ? "" : between) + e.text;
  if (unnamed > 0)
    // TRANSLATORS: the chips list of a large town names only who has chips; {} counts the others.
    text += (text.empty() ? "" : between) +
            fmt::format(fmt::runtime(trn("{} more with none", "{} more with none", unnamed)), unnamed);
  // TRANSLATORS: {} is the chips in the GM's pool ("3 Bennies", "none"); after the heading
  // "Chips and Bennies", on its line.
  const std::string pool = fmt::format(fmt::runtime(tr("GM's pool: {}")), protocol::chips_words(table_.value("gm_pool", Json::object()), colours));
  const std::string heading = table_fight::fight_heading(table_);
  // In a fight the heading is the round's, the pool named only when it holds chips: one line at
  // 1024 x 600 above the fighters. Between fights the pool leads the list, in its type: beside the
  // heading it broke onto a second line in bold.
  const bool pool_empty = protocol::chips_words(table_.value("gm_pool", Json::object()), colours) == tr("none");
  show_text(chips_heading_, chips_heading_text_,
            // TRANSLATORS: the heading of the chips list (Bennies are chips too), short: the GM's pool follows.
            utf8(heading.empty() ? tr("Chips") : pool_empty ? heading : heading + "   " + pool), false);
  if (heading.empty()) text = pool + (text.empty() ? "" : "   " + text);
  // Between fights only: Ctrl+N waits for a fight's end (the keys below name Ctrl+N).
  if (!fight && !table_.value("night_open", false)) text += "\n" + tr("No game night under way");
  roster_->SetFont(ui::font(fight ? fight_roster_points : ui::body_points));
  show_text(roster_, roster_text_, utf8(text), false);
}

namespace {

// A roll's trait as the ledger keeps it (English: "untrained", "Connection: Cullen Bohannon",
// "Survival (Hole Card)"; a sheet's trait as the event wrote it), in the language of the screens.
std::string trait_words(const std::string& kept) {
  static const std::string connection = "Connection: ", hole_card = " (Hole Card)";  // i18n: not words (the ledger's)
  if (kept == "untrained") return tr("untrained");  // i18n: not words (the ledger's)
  if (kept.rfind(connection, 0) == 0) return i18n::say("Connection: {}", kept.substr(connection.size())).translated();
  if (kept.size() > hole_card.size() && kept.compare(kept.size() - hole_card.size(), hole_card.size(), hole_card) == 0)
    return i18n::say("{} (Hole Card)", kept.substr(0, kept.size() - hole_card.size())).translated();
  return kept;
}

}  // namespace

void TablePage::show_log() {
  const Json rolls = table_.value("rolls", Json::array());
  std::string text;
  std::size_t shown = 0;
  for (auto it = rolls.rbegin(); it != rolls.rend() && shown < log_lines_shown; ++it, ++shown) {
    const Json& r = *it;
    std::string outcome = tr("failure");
    if (r.value("crit_fail", false)) {
      outcome = tr("CRITICAL FAILURE");
    } else if (r.value("success", false)) {
      const int raises = r.value("raises", 0);
      outcome = raises > 0 ? fmt::format(fmt::runtime(trn("success, {} raise", "success, {} raises",
                                                          static_cast<std::uint64_t>(raises))),
                                         raises)
                           : tr("success");
    }
    // TRANSLATORS: {} is the number of the event it rerolls.
    const std::string reroll_note = r.contains("reroll_of") ? " " + fmt::format(fmt::runtime(tr("(reroll of #{})")),
                                                                           r["reroll_of"].get<std::int64_t>())
                                                       : std::string();
    text += fmt::format("#{} {}, {}: {} {}{}\n", r.value("seq", std::int64_t{0}), r.value("by", ""),
                        r.contains("trait") && r["trait"].is_string() ? trait_words(r["trait"].get<std::string>())
                                                                      : tr("a roll"),
                        r.value("result", 0), outcome, reroll_note);
  }
  show_text(log_, log_text_, utf8(tr("Rolls this evening, the last first:") + "\n" + (text.empty() ? tr("none yet") : text)),
            false);
}

}  // namespace marshal::gm
