#pragma once
// What the scan tests share besides the synthetic frames: a fresh temporary folder per test.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <random>
#include <string>

#include "synthetic_frames.h"

namespace marshal::scan::testing {

namespace fs = std::filesystem;

// A fresh folder under the system's temporary directory, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    static std::atomic<unsigned> counter{0};
    std::random_device random;
    do {
      path_ = fs::temp_directory_path() /
              ("marshal-scan-test-" + std::to_string(random()) + "-" + std::to_string(counter++));
    } while (!fs::create_directory(path_));
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const fs::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

}  // namespace marshal::scan::testing
