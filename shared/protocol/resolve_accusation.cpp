#include <fmt/format.h>

#include "core/accusation.h"
#include "protocol/conflict_json.h"
#include "protocol/resolve.h"

namespace marshal::protocol {

Json resolve_accusation(const Json& input, core::Csprng* rng, const CharacterLookup* lookup, Detail detail) {
  Fields top(input, "");
  ReadContext ctx = read_context(top, lookup, detail);
  std::vector<core::Character> people{read_character(top.required("accuser"), "accuser", ctx),
                                      read_character(top.required("accused"), "accused", ctx)};
  if (people[0].name == people[1].name)
    throw InputError("accused", say("a player cannot accuse themself"));
  Fields t(top.required("trick"), "trick");
  core::Trick trick;
  trick.code = t.text("code");
  trick.hand = t.text("hand");
  auto flag = core::trick_flag_from_string(t.text("flag"));
  if (!flag) throw InputError("trick.flag", say("must be cheat or skill"));
  trick.flag = *flag;
  trick.spent = t.boolean_or("spent", false);
  t.done();
  std::vector<std::string> names{people[0].name, people[1].name};
  core::DeckSupply deck({read_cards(top.optional("cards"), "cards", names)}, rng, &names);
  std::optional<std::string> pick = top.optional_text("bystander_pick");
  top.done();

  Story story(ctx.telling());
  in_context("", [&] { core::flip_trick(trick); });
  // TRANSLATORS: {0} the accused, {1} the trick card's code, {2} the poker hand it shows.
  story.say("{} flips trick {}: \"{}\"", people[1].name, trick.code, trick.hand);
  story.say("{} accuses {} of cheating", people[0].name, people[1].name);
  core::AccusationOutcome out = in_context("", [&] {
    return core::resolve_accusation(people, trick, deck, pick, rng, ctx.now_ms);
  });
  for (int i = 0; i < 2; ++i)
    // TRANSLATORS: {0} draws the card {1} + Gambling {2} = the total {3}.
    story.under().say("{} draws {} + Gambling {} = {}", names[i], out.card[i], out.total[i] - out.card[i],
                      out.total[i]);
  if (!out.opened)
    story.under().say("{} is not higher: the trick stays folded", names[0]);
  else if (*out.revealed == core::TrickFlag::cheat)
    story.under().say("{} opens the trick: it was cheat", names[0]);
  else
    story.under().say("{} opens the trick: it was skill", names[0]);
  if (out.bystander_lost)
    // TRANSLATORS: {0} is who loses, {1} the bystander card's code.
    story.under().say("{} loses an innocent bystander: hand card {} to the GM", names[out.loser],
                      *out.bystander_lost);
  else
    story.under().say("{} would lose a bystander but has none left", names[out.loser]);
  Json result{{"opened", out.opened},
              {"revealed", out.revealed ? Json(core::to_string(*out.revealed)) : Json(nullptr)},
              {"loser", names[out.loser]},
              {"bystander_lost", out.bystander_lost ? Json(*out.bystander_lost) : Json(nullptr)},
              {"trick", {{"code", trick.code}, {"spent", trick.spent}}},
              {"accuser", character_json(people[0], ctx.now_ms)},
              {"accused", character_json(people[1], ctx.now_ms)}};
  Json steps = Json::array(), record;
  if (ctx.telling()) {
    steps.push_back({{"step", "accusation"},
                     {"cards", draws_json(out.draws, names)},
                     {"totals", {{names[0], out.total[0]}, {names[1], out.total[1]}}}});
    record = input;
    record["cards"] = cards_entered(out.draws.front(), names);
    if (out.bystander_lost) record["bystander_pick"] = *out.bystander_lost;
  }
  return resolution_json("accusation", std::move(steps), std::move(story), std::move(record),
                         std::move(result), ctx, Json::object());
}

}  // namespace marshal::protocol
