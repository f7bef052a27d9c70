#pragma once
// Shootout (RULES.md): 3 or more with guns drawn (2 when an ambush opens it, or in a shooting of
// two that is not a duel: a murder, a Lawman shooting a criminal caught in the act, 004 L66, L79,
// L282; bystanders allowed, a death judged as in any shootout). Each round every
// participant either raises a hand and names a target, pins a player in cover (no draw), or
// takes cover; targets are locked before any draw and all shots resolve at once with
// total = card + Accuracy in use. A player in cover two rounds in a row without being pinned may
// escape. Nobody joins once it has started. Ambushers get one free round first. Bystanders may
// take a wounding or killing bullet, one per bullet, never against 13 or more.
//
// A round is two steps, as at the table: shoot() resolves the draws and says which hits a
// bystander could take; settle() applies the targets' sacrifices and ends the round.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/action_deck.h"
#include "core/character.h"
#include "core/gunslinging.h"

namespace marshal::core {

struct ShootoutAction {
  enum class Kind { shoot, cover, pin };
  Kind kind = Kind::cover;
  int target = -1;          // shoot and pin
  bool not_to_kill = false; // declared before the draw
  ShotChoice choice_at_13 = ShotChoice::kill;
};

struct Sacrifice {
  int shot = 0;          // index into the round's shots
  std::string card;      // the bystander card the target tears
};

struct ShootoutRound {
  int number = 0;                    // 0 is an ambush's free round
  bool ambush = false;
  std::vector<int> escaped;          // left before this round
  std::vector<ShootoutAction> actions;  // by participant; cover for those not acting
  std::vector<bool> acting;          // who declared this round
  std::vector<Shot> shots;
  std::vector<bool> bystander_allowed;  // by shot
  std::vector<int> pinned;
  std::vector<std::vector<DrawnCard>> draws;
  std::vector<Sacrifice> sacrifices;
};

class Shootout {
 public:
  // ambushers: indexes into people that get the free round. shooting_of_two: two may shoot it
  // out without it being a duel.
  Shootout(std::vector<Character> people, std::vector<int> ambushers, std::int64_t now_ms,
           bool shooting_of_two = false);

  // Before a round: players who have had two unpinned cover rounds in a row may escape.
  void escape(int who);
  bool may_escape(int who) const;

  // actions[i] for every participant still in the fight (nullopt for the rest); refuses
  // missing or illegal declarations. Returns the shots; the round stays open for settle().
  const ShootoutRound& shoot(const std::vector<std::optional<ShootoutAction>>& actions,
                             DeckSupply& deck);
  // Applies the sacrifices (each target decides at once, one bystander per bullet).
  const ShootoutRound& settle(const std::vector<Sacrifice>& sacrifices);

  // Everyone stops (hands up, GM calls it).
  void stop();
  bool over() const { return over_; }
  bool round_open() const { return open_; }
  bool ambush_pending() const { return !ambushers_.empty() && rounds_.empty(); }

  // Present, alive, not disabled, not escaped: may shoot this round.
  bool can_shoot(int who) const;
  bool present(int who) const;  // alive and not escaped
  const std::vector<Character>& people() const { return people_; }
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<ShootoutRound>& rounds() const { return rounds_; }
  int cover_streak(int who) const { return cover_streak_[who]; }
  bool disabled(int who) const { return disabled_[who]; }
  bool has_escaped(int who) const { return escaped_[who]; }
  // After it ends: alive, not escaped, and wounded or pinned in the last round.
  std::vector<int> arrestable() const;

 private:
  void check_open_for_declarations() const;
  void finish_if_decided();

  std::vector<Character> people_;
  std::vector<std::string> names_;
  std::vector<int> ambushers_;
  std::vector<bool> disabled_, escaped_, pinned_last_round_;
  std::vector<int> cover_streak_;
  std::vector<int> pending_escapes_;
  std::vector<ShootoutRound> rounds_;
  bool open_ = false;
  bool over_ = false;
};

}  // namespace marshal::core
