#include "gmstation/town_glance.h"

#include <algorithm>
#include <cstdint>

#include <fmt/format.h>

#include "core/limbs.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::trn;

namespace {

// A timer's minutes rounded up: 1 s left is 1 min.
std::int64_t glance_minutes_left(const Json& timer) { return (timer.value("remaining_ms", std::int64_t{0}) + 59'999) / 60'000; }

}  // namespace

std::string timer_words(const Json& timer) {
  const std::string kind = timer.value("kind", "");
  // TRANSLATORS: {} is a number of minutes.
  return fmt::format(fmt::runtime(kind == "headache"  ? tr("Headache: {} min left")
                                  : kind == "healing" ? tr("Healing: the wound is gone in {} min")
                                  : kind == "jail"    ? tr("Jail sentence: free in {} min")
                                                      : tr("Knocked out: {} min left")),
                     glance_minutes_left(timer));
}

TownGlance town_glance(const Json& timers, const std::vector<std::string>& last_conflicts) {
  TownGlance glance;
  const Json running = timers.value("timers", Json::array());
  const Json people = timers.value("town", Json::object()).value("people", Json::array());
  std::vector<std::string> named;  // who has a line already
  auto timers_of = [&](const std::string& name) {
    std::string words;
    for (const auto& t : running)
      if (t.value("kind", "") != "vote" && t.value("character", "") == name)
        words += "; " + timer_words(t);
    return words;
  };
  std::vector<std::string> lines;
  for (const auto& p : people) {
    const std::string name = p.value("name", "");
    std::string state;
    if (p.value("dead", false)) state = tr("DEAD");
    else {
      std::vector<std::string> parts;
      if (p.value("wounded", false))
        parts.push_back(p.value("limb", "").empty()
                            ? tr("Wounded")
                            // TRANSLATORS: {} is the limb the player gave up (left arm).
                            : fmt::format(fmt::runtime(tr("Wounded ({})")), core::limb_words(p.value("limb", ""))));
      if (p.value("jailed", false)) parts.push_back(tr("In jail"));
      if (p.value("banished", false)) parts.push_back(tr("BANISHED from the town"));
      state = fmt::format("{}", fmt::join(parts, "; ")) + timers_of(name);
    }
    lines.push_back(name + ": " + state);
    named.push_back(name);
  }
  // Knocked out or aching, and otherwise well: a line each too.
  for (const auto& t : running) {
    const std::string name = t.value("character", "");
    if (t.value("kind", "") == "vote" || name.empty() || std::find(named.begin(), named.end(), name) != named.end())
      continue;
    lines.push_back(name + ": " + timers_of(name).substr(2));
    named.push_back(name);
  }
  for (std::size_t i = 0; i < lines.size() && i < glance_people_shown; ++i) glance.people.push_back(lines[i]);
  if (lines.size() > glance_people_shown)
    // TRANSLATORS: after the people listed on the home screen; {} counts those left out.
    glance.people.push_back(fmt::format(fmt::runtime(trn("and {} more (scan a badge to see them)",
                                                         "and {} more (scan a badge to see them)",
                                                         lines.size() - glance_people_shown)),
                                        lines.size() - glance_people_shown));
  for (const auto& t : running)
    if (t.value("kind", "") == "vote")
      // TRANSLATORS: the home screen's line on the vote: the office, then the minutes left.
      glance.vote = fmt::format(fmt::runtime(tr("A vote for {} is open: {} min left")), t.value("office", std::string()),
                                glance_minutes_left(t));
  for (auto it = last_conflicts.rbegin(); it != last_conflicts.rend() && glance.conflicts.size() < glance_conflicts_shown;
       ++it)
    glance.conflicts.push_back(*it);
  return glance;
}

std::string town_glance_text(const TownGlance& glance) {
  // TRANSLATORS: the heading of the town at a glance on the GM station's home screen.
  std::string text = tr("The town now (scan a badge for the whole story):");
  for (const auto& line : glance.people) text += "\n" + line;
  if (glance.people.empty()) text += "\n" + tr("Everyone is alive and well, free and awake.");
  if (!glance.vote.empty()) text += "\n" + glance.vote;
  if (!glance.conflicts.empty()) {
    // TRANSLATORS: before the last conflicts recorded at any station, on the home screen.
    text += "\n" + tr("Last recorded:");
    for (const auto& c : glance.conflicts) text += "\n  " + c;
  }
  return text;
}

}  // namespace marshal::gm
