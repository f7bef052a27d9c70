#include "cli/twtw_order_input.h"

#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "cli/twtw_commands.h"
#include "i18n/translate.h"

namespace marshal::cli {

namespace tw = core::twtw;
using Json = nlohmann::ordered_json;
using i18n::tr;

namespace {

std::string read_capped(std::istream& in) {
  std::string text(max_order_input_bytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > max_order_input_bytes)
    throw OrderInputError{tr("standard input"),
                          fmt::format(fmt::runtime(tr("more than {} bytes; a round's declarations are far smaller")),
                                      max_order_input_bytes)};
  return text;
}

// Refuses nesting deeper than a round's declarations need before the parser sees it.
void check_depth(const std::string& text) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_order_json_depth)
        throw OrderInputError{tr("standard input"),
                              fmt::format(fmt::runtime(tr("JSON nested more than {} deep")), max_order_json_depth)};
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

bool flag(const nlohmann::json& c, const char* key, const std::string& at) {
  if (!c.contains(key)) return false;
  if (!c[key].is_boolean()) throw OrderInputError{at + "." + key, tr("true or false")};
  return c[key].get<bool>();
}

std::optional<tw::Speed> speed_from(const nlohmann::json& v) {
  if (v == "fast") return tw::Speed::fast;
  if (v == "normal") return tw::Speed::normal;
  if (v == "slow") return tw::Speed::slow;
  return std::nullopt;
}

tw::Declaration declaration_from(const nlohmann::json& c, const std::string& at,
                                 const tw::SpeedPhases& table) {
  if (!c.is_object())
    throw OrderInputError{at, tr("a character is an object: {\"name\", \"reflex\", \"phases\", ...}")};
  static const char* known[] = {"name",          "reflex",    "phases", "actions",
                                "continuous",    "surprised", "dodge",  "surprised_last_round",
                                "bravery_passed"};
  for (const auto& item : c.items())
    if (std::find_if(std::begin(known), std::end(known),
                     [&](const char* k) { return item.key() == k; }) == std::end(known))
      throw OrderInputError{at + "." + item.key(), tr("not a field of a character (docs/twtw.md)")};
  tw::Declaration d;
  if (!c.contains("name") || !c["name"].is_string() || c["name"].get<std::string>().empty())
    throw OrderInputError{at + ".name", tr("a non-empty string")};
  d.name = c["name"].get<std::string>();
  static const std::pair<const char*, int> dice[] = {
      {"d12", 12}, {"d10", 10}, {"d8", 8}, {"d6", 6}, {"d4", 4}};
  const nlohmann::json reflex = c.value("reflex", nlohmann::json());
  auto die = std::find_if(std::begin(dice), std::end(dice),
                          [&](const auto& p) { return reflex == p.first; });
  if (die == std::end(dice))
    throw OrderInputError{at + ".reflex", tr("one of \"d12\", \"d10\", \"d8\", \"d6\", \"d4\"")};
  d.reflex = die->second;
  if (c.contains("phases") && c.contains("actions"))
    throw OrderInputError{at + ".actions", tr("give phases or actions, not both")};
  if (c.contains("phases")) {
    if (!c["phases"].is_array()) throw OrderInputError{at + ".phases", tr("a list of phases 1 to 4")};
    for (const auto& p : c["phases"]) {
      if (!p.is_number_unsigned() || p.get<std::uint64_t>() < 1 ||
          p.get<std::uint64_t>() > tw::phases_per_round)
        // TRANSLATORS: {} is the value given (JSON).
        throw OrderInputError{at + ".phases", fmt::format(fmt::runtime(tr("{} is not a phase 1 to 4")), p.dump())};
      d.phases.push_back(static_cast<int>(p.get<std::uint64_t>()));
    }
  }
  if (c.contains("actions")) {
    if (!c["actions"].is_array())
      throw OrderInputError{at + ".actions", tr("a list of \"fast\", \"normal\", \"slow\"")};
    std::vector<tw::Speed> speeds;
    for (const auto& a : c["actions"]) {
      auto s = speed_from(a);
      if (!s)
        throw OrderInputError{at + ".actions",
                              // TRANSLATORS: {} is the value given (JSON); fast, normal and slow are typed as they are.
                              fmt::format(fmt::runtime(tr("{} is not fast, normal or slow")), a.dump())};
      speeds.push_back(*s);
    }
    try {
      d.phases = tw::phases_for(speeds, table);
    } catch (const core::Refusal& r) {
      throw OrderInputError{at + ".actions", r.reason()};
    }
  }
  d.continuous = flag(c, "continuous", at);
  d.surprised = flag(c, "surprised", at);
  d.dodge = flag(c, "dodge", at);
  d.surprised_last_round = flag(c, "surprised_last_round", at);
  d.bravery_passed = flag(c, "bravery_passed", at);
  return d;
}

tw::SpeedPhases table_from(const nlohmann::json& root) {
  tw::SpeedPhases table;
  if (!root.contains("speed_phases")) return table;
  const auto& t = root["speed_phases"];
  if (!t.is_object())
    throw OrderInputError{"speed_phases", tr("an object {\"fast\": 1, \"normal\": 2, \"slow\": 4}")};
  for (auto [key, slot] :
       {std::pair{"fast", &table.fast}, {"normal", &table.normal}, {"slow", &table.slow}}) {
    if (!t.contains(key)) continue;
    if (!t[key].is_number_unsigned() || t[key].get<std::uint64_t>() < 1 ||
        t[key].get<std::uint64_t>() > 4)
      throw OrderInputError{std::string("speed_phases.") + key, tr("phases an action takes, 1 to 4")};
    *slot = static_cast<int>(t[key].get<std::uint64_t>());
  }
  return table;
}

const char* roman(int phase) {
  static const char* names[] = {"", "I", "II", "III", "IV"};
  return phase >= 1 && phase <= 4 ? names[phase] : "?";
}

}  // namespace

