#include "audit/statistics.h"

#include <cmath>
#include <stdexcept>

#include "i18n/translate.h"

namespace marshal::db {

namespace {
constexpr double precision = 1e-12;
constexpr int max_iterations = 1000;

// P(a, x) by its series: e^-x x^a / Gamma(a+1) * sum x^n / ((a+1)...(a+n)).
double lower_series(double a, double x) {
  double term = 1.0 / a, sum = term;
  for (int n = 1; n < max_iterations; ++n) {
    term *= x / (a + n);
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * precision) break;
  }
  return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}

// Q(a, x) by its continued fraction (modified Lentz).
double upper_fraction(double a, double x) {
  constexpr double tiny = 1e-300;
  double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
  for (int i = 1; i < max_iterations; ++i) {
    double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < precision) break;
  }
  return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}
}  // namespace

double chi_square_p_value(double statistic, int degrees_of_freedom) {
  if (degrees_of_freedom < 1) throw std::invalid_argument(i18n::tr("a chi-square test needs at least one degree of freedom"));
  if (statistic <= 0) return 1;
  double a = degrees_of_freedom / 2.0, x = statistic / 2.0;
  return x < a + 1 ? 1 - lower_series(a, x) : upper_fraction(a, x);
}

GoodnessOfFit chi_square_test(const std::vector<long long>& observed, const std::vector<double>& weights) {
  if (observed.size() != weights.size()) throw std::invalid_argument(i18n::tr("observed and weights differ in size"));
  double total = 0, weight_sum = 0;
  int cells = 0;
  for (std::size_t i = 0; i < observed.size(); ++i)
    if (weights[i] > 0) {
      total += static_cast<double>(observed[i]);
      weight_sum += weights[i];
      ++cells;
    }
  GoodnessOfFit fit;
  fit.degrees_of_freedom = cells - 1;
  if (total == 0 || cells < 2) return fit;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    if (weights[i] <= 0) continue;
    double expected = total * weights[i] / weight_sum;
    double diff = static_cast<double>(observed[i]) - expected;
    fit.statistic += diff * diff / expected;
  }
  fit.p_value = chi_square_p_value(fit.statistic, fit.degrees_of_freedom);
  return fit;
}

}  // namespace marshal::db
