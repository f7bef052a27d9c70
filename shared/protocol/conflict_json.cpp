#include "protocol/conflict_json.h"

#include <algorithm>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::protocol {

ReadContext read_context(Fields& top, const CharacterLookup* lookup, Detail detail) {
  ReadContext ctx;
  ctx.lookup = lookup;
  ctx.detail = detail;
  ctx.now_ms = top.int64_or("now_ms", 0, INT64_C(4'000'000'000'000), 0);
  if (const Json* options = top.optional("options")) {
    Fields o(*options, top.path_of("options"));
    ctx.max_attribute = o.integer_or("max_attribute", 1, 20, ctx.max_attribute);
    if (auto tie = o.optional_text("brawl_tie")) {
      auto rule = core::brawl_tie_rule_from_string(*tie);
      if (!rule) throw InputError(o.path_of("brawl_tie"), say("must be redraw or all_out"));
      ctx.options.brawl.tie = *rule;
    }
    auto& chase = ctx.options.chase;
    chase.min_wait_s = o.integer_or("chase_min_wait_s", 0, 3600, chase.min_wait_s);
    chase.max_wait_s = o.integer_or("chase_max_wait_s", chase.min_wait_s, 3600,
                                    std::max(chase.max_wait_s, chase.min_wait_s));
    chase.escape_after = o.integer_or("chase_escape_after", 1, 20, chase.escape_after);
    chase.base_hand = o.integer_or("chase_base_hand", 0, 40, chase.base_hand);
    ctx.options.heal_minutes = o.integer_or("heal_minutes", 0, core::max_heal_minutes, ctx.options.heal_minutes);
    o.done();
  }
  return ctx;
}

core::Character read_character(const Json& value, const std::string& path,
                               const ReadContext& ctx) {
  if (ctx.lookup && value.is_object() && value.size() == 1 && value.contains("code"))
    return (*ctx.lookup)(value.at("code"), path + ".code");
  Fields f(value, path);
  core::Character c;
  c.name = f.text("name");
  if (c.name.empty() || c.name.size() > 80)
    throw InputError(f.path_of("name"), say("must be 1 to 80 characters"));
  const int max = ctx.max_attribute;
  c.base.hth = f.integer_or("hth", 0, max, 0);
  c.base.speed = f.integer_or("speed", 0, max, 0);
  c.base.accuracy = f.integer_or("accuracy", 0, max, 0);
  c.base.gambling = f.integer_or("gambling", 0, max, 0);
  c.base.riding = f.integer_or("riding", 0, max, 0);
  c.wounded = f.boolean_or("wounded", false);
  if (auto limb = f.optional_text("wounded_limb")) c.wounded_limb = *limb;
  if (f.boolean_or("dead", false)) c.death = core::Death{};
  if (const Json* powers = f.optional("powers")) {
    const std::string p = f.path_of("powers");
    for (std::size_t i = 0; i < as_array(*powers, p).size(); ++i) {
      std::string name = as_text((*powers)[i], index_path(p, i));
      auto power = core::power_from_string(name);
      if (!power)
        throw InputError(index_path(p, i),
                         say("'{}' is no power (doctor, mayor, judge, lawman, banker, "
                             "tracking, hideout, prospecting, charm)",
                             name));
      c.powers.push_back(*power);
    }
  }
  if (const Json* bystanders = f.optional("bystanders")) {
    const std::string p = f.path_of("bystanders");
    for (std::size_t i = 0; i < as_array(*bystanders, p).size(); ++i) {
      std::string card = as_text((*bystanders)[i], index_path(p, i));
      if (std::find(c.bystanders.begin(), c.bystanders.end(), card) != c.bystanders.end())
        throw InputError(index_path(p, i), say("bystander card {} is listed twice", card));
      c.bystanders.push_back(card);
    }
  }
  if (const Json* timers = f.optional("timers")) {
    const std::string p = f.path_of("timers");
    for (std::size_t i = 0; i < as_array(*timers, p).size(); ++i) {
      Fields t((*timers)[i], index_path(p, i));
      std::string kind = t.text("kind");
      core::Timer timer;
      if (kind == "knocked_out") timer.kind = core::TimerKind::knocked_out;
      else if (kind == "headache") timer.kind = core::TimerKind::headache;
      else throw InputError(t.path_of("kind"), say("must be knocked_out or headache"));
      timer.start_ms = t.int64_or("start_ms", 0, INT64_C(4'000'000'000'000), 0);
      timer.duration_ms = t.int64_or("duration_ms", 0, INT64_C(86'400'000), core::knock_out_duration_ms);
      t.done();
      c.timers.push_back(timer);
    }
  }
  f.done();
  return c;
}

std::vector<core::Character> read_characters(const Json& value, const std::string& path,
                                             const ReadContext& ctx) {
  std::vector<core::Character> out;
  for (std::size_t i = 0; i < as_array(value, path).size(); ++i) {
    out.push_back(read_character(value[i], index_path(path, i), ctx));
    for (std::size_t j = 0; j < i; ++j)
      if (out[j].name == out[i].name)
        throw InputError(index_path(path, i) + ".name", say("'{}' is named twice", out[i].name));
  }
  return out;
}

