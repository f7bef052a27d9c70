#include "gmstation/conflict_session.h"

#include <functional>

#include <fmt/format.h>

#include "core/refusal.h"
#include "i18n/translate.h"
#include "protocol/resolve.h"

namespace marshal::gm {

using i18n::tr;

namespace {

// The timers that keep someone out of a fight (RULES.md): a knock-out and its headache. A
// Doctor's healing and a jail term do not (the jail keeps them out, as the GM sees).
bool keeps_from_fight(const Json& timer) {
  const std::string kind = timer.value("kind", "");
  return kind == "knocked_out" || kind == "headache";
}

// Someone scanned twice into one conflict, by the conflict's kind.
std::string already_in_words(const std::string& name, const std::string& kind) {
  // TRANSLATORS: {} is a character's name, scanned a second time into the same conflict.
  if (kind == "duel") return fmt::format(fmt::runtime(tr("{} is already in this duel")), name);
  if (kind == "accusation") return fmt::format(fmt::runtime(tr("{} is already in this accusation")), name);
  if (kind == "fistfight") return fmt::format(fmt::runtime(tr("{} is already in this fistfight")), name);
  if (kind == "brawl") return fmt::format(fmt::runtime(tr("{} is already in this brawl")), name);
  if (kind == "shootout") return fmt::format(fmt::runtime(tr("{} is already in this shootout")), name);
  if (kind == "chase") return fmt::format(fmt::runtime(tr("{} is already in this chase")), name);
  // TRANSLATORS: a character's name, then a conflict's kind as the rules name it (an English word).
  return fmt::format(fmt::runtime(tr("{} is already in this {}")), name, kind);
}

}  // namespace

Json ConflictSession::character_from_view(const Json& view) {
  const Json& a = view["attributes"];
  Json bystanders = Json::array();
  for (const auto& card : view.value("cards", Json::array()))
    if (card.value("kind", "") == "bystander") bystanders.push_back(card["code"]);
  Json timers = Json::array();
  // The station resolves at time 0: a timer still running is one that started then.
  for (const auto& t : view.value("timers", Json::array()))
    if (keeps_from_fight(t))
      timers.push_back({{"kind", t["kind"]}, {"start_ms", 0}, {"duration_ms", t["remaining_ms"]}});
  return {{"name", view["name"]},           {"hth", a["hth"]},
          {"speed", a["speed"]},            {"accuracy", a["accuracy"]},
          {"gambling", a["gambling"]},      {"riding", a["riding"]},
          {"wounded", view.value("wounded", false)}, {"dead", view.value("dead", false)},
          {"powers", view.value("powers", Json::array())}, {"bystanders", bystanders},
          {"timers", timers}};
}

std::optional<Json> ConflictSession::admit(const std::string& badge, const Json& view, std::string& why) {
  std::string name = view["name"];
  if (badge_of_.count(name)) {
    why = already_in_words(name, kind_);
    return std::nullopt;
  }
  if (view.value("dead", false)) {
    // TRANSLATORS: {} is a character's name.
    why = fmt::format(fmt::runtime(tr("{} is dead and cannot take part")), name);
    return std::nullopt;
  }
  for (const auto& t : view.value("timers", Json::array()))
    if (t.value("remaining_ms", 0) > 0 && keeps_from_fight(t)) {
      const std::int64_t minutes = (t["remaining_ms"].get<std::int64_t>() + 59'999) / 60'000;
      // TRANSLATORS: a character's name, then a number of minutes.
      why = fmt::format(fmt::runtime(t["kind"] == "headache" ? tr("{} is nursing a headache for {} more minute(s)")
                                                             : tr("{} is knocked out for {} more minute(s)")),
                        name, minutes);
      return std::nullopt;
    }
  badge_of_[name] = badge;
  if (!view.value("wounded", false)) came_unwounded_.insert(name);
  return character_from_view(view);
}

bool ConflictSession::add_participant(const std::string& list_key, const std::string& badge,
                                      const Json& view, std::string& why) {
  std::optional<Json> character = admit(badge, view, why);
  if (!character) return false;
  if (!input_.contains(list_key)) input_[list_key] = Json::array();
  input_[list_key].push_back(std::move(*character));
  return true;
}

std::unique_ptr<ConflictSession> ConflictSession::became(const std::string& kind, const std::string& list_key,
                                                         const Json& people) const {
  auto next = std::make_unique<ConflictSession>(kind, input_.value("options", Json(nullptr)));
  for (const auto& person : people) {
    const std::string name = person.at("name");
    next->badge_of_[name] = badge_of_.at(name);
    if (came_unwounded_.count(name)) next->came_unwounded_.insert(name);
  }
  next->input_[list_key] = people;
  return next;
}

void ConflictSession::forget(const std::string& list_key, const std::string& name) {
  badge_of_.erase(name);
  came_unwounded_.erase(name);
  if (!input_.contains(list_key)) return;
  Json& list = input_[list_key];
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i].value("name", "") == name) {
      list.erase(i);
      break;
    }
  if (list.empty()) input_.erase(list_key);
}

