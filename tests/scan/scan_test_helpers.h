#pragma once
// What the scan tests share besides the synthetic frames: a fresh temporary folder per test.
#include "support/temp_dir.h"
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <random>
#include <string>

#include "synthetic_frames.h"

namespace marshal::scan::testing {

namespace fs = std::filesystem;

using marshal::test_support::TempDir;

}  // namespace marshal::scan::testing
