#pragma once
// Chase (RULES.md, out-of-town station).
//   Location deck: the event's locations, their links (two-way), which are ROAD cards, and
//   2-4 copies of each. Each group's best rider is dealt 5 + best Riding (in use) + worst horse
//   of the group. The varmint plays one card, then the posse plays one or more (riding hard).
//   Each side's first card must be a ROAD card, else that side is Stuck in Town; every later
//   card must be linked from the previous card that side played. A posse whose last card is
//   the varmint's location matches it and resets the count; each varmint card the posse does
//   not match counts one; at three in a row the varmint has escaped. The varmint may not play
//   the posse's current location, nor, when the posse stands on the varmint's location, the
//   last location the posse passed through to get there. The varmint is caught when it cannot
//   play a legal card before escaping (even if the posse has no cards left); the fight happens
//   at its last location. An ambush springs when the pursuers arrive at the location the fleeing
//   side named to the GM before the chase (004 L173: the posse plays it), or when the varmint is
//   caught there: the fight is there, the ambushers shooting first.
//   A chase may start out of town (004 L163: "another chase can start from there"): from a
//   location, each side's first card must be linked from it instead of a ROAD card.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/character.h"
#include "core/csprng.h"
#include "core/options.h"

namespace marshal::core {

struct Location {
  std::string name;
  bool road = false;
  int copies = 2;
  std::vector<std::string> links;  // names of linked locations
};

// The event's locations, checked: unique names, links to known places (never to itself),
// 2-4 copies each, at least one ROAD card. Links work both ways.
class LocationMap {
 public:
  explicit LocationMap(std::vector<Location> locations);

  int size() const { return static_cast<int>(locations_.size()); }
  const Location& at(int index) const { return locations_[index]; }
  std::optional<int> find(const std::string& name) const;
  int index_of(const std::string& name, const std::string& field) const;  // refuses unknown
  bool linked(int a, int b) const { return adjacency_[a][b]; }
  bool road(int index) const { return locations_[index].road; }
  // The full deck, one entry per copy, in the map's order.
  std::vector<int> deck() const;

 private:
  std::vector<Location> locations_;
  std::vector<std::vector<bool>> adjacency_;
};

struct ChaseRider {
  Character character;
  int horse = 0;  // the horse's rating, 0-4
};

// 5 + best rider's Riding in use + worst horse of the group (base from options).
int chase_hand_size(const std::vector<ChaseRider>& group, const ChaseOptions& options);

// Wait before a chase: uniform whole seconds in [min_wait_s, max_wait_s].
std::int64_t chase_wait_ms(Csprng& rng, const ChaseOptions& options);

enum class ChaseStatus { running, escaped, caught };
std::string_view to_string(ChaseStatus status);

struct ChaseTurn {
  int number = 0;
  int varmint_card = -1;            // location index
  std::vector<int> posse_cards;     // riding hard: one or more; empty when it could not play
  bool matched = false;
  int unmatched_in_a_row = 0;       // after the turn
};

class Chase {
 public:
  // Hands are location indexes (copies repeat). Use deal() to make them with the CSPRNG.
  // start: the location the chase starts from (out of town); nullopt: in town (ROAD cards first).
  Chase(LocationMap map, std::vector<int> varmint_hand, std::vector<int> posse_hand,
        std::optional<int> ambush, ChaseOptions options, std::optional<int> start = std::nullopt);

  struct Hands {
    std::vector<int> varmint, posse;
  };
  // Shuffles the location deck and deals the varmint's hand then the posse's; a short deck
  // gives what it has.
  static Hands deal(const LocationMap& map, int varmint_size, int posse_size, Csprng& rng);

  // The varmint's card for this turn. Refuses one not in hand or not legal.
  void varmint_play(int location);
  // The posse's answer: one or more cards, each linked from the one before. Empty only when the
  // posse has no legal card.
  void posse_play(const std::vector<int>& locations);

  // A plain automatic policy (demonstrations, Monte Carlo): the varmint rides to a random legal
  // place; the posse rides straight onto the varmint when it can, else to a random legal place.
  void play_automatic_turn(Csprng& rng);

  std::vector<int> legal_varmint_cards() const;  // distinct locations, sorted
  std::vector<int> legal_posse_first_cards() const;
  bool posse_to_play() const { return awaiting_posse_; }

  ChaseStatus status() const { return status_; }
  bool varmint_stuck_in_town() const { return varmint_stuck_; }
  bool posse_stuck_in_town() const { return posse_stuck_; }
  // Where the fight happens when caught; nullopt = in town (stuck in town).
  std::optional<int> caught_at() const { return caught_at_; }
  bool ambush_sprung() const;
  const std::vector<ChaseTurn>& turns() const { return turns_; }
  const std::vector<int>& varmint_hand() const { return varmint_hand_; }
  const std::vector<int>& posse_hand() const { return posse_hand_; }
  std::optional<int> varmint_at() const;
  std::optional<int> posse_at() const;
  const LocationMap& map() const { return map_; }

 private:
  bool varmint_may_play(int location) const;
  // A side's first card: a ROAD card in town, else a place linked from the start.
  bool may_begin_with(int location) const;
  bool posse_may_start_with(int location) const;
  void check_varmint_can_move();
  static bool holds(const std::vector<int>& hand, int location);
  static void take(std::vector<int>& hand, int location);

  LocationMap map_;
  std::vector<int> varmint_hand_, posse_hand_;
  std::optional<int> ambush_;
  ChaseOptions options_;
  std::optional<int> start_;
  std::vector<int> varmint_trail_, posse_trail_;
  std::vector<ChaseTurn> turns_;
  int unmatched_ = 0;
  bool awaiting_posse_ = false;
  bool varmint_stuck_ = false, posse_stuck_ = false;
  ChaseStatus status_ = ChaseStatus::running;
  std::optional<int> caught_at_;
};

}  // namespace marshal::core
