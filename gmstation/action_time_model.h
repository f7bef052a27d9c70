#pragma once
// What the Action Time screen (F10, gmstation/action_time_page.h) reads and computes, without
// wx: the characters of GET /twtw, a Declaration as the GM builds it and its ledger payload, the
// TN of an attack with its reasons (core twtw ranged_tn / melee_defense), and what a hit will do
// (whether the ledger will want a Stun check) as the ledger judges it, with the same engine.
#include <optional>
#include <string>
#include <vector>

#include "core/twtw_cards.h"
#include "core/twtw_damage.h"
#include "core/twtw_order.h"
#include "core/twtw_ranged.h"
#include "core/twtw_wounds.h"
#include "protocol/json_fields.h"

namespace marshal::gm::action_time {

namespace tw = core::twtw;
using protocol::Json;

// One character as GET /twtw gives it (db/server/twtw_view.h).
struct Fighter {
  std::string name;
  std::string side;  // "posse" or "judge"
  int reflex = 6;
  int size = 6;
  int start_ct = 0;
  int shooting = 0, fighting = 0, dodge = 0;
  tw::WoundState w;
  int penalty = 0;     // the wound level's penalty on every TN of the character
  int bleeding = 0;
  std::string state;   // fighting, concussed, out_of_action, dead
  bool able() const { return state == "fighting"; }
};
std::vector<Fighter> fighters_from_view(const Json& view);
tw::Options options_from_view(const Json& view);

// "Miranda d12  CT 11/12  R leg 1  STUNNED  bleeds 1": a roster row without its number.
std::string roster_line(const Fighter& f);
// A character's state (fighting, concussed, out_of_action, dead) as a GM reads it.
std::string state_words(const std::string& state);

// One character's Declaration as the GM builds it, key by key.
struct Declared {
  std::string name;
  std::vector<tw::Speed> actions;
  bool dodge = false, continuous = false, surprised = false;
  std::string target;                 // the declared target of its attacks, if any
  bool sits_out = false;              // left out of the round (not declared at all)
  bool surprised_last_round = false;  // then the Easy (3) Bravery check's outcome is due (003 L34)
  bool bravery_passed = true;
};
// "fast, fast (phases I, II), dodging" or "sits out"; the phases by the event's speed table.
std::string declaration_words(const Declared& d, const tw::SpeedPhases& table);
// twtw_round_started's payload (docs/ledger.md): everyone not sitting out.
Json round_started_payload(const std::vector<Declared>& declared);

std::string roman(int phase);  // 1 -> "I"
// A step of GET /twtw's round as a GM says it: "Phase II, the d10 count", "Phase I, continuous
// actions", "the Declaration (dodges declared)".
std::string step_words(const Json& step);

// The TN of an attack is action_time_extras.h's attack_tn (with the GM's extras).
// "TN 6: 5 base: Standard (003 L114), +1 range ..."
std::string tn_words(const tw::TnBreakdown& tn);

// The card's hit locations as numbered for one key: 1 head ... 8 left leg.
const std::vector<tw::HitLocation>& hit_locations();
// A hit location as a GM reads it: "right arm".
std::string hit_location_words(tw::HitLocation where);
std::string hit_location_menu();  // "1 head  2 vitals  ..."
// One of the six wound locations (003 L523) as a GM reads it: "right arm"; the ledger's word
// ("right_arm") for one it does not know.
std::string location_words(const std::string& ledger_word);

// What a hit does to its target as the ledger will judge it (action_time_extras.h's preview_hit):
// the wounds, CT, and whether a Stun check is due and its TN.
struct HitPreview {
  tw::Damage damage;
  tw::Hit hit;
  std::optional<tw::Cover> cover;  // through cover: P, A or D
};

// One line of what the ledger judged of a recorded step (its `ledger` object): each recovery and hit.
std::string judged_words(const Json& ledger);

}  // namespace marshal::gm::action_time
