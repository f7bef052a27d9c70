// The stations' sounds as WAV made in memory (shared/ui/sounds.h): a well-formed PCM file of the right
// length whose samples follow the notes, fading in and out. (Whether a speaker plays them is not
// something this machine can hear: it has no sound device.)
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>

#include "ui/sounds.h"

using marshal::ui::sound_rate_hz;
using marshal::ui::tone_wav;

namespace {
std::uint32_t u32(const std::vector<std::uint8_t>& b, std::size_t at) {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (static_cast<std::uint32_t>(b[at + 3]) << 24);
}
std::int16_t s16(const std::vector<std::uint8_t>& b, std::size_t at) {
  return static_cast<std::int16_t>(b[at] | (b[at + 1] << 8));
}
}  // namespace

TEST_CASE("a tone is a PCM WAV of its notes' length, soft at both ends", "[kiosk][sounds]") {
  auto wav = tone_wav({{660, 100}, {990, 50}});
  const std::size_t samples = static_cast<std::size_t>(sound_rate_hz * 100 / 1000 + sound_rate_hz * 50 / 1000);
  REQUIRE(wav.size() == 44 + 2 * samples);
  CHECK(std::string(wav.begin(), wav.begin() + 4) == "RIFF");
  CHECK(u32(wav, 4) == wav.size() - 8);
  CHECK(std::string(wav.begin() + 8, wav.begin() + 16) == "WAVEfmt ");
  CHECK(u32(wav, 24) == static_cast<std::uint32_t>(sound_rate_hz));
  CHECK(std::string(wav.begin() + 36, wav.begin() + 40) == "data");
  CHECK(u32(wav, 40) == 2 * samples);
  // Soft edges: the first and last samples are silent; the middle of a note is loud.
  CHECK(s16(wav, 44) == 0);
  CHECK(s16(wav, wav.size() - 2) == 0);
  int loudest = 0;
  for (std::size_t i = 44 + 2 * 500; i < 44 + 2 * 1500; i += 2) loudest = std::max(loudest, std::abs(int(s16(wav, i))));
  CHECK(loudest > 15000);
  CHECK(loudest <= 16384);  // half scale: loud enough, never clipped
  // The first note's pitch: zero crossings in its middle 1000 samples at 660 Hz.
  int crossings = 0;
  for (std::size_t i = 44 + 2 * 501; i < 44 + 2 * 1500; i += 2)
    crossings += (s16(wav, i - 2) < 0) != (s16(wav, i) < 0);
  CHECK(std::abs(crossings - 2 * 660 * 1000 / sound_rate_hz) <= 2);
}