int ConflictSession::participants(const std::string& list_key) const {
  return input_.contains(list_key) ? static_cast<int>(input_[list_key].size()) : 0;
}

const Json& ConflictSession::character(const std::string& name) const {
  for (const auto& [key, value] : input_.items())
    if (value.is_array())
      for (const auto& c : value)
        if (c.is_object() && c.value("name", "") == name) return c;
  static const Json none = Json::object();
  return none;
}

void ConflictSession::set_trick(const std::string& code, const Json& card_view) {
  trick_code_ = code;
  input_["trick"] = {{"code", code},
                     {"hand", card_view["title"]},
                     {"flag", card_view["detail"].value("flag", "skill")},
                     // A trick played before and not yet accused is still the trick at the table.
                     {"spent", card_view.value("spent", false) && card_view.value("fate", "") != "flipped"}};
}

SessionOutcome ConflictSession::resolve(core::Csprng* rng) const {
  SessionOutcome o;
  try {
    o.resolution = protocol::resolve(kind_, input_, rng);
    o.ok = true;
  } catch (const protocol::InputError& e) {
    o.field = e.path();
    o.error = e.reason();
  } catch (const core::Refusal& r) {
    o.field = r.field();
    o.error = r.reason();
  }
  return o;
}

std::vector<WoundedPerson> ConflictSession::newly_wounded(const SessionOutcome& outcome) const {
  std::vector<WoundedPerson> wounded;
  if (!outcome.ok) return wounded;
  for (const auto& [key, list] : outcome.resolution["result"].items())
    if (list.is_array())
      for (const auto& c : list)
        if (c.is_object() && c.value("wounded", false) && !c.value("dead", false) && c.contains("name") &&
            came_unwounded_.count(c["name"].get<std::string>()))
          wounded.push_back({badge_of_.at(c["name"].get<std::string>()), c["name"].get<std::string>()});
  return wounded;
}

Json ConflictSession::record_payload(const SessionOutcome& outcome) const {
  Json record = outcome.resolution["record"];
  // Every character object becomes its badge: the ledger fills in the character as it stands.
  std::function<void(Json&)> swap = [&](Json& node) {
    if (node.is_object()) {
      if (node.contains("name") && node.contains("hth") && node["name"].is_string() &&
          badge_of_.count(node["name"].get<std::string>())) {
        node = {{"code", badge_of_.at(node["name"].get<std::string>())}};
        return;
      }
      for (auto& [key, value] : node.items()) swap(value);
    } else if (node.is_array()) {
      for (auto& value : node) swap(value);
    }
  };
  swap(record);
  // The ledger sets the time, the options and the locations itself (and refuses them sent).
  for (const char* server_field : {"now_ms", "options", "locations"}) record.erase(server_field);
  // The ledger knows the trick (and its flag): the record names it by its code only.
  if (record.contains("trick")) record["trick"] = {{"code", trick_code_}};
  return {{"kind", kind_}, {"input", record}, {"draws", protocol::draw_sources(outcome.resolution)}};
}

}  // namespace marshal::gm
