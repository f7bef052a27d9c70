#include "gmstation/shootout_orders.h"

#include <cctype>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::gm {

using i18n::tr;

std::optional<ShootoutOrder> parse_shootout_order(const std::string& text, int self,
                                                  const std::vector<std::string>& players,
                                                  std::string& why) {
  std::string t;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) t += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string who = players.at(static_cast<std::size_t>(self));
  if (t.empty()) {
    // TRANSLATORS: {} is a player's name. C, P and E are the keys typed (Latin letters on any keyboard).
    why = fmt::format(fmt::runtime(tr("Type {}'s order: C cover, a number to shoot, P and a number to pin, E escape")), who);
    return std::nullopt;
  }
  ShootoutOrder order;
  if (t == "C") return order;
  if (t == "E") {
    order.kind = ShootoutOrder::Kind::escape;
    return order;
  }
  std::size_t i = 0;
  if (t[0] == '!') {  // !2: not to kill, written first so one more key completes it
    t = t.substr(1) + "!";
  }
  if (t.empty() || t == "!") {
    // TRANSLATORS: {0} is what was typed, {1} a player's name.
    why = fmt::format(fmt::runtime(tr("'{}' for {}: ! and a number to shoot not to kill, e.g. !2")), text, who);
    return std::nullopt;
  }
  if (t[0] == 'S' || t[0] == 'P') {
    order.kind = t[0] == 'P' ? ShootoutOrder::Kind::pin : ShootoutOrder::Kind::shoot;
    i = 1;
  } else {
    order.kind = ShootoutOrder::Kind::shoot;
  }
  if (order.kind == ShootoutOrder::Kind::shoot && !t.empty() && t.back() == '!') {
    order.not_to_kill = true;
    t.pop_back();
  }
  std::string digits = t.substr(i);
  bool numeric = !digits.empty() && digits.size() <= 2;
  for (char c : digits) numeric = numeric && std::isdigit(static_cast<unsigned char>(c));
  if (!numeric) {
    // TRANSLATORS: {0} is what was typed, {1} a player's name. C, P and E are the keys typed.
    why = fmt::format(fmt::runtime(tr("'{}' for {}: C cover, 2 shoot player 2, !2 not to kill, P2 pin, E escape")), text,
                      who);
    return std::nullopt;
  }
  int n = std::stoi(digits);
  if (n < 1 || n > static_cast<int>(players.size())) {
    why = fmt::format(fmt::runtime(tr("There is no player {} (1 to {})")), digits, players.size());
    return std::nullopt;
  }
  if (n - 1 == self) {
    why = fmt::format(fmt::runtime(order.kind == ShootoutOrder::Kind::pin ? tr("{} cannot pin themself")
                                                                          : tr("{} cannot shoot themself")),
                      who);
    return std::nullopt;
  }
  order.target = n - 1;
  return order;
}

std::string describe_order(const ShootoutOrder& order, const std::vector<std::string>& players) {
  switch (order.kind) {
    case ShootoutOrder::Kind::cover: return tr("takes cover");
    case ShootoutOrder::Kind::escape: return tr("escapes");
    // TRANSLATORS: what a player's order means: {} is the player pinned down.
    case ShootoutOrder::Kind::pin:
      return fmt::format(fmt::runtime(tr("pins {}")), players.at(static_cast<std::size_t>(order.target)));
    case ShootoutOrder::Kind::shoot:
      // TRANSLATORS: what a player's order means: {} is the player shot at.
      return fmt::format(fmt::runtime(order.not_to_kill ? tr("shoots {}, not to kill") : tr("shoots {}")),
                         players.at(static_cast<std::size_t>(order.target)));
  }
  return "";
}

protocol::Json order_action(const ShootoutOrder& order, const std::vector<std::string>& players) {
  switch (order.kind) {
    case ShootoutOrder::Kind::shoot:
      return {{"shoot", players.at(static_cast<std::size_t>(order.target))}, {"not_to_kill", order.not_to_kill}};
    case ShootoutOrder::Kind::pin: return {{"pin", players.at(static_cast<std::size_t>(order.target))}};
    default: return "cover";
  }
}

}  // namespace marshal::gm
