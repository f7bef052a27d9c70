#pragma once
// What the kiosk shows a signed-in player of their own character, in words (in the language of
// the screens: shared/i18n/translate.h), from the ledger's character view (docs/server.md, GET
// /characters/BADGE): pure text, so it is tested without a window. A trick is shown by its hand
// only (the view a kiosk gets has no cheat/skill flag).
#include <cstdint>
#include <string>
#include <vector>

#include "protocol/json_fields.h"

namespace marshal::kiosk {

using protocol::Json;

struct PlayerView {
  std::string name;
  std::string standing;                // "Alive and well", "DEAD", "Wounded (left arm): ...", jail; tabletop: "2 wounds, SHAKEN"
  bool dead = false;                   // (the standing is in the reader's language)
  std::vector<std::string> timers;     // "Knocked out: 4:12 left", counting from `now_ms`
  std::string attributes;              // in use: "Hand-to-hand 2   Speed 4 ..."
  std::vector<std::string> lines;      // bystanders, tricks, horses, powers
  struct Secret {
    std::string code, title, text;
  };
  std::vector<Secret> secrets;         // held, with their text (the player's own sign-in)
  struct Horse {
    std::string code, title;
    bool sellable = false;  // owned and held by the player: only such a horse can be sold
  };
  std::vector<Horse> horses;           // with the player
  struct Trick {
    std::string code, title;
  };
  std::vector<Trick> tricks;           // not played yet: a trick scanned here is played
  // A tabletop game's character (the view's `tabletop`): the standing is their condition from
  // the fights, `attributes` their traits as dice, `lines` their chips and tokens; nothing of
  // the Lincoln game (bystanders, tricks, horses) is said.
  bool tabletop = false;
};

// `fetched_ms`: when the view was read (its timers' remaining_ms count from then); `now_ms`: now.
PlayerView player_view(const Json& view, std::int64_t fetched_ms, std::int64_t now_ms);

// "4:05" from milliseconds (rounded up to the second; never negative).
std::string clock_text(std::int64_t ms);

}  // namespace marshal::kiosk
