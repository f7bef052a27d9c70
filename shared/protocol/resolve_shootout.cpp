#include <algorithm>

#include <fmt/format.h>

#include "core/shootout.h"
#include "protocol/conflict_json.h"
#include "protocol/resolve.h"

namespace marshal::protocol {

namespace {

using Kind = core::ShootoutAction::Kind;

// "cover", {"shoot": "Bob", "not_to_kill": true, "choice_at_13": "wound"} or {"pin": "Bob"}.
core::ShootoutAction read_action(const Json& value, const std::string& path,
                                 const std::vector<std::string>& names) {
  core::ShootoutAction a;
  if (value.is_string()) {
    if (value.get<std::string>() != "cover")
      // TRANSLATORS: "cover", "shoot" and NAME are as typed in the JSON; {{ and }} are one brace each.
      throw InputError(path, say("a text action must be \"cover\"; shooting is {{\"shoot\": NAME}}"));
    return a;
  }
  Fields f(value, path);
  int kinds = f.has("shoot") + f.has("pin") + f.has("cover");
  if (kinds != 1) throw InputError(path, say("give exactly one of shoot, pin or cover"));
  if (f.has("shoot")) {
    a.kind = Kind::shoot;
    a.target = index_of_name(names, f.required("shoot"), f.path_of("shoot"));
    a.not_to_kill = f.boolean_or("not_to_kill", false);
    if (const Json* c = f.optional("choice_at_13"))
      a.choice_at_13 = read_shot_choice(*c, f.path_of("choice_at_13"));
  } else if (f.has("pin")) {
    a.kind = Kind::pin;
    a.target = index_of_name(names, f.required("pin"), f.path_of("pin"));
  } else {
    if (!as_boolean(f.required("cover"), f.path_of("cover")))
      throw InputError(f.path_of("cover"), say("must be true (or leave the action out)"));
  }
  f.done();
  return a;
}

}  // namespace

Json resolve_shootout(const Json& input, core::Csprng* rng, const CharacterLookup* lookup, Detail detail) {
  Fields top(input, "");
  ReadContext ctx = read_context(top, lookup, detail);
  const bool telling = ctx.telling();
  auto people = read_characters(top.required("participants"), "participants", ctx);
  std::vector<std::string> all_names;
  for (const auto& p : people) all_names.push_back(p.name);
  std::vector<int> ambushers = read_names(top.optional("ambushers"), "ambushers", all_names);
  const bool shooting_of_two = top.boolean_or("shooting_of_two", false);
  core::Shootout fight = in_context(
      "participants", [&] { return core::Shootout(people, ambushers, ctx.now_ms, shooting_of_two); });
  const auto& names = fight.names();
  const int n = static_cast<int>(names.size());
  std::vector<int> standing_target(n, -1);
  if (const Json* targets = top.optional("targets")) {
    as_object(*targets, "targets");
    for (auto it = targets->begin(); it != targets->end(); ++it)
      standing_target[index_of_name(names, Json(it.key()), "targets." + it.key())] =
          index_of_name(names, it.value(), "targets." + it.key());
  }
  bool stopped = false;
  std::vector<int> always_sacrifice =
      read_names(top.optional("sacrifice_when_allowed"), "sacrifice_when_allowed", names);

  Json steps = Json::array(), fates = Json::object();
  Story story(telling);
  // The record: every round as it was played, cards and sacrifices included, replayable.
  Json recorded_rounds = Json::array();
  std::vector<std::string> unrecorded_escapes;
  auto escape = [&](int who, const std::string& path) {
    in_context(path, [&] { fight.escape(who); });
    story.say("{} escapes the shootout", names[who]);
    unrecorded_escapes.push_back(names[who]);
  };
  auto play = [&](const std::vector<std::optional<core::ShootoutAction>>& actions,
                  core::DeckSupply& deck, const Json* sacrifices, const std::string& path) {
    const core::ShootoutRound& shot_round = in_context(
        path, [&]() -> const core::ShootoutRound& { return fight.shoot(actions, deck); });
    std::vector<core::Sacrifice> chosen;
    auto already = [&](int shot) {
      return std::any_of(chosen.begin(), chosen.end(), [&](const auto& s) { return s.shot == shot; });
    };
    if (sacrifices) {
      const std::string sp = path + ".sacrifices";
      for (std::size_t k = 0; k < as_array(*sacrifices, sp).size(); ++k) {
        Fields f((*sacrifices)[k], index_path(sp, k));
        int shooter = index_of_name(names, f.required("shooter"), f.path_of("shooter"));
        int target = index_of_name(names, f.required("target"), f.path_of("target"));
        std::string card = f.text("card");
        f.done();
        int shot = -1;
        for (std::size_t s = 0; s < shot_round.shots.size(); ++s)
          if (shot_round.shots[s].shooter == shooter && shot_round.shots[s].target == target)
            shot = static_cast<int>(s);
        if (shot < 0)
          throw InputError(index_path(sp, k), say("{} did not fire at {}", names[shooter], names[target]));
        chosen.push_back({shot, card});
      }
    }
    // Standing orders: tear the first bystander card still held whenever the rules allow.
    std::vector<std::vector<std::string>> held(n);
    for (int i = 0; i < n; ++i) held[i] = fight.people()[i].bystanders;
    for (const auto& c : chosen) {
      auto& h = held[shot_round.shots[c.shot].target];
      h.erase(std::remove(h.begin(), h.end(), c.card), h.end());
    }
    for (std::size_t s = 0; s < shot_round.shots.size(); ++s) {
      int target = shot_round.shots[s].target;
      bool wants = std::find(always_sacrifice.begin(), always_sacrifice.end(), target) !=
                   always_sacrifice.end();
      if (wants && shot_round.bystander_allowed[s] && !already(static_cast<int>(s)) &&
          !held[target].empty()) {
        chosen.push_back({static_cast<int>(s), held[target].front()});
        held[target].erase(held[target].begin());
      }
    }
    const core::ShootoutRound& round = in_context(
        path + ".sacrifices", [&]() -> const core::ShootoutRound& { return fight.settle(chosen); });
    note_bystander_fates(round.shots, fates);
    if (!telling) return;
    if (round.ambush) story.say("Round {} (ambush: free round)", round.number);
    else story.say("Round {}", round.number);
    Json acts = Json::object();
    for (int i = 0; i < n; ++i) {
      if (!round.acting[i]) continue;
      const auto& a = round.actions[i];
      if (a.kind == Kind::cover) {
        acts[names[i]] = "cover";
        story.under().say("{} takes cover", names[i]);
      } else if (a.kind == Kind::pin) {
        acts[names[i]] = {{"pin", names[a.target]}};
        story.under().say("{} pins {} down", names[i], names[a.target]);
      } else {
        acts[names[i]] = {{"shoot", names[a.target]}, {"not_to_kill", a.not_to_kill}};
      }
    }
    Json shots = Json::array();
    for (std::size_t k = 0; k < round.shots.size(); ++k) {
      shots.push_back(shot_json(round.shots[k], names));
      // Whether the target could have torn a bystander for it (a station offers it then).
      shots.back()["bystander_allowed"] = static_cast<bool>(round.bystander_allowed[k]);
      story.under().add(shot_story(round.shots[k], names));
    }
    Json escaped = Json::array(), pinned = Json::array();
    for (int e : round.escaped) escaped.push_back(names[e]);
    for (int p : round.pinned) pinned.push_back(names[p]);
    Json recorded_actions = Json::object();
    for (int i = 0; i < n; ++i) {
      if (!round.acting[i]) continue;
      const auto& a = round.actions[i];
      if (a.kind == Kind::cover) recorded_actions[names[i]] = "cover";
      else if (a.kind == Kind::pin) recorded_actions[names[i]] = {{"pin", names[a.target]}};
      else
        recorded_actions[names[i]] = {{"shoot", names[a.target]},
                                      {"not_to_kill", a.not_to_kill},
                                      {"choice_at_13", core::to_string(a.choice_at_13)}};
    }
    Json recorded_sacrifices = Json::array();
    for (const auto& c : round.sacrifices)
      recorded_sacrifices.push_back({{"shooter", names[round.shots[c.shot].shooter]},
                                     {"target", names[round.shots[c.shot].target]},
                                     {"card", c.card}});
    Json recorded{{"actions", recorded_actions},
                  {"cards", cards_entered(round.draws.front(), names)},
                  {"sacrifices", recorded_sacrifices}};
    if (!unrecorded_escapes.empty()) recorded["escape"] = unrecorded_escapes;
    unrecorded_escapes.clear();
    recorded_rounds.push_back(recorded);
    steps.push_back({{"step", "round"},
                     {"number", round.number},
                     {"ambush", round.ambush},
                     {"escaped", escaped},
                     {"actions", acts},
                     {"pinned", pinned},
                     {"cards", draws_json(round.draws, names)},
                     {"shots", shots}});
  };

  if (const Json* rounds = top.optional("rounds")) {
    for (std::size_t r = 0; r < as_array(*rounds, "rounds").size(); ++r) {
      const std::string path = index_path("rounds", r);
      Fields f((*rounds)[r], path);
      for (int who : read_names(f.optional("escape"), f.path_of("escape"), names)) escape(who, path);
      std::vector<std::optional<core::ShootoutAction>> actions(n);
      if (const Json* a = f.optional("actions")) {
        as_object(*a, f.path_of("actions"));
        for (auto it = a->begin(); it != a->end(); ++it) {
          const std::string p = f.path_of("actions") + "." + it.key();
          actions[index_of_name(names, Json(it.key()), p)] = read_action(it.value(), p, names);
        }
      }
      core::DeckSupply deck({read_cards(f.optional("cards"), f.path_of("cards"), names)}, rng, &names);
      const Json* sacrifices = f.optional("sacrifices");
      bool has_actions = f.has("actions");
      f.done();
      if (fight.over() && !has_actions && !f.has("cards")) continue;  // escapes that ended it
      if (fight.over())
        throw core::Refusal(core::RefusalCode::finished, path, say("the shootout is already over"));
      play(actions, deck, sacrifices, path);
    }
  }
  if (top.boolean_or("until_over", false)) {
    // Standing orders: shoot at your named target while it is there; without one, hold fire in
    // cover, and escape once the rules allow. A round in which nobody fires ends the shootout.
    for (int r = 0; r < max_automatic_rounds && !fight.over(); ++r) {
      for (int i = 0; i < n && !fight.over(); ++i)
        if (fight.may_escape(i)) escape(i, "until_over");
      if (fight.over()) break;
      std::vector<std::optional<core::ShootoutAction>> actions(n);
      bool anyone_fires = false;
      for (int i = 0; i < n; ++i) {
        bool ambushed = fight.ambush_pending() &&
                        std::find(ambushers.begin(), ambushers.end(), i) == ambushers.end();
        if (!fight.present(i) || ambushed) continue;
        core::ShootoutAction a;  // cover
        int t = standing_target[i];
        if (fight.can_shoot(i) && t >= 0 && fight.present(t)) {
          a = {Kind::shoot, t, false, core::ShotChoice::kill};
          anyone_fires = true;
        }
        actions[i] = a;
      }
      if (!anyone_fires) break;
      core::DeckSupply deck({}, rng, &names);
      play(actions, deck, nullptr, "until_over");
    }
    if (!fight.over()) {
      fight.stop();
      stopped = true;
      story.say("Nobody has a target left: the shooting stops");
    }
  }
  if (top.boolean_or("stop", false) && !fight.over()) {
    fight.stop();
    stopped = true;
    story.say("Everyone stops shooting");
  }
  top.done();

  Json record;
  if (telling) {
    record = input;
    for (const char* automatic : {"until_over", "targets", "sacrifice_when_allowed"}) record.erase(automatic);
    if (!unrecorded_escapes.empty()) recorded_rounds.push_back({{"escape", unrecorded_escapes}});
    record["rounds"] = recorded_rounds;
    if (stopped) record["stop"] = true;
  }

  Json result;
  result["over"] = fight.over();
  result["participants"] = Json::array();
  for (int i = 0; i < n; ++i) {
    Json c = character_json(fight.people()[i], ctx.now_ms);
    c["escaped"] = fight.has_escaped(i);
    c["shot_out_of_fight"] = fight.disabled(i);
    c["cover_rounds_in_a_row"] = fight.cover_streak(i);
    result["participants"].push_back(c);
  }
  Json arrestable = Json::array();
  for (int a : fight.arrestable()) arrestable.push_back(names[a]);
  result["arrestable"] = arrestable;
  if (fight.over() && !arrestable.empty() && story.told())
    // TRANSLATORS: {} lists the names, separated by commas.
    story.say("Arrestable by a Lawman: {}", fmt::format("{}", fmt::join(arrestable.get<std::vector<std::string>>(), ", ")));
  return resolution_json("shootout", std::move(steps), std::move(story), std::move(record),
                         std::move(result), ctx, std::move(fates));
}

}  // namespace marshal::protocol
