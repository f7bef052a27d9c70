#pragma once
// The little statistics the audit's fairness check needs, written out so that the figures can
// be checked by hand: Pearson's chi-square test of goodness of fit and its p-value.
#include <vector>

namespace marshal::db {

// P(X >= statistic) for X chi-square distributed with `degrees_of_freedom`: the regularized
// upper incomplete gamma function Q(k/2, x/2), by its series below a+1 and its continued
// fraction above (both to 1e-12).
double chi_square_p_value(double statistic, int degrees_of_freedom);

struct GoodnessOfFit {
  double statistic = 0;  // sum over cells of (observed - expected)^2 / expected
  int degrees_of_freedom = 0;
  double p_value = 1;
};
// `observed` counts against `weights` (any positive scale: the expected count of a cell is
// total * weight / sum of weights). Cells of weight 0 are left out.
GoodnessOfFit chi_square_test(const std::vector<long long>& observed, const std::vector<double>& weights);

}  // namespace marshal::db
