#pragma once
// Exact odds compared as exact: equal to 1e-12, whatever their size (core tests share it).
#include <catch2/catch.hpp>

inline Catch::Detail::Approx exact(double value) { return Catch::Detail::Approx(value).epsilon(0).margin(1e-12); }

// num/den as a double, for odds written as fractions in a test.
inline double ratio(long long num, long long den) { return static_cast<double>(num) / static_cast<double>(den); }
