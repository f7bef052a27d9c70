#pragma once
// Fairness and odds in the audit (docs/audit.md):
//   fairness     for each station, the action cards it drew with its CSPRNG against the deck's
//                composition (Pearson's chi-square, 9 degrees of freedom), and apart from them
//                the physical cards its GM entered from the table. WARN at p < fairness_warn_p.
//                A station says which cards were which with each conflict (field "draws",
//                protocol::draw_sources); conflicts recorded without it are counted apart.
//   calibration  the odds of a duel's draw (who shoots first, from the Speeds in use and the
//                commitments, as the station shows them) against the draws that followed, in
//                bins of predicted probability. WARN when a bin with calibration_min_bin duels
//                or more is over calibration_warn_z standard errors off.
// A round of a conflict draws its cards from one shuffled deck without replacement, so the cards
// of one round are not independent; with two to six cards a round out of fifty, the test's error
// from it is small (and it makes the test slightly conservative).
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "audit/audit.h"
#include "store/sqlite.h"

namespace marshal::db {

struct EventRow;

inline constexpr double fairness_warn_p = 0.01;
// Below this many draws the rarest value (2 cards of 50) is expected under 5 times: the
// chi-square approximation does not hold, and the check says "too few to judge".
inline constexpr std::int64_t fairness_min_draws = 125;

inline constexpr int calibration_bins = 10;  // of width 0.1 in predicted probability
inline constexpr std::int64_t calibration_min_bin = 30;
inline constexpr double calibration_warn_z = 3.0;

// Fed every event by the replay (its payload already parsed): the draws of each station.
class DrawTally {
 public:
  void observe(const EventRow& row, const Json& payload);
  AuditCheck check() const;

 private:
  using Counts = std::vector<long long>;  // by card value, 0..highest_card (0 unused)
  std::map<std::string, Counts> station_, table_;
  std::int64_t unrecorded_ = 0;  // conflicts recorded without their draws
};

// Fed every event by the replay (ReplayObserver), with the ledger as it stood before it.
class DuelDrawCalibration {
 public:
  void observe(const EventRow& row, const Json& payload, Database& before);
  AuditCheck check() const;

 private:
  struct Bin {
    std::int64_t duels = 0, first = 0;  // duels, and how often the first duelist shot first
    double predicted = 0, variance = 0;  // sums of p and p(1-p)
  };
  std::array<Bin, calibration_bins> bins_{};
};

}  // namespace marshal::db
