// conflict_resolved: a duel, shootout, fistfight, brawl, accusation or chase, with every input
// (participants by their badge codes, choices, every card drawn) and the station's outcome. The
// ledger fills in each participant as it stands now, replays the inputs through shared/core
// and refuses a different outcome; then it writes what happened to everyone.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/action_deck.h"
#include "core/refusal.h"
#include "ledger/apply.h"
#include "protocol/utf8.h"
#include "protocol/resolve.h"

namespace marshal::db {

namespace {

struct Participant {
  std::int64_t id;
  core::Character before;
};

// The cards an input names, as read while expanding it: badges by the code as written, so the
// lookup below does not read them again.
struct CardsRead {
  std::vector<std::string> tricks;
  std::map<std::string, CardRow> badges;
};

// Replaces every trick {"code": X} in the input by the trick as the ledger knows it (its flag
// included: the engine needs it, the station never sends it). Badges stay as codes: the rules
// ask for each participant through the lookup below. Any other card is refused here.
void expand_tricks(Town& town, Json& node, const std::string& path, CardsRead& read) {
  if (node.is_object() && node.size() == 1 && node.contains("code")) {
    CardRow card = town.card(node["code"], path + ".code");
    if (card.kind == "badge") {
      read.badges.insert_or_assign(node["code"].get<std::string>(), std::move(card));
    } else if (card.kind == "trick") {
      // A trick is accused once: flipped with the accusation, or played before it (trick_flipped,
      // its fate "flipped") and not yet accused. Any other spent trick is refused here, naming
      // when and where it was played.
      if (card.spent && card.fate != "flipped") throw trick_already_played(town, card, path + ".code");
      node = {{"code", card.code}, {"hand", card.title}, {"flag", card.detail.value("flag", "skill")},
              {"spent", false}};
      read.tricks.push_back(card.code);
    } else {
      // TRANSLATORS: {} is a card kind as the event's files name it (bystander, horse, secret, power, token)
      throw LedgerRefusal(RefusalCode::wrong_kind, path, say("a {} card cannot stand here", card.kind));
    }
    return;
  }
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it)
      if (it.value().is_structured()) expand_tricks(town, it.value(), path + "." + it.key(), read);
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i)
      if (node[i].is_structured()) expand_tricks(town, node[i], path + "[" + std::to_string(i) + "]", read);
  }
}

// Every final character object in a resolution's result, whatever the kind.
void collect_final(const Json& result, std::vector<const Json*>& out) {
  for (const char* key : {"duelists", "participants", "fighters"})
    if (result.contains(key))
      for (const auto& c : result[key]) out.push_back(&c);
  for (const char* key : {"accuser", "accused"})
    if (result.contains(key)) out.push_back(&result[key]);
}

// The station's word on where its cards came from (protocol::draw_sources), for the audit's
// fairness check: two lists of card values, each within the deck and max_recorded_draws long.
void check_draws(const Json& draws) {
  protocol::Fields f(draws, "draws");
  for (const char* source : {"station", "table"}) {
    const Json& cards = protocol::as_array(f.required(source), f.path_of(source));
    if (cards.size() > protocol::max_recorded_draws)
      throw LedgerRefusal(RefusalCode::bad_input, f.path_of(source),
                          say("at most {} cards", protocol::max_recorded_draws));
    for (std::size_t i = 0; i < cards.size(); ++i)
      protocol::as_integer(cards[i], f.path_of(source) + "." + std::to_string(i), core::lowest_card, core::highest_card);
  }
  f.done();
}

}  // namespace

