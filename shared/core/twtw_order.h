#pragma once
// The order of one round of action time in The West That Wasn't (003 L15-30, L34): the
// Declaration, then Phases I-IV, each with the counts d12, d10, d8, d6, d4 (a character acts on
// the count of its Reflex die) and a continuous-action step, then the End Step. Unnecessary
// steps are skipped (L19), so the order is the list of steps someone acts in.
#include <string>
#include <vector>

#include "core/twtw_options.h"

namespace marshal::core::twtw {

constexpr int phases_per_round = 4;           // 003 L15
constexpr int easy_tn = 3;                    // "Easy (3)", "Simple (3)"
constexpr int standard_tn = 5;                // "Standard (5)", "Fair (5)"
constexpr int difficult_tn = 9;               // "Difficult (9)"
constexpr int surprise_bravery_tn = easy_tn;  // 003 L34: acting again after a surprise

// The TN of the Acuity check against surprise (003 L34): Standard (5) during action time or when
// the character expects danger, Difficult (9) otherwise.
int surprise_tn(bool action_time_or_expecting_danger);

// A Reflex die as its sides: 12, 10, 8, 6 or 4, in that order of acting.
bool is_reflex_die(int sides);

enum class Speed { fast, normal, slow };
// The phases (1..4) a character's actions, declared in this order, land in under the event's
// table (twtw_options.h SpeedPhases): each starts where the last ended and lands in its last
// phase. Refused (out_of_range, "actions") when they do not fit in one round, and
// ("speed_phases") for a table entry outside 1..4.
std::vector<int> phases_for(const std::vector<Speed>& actions, const SpeedPhases& table = {});

// One character's Declaration (003 L21, L359) and surprise state (L34).
struct Declaration {
  std::string name;
  int reflex = 6;           // the Reflex die's sides
  std::vector<int> phases;  // the phases (1..4) its declared actions land in, each at most once
  bool continuous = false;  // a continuous action: every phase's continuous step (L64)
  bool dodge = false;       // declared a dodge: the Dodge attribute for the whole round (L359)
  bool surprised = false;   // failed the surprise check this round: no action at all (L34)
  // Surprised last round: acts this round only after an Easy (3) Bravery check (L34).
  bool surprised_last_round = false;
  bool bravery_passed = false;
};

// Whether the character acts this round at all (not surprised; after a surprise, Bravery made).
bool can_act(const Declaration& d);

struct Step {
  int phase = 0;                    // 0 for the Declaration, 1..4 for the phases
  std::string name;                 // "declaration", "d12", "d10", "d8", "d6", "d4", "continuous"
  std::vector<std::string> actors;  // in the order the characters were declared
};

struct Idle {
  std::string name;
  std::string why;
};

struct RoundOrder {
  std::vector<Step> steps;  // only the steps someone acts in, in the order they are played
  std::vector<Idle> idle;   // the characters who do not act this round, and why
};

// The ordered, non-empty steps of one round. Dodgers are listed in the Declaration step, where
// the dodge is declared (it holds the whole round); a declared phase puts the character in that
// phase's count of its Reflex die; a continuous action puts it in every phase's continuous step.
// Refused (out_of_range or illegal_move, field "characters[i].name|reflex|phases") for an empty or
// repeated name, a Reflex that is not d12..d4, a phase outside 1..4 or given twice.
RoundOrder round_order(const std::vector<Declaration>& characters);

}  // namespace marshal::core::twtw
