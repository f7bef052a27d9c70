#include "core/character.h"

#include <algorithm>
#include <array>
#include <utility>

namespace marshal::core {

namespace {
constexpr std::array<std::pair<Power, std::string_view>, 9> power_names{{
    {Power::doctor, "doctor"},
    {Power::mayor, "mayor"},
    {Power::judge, "judge"},
    {Power::lawman, "lawman"},
    {Power::banker, "banker"},
    {Power::tracking, "tracking"},
    {Power::hideout, "hideout"},
    {Power::prospecting, "prospecting"},
    {Power::charm, "charm"},
}};
}  // namespace

std::string_view to_string(Power power) {
  for (const auto& [p, name] : power_names)
    if (p == power) return name;
  return "unknown";
}

std::optional<Power> power_from_string(std::string_view text) {
  for (const auto& [p, name] : power_names)
    if (name == text) return p;
  return std::nullopt;
}

std::vector<Power> powers_from_list(std::string_view semicolon_list) {
  std::vector<Power> out;
  while (!semicolon_list.empty()) {
    auto end = semicolon_list.find(';');
    if (auto p = power_from_string(semicolon_list.substr(0, end))) out.push_back(*p);
    if (end == std::string_view::npos) break;
    semicolon_list.remove_prefix(end + 1);
  }
  return out;
}

std::string powers_to_list(const std::vector<Power>& powers) {
  std::string out;
  for (auto p : powers) out += (out.empty() ? "" : ";") + std::string(to_string(p));
  return out;
}

std::string_view to_string(KillingKind kind) {
  switch (kind) {
    case KillingKind::duel: return "duel";
    case KillingKind::lawman: return "lawman";
    case KillingKind::possible_murder: return "possible_murder";
    case KillingKind::hanging: return "hanging";
  }
  return "unknown";
}

std::string_view to_string(TimerKind kind) {
  switch (kind) {
    case TimerKind::knocked_out: return "knocked_out";
    case TimerKind::headache: return "headache";
    case TimerKind::chase_wait: return "chase_wait";
    case TimerKind::vote: return "vote";
  }
  return "unknown";
}

int attribute_in_use(int base, bool wounded) { return std::max(0, base - (wounded ? 1 : 0)); }

bool Character::has_power(Power power) const {
  return std::find(powers.begin(), powers.end(), power) != powers.end();
}

Attributes Character::in_use() const {
  return {attribute_in_use(base.hth, wounded), attribute_in_use(base.speed, wounded),
          attribute_in_use(base.accuracy, wounded), attribute_in_use(base.gambling, wounded),
          attribute_in_use(base.riding, wounded)};
}

bool Character::incapacitated_at(std::int64_t now_ms) const {
  return std::any_of(timers.begin(), timers.end(), [&](const Timer& t) {
    return (t.kind == TimerKind::knocked_out || t.kind == TimerKind::headache) &&
           t.running_at(now_ms);
  });
}

}  // namespace marshal::core
