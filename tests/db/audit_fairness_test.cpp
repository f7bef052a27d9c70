// The audit's fairness and calibration checks on evenings played through the real rules and
// ledger (tests/support/played_evening.h), with fixed seeds so that each result is the same on
// every run: a fair evening passes; a station whose "draws" favour the 10 is flagged, and only it.
#include <catch2/catch.hpp>

#include <cmath>

#include "audit/audit.h"
#include "audit/audit_fairness.h"
#include "audit/statistics.h"
#include "db_test_helpers.h"
#include "support/played_evening.h"

using namespace marshal;
using namespace marshal::db;
using marshal::db::testing::check_named;

TEST_CASE("chi-square p-values match the tables", "[db][audit][statistics]") {
  // Critical values from any table of the chi-square distribution.
  CHECK(chi_square_p_value(16.919, 9) == Approx(0.05).margin(1e-4));
  CHECK(chi_square_p_value(21.666, 9) == Approx(0.01).margin(1e-5));
  CHECK(chi_square_p_value(3.841, 1) == Approx(0.05).margin(1e-4));
  CHECK(chi_square_p_value(8.343, 9) == Approx(0.5).margin(1e-3));
  CHECK(chi_square_p_value(0, 9) == 1);
  CHECK(chi_square_p_value(200, 9) < 1e-30);
  // A perfect fit, and a count against weights by hand: (30-25)^2/25 + (20-25)^2/25 = 2, 1 df.
  CHECK(chi_square_test({10, 20, 30}, {1, 2, 3}).statistic == Approx(0));
  GoodnessOfFit fit = chi_square_test({30, 20}, {1, 1});
  CHECK(fit.statistic == Approx(2.0));
  CHECK(fit.degrees_of_freedom == 1);
  CHECK(fit.p_value == Approx(0.1573).margin(1e-4));
}

TEST_CASE("a fair evening passes fairness and calibration, a crooked station's draws are flagged", "[db][audit][fairness]") {
  test_support::TempDir dir;
  test_support::EveningPlan plan;
  plan.events = 3000;
  plan.seed = 7;
  SECTION("fair") {
    std::string path = dir.file("fair.db");
    test_support::play_evening(path, plan);
    AuditReport report = audit_ledger(path, {});
    const AuditCheck& fairness = check_named(report, "fairness");
    INFO(fairness.evidence);
    CHECK(fairness.status == CheckStatus::pass);
    for (const char* station : {"saloon-gm", "bank-gm", "livery-gm"}) {
      const Json& f = fairness.figures["station"][station];
      CHECK(f["judged"] == true);
      CHECK(f["draws"].get<std::int64_t>() > 800);
      CHECK(f["p_value"].get<double>() >= fairness_warn_p);
    }
    const AuditCheck& calibration = check_named(report, "calibration");
    INFO(calibration.evidence);
    CHECK(calibration.status == CheckStatus::pass);
    CHECK(calibration.figures["duels"].get<std::int64_t>() > 1200);
    CHECK_FALSE(report.any(CheckStatus::fail));
  }
  SECTION("crooked") {
    plan.crooked_station = "bank-gm";
    std::string path = dir.file("crooked.db");
    test_support::play_evening(path, plan);
    AuditReport report = audit_ledger(path, {});
    const AuditCheck& fairness = check_named(report, "fairness");
    INFO(fairness.evidence);
    CHECK(fairness.status == CheckStatus::warn);
    CHECK(fairness.figures["station"]["bank-gm"]["p_value"].get<double>() < fairness_warn_p);
    CHECK(fairness.figures["station"]["saloon-gm"]["p_value"].get<double>() >= fairness_warn_p);
    CHECK(fairness.evidence.find("bank-gm (station)") != std::string::npos);
    CHECK(fairness.evidence.find("saloon-gm (station)") == std::string::npos);
    CHECK_FALSE(report.any(CheckStatus::fail));  // an unlikely deck is for people to look at, not a broken file
  }
}
