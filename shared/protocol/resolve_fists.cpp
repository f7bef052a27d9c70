// The two hand-to-hand kinds: fistfight and brawl (a fistfight that a third fighter joins
// continues as a brawl in the same output).
#include <fmt/format.h>

#include "core/brawl.h"
#include "core/fistfight.h"
#include "protocol/conflict_json.h"
#include "protocol/resolve.h"

namespace marshal::protocol {

namespace {

std::array<std::optional<core::FistSplit>, 2> read_splits(
    const Json* value, const std::string& path, const std::vector<std::string>& names,
    std::array<std::optional<core::FistSplit>, 2> splits) {
  if (!value) return splits;
  as_object(*value, path);
  for (auto it = value->begin(); it != value->end(); ++it) {
    const std::string p = path + "." + it.key();
    int who = index_of_name(names, Json(it.key()), p);
    Fields f(it.value(), p);
    splits[who] = core::FistSplit{f.integer("offense", 0, 40), f.integer("defense", 0, 40)};
    f.done();
  }
  return splits;
}

// Plays brawl rounds from a "rounds" array and/or until over; shared by both kinds.
void play_brawl(core::Brawl& brawl, Fields& top, const ReadContext& ctx, core::Csprng* rng,
                const Json* rounds, const std::string& rounds_path, Json& steps, Story& story,
                Json& recorded_rounds) {
  // recorded: the round as it was played, every card included (flee and join as given).
  auto play = [&](core::DeckSupply& deck, const std::string& path, Json fled, Json joined,
                  Json recorded) {
    const core::BrawlRound& round = in_context(path, [&]() -> const core::BrawlRound& {
      try {
        return brawl.round(deck, ctx.now_ms);
      } catch (const core::Refusal& r) {
        // A card missing from a redraw belongs to the round's tiebreaks, not to its cards.
        if (r.code() != core::RefusalCode::missing_input || deck.uses() < 2 || r.field().rfind("cards.", 0) != 0)
          throw;
        std::string who = r.field().substr(6);
        throw core::Refusal(r.code(), fmt::format("tiebreaks[{}].{}", deck.uses() - 2, who),
                            // TRANSLATORS: {} is who drew the card.
                            say("a tie for lowest: the redraw needs the card {} drew", who));
      }
    });
    if (!ctx.telling()) return;
    const auto& names = brawl.names();
    story.say("Brawl round {}", round.number);
    Json uses = Json::array();
    for (std::size_t u = 0; u < round.draws_by_use.size(); ++u) {
      const auto& use = round.draws_by_use[u];
      Json totals = Json::object();
      for (std::size_t k = 0; k < use.fighters.size(); ++k) {
        int who = use.fighters[k];
        totals[names[who]] = use.totals[k];
        const std::string card = card_with_article(use.totals[k] - brawl.people()[who].in_use().hth);
        // TRANSLATORS: {0} draws the card {1} ("a 7"): their total {2}; in a tie-break's redraw.
        if (u) story.under().say("(tie-break) {} draws {}: total {}", names[who], card, use.totals[k]);
        // TRANSLATORS: {0} draws the card {1} ("a 7"): their total {2}.
        else story.under().say("{} draws {}: total {}", names[who], card, use.totals[k]);
      }
      uses.push_back(totals);
    }
    Json out = Json::array();
    for (int who : round.out) {
      out.push_back(names[who]);
      story.under().say("{} is thrown out, unconscious until the brawl ends", names[who]);
    }
    recorded["cards"] = cards_entered(round.draws.front(), brawl.names());
    Json tiebreaks = Json::array();
    for (std::size_t u = 1; u < round.draws.size(); ++u)
      tiebreaks.push_back(cards_entered(round.draws[u], brawl.names()));
    if (!tiebreaks.empty()) recorded["tiebreaks"] = tiebreaks;
    recorded_rounds.push_back(recorded);
    steps.push_back({{"step", "brawl_round"},
                     {"number", round.number},
                     {"fled", fled},
                     {"joined", joined},
                     {"totals", uses},
                     {"cards", draws_json(round.draws, names)},
                     {"out", out}});
  };
  if (rounds) {
    for (std::size_t r = 0; r < as_array(*rounds, rounds_path).size(); ++r) {
      const std::string path = index_path(rounds_path, r);
      Fields f((*rounds)[r], path);
      if (brawl.over())
        throw core::Refusal(core::RefusalCode::finished, path, say("the brawl is already over"));
      Json fled = Json::array(), joined = Json::array();
      Json recorded = Json::object();
      if (f.has("flee")) recorded["flee"] = f.required("flee");
      if (f.has("join")) recorded["join"] = f.required("join");
      // Joiners first: between rounds both happen at once, and a newcomer keeps going a brawl
      // that the flight alone would have ended.
      if (const Json* j = f.optional("join")) {
        for (auto& c : read_characters(*j, f.path_of("join"), ctx)) {
          int who = in_context(path, [&] { return brawl.join(c, ctx.now_ms); });
          joined.push_back(brawl.names()[who]);
          story.say("{} joins the brawl", brawl.names()[who]);
        }
      }
      for (int who : read_names(f.optional("flee"), f.path_of("flee"), brawl.names())) {
        in_context(path, [&] { brawl.flee(who, ctx.now_ms); });
        fled.push_back(brawl.names()[who]);
        story.say("{} flees the brawl", brawl.names()[who]);
      }
      std::vector<core::GivenCards> given{read_cards(f.optional("cards"), f.path_of("cards"), brawl.names())};
      if (const Json* tb = f.optional("tiebreaks")) {
        const std::string tp = f.path_of("tiebreaks");
        for (std::size_t k = 0; k < as_array(*tb, tp).size(); ++k)
          given.push_back(read_cards(&(*tb)[k], index_path(tp, k), brawl.names()));
      }
      f.done();
      if (brawl.over()) {  // everyone else fled: nothing left to draw for
        recorded_rounds.push_back(recorded);
        continue;
      }
      core::DeckSupply deck(std::move(given), rng, &brawl.names());
      play(deck, path, fled, joined, recorded);
    }
  }
  if (top.boolean_or("until_over", false)) {
    for (int r = 0; r < max_automatic_rounds && !brawl.over(); ++r) {
      core::DeckSupply deck({}, rng, &brawl.names());
      play(deck, "until_over", Json::array(), Json::array(), Json::object());
    }
  }
}

Json brawl_result(const core::Brawl& brawl, const ReadContext& ctx, Story& story) {
  Json result;
  result["over"] = brawl.over();
  int winner = brawl.winner();
  result["winner"] = winner < 0 ? Json(nullptr) : Json(brawl.names()[winner]);
  result["fighters"] = Json::array();
  for (std::size_t i = 0; i < brawl.people().size(); ++i) {
    int who = static_cast<int>(i);
    Json c = character_json(brawl.people()[i], ctx.now_ms);
    c["state"] = brawl.standing(who) ? "standing" : brawl.fled(who) ? "fled" : "out";
    result["fighters"].push_back(c);
  }
  if (winner >= 0)
    story.say("{} is left standing; those thrown out nurse 5-minute headaches", brawl.names()[winner]);
  return result;
}

}  // namespace

Json resolve_brawl(const Json& input, core::Csprng* rng, const CharacterLookup* lookup, Detail detail) {
  Fields top(input, "");
  ReadContext ctx = read_context(top, lookup, detail);
  auto people = read_characters(top.required("fighters"), "fighters", ctx);
  core::Brawl brawl =
      in_context("fighters", [&] { return core::Brawl(people, ctx.options.brawl, ctx.now_ms); });
  Json steps = Json::array(), recorded_rounds = Json::array();
  Story story(ctx.telling());
  play_brawl(brawl, top, ctx, rng, top.optional("rounds"), "rounds", steps, story, recorded_rounds);
  top.done();
  Json record;
  if (ctx.telling()) {
    record = input;
    record.erase("until_over");
    record["rounds"] = recorded_rounds;
  }
  Json result = brawl_result(brawl, ctx, story);
  return resolution_json("brawl", std::move(steps), std::move(story), std::move(record), std::move(result),
                         ctx, Json::object());
}

Json resolve_fistfight(const Json& input, core::Csprng* rng, const CharacterLookup* lookup, Detail detail) {
  Fields top(input, "");
  ReadContext ctx = read_context(top, lookup, detail);
  const bool telling = ctx.telling();
  auto people = read_characters(top.required("fighters"), "fighters", ctx);
  if (people.size() != 2)
    throw InputError("fighters", say("a fistfight is exactly two fighters, not {} (three or "
                                     "more is a brawl)",
                                     people.size()));
  core::Fistfight fight =
      in_context("fighters", [&] { return core::Fistfight(people[0], people[1], ctx.now_ms); });
  const auto& names = fight.names();
  auto standing = read_splits(top.optional("splits"), "splits", names, {});
  Json steps = Json::array();
  Story story(telling);

  Json recorded_rounds = Json::array();
  auto play = [&](const std::array<std::optional<core::FistSplit>, 2>& splits,
                  core::DeckSupply& deck, const std::string& path) {
    const core::FistRound& round = in_context(
        path, [&]() -> const core::FistRound& { return fight.round(splits, deck, ctx.now_ms); });
    if (!telling) return;
    story.say("Round {}", round.number);
    Json attacks = Json::array();
    for (int i = 0; i < 2; ++i)
      if (round.sat_out[i])
        story.under().say("{} is stunned: a free round for {}", names[i], names[1 - i]);
    for (const auto& a : round.attacks) {
      attacks.push_back({{"attacker", names[a.attacker]},
                         {"card", a.card},
                         {"offense", a.offense},
                         {"defense_against", a.defense_against},
                         {"total", a.total},
                         {"result", core::to_string(a.result)}});
      // TRANSLATORS: {0} swings: the card {1} ("a 7") + offense - the other's defense = the total -> the result.
      story.under().say("{} swings: {} + offense {} - defense {} = {} -> {}", names[a.attacker],
                        card_with_article(a.card), a.offense, a.defense_against, a.total, result_words(a.result));
    }
    for (int i = 0; i < 2; ++i) {
      if (!round.knocked_out[i]) continue;
      if (round.stuns_in_a_row[i] >= core::stuns_in_a_row_for_knock_out)
        story.under().say("{} is knocked out cold for 5 minutes (third stun in a row)", names[i]);
      else
        story.under().say("{} is knocked out cold for 5 minutes", names[i]);
    }
    Json recorded_splits = Json::object();
    for (int i = 0; i < 2; ++i)
      if (!round.sat_out[i])
        recorded_splits[names[i]] = {{"offense", round.splits[i].offense}, {"defense", round.splits[i].defense}};
    recorded_rounds.push_back({{"splits", recorded_splits}, {"cards", cards_entered(round.draws.front(), names)}});
    steps.push_back({{"step", "round"},
                     {"number", round.number},
                     {"sat_out", {round.sat_out[0], round.sat_out[1]}},
                     {"cards", draws_json(round.draws, names)},
                     {"attacks", attacks},
                     {"stuns_in_a_row", {{names[0], round.stuns_in_a_row[0]}, {names[1], round.stuns_in_a_row[1]}}},
                     {"knocked_out", {{names[0], round.knocked_out[0]}, {names[1], round.knocked_out[1]}}}});
  };
  if (const Json* rounds = top.optional("rounds")) {
    for (std::size_t r = 0; r < as_array(*rounds, "rounds").size(); ++r) {
      const std::string path = index_path("rounds", r);
      Fields f((*rounds)[r], path);
      auto splits = read_splits(f.optional("splits"), f.path_of("splits"), names, standing);
      core::DeckSupply deck({read_cards(f.optional("cards"), f.path_of("cards"), names)}, rng, &names);
      f.done();
      if (fight.over())
        throw core::Refusal(core::RefusalCode::finished, path, say("the fistfight is already over"));
      play(splits, deck, path);
    }
  }
  if (top.boolean_or("until_over", false)) {
    for (int r = 0; r < max_automatic_rounds && !fight.over(); ++r) {
      core::DeckSupply deck({}, rng, &names);
      play(standing, deck, "until_over");
    }
  }
  if (top.boolean_or("stop", false) && !fight.over()) {
    fight.stop();
    story.say("Both fighters stop");
  }
  Json out = object_with_room(6);
  out["kind"] = "fistfight";
  Json record;
  if (telling) {
    record = input;
    record.erase("until_over");
    record["rounds"] = recorded_rounds;
  }
  if (const Json* join = top.optional("join")) {
    auto joiners = read_characters(*join, "join", ctx);
    core::Brawl brawl = in_context(
        "join", [&] { return fight.into_brawl(joiners, ctx.options.brawl, ctx.now_ms); });
    story.say("More fighters join: the fistfight becomes a brawl");
    Json brawl_steps = Json::array(), brawl_recorded = Json::array();
    play_brawl(brawl, top, ctx, rng, top.optional("brawl_rounds"), "brawl_rounds", brawl_steps, story,
               brawl_recorded);
    if (telling) {
      record["brawl_rounds"] = brawl_recorded;
      out["became_brawl"] = {{"steps", brawl_steps}, {"result", brawl_result(brawl, ctx, story)}};
    } else {
      out["became_brawl"] = {{"result", brawl_result(brawl, ctx, story)}};
    }
  }
  top.done();
  Json result;
  result["over"] = fight.over();
  result["fighters"] = Json::array();
  for (int i = 0; i < 2; ++i) {
    Json c = character_json(fight.people()[i], ctx.now_ms);
    c["stunned"] = fight.sits_out_next(i);
    result["fighters"].push_back(c);
  }
  if (telling) {
    out["steps"] = std::move(steps);
    out["story"] = story.take();
    out["record"] = std::move(record);
  }
  out["result"] = std::move(result);
  return out;
}

}  // namespace marshal::protocol