void apply_conflict_resolved(ApplyContext& ctx) {
  Town& town = ctx.town;
  protocol::Fields f(ctx.payload, "");
  std::string kind = f.text("kind");
  const auto& kinds = protocol::conflict_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
    throw LedgerRefusal(RefusalCode::bad_input, "kind", say("unknown conflict kind {}", kind));
  const Json& given = f.required("input");
  // Fields::optional reads null as absent; a claimed outcome of null is no outcome, refused.
  if (f.has("outcome") && ctx.payload.at("outcome").is_null())
    throw LedgerRefusal(RefusalCode::bad_input, "outcome", say("leave outcome out to make no claim; null is no outcome"));
  const Json* claimed = f.optional("outcome");
  if (const Json* draws = f.optional("draws")) check_draws(*draws);
  f.done();
  if (!given.is_object()) throw LedgerRefusal(RefusalCode::bad_input, "input", say("must be an object"));
  // The station's input, copied once into room for what the ledger adds (now_ms, options,
  // locations): growing it afterwards would copy it again.
  Json input = protocol::object_with_room(given.size() + 3);
  for (auto it = given.begin(); it != given.end(); ++it)
    input.get_ref<Json::object_t&>().emplace_back(it.key(), it.value());
  for (const char* server_field : {"now_ms", "options", "locations"})
    if (input.contains(server_field))
      throw LedgerRefusal(RefusalCode::bad_input, std::string("input.") + server_field, say("is set by the ledger"));

  std::map<std::string, Participant> people;  // by name: everyone the rules asked for
  CardsRead cards;
  expand_tricks(town, input, "input", cards);
  const std::vector<std::string>& tricks = cards.tricks;
  // An accused cheat's trick must be his own (checked before the rules run).
  const Json* accused = input.contains("accused") ? &input["accused"] : nullptr;
  if (kind == "accusation" && !tricks.empty() && accused && accused->is_object() && accused->contains("code"))
    town.require_holder(town.card(Json(tricks.front()), "input.trick.code"),
                        town.character_by_badge(accused->at("code"), "input.accused.code"),
                        "input.trick.code");
  input["now_ms"] = town.now_ms();
  input["options"] = ctx.options;
  if (kind == "chase") {
    Json locations = Json::array();
    Statement s = town.db().prepare("SELECT name, road, copies, links FROM locations ORDER BY rowid");
    while (s.step())
      locations.push_back({{"name", s.text(0)}, {"road", s.int64(1) != 0}, {"copies", s.int64(2)},
                           {"links", Json::parse(s.text(3))}});
    input["locations"] = locations;
  }

  // A participant given by badge: the character as the ledger knows it now.
  protocol::CharacterLookup lookup = [&](const Json& code, const std::string& path) {
    auto read = code.is_string() ? cards.badges.find(code.get<std::string>()) : cards.badges.end();
    std::int64_t holder = read != cards.badges.end() ? *read->second.holder
                                                     : *town.card_of_kind(code, "badge", "input." + path).holder;
    Participant p{holder, town.character(holder)};
    people.insert_or_assign(p.before.name, p);
    return p.before;
  };
  Json resolution;
  try {
    // Every card must be in the input (no generator); only the outcome is needed, not the story.
    resolution = protocol::resolve(kind, input, nullptr, &lookup, protocol::Detail::outcome);
  } catch (const protocol::InputError& e) {
    throw LedgerRefusal(RefusalCode::bad_input, "input." + e.path(), e.sentence());
  } catch (const core::Refusal& r) {
    // The engine's codes the ledger passes on; every other breach of the rules is illegal_move.
    RefusalCode code = RefusalCode::illegal_move;
    switch (r.code()) {
      case core::RefusalCode::dead: code = RefusalCode::dead; break;
      case core::RefusalCode::knocked_out: code = RefusalCode::knocked_out; break;
      case core::RefusalCode::already_spent: code = RefusalCode::already_spent; break;
      case core::RefusalCode::illegal_move:
      case core::RefusalCode::out_of_range:
      case core::RefusalCode::unknown_participant:
      case core::RefusalCode::impossible_cards:
      case core::RefusalCode::missing_input:
      case core::RefusalCode::finished: break;
    }
    throw LedgerRefusal(code, "input." + r.field(), r.sentence());
  }
  if (claimed && *claimed != resolution["result"])
    throw LedgerRefusal(RefusalCode::outcome_mismatch, "outcome",
                        say("the rules give a different outcome for these inputs: {}",
                            protocol::truncate_utf8(resolution["result"].dump(), 400)));
  const Json& result = ctx.ledger["result"] = std::move(resolution["result"]);

  // Write what happened to everyone.
  std::vector<const Json*> finals;
  collect_final(result, finals);
  if (resolution.contains("became_brawl")) collect_final(resolution["became_brawl"]["result"], finals);
  // A bystander card spent took a shot (its result) or was lost some other way.
  auto fate_of = [&](const std::string& card) -> std::string {
    auto fates = resolution.find("bystander_fates");
    if (fates == resolution.end() || !fates->contains(card)) return "lost";
    return fates->at(card).get<std::string>();
  };
  for (const Json* c : finals) {
    auto it = people.find((*c)["name"].get<std::string>());
    // Written inline, a character would escape the ledger's state (dead, knocked out, wounded).
    if (it == people.end())
      throw LedgerRefusal(RefusalCode::bad_input, "input",
                          say("{} must be given by the code of a badge", (*c)["name"].get<std::string>()));
    const Participant& p = it->second;
    bool dead = c->value("dead", false);
    bool wounded = (*c)["wounded"].get<bool>();
    if (dead || wounded != p.before.wounded)  // nobody dead comes in: the rules refuse them
      town.db()
          .prepare("UPDATE characters SET wounded = ?, dead = ?, killing = ?, killed_by = ? WHERE id = ?")
          .bind(1, wounded)
          .bind(2, dead)
          .bind(3, dead ? std::optional<std::string>(c->value("killing", "possible_murder")) : std::nullopt)
          .bind(4, dead ? std::optional<std::string>(c->value("killed_by", "")) : std::nullopt)
          .bind(5, p.id)
          .run();
    std::vector<std::string> after = (*c)["bystanders"].get<std::vector<std::string>>();
    for (const auto& card : p.before.bystanders)
      if (std::find(after.begin(), after.end(), card) == after.end())
        town.spend_card(card, fate_of(card));
    if (c->contains("timers"))
      for (const auto& t : (*c)["timers"]) {
        if (t["start_ms"].get<std::int64_t>() < town.now_ms()) continue;  // carried in, not new
        core::Timer timer;
        timer.kind = t["kind"] == "headache" ? core::TimerKind::headache : core::TimerKind::knocked_out;
        timer.start_ms = t["start_ms"];
        timer.duration_ms = t["duration_ms"];
        town.add_timer(p.id, timer);
      }
  }
  for (const auto& trick : tricks) town.spend_card(trick, "accused");
}

}  // namespace marshal::db