Json resolution_json(const char* kind, Json&& steps, Story&& story, Json&& record, Json&& result,
                     const ReadContext& ctx, Json&& bystander_fates) {
  Json out = object_with_room(5);
  out["kind"] = kind;
  if (ctx.telling()) {
    out["steps"] = std::move(steps);
    out["story"] = story.take();
    out["record"] = std::move(record);
  } else if (!bystander_fates.empty()) {
    out["bystander_fates"] = std::move(bystander_fates);
  }
  out["result"] = std::move(result);
  return out;
}

void note_bystander_fates(const std::vector<core::Shot>& shots, Json& fates) {
  for (const auto& shot : shots)
    if (shot.bystander) fates[*shot.bystander] = core::to_string(shot.result);
}

Json character_json(const core::Character& c, std::int64_t now_ms) {
  Json j = object_with_room(13);
  j["name"] = c.name;
  j["hth"] = c.base.hth;
  j["speed"] = c.base.speed;
  j["accuracy"] = c.base.accuracy;
  j["gambling"] = c.base.gambling;
  j["riding"] = c.base.riding;
  j["wounded"] = c.wounded;
  if (c.dead()) {
    j["dead"] = true;
    j["killing"] = core::to_string(c.death->kind);
    if (!c.death->by.empty()) j["killed_by"] = c.death->by;
  }
  if (!c.powers.empty()) {
    Json powers = Json::array();
    for (auto p : c.powers) powers.push_back(core::to_string(p));
    j["powers"] = std::move(powers);
  }
  // Sorted: the order cards were listed in is not part of the outcome.
  std::vector<std::string> bystanders = c.bystanders;
  std::sort(bystanders.begin(), bystanders.end());
  j["bystanders"] = bystanders;
  Json timers = Json::array();
  for (const auto& t : c.timers)
    if (t.running_at(now_ms) || t.start_ms >= now_ms)
      timers.push_back({{"kind", core::to_string(t.kind)},
                        {"start_ms", t.start_ms},
                        {"duration_ms", t.duration_ms}});
  if (!timers.empty()) j["timers"] = std::move(timers);
  return j;
}

int index_of_name(const std::vector<std::string>& names, const Json& value,
                  const std::string& path) {
  std::string name = as_text(value, path);
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  throw InputError(path, say("'{}' is not a participant", name));
}

std::vector<int> read_names(const Json* value, const std::string& path,
                            const std::vector<std::string>& names) {
  std::vector<int> out;
  if (!value) return out;
  for (std::size_t i = 0; i < as_array(*value, path).size(); ++i)
    out.push_back(index_of_name(names, (*value)[i], index_path(path, i)));
  return out;
}

core::GivenCards read_cards(const Json* value, const std::string& path,
                            const std::vector<std::string>& names) {
  core::GivenCards given(names.size());
  if (!value) return given;
  as_object(*value, path);
  for (auto it = value->begin(); it != value->end(); ++it) {
    const std::string p = path + "." + it.key();
    int who = index_of_name(names, Json(it.key()), p);
    given[who] = as_integer(it.value(), p, core::lowest_card, core::highest_card);
  }
  return given;
}

core::LocationMap read_locations(const Json& value, const std::string& path) {
  std::vector<core::Location> locations;
  for (std::size_t i = 0; i < as_array(value, path).size(); ++i) {
    Fields f(value[i], index_path(path, i));
    core::Location loc;
    loc.name = f.text("name");
    loc.road = f.boolean_or("road", false);
    loc.copies = f.integer("copies", 0, 100);
    if (const Json* links = f.optional("links"))
      for (std::size_t k = 0; k < as_array(*links, f.path_of("links")).size(); ++k)
        loc.links.push_back(as_text((*links)[k], index_path(f.path_of("links"), k)));
    f.done();
    locations.push_back(std::move(loc));
  }
  return in_context(path, [&] { return core::LocationMap(std::move(locations)); });
}

core::ShotChoice read_shot_choice(const Json& value, const std::string& path) {
  auto choice = core::shot_choice_from_string(as_text(value, path));
  if (!choice) throw InputError(path, say("must be kill, wound or disable"));
  return *choice;
}

Json cards_entered(const std::vector<core::DrawnCard>& use, const std::vector<std::string>& names) {
  Json cards = Json::object();
  for (const auto& d : use) cards[names[d.who]] = d.value;
  return cards;
}

Json draws_json(const std::vector<std::vector<core::DrawnCard>>& draws,
                const std::vector<std::string>& names) {
  Json out = Json::array();
  for (const auto& use : draws) {
    Json cards = Json::array();
    for (const auto& d : use)
      cards.push_back(
          {{"who", names[d.who]}, {"card", d.value}, {"drawn", d.physical ? "entered" : "virtual"}});
    out.push_back(cards);
  }
  return out;
}

