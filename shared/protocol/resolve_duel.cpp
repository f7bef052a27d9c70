#include <fmt/format.h>

#include "core/duel.h"
#include "protocol/conflict_json.h"
#include "protocol/resolve.h"

namespace marshal::protocol {

namespace {

// {"Ann": {"not_to_kill": true, "choice_at_13": "wound"}} over a base of standing choices.
core::DuelShotChoices read_choices(const Json* value, const std::string& path,
                                   const std::vector<std::string>& names,
                                   core::DuelShotChoices choices) {
  if (!value) return choices;
  as_object(*value, path);
  for (auto it = value->begin(); it != value->end(); ++it) {
    const std::string p = path + "." + it.key();
    int who = index_of_name(names, Json(it.key()), p);
    Fields f(it.value(), p);
    choices.not_to_kill[who] = f.boolean_or("not_to_kill", choices.not_to_kill[who]);
    if (const Json* c = f.optional("choice_at_13"))
      choices.choice_at_13[who] = read_shot_choice(*c, f.path_of("choice_at_13"));
    f.done();
  }
  return choices;
}

}  // namespace

Json resolve_duel(const Json& input, core::Csprng* rng, const CharacterLookup* lookup, Detail detail) {
  Fields top(input, "");
  ReadContext ctx = read_context(top, lookup, detail);
  const bool telling = ctx.telling();
  auto people = read_characters(top.required("duelists"), "duelists", ctx);
  if (people.size() != 2)
    throw InputError("duelists", say("a duel is exactly two gunslingers, not {}", people.size()));
  core::Duel duel = in_context("duelists", [&] { return core::Duel(people[0], people[1], ctx.now_ms); });
  const auto& names = duel.names();

  Json steps = Json::array(), fates = Json::object();
  Story story(telling);
  std::array<int, 2> commit{};
  if (const Json* c = top.optional("commit")) {
    as_object(*c, "commit");
    for (auto it = c->begin(); it != c->end(); ++it)
      commit[index_of_name(names, Json(it.key()), "commit." + it.key())] =
          as_integer(it.value(), "commit." + it.key(), 0, 20);
  }
  core::DeckSupply draw_deck({read_cards(top.optional("draw_cards"), "draw_cards", names)}, rng,
                             &names);
  const core::DuelDraw& draw = in_context("draw", [&]() -> const core::DuelDraw& {
    return duel.draw(commit, draw_deck);
  });
  for (int i = 0; i < 2; ++i)
    // TRANSLATORS: {0} a duelist, {1} the Accuracy committed, {2} the card; then the card + Speed + the Accuracy
    // committed = the total.
    story.say("{} commits {} to the draw and draws {}: {} + Speed {} + {} = {}", names[i],
              draw.committed[i], draw.card[i], draw.card[i], duel.people()[i].in_use().speed,
              draw.committed[i], draw.total[i]);
  if (draw.first < 0) story.say("A tie: both shoot at once");
  else story.say("{} is faster and shoots first", names[draw.first]);
  if (telling)
    steps.push_back({{"step", "draw"},
                     {"commit", {{names[0], draw.committed[0]}, {names[1], draw.committed[1]}}},
                     {"cards", draws_json(draw.draws, names)},
                     {"totals", {{names[0], draw.total[0]}, {names[1], draw.total[1]}}},
                     {"first", draw.first < 0 ? Json(nullptr) : Json(names[draw.first])}});

  core::DuelShotChoices standing = read_choices(top.optional("choices"), "choices", names, {});
  // The record: the same input with every card as it was drawn, replayable in physical mode.
  Json record, recorded_rounds = Json::array();
  if (telling) {
    record = input;
    record.erase("until_over");
    record["draw_cards"] = cards_entered(draw.draws.front(), names);
  }
  auto play = [&](const core::DuelShotChoices& choices, core::DeckSupply& deck, const std::string& path,
                  const Json* round_choices) {
    const core::DuelRound& round =
        in_context(path, [&]() -> const core::DuelRound& { return duel.shoot(choices, deck); });
    note_bystander_fates(round.shots, fates);
    if (!telling) return;
    Json shots = Json::array();
    if (round.simultaneous) story.say("Round {} (simultaneous)", round.number);
    else story.say("Round {}", round.number);
    for (const auto& s : round.shots) {
      shots.push_back(shot_json(s, names));
      story.under().add(shot_story(s, names));
    }
    Json recorded{{"cards", cards_entered(round.draws.front(), names)}};
    if (round_choices) recorded["choices"] = *round_choices;
    recorded_rounds.push_back(recorded);
    steps.push_back({{"step", "round"},
                     {"number", round.number},
                     {"simultaneous", round.simultaneous},
                     {"cards", draws_json(round.draws, names)},
                     {"shots", shots}});
  };
  if (const Json* rounds = top.optional("rounds")) {
    for (std::size_t r = 0; r < as_array(*rounds, "rounds").size(); ++r) {
      const std::string path = index_path("rounds", r);
      Fields f((*rounds)[r], path);
      const Json* round_choices = f.optional("choices");
      auto choices = read_choices(round_choices, f.path_of("choices"), names, standing);
      core::DeckSupply deck({read_cards(f.optional("cards"), f.path_of("cards"), names)}, rng, &names);
      f.done();
      if (duel.over()) throw core::Refusal(core::RefusalCode::finished, path, say("the duel is already over"));
      play(choices, deck, path, round_choices);
    }
  }
  if (top.boolean_or("until_over", false)) {
    for (int r = 0; r < max_automatic_rounds && !duel.over(); ++r) {
      core::DeckSupply deck({}, rng, &names);
      play(standing, deck, "until_over", nullptr);
    }
  }
  Json result;
  if (top.boolean_or("stop", false) && !duel.over()) {
    duel.stop();
    story.say("Both duelists agree to stop");
  }
  const Json* join = top.optional("join");
  std::vector<core::Character> joiners;
  if (join) joiners = read_characters(*join, "join", ctx);
  top.done();

  int winner = duel.over() && duel.able(0) != duel.able(1) ? (duel.able(0) ? 0 : 1) : -1;
  result["over"] = duel.over() || !joiners.empty();
  result["winner"] = winner < 0 ? Json(nullptr) : Json(names[winner]);
  result["duelists"] = Json::array();
  for (const auto& c : duel.people()) result["duelists"].push_back(character_json(c, ctx.now_ms));
  if (telling) {
    record["rounds"] = recorded_rounds;
    if (duel.over() && !top.boolean_or("stop", false)) record.erase("stop");
  }
  Json became_shootout;
  if (!joiners.empty()) {
    core::Shootout shootout =
        in_context("join", [&] { return duel.into_shootout(joiners, ctx.now_ms); });
    Json participants = Json::array();
    for (const auto& c : shootout.people()) participants.push_back(character_json(c, ctx.now_ms));
    became_shootout = {{"participants", participants}};
    // TRANSLATORS: {} is how many join (1 or more).
    story.say("{} more join: the duel becomes a shootout, wounds carried over", joiners.size());
  }
  if (winner >= 0) story.say("{} wins the duel", names[winner]);
  Json out = object_with_room(6);
  out["kind"] = "duel";
  if (telling) {
    out["steps"] = std::move(steps);
    out["record"] = std::move(record);
  }
  if (!became_shootout.is_null()) out["became_shootout"] = std::move(became_shootout);
  if (telling) out["story"] = story.take();
  else if (!fates.empty()) out["bystander_fates"] = std::move(fates);
  out["result"] = std::move(result);
  return out;
}

}  // namespace marshal::protocol
