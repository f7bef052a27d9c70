#include "gmstation/shootout_orders.h"

#include <cctype>

namespace marshal::gm {

std::optional<ShootoutOrder> parse_shootout_order(const std::string& text, int self,
                                                  const std::vector<std::string>& players,
                                                  std::string& why) {
  std::string t;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) t += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string who = players.at(static_cast<std::size_t>(self));
  if (t.empty()) {
    why = "Type " + who + "'s order: C cover, a number to shoot, P and a number to pin, E escape";
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
    why = "'" + text + "' for " + who + ": ! and a number to shoot not to kill, e.g. !2";
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
    why = "'" + text + "' for " + who + ": C cover, 2 shoot player 2, !2 not to kill, P2 pin, E escape";
    return std::nullopt;
  }
  int n = std::stoi(digits);
  if (n < 1 || n > static_cast<int>(players.size())) {
    why = "There is no player " + digits + " (1 to " + std::to_string(players.size()) + ")";
    return std::nullopt;
  }
  if (n - 1 == self) {
    why = who + " cannot " + (order.kind == ShootoutOrder::Kind::pin ? "pin" : "shoot") + " themself";
    return std::nullopt;
  }
  order.target = n - 1;
  return order;
}

std::string describe_order(const ShootoutOrder& order, const std::vector<std::string>& players) {
  switch (order.kind) {
    case ShootoutOrder::Kind::cover: return "takes cover";
    case ShootoutOrder::Kind::escape: return "escapes";
    case ShootoutOrder::Kind::pin: return "pins " + players.at(static_cast<std::size_t>(order.target));
    case ShootoutOrder::Kind::shoot:
      return "shoots " + players.at(static_cast<std::size_t>(order.target)) +
             (order.not_to_kill ? ", not to kill" : "");
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
