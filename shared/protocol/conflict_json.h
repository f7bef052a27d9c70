#pragma once
// Pieces of the JSON form that every conflict kind shares: characters, entered cards, shots,
// draws, and the context that prefixes engine refusals with the path of the input.
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/action_deck.h"
#include "core/character.h"
#include "core/chase.h"
#include "core/fistfight.h"
#include "core/gunslinging.h"
#include "core/options.h"
#include "core/refusal.h"
#include "protocol/json_fields.h"
#include "protocol/resolve.h"

namespace marshal::protocol {

struct ReadContext {
  int max_attribute = 4;     // RULES.md: attributes 0-4 unless the event says otherwise
  std::int64_t now_ms = 0;   // event time of the conflict; timers start from it
  core::EventOptions options;
  const CharacterLookup* lookup = nullptr;  // for participants given as {"code": ...}
  Detail detail = Detail::full;
  // Whether steps, story and record are built (Detail::full).
  bool telling() const { return detail == Detail::full; }
};

// Reads the top-level "now_ms" and "options" shared by every kind.
ReadContext read_context(Fields& top, const CharacterLookup* lookup = nullptr,
                         Detail detail = Detail::full);

// A resolution's story lines, formatted only when the resolution is told in full, in the
// language tr() answers in: a story is only ever told (Detail::full), never stored or replayed
// by the ledger (Detail::outcome has none). Each line is a whole sentence written in English
// with {} (say() marks it for po/marshal.pot).
class Story {
 public:
  explicit Story(bool told) : told_(told) {}
  template <class... Args>
  void say(const char* english, const Args&... args) {
    if (told_) add(i18n::say(english, args...).translated());
  }
  // A line already worded (a shot's, from shot_story).
  void add(std::string text) {
    if (!told_) return;
    lines_.push_back(indent_next_ ? "  " + text : std::move(text));
    indent_next_ = false;
  }
  // The next line is indented under the one before (a round's detail): story.under().say(...).
  Story& under() {
    indent_next_ = true;
    return *this;
  }
  bool told() const { return told_; }
  Json take() { return std::move(lines_); }

 private:
  bool told_;
  bool indent_next_ = false;
  Json lines_ = Json::array();
};

// A character in full, or {"code": ...} when the context has a lookup (the ledger's badges).
core::Character read_character(const Json& value, const std::string& path, const ReadContext& ctx);
std::vector<core::Character> read_characters(const Json& value, const std::string& path,
                                             const ReadContext& ctx);
Json character_json(const core::Character& c, std::int64_t now_ms);

// A resolution's output: {"kind", "steps", "story", "record", "result"} in that order, moved in
// (the ledger replays every resolution it stores, so copies of these trees add up). Told as
// the outcome only, {"kind", "result"} and the bystander fates when there are any.
Json resolution_json(const char* kind, Json&& steps, Story&& story, Json&& record, Json&& result,
                     const ReadContext& ctx, Json&& bystander_fates);

// {card: result} for every shot an innocent bystander took (Detail::outcome).
void note_bystander_fates(const std::vector<core::Shot>& shots, Json& fates);

int index_of_name(const std::vector<std::string>& names, const Json& value, const std::string& path);
std::vector<int> read_names(const Json* value, const std::string& path,
                            const std::vector<std::string>& names);

// {"Ann": 7, "Bob": 10}: cards entered at the table, by participant.
core::GivenCards read_cards(const Json* value, const std::string& path,
                            const std::vector<std::string>& names);

// [{"name", "road", "copies", "links"}]: the event's chase locations, checked.
core::LocationMap read_locations(const Json& value, const std::string& path);

// "kill", "wound" or "disable": what a shooter does with a 13 or more.
core::ShotChoice read_shot_choice(const Json& value, const std::string& path);

// {"Ann": 7, "Bob": 10}: one use of the deck as cards entered, for a replayable record.
Json cards_entered(const std::vector<core::DrawnCard>& use, const std::vector<std::string>& names);

Json draws_json(const std::vector<std::vector<core::DrawnCard>>& draws,
                const std::vector<std::string>& names);
Json shot_json(const core::Shot& shot, const std::vector<std::string>& names);
// "an Ace", "a 7", "an 8" (in the language tr() answers in, as the stories below).
std::string card_with_article(int card);
// A shot's line in a story: "Ann fires at Bob: a 9 + Accuracy 4 = 13 -> shooters_choice ...".
std::string shot_story(const core::Shot& shot, const std::vector<std::string>& names);
// A shot's result (core::ShotResult) and a punch's (core::FistResult) as a story names them:
// the result's code in English.
std::string result_words(core::ShotResult result);
std::string result_words(core::FistResult result);

// Runs step(); a core::Refusal from it comes out with `path` in front of its field.
template <class Step>
decltype(auto) in_context(const std::string& path, Step&& step) {
  try {
    return step();
  } catch (const core::Refusal& r) {
    std::string field = r.field().empty() ? path : path.empty() ? r.field() : path + "." + r.field();
    throw core::Refusal(r.code(), field, r.sentence());
  }
}

}  // namespace marshal::protocol
