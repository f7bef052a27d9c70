#pragma once
// What a card's ancillary effects do after an attack at the Action Time screen (issue 32 item 10;
// 003 L470-504; docs/twtw.md "The Action Time screen"), without wx: where a thrown item that
// missed lands, where a dodging target missed leaps, and which unintended targets a stray shot
// hits. Applied last (L472): the attack's own result stands; the GM moves the pieces.
#include <optional>
#include <string>

#include "core/twtw_cards.h"
#include "gmstation/action_time_extras.h"

namespace marshal::gm::action_time {

struct AttackOutcome {
  bool hit = false;
  int tn = 0;
  int result = 0;          // the card's
  int paces = 0;           // 0: hand to hand
  int increment = 1;
  std::string target;
  bool target_dodging = false;  // declared a dodge and still has it (L365)
  std::optional<tw::ActionCard> drawn;  // the card drawn at the station; none when the GM typed a result
};

// "; the throw lands 5 m from Ben at 2 o'clock; Ben leaps a pace to 2 o'clock": each ancillary
// effect that applies, each after "; ", in the seed's order (scatter, then stray shots); "" for
// none. Without a drawn card the words say what to read on the table's card.
std::string ancillary_words(const AttackExtras& e, const AttackOutcome& o);

}  // namespace marshal::gm::action_time
