#include "kiosk/player_view.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "core/limbs.h"
#include "core/offices.h"
#include "core/tokens.h"
#include "i18n/translate.h"
#include "i18n/venue_time.h"
#include "protocol/fight_words.h"

namespace marshal::kiosk {

using i18n::tr;

namespace {

std::string capitalised(std::string word) {
  if (!word.empty()) word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
  return word;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

// A power's name as the player reads it ("lawman" is Lawman).
std::string power_name(const std::string& power) {
  if (power == "doctor") return tr("Doctor");
  if (power == "mayor") return tr("Mayor");
  if (power == "judge") return tr("Judge");
  if (power == "lawman") return tr("Lawman");
  if (power == "banker") return tr("Banker");
  if (power == "tracking") return tr("Tracking");
  if (power == "hideout") return tr("Hideout");
  if (power == "prospecting") return tr("Prospecting");
  if (power == "charm") return tr("Charm");
  return capitalised(power);
}

// A running timer's line: "Knocked out: 4:12 left".
std::string timer_line(const std::string& kind, const std::string& left) {
  if (kind == "knocked_out") return fmt::format(fmt::runtime(tr("Knocked out: {} left")), left);
  if (kind == "headache") return fmt::format(fmt::runtime(tr("Headache: {} left")), left);
  // TRANSLATORS: a Doctor's healing: the time left before the wound is gone, m:ss.
  if (kind == "healing") return fmt::format(fmt::runtime(tr("Healing: the wound is gone in {}")), left);
  // TRANSLATORS: a Judge's jail sentence: the time left before the player goes free, m:ss.
  if (kind == "jail") return fmt::format(fmt::runtime(tr("Jail sentence: free in {}")), left);
  // TRANSLATORS: a timer of another kind: {} is its name as the ledger writes it, then the time left.
  return fmt::format(fmt::runtime(tr("{}: {} left")), capitalised(kind), left);
}

// The player's part in the town's offices: a deputy's task, a sentence, banishment, prizes won.
void add_office_lines(const Json& v, PlayerView& p) {
  if (v.contains("deputy"))
    // TRANSLATORS: {0} is the deputy's task, {1} the Judge who gave it.
    p.lines.push_back(fmt::format(fmt::runtime(tr("Deputized by {1}: {0}. One arrest, then the task ends")),
                                  v["deputy"].value("task", ""), v["deputy"].value("judge", "")));
  if (v.contains("sentence") && !v["sentence"].value("overridden", false) && !p.dead) {
    const Json& s = v["sentence"];
    // TRANSLATORS: {0} is the sentence (jail, fine...), {1} the charge, {2} the Judge.
    p.lines.push_back(fmt::format(fmt::runtime(tr("Sentenced: {} for {} (by {})")),
                                  core::sentence_words(s.value("sentence", "")), s.value("charge", ""),
                                  s.value("judge", "")));
  }
  // TRANSLATORS: {} is the character's standing, such as "Alive and well".
  if (v.value("banished", false)) p.standing = fmt::format(fmt::runtime(tr("{}. BANISHED from the town")), p.standing);
  std::vector<std::string> prizes;
  for (const auto& prize : v.value("prizes", Json::array())) prizes.push_back(prize.value("prize", ""));
  // TRANSLATORS: {} is a list of the prizes the Mayor gave the player at the Territory Fair.
  if (!prizes.empty()) p.lines.push_back(fmt::format(fmt::runtime(tr("Territory Fair prizes: {}")), joined(prizes)));
}

// A tabletop game's character (GET /characters/BADGE's `tabletop` and `combat`, issue 32): the
// condition from the fights as the standing (wounds and Injuries stay after a fight), the traits
// as dice for the attributes, the chips and tokens held.
void add_tabletop_sheet(const Json& v, PlayerView& p) {
  const Json& sheet = v["tabletop"];
  if (!p.dead) {
    const std::string condition = protocol::fight_condition_words(v.value("combat", Json()));
    // TRANSLATORS: a tabletop character's standing at the kiosk with no wound, Shaken or Injury.
    p.standing = condition.empty() ? tr("Unhurt") : condition;
  }
  std::vector<std::string> traits;
  for (const auto& t : sheet.value("traits", Json::array()))
    traits.push_back(fmt::format("{} {}", t.value("trait", ""), t.value("die", "")));
  p.attributes.clear();
  for (const auto& t : traits) p.attributes += (p.attributes.empty() ? "" : "    ") + t;
  // TRANSLATORS: {} is the chips (Bennies, fate chips) the player holds: "2 white, 1 red", "none".
  p.lines.push_back(fmt::format(fmt::runtime(tr("Chips: {}")),
                                protocol::chips_words(sheet.value("chips", Json::object()), sheet.value("colours", Json::array()))));
  std::vector<std::string> tokens;
  for (const auto& t : sheet.value("tokens", Json::array())) {
    // In the reader's words; the stored (English) title for a kind this kiosk does not know.
    const std::string words = core::token_words(t.value("token", ""), t.value("text", ""), t.value("die", ""));
    tokens.push_back(words.empty() ? t.value("title", "") : words);
  }
  // TRANSLATORS: {} is a list of the tokens (hole cards, connection markers) the player holds.
  if (!tokens.empty()) p.lines.push_back(fmt::format(fmt::runtime(tr("Tokens: {}")), joined(tokens)));
}

}  // namespace

std::string clock_text(std::int64_t ms) {
  std::int64_t seconds = std::max<std::int64_t>(0, (ms + 999) / 1000);
  return fmt::format("{}:{:02d}", seconds / 60, seconds % 60);
}

PlayerView player_view(const Json& v, std::int64_t fetched_ms, std::int64_t now_ms) {
  PlayerView p;
  p.name = v.value("name", "");
  const Json& use = v.contains("in_use") ? v["in_use"] : v.value("attributes", Json::object());
  // TRANSLATORS: the character's five attributes in use, each followed by its value.
  p.attributes = fmt::format(fmt::runtime(tr("Hand-to-hand {}    Speed {}    Accuracy {}    Gambling {}    Riding {}")),
                             use.value("hth", 0), use.value("speed", 0), use.value("accuracy", 0),
                             use.value("gambling", 0), use.value("riding", 0));
  p.dead = v.value("dead", false);
  p.tabletop = v.value("tabletop", Json()).is_object();
  if (p.dead) {
    p.standing = tr("DEAD: dead is final for the evening");
  } else if (v.value("wounded", false)) {
    const std::string limb = v.value("wounded_limb", "");
    if (limb.empty())
      p.standing = tr("WOUNDED: every attribute -1 until a Doctor heals you");
    else
      // TRANSLATORS: {} is the limb the player gave up (left arm).
      p.standing = fmt::format(fmt::runtime(tr("WOUNDED ({}): every attribute -1 until a Doctor heals you")),
                               core::limb_words(limb));
  } else {
    p.standing = tr("Alive and well");
  }
  // TRANSLATORS: {} is the character's standing, such as "Alive and well".
  if (v.value("jailed", false)) p.standing = fmt::format(fmt::runtime(tr("{}. IN JAIL")), p.standing);
  // TRANSLATORS: {} is the character's standing, such as "Alive and well".
  else if (v.value("arrested", false)) p.standing = fmt::format(fmt::runtime(tr("{}. UNDER ARREST")), p.standing);
  for (const auto& t : v.value("timers", Json::array())) {
    std::int64_t left = t.value("remaining_ms", std::int64_t{0}) - (now_ms - fetched_ms);
    if (left <= 0) continue;
    p.timers.push_back(timer_line(t.value("kind", ""), clock_text(left)));
  }
  if (!p.tabletop)
    p.lines.push_back(fmt::format(fmt::runtime(tr("Innocent bystanders left: {}")), v.value("bystanders_left", 0)));
  std::vector<std::string> tricks, horses, lands, notes;
  for (const auto& c : v.value("cards", Json::array())) {
    std::string kind = c.value("kind", ""), title = c.value("title", "");
    if (kind == "trick") {
      tricks.push_back(title);
      p.tricks.push_back({c.value("code", ""), title});
    }
    else if (kind == "horse") {
      std::string owner = c.value("owner", ""), holder = c.value("holder", "");
      if (owner == p.name || owner.empty())
        horses.push_back(title);
      else
        // TRANSLATORS: a horse with the player that someone else owns: the horse's name, then the owner's.
        horses.push_back(fmt::format(fmt::runtime(tr("{} (owned by {})")), title, owner));
      p.horses.push_back({c.value("code", ""), title, owner == p.name && (holder.empty() || holder == p.name)});
    } else if (kind == "note") {
      const Json& detail = c.value("detail", Json::object());
      // TRANSLATORS: a promissory note the player holds: the payer, the amount, when it falls due (21:30).
      notes.push_back(fmt::format(fmt::runtime(tr("{} owes {}, due at {}")), detail.value("payer", ""),
                                  detail.value("amount", ""), i18n::clock_text(detail.value("due_ms", std::int64_t{0}))));
    } else if (kind == "deed") {
      const std::string owner = c.value("owner", "");
      lands.push_back(owner == p.name || owner.empty()
                          ? title
                          // TRANSLATORS: a deed the player holds as a lender: the parcel, then its owner.
                          : fmt::format(fmt::runtime(tr("{} (mortgaged to you by {})")), title, owner));
    } else if (kind == "secret") {
      const Json& detail = c.value("detail", Json::object());
      p.secrets.push_back({c.value("code", ""), title, detail.value("text", "")});
    }
  }
  if (tricks.empty() && !p.tabletop)
    p.lines.push_back(tr("Poker tricks to play: none"));
  else if (!tricks.empty())
    // TRANSLATORS: {} is a list of the tricks' names, separated by commas.
    p.lines.push_back(fmt::format(fmt::runtime(tr("Poker tricks to play: {}")), joined(tricks)));
  if (horses.empty() && !p.tabletop)
    p.lines.push_back(tr("Horses with you: none"));
  else if (!horses.empty())
    // TRANSLATORS: {} is a list of the horses' names, separated by commas.
    p.lines.push_back(fmt::format(fmt::runtime(tr("Horses with you: {}")), joined(horses)));
  // TRANSLATORS: {} is a list of the promissory notes the player holds ("Reginald Ashby owes 2 M, due at 21:30").
  if (!notes.empty()) p.lines.push_back(fmt::format(fmt::runtime(tr("Notes to collect: {}")), joined(notes)));
  std::vector<std::string> owed;
  for (const auto& n : v.value("notes_owed", Json::array()))
    // TRANSLATORS: a promissory note the player owes: the amount, to whom it is paid (its holder), when it falls due.
    owed.push_back(fmt::format(fmt::runtime(tr("{} to {}, due at {}")), n.value("amount", ""), n.value("holder", ""),
                               i18n::clock_text(n.value("due_ms", std::int64_t{0}))));
  // TRANSLATORS: {} is a list of the promissory notes the player owes.
  if (!owed.empty()) p.lines.push_back(fmt::format(fmt::runtime(tr("Notes you owe: {}")), joined(owed)));
  // TRANSLATORS: {} is a list of the parcels of land whose deeds the player holds.
  if (!lands.empty()) p.lines.push_back(fmt::format(fmt::runtime(tr("Land deeds: {}")), joined(lands)));
  std::vector<std::string> powers;
  for (const auto& power : v.value("powers", Json::array())) powers.push_back(power_name(power.get<std::string>()));
  // TRANSLATORS: {} is a list of the character's powers, separated by commas.
  if (!powers.empty()) p.lines.push_back(fmt::format(fmt::runtime(tr("Powers: {}")), joined(powers)));
  add_office_lines(v, p);
  if (p.tabletop) add_tabletop_sheet(v, p);
  return p;
}

}  // namespace marshal::kiosk