Json shot_json(const core::Shot& shot, const std::vector<std::string>& names) {
  Json j{{"shooter", names[shot.shooter]},
         {"target", names[shot.target]},
         {"card", shot.card},
         {"accuracy", shot.accuracy},
         {"total", shot.total},
         {"not_to_kill", shot.not_to_kill},
         {"result", core::to_string(shot.result)}};
  if (shot.choice) j["choice"] = core::to_string(*shot.choice);
  if (shot.bystander) j["bystander"] = *shot.bystander;
  j["harm"] = core::to_string(shot.harm);
  return j;
}

namespace {
using i18n::tr;

std::string choice_words(core::ShotChoice choice) {
  switch (choice) {
    // TRANSLATORS: what a shooter chooses to do with a 13 or more, in a story: "(Ann chooses: kill)".
    case core::ShotChoice::kill: return tr("kill");
    // TRANSLATORS: what a shooter chooses to do with a 13 or more, in a story: "(Ann chooses: wound)".
    case core::ShotChoice::wound: return tr("wound");
    // TRANSLATORS: what a shooter chooses to do with a 13 or more: shoot the target out of the fight.
    case core::ShotChoice::disable: return tr("disable");
  }
  return std::string(core::to_string(choice));
}
}  // namespace

std::string card_with_article(int card) {
  // TRANSLATORS: the card drawn, in a story ("Ann draws an Ace: ...").
  if (card == 1) return tr("an Ace");
  // TRANSLATORS: the card 8 drawn, in a story ("Ann draws an 8: ...").
  if (card == 8) return tr("an 8");
  // TRANSLATORS: a card drawn, 2 to 10 (not 8), in a story ("Ann draws a 7: ...").
  return say("a {}", card).translated();
}

std::string result_words(core::ShotResult result) {
  switch (result) {
    case core::ShotResult::miss: return tr("miss");
    case core::ShotResult::nicked: return tr("nicked");
    case core::ShotResult::wounded: return tr("wounded");
    case core::ShotResult::dead: return tr("dead");
    // TRANSLATORS: a shot's result in a story, after "->": 13 or more, the shooter chooses what it does.
    case core::ShotResult::shooters_choice: return tr("shooters_choice");
  }
  return std::string(core::to_string(result));
}

std::string result_words(core::FistResult result) {
  switch (result) {
    case core::FistResult::miss: return tr("miss");
    // TRANSLATORS: a punch's result in a story, after "->": the one hit sits out the next round.
    case core::FistResult::stun: return tr("stun");
    // TRANSLATORS: a punch's result in a story, after "->": the one hit is knocked out.
    case core::FistResult::knock_out: return tr("knock_out");
  }
  return std::string(core::to_string(result));
}

std::string shot_story(const core::Shot& shot, const std::vector<std::string>& names) {
  const std::string& shooter = names[shot.shooter];
  const std::string& target = names[shot.target];
  const std::string card = card_with_article(shot.card);
  const std::string result = result_words(shot.result);
  std::string line =
      shot.not_to_kill
          // TRANSLATORS: {0} fires at {1}: the card drawn ("a 9") + Accuracy = the total -> the result.
          ? say("{} fires at {}: {} + Accuracy {} = {} (trying not to kill) -> {}", shooter, target, card,
                shot.accuracy, shot.total, result)
                .translated()
          // TRANSLATORS: {0} fires at {1}: the card drawn ("a 9") + Accuracy = the total -> the result.
          : say("{} fires at {}: {} + Accuracy {} = {} -> {}", shooter, target, card, shot.accuracy,
                shot.total, result)
                .translated();
  // TRANSLATORS: {0} is a shot's line ("Ann fires at Bob: ..."), {1} the shooter, {2} the choice (kill, wound, disable).
  if (shot.choice) line = say("{} ({} chooses: {})", line, shooter, choice_words(*shot.choice)).translated();
  if (shot.bystander)
    // TRANSLATORS: {0} is a shot's line ("Ann fires at Bob: ..."), {1} the bystander card's code.
    line = say("{}; an innocent bystander ({}) takes the bullet", line, *shot.bystander).translated();
  else if (shot.harm == core::Harm::dead)
    // TRANSLATORS: {0} is a shot's line ("Ann fires at Bob: ..."), {1} its target.
    line = say("{}; {} is dead", line, target).translated();
  else if (shot.harm == core::Harm::wounded)
    // TRANSLATORS: {0} is a shot's line ("Ann fires at Bob: ..."), {1} its target.
    line = say("{}; {} is wounded", line, target).translated();
  else if (shot.harm == core::Harm::disabled)
    // TRANSLATORS: {0} is a shot's line ("Ann fires at Bob: ..."), {1} its target.
    line = say("{}; {} is shot out of the fight", line, target).translated();
  return line;
}

}  // namespace marshal::protocol
