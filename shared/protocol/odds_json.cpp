#include "protocol/odds_json.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/chase.h"
#include "core/monte_carlo.h"
#include "core/odds.h"
#include "i18n/translate.h"
#include "protocol/conflict_json.h"

namespace marshal::protocol {

namespace {

double rounded(double p) { return std::round(p * 1e6) / 1e6; }

Json shot_odds_json(const core::ShotOdds& o) {
  return {{"miss", rounded(o.of(core::ShotResult::miss))},
          {"nicked", rounded(o.of(core::ShotResult::nicked))},
          {"wounded", rounded(o.of(core::ShotResult::wounded))},
          {"dead", rounded(o.of(core::ShotResult::dead))},
          {"shooters_choice", rounded(o.of(core::ShotResult::shooters_choice))}};
}

Json monte_carlo_json(const core::MonteCarloResult& r) {
  Json estimates = Json::object();
  for (const auto& e : r.estimates)
    estimates[e.outcome] = {{"p", rounded(e.probability)}, {"standard_error", rounded(e.standard_error)}};
  return {{"trials", r.trials}, {"estimates", estimates}};
}

int read_trials(Fields& f) {
  return f.integer_or("trials", 0, 10'000'000, default_monte_carlo_trials);
}

// `not_two` says so, given how many there are.
std::array<core::Character, 2> two(const std::vector<core::Character>& people, const std::string& path,
                                   i18n::Sentence (*not_two)(std::size_t)) {
  if (people.size() != 2) throw InputError(path, not_two(people.size()));
  return {people[0], people[1]};
}

i18n::Sentence not_two_duelists(std::size_t n) { return say("a duel has two gunslingers: exactly two, not {}", n); }
i18n::Sentence not_two_fighters(std::size_t n) { return say("a fistfight has two fighters: exactly two, not {}", n); }

Json duel_odds(const Json& input, core::Csprng& rng) {
  Fields top(input, "");
  ReadContext ctx = read_context(top);
  auto duelists = two(read_characters(top.required("duelists"), "duelists", ctx), "duelists", not_two_duelists);
  std::vector<std::string> names{duelists[0].name, duelists[1].name};
  core::DuelShotChoices choices;
  if (const Json* c = top.optional("not_to_kill"))
    for (int who : read_names(c, "not_to_kill", names)) choices.not_to_kill[who] = true;
  std::optional<std::array<int, 2>> commit;
  if (const Json* c = top.optional("commit")) {
    Fields f(*c, "commit");
    commit = std::array<int, 2>{f.integer(names[0], 0, duelists[0].in_use().accuracy),
                                f.integer(names[1], 0, duelists[1].in_use().accuracy)};
    f.done();
  }
  int trials = read_trials(top);
  top.done();

  auto table = core::duel_commitment_table(duelists, choices);
  auto entry_json = [&](const core::DuelFirstRoundOdds& e) {
    Json fate = Json::object();
    for (int i = 0; i < 2; ++i)
      fate[names[i]] = {{"untouched", rounded(e.fate[i][0])}, {"hit", rounded(e.fate[i][1])},
                        {"dead", rounded(e.fate[i][2])}};
    // The outcomes' keys ("Ann first") are English: programs read them (docs/conflict-json.md).
    return Json{{"commit", {{names[0], e.committed[0]}, {names[1], e.committed[1]}}},
                {"draw", {{names[0] + " first", rounded(e.draw.first[0])},
                          {names[1] + " first", rounded(e.draw.first[1])},
                          {"tie", rounded(e.draw.tie)}}},
                {"after_first_round", fate},
                {"both_dead", rounded(e.both_dead)}};
  };
  Json rows = Json::array();
  for (const auto& row : table.entries)
    for (const auto& e : row) rows.push_back(entry_json(e));
  std::array<int, 2> used = commit.value_or(table.best);
  Json out{{"kind", "duel"},
           {"first_round", entry_json(table.entries[used[0]][used[1]])},
           {"best_commit",
            {{names[0], {{"commit", table.best[0]}, {"worst_case_score", rounded(table.best_worst_case_score[0])}}},
             {names[1], {{"commit", table.best[1]}, {"worst_case_score", rounded(table.best_worst_case_score[1])}}}}},
           // TRANSLATORS: how the odds score a commitment: P(...) is a probability; keep the formula.
           {"score", i18n::tr("P(the other dead after round 1) - P(this one dead); best = highest worst case")},
           {"table", rows}};
  if (trials > 0)
    out["whole_duel_monte_carlo"] = monte_carlo_json(core::duel_monte_carlo(duelists, used, choices, trials, rng));
  return out;
}

Json fistfight_odds(const Json& input, core::Csprng& rng) {
  Fields top(input, "");
  ReadContext ctx = read_context(top);
  auto fighters = two(read_characters(top.required("fighters"), "fighters", ctx), "fighters", not_two_fighters);
  std::array<core::FistSplit, 2> splits;
  Fields s(top.required("splits"), "splits");
  for (int i = 0; i < 2; ++i) {
    Fields f(s.required(fighters[i].name), s.path_of(fighters[i].name));
    splits[i] = {f.integer("offense", 0, 40), f.integer("defense", 0, 40)};
    f.done();
    int hth = fighters[i].in_use().hth;
    if (splits[i].offense + splits[i].defense != hth)
      throw InputError(s.path_of(fighters[i].name),
                       // TRANSLATORS: {0} is the fighter, {1} their HtH in use.
                       say("offense + defense must be {}'s HtH in use, {}", fighters[i].name, hth));
  }
  s.done();
  int trials = read_trials(top);
  top.done();
  auto o = core::fist_round_odds(splits);
  Json per = Json::object();
  for (int i = 0; i < 2; ++i)
    per[fighters[i].name] = {{"attack", {{"miss", rounded(o.attack[i][0])}, {"stun", rounded(o.attack[i][1])},
                                          {"knock_out", rounded(o.attack[i][2])}}},
                             {"knocked_out", rounded(o.knocked_out[i])},
                             {"stunned", rounded(o.stunned[i])}};
  Json out{{"kind", "fistfight"}, {"round", per}, {"both_knocked_out", rounded(o.both_knocked_out)}};
  if (trials > 0)
    out["whole_fight_monte_carlo"] = monte_carlo_json(core::fistfight_monte_carlo(fighters, splits, trials, rng));
  return out;
}

Json brawl_odds(const Json& input, core::Csprng& rng) {
  Fields top(input, "");
  ReadContext ctx = read_context(top);
  auto fighters = read_characters(top.required("fighters"), "fighters", ctx);
  int trials = read_trials(top);
  top.done();
  std::vector<int> hth;
  for (const auto& f : fighters) hth.push_back(f.in_use().hth);
  auto p = in_context("fighters", [&] { return core::brawl_round_odds(hth, ctx.options.brawl.tie); });
  Json out_this_round = Json::object();
  for (std::size_t i = 0; i < fighters.size(); ++i) out_this_round[fighters[i].name] = rounded(p[i]);
  Json out{{"kind", "brawl"}, {"tie_rule", core::to_string(ctx.options.brawl.tie)},
           {"out_this_round", out_this_round}};
  if (trials > 0)
    out["whole_brawl_monte_carlo"] = monte_carlo_json(in_context(
        "fighters", [&] { return core::brawl_monte_carlo(fighters, ctx.options.brawl, trials, rng); }));
  return out;
}

Json shootout_odds(const Json& input, core::Csprng& rng) {
  Fields top(input, "");
  ReadContext ctx = read_context(top);
  auto people = read_characters(top.required("participants"), "participants", ctx);
  std::vector<std::string> names;
  for (const auto& p : people) names.push_back(p.name);
  std::vector<int> targets(people.size(), -1);
  Fields t(top.required("targets"), "targets");
  for (std::size_t i = 0; i < people.size(); ++i)
    if (const Json* v = t.optional(names[i])) targets[i] = index_of_name(names, *v, t.path_of(names[i]));
  t.done();
  bool not_to_kill = top.boolean_or("not_to_kill", false);
  int trials = read_trials(top);
  top.done();
  Json shots = Json::object();
  for (std::size_t i = 0; i < people.size(); ++i)
    if (targets[i] >= 0)
      shots[names[i] + " at " + names[targets[i]]] =  // i18n: not words (a key programs read)
          shot_odds_json(core::shot_odds(people[i].in_use().accuracy, not_to_kill));
  Json out{{"kind", "shootout"}, {"first_round_shots", shots}};
  if (trials > 0)
    out["whole_shootout_monte_carlo"] = monte_carlo_json(in_context(
        "participants", [&] { return core::shootout_monte_carlo(people, targets, not_to_kill, trials, rng); }));
  return out;
}

Json accusation_odds(const Json& input) {
  Fields top(input, "");
  ReadContext ctx = read_context(top);
  auto accuser = read_character(top.required("accuser"), "accuser", ctx);
  auto accused = read_character(top.required("accused"), "accused", ctx);
  top.done();
  auto o = core::accusation_odds(accuser.in_use().gambling, accused.in_use().gambling);
  return {{"kind", "accusation"},
          {"trick_opened", rounded(o.opened)},
          // The outcomes' keys are English: programs read them (gmstation/accusation_page.cpp).
          {"if_cheat", {{accused.name + " loses a bystander", rounded(o.accused_loses_if_cheat)},     // i18n: not words
                        {accuser.name + " loses a bystander", rounded(o.accuser_loses_if_cheat)}}},  // i18n: not words
          {"if_skill", {{accuser.name + " loses a bystander", rounded(o.accuser_loses_if_skill)}}}};  // i18n: not words
}

// P(a hand of h cards dealt from the location deck holds no ROAD card): hypergeometric.
double stuck_in_town(int deck, int roads, int hand) {
  if (hand > deck) hand = deck;
  double p = 1;
  for (int k = 0; k < hand; ++k) p *= static_cast<double>(deck - roads - k) / (deck - k);
  return std::max(0.0, p);
}

Json chase_odds(const Json& input, core::Csprng& rng) {
  Fields top(input, "");
  ReadContext ctx = read_context(top);
  core::LocationMap map = read_locations(top.required("locations"), "locations");
  Json out{{"kind", "chase"}};
  int deck = static_cast<int>(map.deck().size()), roads = 0;
  for (int c : map.deck()) roads += map.road(c) ? 1 : 0;
  std::vector<std::vector<core::ChaseRider>> groups;
  int cards_left = deck;
  for (const char* side : {"varmint", "posse"}) {
    const Json& group = top.required(side);
    std::vector<core::ChaseRider> riders;
    for (std::size_t i = 0; i < as_array(group, side).size(); ++i) {
      Fields f(group[i], index_path(side, i));
      riders.push_back({read_character(f.required("character"), f.path_of("character"), ctx),
                        f.integer("horse", 0, 4)});
      f.done();
    }
    int hand = in_context(side, [&] { return core::chase_hand_size(riders, ctx.options.chase); });
    // The varmint is dealt first; a short deck leaves the posse what remains. Any dealt hand is
    // a uniform draw from the whole deck, so the chance of no ROAD card depends on its size only.
    int dealt = std::min(hand, cards_left);
    cards_left -= dealt;
    out[side] = {{"hand_size", hand}, {"dealt", dealt},
                 {"stuck_in_town", rounded(stuck_in_town(deck, roads, dealt))}};
    groups.push_back(std::move(riders));
  }
  int trials = read_trials(top);
  top.done();
  if (trials > 0)
    out["whole_chase_monte_carlo"] = monte_carlo_json(
        core::chase_monte_carlo(map, groups[0], groups[1], ctx.options.chase, trials, rng));
  out["deck"] = {{"cards", deck}, {"road_cards", roads}};
  return out;
}

}  // namespace

Json odds(std::string_view kind, const Json& input, core::Csprng& rng) {
  if (kind == "shot") {
    Fields top(input, "");
    ReadContext ctx = read_context(top);
    int accuracy = top.has("shooter")
                       ? read_character(top.required("shooter"), "shooter", ctx).in_use().accuracy
                       : top.integer("accuracy", 0, 20);
    top.done();
    return {{"kind", "shot"},
            {"accuracy", accuracy},
            {"odds", shot_odds_json(core::shot_odds(accuracy, false))},
            {"not_to_kill", shot_odds_json(core::shot_odds(accuracy, true))}};
  }
  if (kind == "duel") return duel_odds(input, rng);
  if (kind == "fistfight") return fistfight_odds(input, rng);
  if (kind == "brawl") return brawl_odds(input, rng);
  if (kind == "shootout") return shootout_odds(input, rng);
  if (kind == "accusation") return accusation_odds(input);
  if (kind == "chase") return chase_odds(input, rng);
  throw InputError("kind", say("unknown odds kind '{}' (shot, duel, fistfight, brawl, shootout, accusation, chase)", kind));
}

}  // namespace marshal::protocol
