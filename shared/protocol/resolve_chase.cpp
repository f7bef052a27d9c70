#include <algorithm>

#include <fmt/format.h>

#include "core/chase.h"
#include "protocol/conflict_json.h"
#include "protocol/resolve.h"

namespace marshal::protocol {

namespace {

std::vector<core::ChaseRider> read_group(const Json& value, const std::string& path,
                                         const ReadContext& ctx) {
  std::vector<core::ChaseRider> group;
  for (std::size_t i = 0; i < as_array(value, path).size(); ++i) {
    Fields f(value[i], index_path(path, i));
    core::ChaseRider rider;
    rider.character = read_character(f.required("character"), f.path_of("character"), ctx);
    rider.horse = f.integer("horse", 0, 4);
    f.done();
    group.push_back(std::move(rider));
  }
  if (group.empty()) throw InputError(path, say("needs at least one rider"));
  return group;
}

int location_of(const core::LocationMap& map, const Json& value, const std::string& path) {
  return in_context(path, [&] { return map.index_of(as_text(value, path), ""); });
}

std::vector<int> read_hand(const core::LocationMap& map, const Json& value, const std::string& path) {
  std::vector<int> hand;
  for (std::size_t i = 0; i < as_array(value, path).size(); ++i)
    hand.push_back(location_of(map, value[i], index_path(path, i)));
  return hand;
}

Json names_of_cards(const core::LocationMap& map, const std::vector<int>& cards) {
  Json out = Json::array();
  for (int c : cards) out.push_back(map.at(c).name);
  return out;
}

}  // namespace

Json resolve_chase(const Json& input, core::Csprng* rng, const CharacterLookup* lookup, Detail detail) {
  Fields top(input, "");
  ReadContext ctx = read_context(top, lookup, detail);
  const bool telling = ctx.telling();
  core::LocationMap map = read_locations(top.required("locations"), "locations");
  auto varmints = read_group(top.required("varmint"), "varmint", ctx);
  auto posse = read_group(top.required("posse"), "posse", ctx);
  int varmint_size = in_context("varmint", [&] { return core::chase_hand_size(varmints, ctx.options.chase); });
  int posse_size = in_context("posse", [&] { return core::chase_hand_size(posse, ctx.options.chase); });
  std::optional<int> ambush;
  if (const Json* a = top.optional("ambush")) ambush = location_of(map, *a, "ambush");
  // Out of town (004 L163): where the chase starts; each side's first card is linked from it.
  std::optional<int> start;
  if (const Json* s = top.optional("start")) start = location_of(map, *s, "start");

  Json steps = Json::array();
  Story story(telling);
  core::Chase::Hands hands;
  bool dealt = false;
  if (const Json* h = top.optional("hands")) {
    Fields f(*h, "hands");
    hands.varmint = read_hand(map, f.required("varmint"), "hands.varmint");
    hands.posse = read_hand(map, f.required("posse"), "hands.posse");
    f.done();
    if (static_cast<int>(hands.varmint.size()) > varmint_size)
      // TRANSLATORS: {0} is the cards given, {1} how many the varmint's hand holds.
      throw InputError("hands.varmint", say("holds {} cards; the varmint's hand is {}", hands.varmint.size(),
                                            varmint_size));
    if (static_cast<int>(hands.posse.size()) > posse_size)
      // TRANSLATORS: {0} is the cards given, {1} how many the posse's hand holds.
      throw InputError("hands.posse", say("holds {} cards; the posse's hand is {}", hands.posse.size(),
                                          posse_size));
  } else {
    if (!rng) throw InputError("hands", say("is needed when cards are not dealt by the station"));
    hands = core::Chase::deal(map, varmint_size, posse_size, *rng);
    dealt = true;
  }
  if (dealt)
    // TRANSLATORS: {0} and {1} are how many cards each hand holds.
    story.say("The varmint's hand: {} cards; the posse's: {} cards (dealt)", hands.varmint.size(),
              hands.posse.size());
  else
    // TRANSLATORS: {0} and {1} are how many cards each hand holds.
    story.say("The varmint's hand: {} cards; the posse's: {} cards", hands.varmint.size(), hands.posse.size());
  core::Chase chase = in_context("hands", [&] {
    return core::Chase(map, hands.varmint, hands.posse, ambush, ctx.options.chase, start);
  });
  // TRANSLATORS: {} is the location a chase starts from, out of town.
  if (start) story.say("The chase starts at {}, out of town: each side's first card leads on from there",
                       map.at(*start).name);
  if (telling)
    steps.push_back({{"step", "deal"},
                   {"hand_sizes", {{"varmint", varmint_size}, {"posse", posse_size}}},
                   {"varmint", names_of_cards(map, hands.varmint)},
                   {"posse", names_of_cards(map, hands.posse)}});
  if (chase.posse_stuck_in_town() && !start) story.say("The posse holds no ROAD card: stuck in town");
  // TRANSLATORS: {} is the location the chase starts from.
  else if (chase.posse_stuck_in_town()) story.say("The posse holds no card that leads on from {}", map.at(*start).name);

  auto record_turn = [&] {
    if (!telling) return;
    const core::ChaseTurn& t = chase.turns().back();
    const std::string& varmint_to = map.at(t.varmint_card).name;
    if (t.posse_cards.empty()) {
      // TRANSLATORS: {0} is the turn's number, {1} a location, {2} the turns in a row the posse is behind.
      story.say("Turn {}: the varmint rides to {}; the posse cannot play ({} ahead)", t.number, varmint_to,
                t.unmatched_in_a_row);
    } else {
      // The posse's ride, location by location: names, not words.
      const std::string ride = fmt::format(
          "{}", fmt::join(names_of_cards(map, t.posse_cards).get<std::vector<std::string>>(), " -> "));
      if (t.matched)
        // TRANSLATORS: {0} is the turn's number, {1} a location, {2} the posse's ride ("Mine -> Bank").
        story.say("Turn {}: the varmint rides to {}; the posse rides {} and catches up", t.number, varmint_to,
                  ride);
      else
        // TRANSLATORS: {0} is the turn's number, {1} a location, {2} the posse's ride ("Mine -> Bank"), {3}
        // the turns in a row the posse is behind.
        story.say("Turn {}: the varmint rides to {}; the posse rides {} ({} ahead)", t.number, varmint_to, ride,
                  t.unmatched_in_a_row);
    }
    steps.push_back({{"step", "turn"},
                     {"number", t.number},
                     {"varmint", map.at(t.varmint_card).name},
                     {"posse", names_of_cards(map, t.posse_cards)},
                     {"matched", t.matched},
                     {"unmatched_in_a_row", t.unmatched_in_a_row}});
  };
  if (const Json* turns = top.optional("turns")) {
    for (std::size_t k = 0; k < as_array(*turns, "turns").size(); ++k) {
      const std::string path = index_path("turns", k);
      Fields f((*turns)[k], path);
      int v = location_of(map, f.required("varmint"), f.path_of("varmint"));
      std::vector<int> p = read_hand(map, f.required("posse"), f.path_of("posse"));
      f.done();
      if (chase.status() != core::ChaseStatus::running)
        throw core::Refusal(core::RefusalCode::finished, path, say("the chase is already over"));
      in_context(path, [&] { chase.varmint_play(v); });
      in_context(path, [&] { chase.posse_play(p); });
      record_turn();
    }
  }
  if (top.boolean_or("until_over", false)) {
    if (!rng) throw InputError("until_over", say("automatic play needs the station's random draws"));
    while (chase.status() == core::ChaseStatus::running) {
      chase.play_automatic_turn(*rng);
      record_turn();
    }
  }
  top.done();

  Json record;
  if (telling) {
    record = input;
    record.erase("until_over");
    record["hands"] = {{"varmint", names_of_cards(map, hands.varmint)}, {"posse", names_of_cards(map, hands.posse)}};
    Json turns = Json::array();
    for (const auto& t : chase.turns())
      turns.push_back({{"varmint", map.at(t.varmint_card).name}, {"posse", names_of_cards(map, t.posse_cards)}});
    record["turns"] = turns;
  }

  Json result{{"status", core::to_string(chase.status())},
              {"varmint_stuck_in_town", chase.varmint_stuck_in_town()},
              {"posse_stuck_in_town", chase.posse_stuck_in_town()},
              {"ambush_sprung", chase.ambush_sprung()},
              {"varmint_hand_left", names_of_cards(map, chase.varmint_hand())},
              {"posse_hand_left", names_of_cards(map, chase.posse_hand())}};
  if (chase.status() == core::ChaseStatus::caught) {
    auto at = chase.caught_at();
    result["caught_at"] = at ? Json(map.at(*at).name) : Json("town");
    std::size_t fighters = varmints.size() + posse.size();
    result["fight"] = chase.ambush_sprung() || fighters > 2 ? "shootout" : "duel";
    if (!at && result["fight"] == "duel")
      story.say("The varmint is caught at town: a duel");
    else if (!at)
      story.say("The varmint is caught at town: a shootout");
    else if (chase.ambush_sprung())
      // TRANSLATORS: {} is the location.
      story.say("The varmint is caught at {}: a shootout opened by the ambushers' free round", map.at(*at).name);
    else if (result["fight"] == "duel")
      // TRANSLATORS: {} is the location.
      story.say("The varmint is caught at {}: a duel", map.at(*at).name);
    else
      // TRANSLATORS: {} is the location.
      story.say("The varmint is caught at {}: a shootout", map.at(*at).name);
  } else if (chase.status() == core::ChaseStatus::escaped) {
    story.say("The varmint has escaped");
  }
  return resolution_json("chase", std::move(steps), std::move(story), std::move(record), std::move(result),
                         ctx, Json::object());
}

}  // namespace marshal::protocol
