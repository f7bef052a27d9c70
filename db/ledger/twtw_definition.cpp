#include "ledger/twtw_definition.h"

#include "core/twtw_damage.h"
#include "core/twtw_order.h"

namespace marshal::db {

using protocol::as_array;
using protocol::Fields;
using protocol::index_path;
using protocol::InputError;
using i18n::say;
namespace tw = core::twtw;

Json twtw_options_to_json(const tw::Options& o) {
  return {{"wound_table", tw::to_string(o.wound_table)},
          {"size_steps", tw::to_string(o.size_steps)},
          {"stun_row", tw::to_string(o.stun_row)},
          {"speed_phases", {{"fast", o.speed_phases.fast}, {"normal", o.speed_phases.normal}, {"slow", o.speed_phases.slow}}},
          {"bleeding", o.bleeding},
          {"risk", o.risk}};
}

namespace {

// One of an enum's names, or InputError naming the field and the names it may take (`must`).
template <typename Parse>
auto named(Fields& f, const std::string& key, Parse parse, const i18n::Sentence& must) {
  auto value = parse(f.text(key));
  if (!value) throw InputError(f.path_of(key), must);
  return *value;
}

}  // namespace

tw::Options twtw_options_from_json(const Json& json, const std::string& path) {
  Fields f(json, path);
  tw::Options o;
  o.wound_table = named(f, "wound_table", tw::wound_table_from_string, say("must be five_level or four_level"));
  o.size_steps = named(f, "size_steps", tw::size_steps_from_string, say("must be halving or literal"));
  o.stun_row = named(f, "stun_row", tw::stun_row_from_string, say("must be after_hit or before_hit"));
  Fields speed(f.required("speed_phases"), f.path_of("speed_phases"));
  o.speed_phases.fast = speed.integer("fast", 1, tw::phases_per_round);
  o.speed_phases.normal = speed.integer("normal", 1, tw::phases_per_round);
  o.speed_phases.slow = speed.integer("slow", 1, tw::phases_per_round);
  speed.done();
  o.bleeding = f.boolean_or("bleeding", true);
  o.risk = f.boolean_or("risk", false);
  f.done();
  return o;
}

Json twtw_definition_to_json(const TwtwDefinition& def) {
  Json characters = Json::array();
  for (const auto& c : def.characters)
    characters.push_back({{"name", c.name}, {"side", c.side}, {"reflex", c.reflex}, {"size", c.size},
                          {"ct", c.ct}, {"shooting", c.shooting}, {"fighting", c.fighting}, {"dodge", c.dodge}});
  return {{"options", twtw_options_to_json(def.options)}, {"characters", characters}};
}

TwtwDefinition twtw_definition_from_json(const Json& json) {
  TwtwDefinition def;
  Fields top(json, "definition.twtw");
  def.options = twtw_options_from_json(top.required("options"), top.path_of("options"));
  const Json& characters = top.required("characters");
  for (std::size_t i = 0; i < as_array(characters, top.path_of("characters")).size(); ++i) {
    Fields f(characters[i], index_path(top.path_of("characters"), i));
    TwtwCharacterDef c;
    c.name = f.text("name");
    c.side = f.text("side");
    if (c.side != "posse" && c.side != "judge") throw InputError(f.path_of("side"), say("must be posse or judge"));
    c.reflex = f.integer("reflex", 4, 12);
    if (!tw::is_reflex_die(c.reflex)) throw InputError(f.path_of("reflex"), say("must be 12, 10, 8, 6 or 4 (a Reflex die)"));
    c.size = f.integer("size", twtw_min_size, tw::max_size);
    c.ct = f.integer("ct", 1, twtw_max_start_ct);
    c.shooting = f.integer("shooting", 0, twtw_max_skill);
    c.fighting = f.integer("fighting", 0, twtw_max_skill);
    c.dodge = f.integer("dodge", 0, twtw_max_dodge);
    f.done();
    def.characters.push_back(std::move(c));
  }
  if (def.characters.empty()) throw InputError("definition.twtw.characters", say("is written only when it lists someone"));
  top.done();
  return def;
}

}  // namespace marshal::db