std::vector<tw::Declaration> declarations_from(std::istream& in) {
  std::string text = read_capped(in);
  check_depth(text);
  nlohmann::json root;
  try {
    root = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw OrderInputError{tr("standard input"), fmt::format(fmt::runtime(tr("not JSON: {}")), e.what())};
  }
  if (!root.is_object() || !root.contains("characters") || !root["characters"].is_array())
    throw OrderInputError{"characters", tr("the input is {\"characters\": [...]}")};
  const auto& list = root["characters"];
  if (list.size() > max_order_characters)
    throw OrderInputError{
        // TRANSLATORS: {0} is how many characters were given, {1} the most a round takes.
        "characters", fmt::format(fmt::runtime(tr("{} characters; at most {}")), list.size(), max_order_characters)};
  const tw::SpeedPhases table = table_from(root);
  std::vector<tw::Declaration> out;
  for (std::size_t i = 0; i < list.size(); ++i)
    out.push_back(declaration_from(list[i], fmt::format("characters[{}]", i), table));
  return out;
}

int print_order(const tw::RoundOrder& order, bool json, std::ostream& out) {
  if (json) {
    Json steps = Json::array(), idle = Json::array();
    for (const tw::Step& s : order.steps)
      steps.push_back({{"phase", s.phase}, {"step", s.name}, {"actors", s.actors}});
    for (const tw::Idle& i : order.idle) idle.push_back({{"name", i.name}, {"why", i.why}});
    out << Json{{"steps", steps}, {"idle", idle}}.dump() << "\n";
    return exit_ok;
  }
  for (const tw::Step& s : order.steps) {
    std::string actors;
    for (const std::string& a : s.actors) actors += (actors.empty() ? "" : ", ") + a;
    if (s.phase == 0)
      // TRANSLATORS: {} is the names of those who dodge.
      out << fmt::format(fmt::runtime(tr("Declaration: {} dodging")), actors) << "\n";
    else
      // TRANSLATORS: a line of the round's order: the phase (I to IV), the step (d12 or the word for continuous
      // actions) and who acts in it. Keep the widths ({:<3}, {:<10}): the lines make columns.
      out << fmt::format(fmt::runtime(tr("Phase {:<3} {:<10} {}")), roman(s.phase),
                         s.name == "continuous" ? tr("continuous") : s.name, actors)
          << "\n";
  }
  // TRANSLATORS: {0} is a character's name, {1} why they do not act.
  for (const tw::Idle& i : order.idle) out << fmt::format(fmt::runtime(tr("not acting: {}: {}")), i.name, i.why) << "\n";
  if (order.steps.empty() && order.idle.empty()) out << tr("nobody declared anything") << "\n";
  return exit_ok;
}

}  // namespace marshal::cli
