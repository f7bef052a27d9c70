#include "core/accusation.h"

#include "core/participants.h"
#include "core/refusal.h"

namespace marshal::core {

std::string_view to_string(TrickFlag flag) { return flag == TrickFlag::cheat ? "cheat" : "skill"; }

std::optional<TrickFlag> trick_flag_from_string(std::string_view text) {
  if (text == "cheat") return TrickFlag::cheat;
  if (text == "skill") return TrickFlag::skill;
  return std::nullopt;
}

void flip_trick(Trick& trick) {
  if (trick.spent)
    throw Refusal(RefusalCode::already_spent, "trick",
                  say("trick {} was already played this evening", trick.code));
  trick.spent = true;
}

AccusationOutcome resolve_accusation(std::vector<Character>& people, const Trick& trick,
                                     DeckSupply& deck, const std::optional<std::string>& bystander_pick,
                                     Csprng* rng, std::int64_t now_ms) {
  if (people.size() != 2)
    throw Refusal(RefusalCode::illegal_move, "participants", say("an accusation is accuser vs accused"));
  std::vector<Character> checked;
  check_can_join(checked, people[0], now_ms, "accuser");
  checked.push_back(people[0]);
  check_can_join(checked, people[1], now_ms, "accused");
  if (!trick.spent)
    throw Refusal(RefusalCode::illegal_move, "trick",
                  say("only a trick flipped at the table can be accused"));

  AccusationOutcome out;
  RoundDeck& cards = deck.next_use();
  for (int i = 0; i < 2; ++i) {
    out.card[i] = cards.card_for(i);
    out.total[i] = out.card[i] + people[i].in_use().gambling;
  }
  deck.finish();
  out.draws = deck.record();
  out.opened = out.total[0] > out.total[1];
  if (out.opened) out.revealed = trick.flag;
  out.loser = out.opened && trick.flag == TrickFlag::cheat ? 1 : 0;
  out.bystander_lost =
      lose_random_bystander(people[out.loser], bystander_pick, rng, "bystander_pick");
  return out;
}

}  // namespace marshal::core
