#pragma once
// A shootout order as a GM types it for one player, in a few keys (no wx here):
//   C        takes cover            E      escapes (after two rounds in cover, unpinned)
//   3 or S3  shoots player 3        P3     pins player 3 down (no card drawn)
//   !3, 3!   shoots player 3, not to kill
// Players are numbered from 1 in the order their badges were scanned.
#include <optional>
#include <string>
#include <vector>

#include "protocol/json_fields.h"

namespace marshal::gm {

struct ShootoutOrder {
  enum class Kind { cover, shoot, pin, escape } kind = Kind::cover;
  int target = -1;  // index into the players, for shoot and pin
  bool not_to_kill = false;
};

// Reads `text` typed for player `self` among `players` names; nullopt with `why` set when it
// makes no sense (empty, unknown letter, a number out of range, aiming at oneself).
std::optional<ShootoutOrder> parse_shootout_order(const std::string& text, int self,
                                                  const std::vector<std::string>& players,
                                                  std::string& why);

// "shoots Kid Calloway", "takes cover"...: what an order means, shown beside the field.
std::string describe_order(const ShootoutOrder& order, const std::vector<std::string>& players);

// The shootout input's ACTION for an order (escape is not an action: the caller lists it).
protocol::Json order_action(const ShootoutOrder& order, const std::vector<std::string>& players);

}  // namespace marshal::gm
