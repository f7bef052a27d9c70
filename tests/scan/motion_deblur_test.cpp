// scan/motion_deblur.h: a card's motion during the exposure undone on a crop. The direction is
// found from the smear alone, the crop is turned so that the smear runs along its rows, and a code
// smeared past reading is read once deblurred with its travel.
#include <catch2/catch.hpp>

#include <ZXing/ReadBarcode.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "camera_corpus.h"
#include "scan/motion_deblur.h"

using namespace marshal::scan;
using namespace marshal::scan::testing;

namespace {

constexpr int crop_side = 160;         // px: a crop around a code of 29 modules at 3.5 px
constexpr double px_per_module = 3.5;  // the smallest modules, nearly
constexpr double travel_px = 6;        // within the 3-7 px
// The direction is found within this on a code alone (the code's own edges pull it a little when
// the motion runs askew to them): 13 degrees at most here.
constexpr double direction_tolerance_deg = 15;

// A card's code on white paper, turned by `code_degrees`, smeared by `travel` px in the direction
// `motion_degrees`, with the sensor's noise.
GreyImage smeared_code(const std::string& code, double code_degrees, double travel,
                       double motion_degrees) {
  Canvas canvas(crop_side, crop_side);
  draw_code(canvas.cr(), code, crop_side / 2.0, crop_side / 2.0, px_per_module, code_degrees);
  GreyImage img = canvas.grey();
  motion_blur(img, travel, motion_degrees);
  Rng rng(58);
  add_noise(img, noise_amplitude, rng);
  return img;
}

bool reads(const ZXing::ImageView& image, const std::string& code) {
  ZXing::DecodeHints hints;
  hints.setFormats(ZXing::BarcodeFormat::QRCode);
  hints.setTryHarder(true);
  for (const auto& found : ZXing::ReadBarcodes(image, hints))
    if (found.isValid() && found.text() == code) return true;
  return false;
}

ZXing::ImageView view_of(const GreyImage& img) {
  return {img.pixels.data(), img.width, img.height, ZXing::ImageFormat::Lum, img.stride};
}

// Degrees between two directions of a line (0-90: 170 and 10 are 20 apart).
double apart(double a, double b) {
  const double d = std::fmod(std::abs(a - b), 180.0);
  return std::min(d, 180 - d);
}

}  // namespace

TEST_CASE("the direction of a card's motion is found from its smeared code", "[scan][deblur]") {
  Rng rng(31'058);
  const std::string code = random_card_code(rng);
  for (const double motion : {0.0, 25.0, 60.0, 90.0, 115.0, 150.0, 200.0, 330.0})
    for (const double turn : {0.0, 20.0, 45.0}) {
      const GreyImage img = smeared_code(code, turn, travel_px, motion);
      const double found = motion_direction_degrees(img.frame());
      INFO("motion " << motion << " degrees, code turned " << turn << ": found " << found);
      CHECK(found >= 0);
      CHECK(found < 180);
      CHECK(apart(found, motion) <= direction_tolerance_deg);
    }
}

TEST_CASE("a crop is turned about its centre onto a square of its larger side", "[scan][deblur]") {
  SECTION("a quarter turn") {
    GreyImage img(4, 4);
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 4; ++x) img.at(x, y) = static_cast<std::uint8_t>(10 * x + 60 * y);
    const PixelBuffer out = turned(img.frame(), 90);
    REQUIRE(out.width == 4);
    REQUIRE(out.height == 4);
    // Turned by 90 degrees, y down: a smear along the crop's columns runs along the rows.
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 4; ++x) {
        INFO("at " << x << ", " << y);
        CHECK(out.frame().data[y * 4 + x] == img.at(3 - y, x));
      }
  }
  SECTION("no turn: a wide crop in the middle rows, its edge rows repeated above and below") {
    GreyImage img(6, 4, 3);  // 3 bytes after every row: the stride is kept
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 6; ++x) img.at(x, y) = static_cast<std::uint8_t>(40 * y + x);
    const PixelBuffer out = turned(img.frame(), 0);
    REQUIRE(out.width == 6);
    REQUIRE(out.height == 6);
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 6; ++x) {
        INFO("at " << x << ", " << y);
        CHECK(out.frame().data[y * 6 + x] == img.at(x, std::clamp(y - 1, 0, 3)));
      }
  }
}

TEST_CASE("most codes smeared past reading are read once their motion is undone",
          "[scan][deblur]") {
  // Twelve codes turned 0-55 degrees, each smeared 5, 6 and 7 px along the rows: on this Debian
  // image 24 of the 36 are not read as they are, and 17 of those 24 are read deblurred with their
  // travel (the others' modules of 3.5 px are smeared across twice: what the smear wipes out no
  // deconvolution brings back).
  Rng rng(31'059);
  int unread = 0, read_deblurred = 0;
  for (int i = 0; i < 12; ++i) {
    const std::string code = random_card_code(rng);
    for (const double travel : {5.0, 6.0, 7.0}) {
      const GreyImage img = smeared_code(code, 5.0 * i, travel, 0);  // along the rows
      if (reads(view_of(img), code)) continue;
      ++unread;
      if (reads(deblurred_along_rows(img.frame(), travel).view(), code)) ++read_deblurred;
    }
  }
  INFO(read_deblurred << " of the " << unread << " codes not read smeared are read deblurred");
  CHECK(unread >= 20);
  CHECK(read_deblurred * 10 >= unread * 6);  // most: 60 % or more
}

TEST_CASE("a smear askew is found, turned along the rows and undone with the decoder's travels",
          "[scan][deblur]") {
  // The decoder's own chain (frame_decoder.cpp's read_deblurred_regions, along the direction
  // estimated): the direction from the crop, the crop turned, then each of motion_lengths_px in
  // turn (the true travel, 6 px, is one of them since stop 60; with 3.5, 5 and 6.5 px, 9 of the
  // 11 codes not read smeared were read so).
  Rng rng(31'060);
  int unread = 0, read_deblurred = 0;
  for (int i = 0; i < 16; ++i) {
    const std::string code = random_card_code(rng);
    const GreyImage img = smeared_code(code, 5.0 * i, travel_px, 60);
    if (reads(view_of(img), code)) continue;
    ++unread;
    const PixelBuffer straight = turned(img.frame(), motion_direction_degrees(img.frame()));
    for (const double length : motion_lengths_px)
      if (reads(deblurred_along_rows(straight.frame(), length).view(), code)) {
        ++read_deblurred;
        break;
      }
  }
  INFO(read_deblurred << " of the " << unread << " codes not read smeared are read deblurred");
  CHECK(unread >= 8);
  CHECK(read_deblurred * 10 >= unread * 6);  // most: 60 % or more
}

TEST_CASE("a long smear has its travels tried longest first, a short one as the decoder lists them",
          "[scan][deblur]") {
  // travels_to_try reads the smear's length from the rows' gradient, which the code's modules of
  // 3.5 px pull too: it tells 7 px from 4 (and 5), not 4 from 5, so those keep motion_lengths_px's
  // order.
  Rng rng(31'061);
  int long_first = 0, short_as_listed = 0;
  constexpr int codes = 12;
  for (int i = 0; i < codes; ++i) {
    const std::string code = random_card_code(rng);
    const GreyImage long_smear = smeared_code(code, 5.0 * i, 7, 0);
    const GreyImage short_smear = smeared_code(code, 5.0 * i, 4, 0);
    const auto for_long = travels_to_try(long_smear.frame());
    const auto for_short = travels_to_try(short_smear.frame());
    if (for_long.front() == 7) ++long_first;
    if (for_short == motion_lengths_px) ++short_as_listed;
  }
  INFO(long_first << " of " << codes << " 7 px smears start with 7, " << short_as_listed
                  << " 4 px ones as listed");
  CHECK(long_first * 4 >= codes * 3);       // three in four or more
  CHECK(short_as_listed * 4 >= codes * 3);
}

TEST_CASE("a flat crop or a ramp keeps the travels in the order listed", "[scan][deblur]") {
  GreyImage flat(40, 30);
  std::fill(flat.pixels.begin(), flat.pixels.end(), std::uint8_t{120});
  CHECK(travels_to_try(flat.frame()) == motion_lengths_px);
  CHECK(travels_to_try(GreyImage(1, 5).frame()) == motion_lengths_px);  // no gradient at all
  // A glare's ramp: every lag's correlation positive, the least at the longest lag. No lag
  // negative is no smear: the order as listed, not the long smear's.
  GreyImage ramp(40, 30);
  for (int y = 0; y < 30; ++y)
    for (int x = 0; x < 40; ++x) ramp.at(x, y) = static_cast<std::uint8_t>(60 + 3 * x);
  CHECK(travels_to_try(ramp.frame()) == motion_lengths_px);
}

namespace {
// A row smeared by a box of `length` centred on each pixel, the slow way: each pixel j covers
// [j - 1/2, j + 1/2], the row's ends repeated, and the box takes what of each lies within it.
std::vector<double> smeared_the_slow_way(const std::vector<double>& row, double length) {
  const int w = static_cast<int>(row.size());
  auto at = [&](int j) { return row[static_cast<std::size_t>(std::clamp(j, 0, w - 1))]; };
  std::vector<double> out;
  for (int x = 0; x < w; ++x) {
    const double from = x - length / 2, to = x + length / 2;
    double sum = 0;
    for (int j = static_cast<int>(std::floor(from)) - 1; j <= static_cast<int>(std::ceil(to)) + 1; ++j)
      sum += std::max(0.0, std::min(to, j + 0.5) - std::max(from, j - 0.5)) * at(j);
    out.push_back(sum / length);
  }
  return out;
}
}  // namespace

TEST_CASE("one iteration is Richardson-Lucy's with a box of the travel, done the slow way",
          "[scan][deblur]") {
  // 11 rows: a block of 8 and one of 3 (deblurred_along_rows works 8 rows at a time).
  constexpr int width = 13, height = 11;
  GreyImage img(width, height, 2);
  Rng rng(31'062);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) img.at(x, y) = static_cast<std::uint8_t>(rng.integer(0, 255));
  for (const double length : motion_lengths_px) {
    const PixelBuffer out = deblurred_along_rows(img.frame(), length, 1);
    for (int y = 0; y < height; ++y) {
      std::vector<double> seen(width);
      for (int x = 0; x < width; ++x)
        seen[static_cast<std::size_t>(x)] = img.at(x, y) + 1.0;  // as deblurred_along_rows does
      const std::vector<double> smeared = smeared_the_slow_way(seen, length);
      std::vector<double> ratio(width);
      for (std::size_t x = 0; x < ratio.size(); ++x) ratio[x] = seen[x] / std::max(smeared[x], 1.0);
      const std::vector<double> correction = smeared_the_slow_way(ratio, length);
      for (int x = 0; x < width; ++x) {
        const auto i = static_cast<std::size_t>(x);
        const double expected = std::clamp(seen[i] * correction[i] - 1, 0.0, 255.0);
        INFO("travel " << length << ", at " << x << ", " << y << ": expected " << expected);
        CHECK(std::abs(out.frame().data[y * width + x] - expected) <= 1.0);  // rounded in floats
      }
    }
  }
}

TEST_CASE("one iteration leaves a flat crop as it is, at any width and travel", "[scan][deblur]") {
  // A flat row stays flat, at its ends too (repeated beyond them), the grey levels rounded back
  // as they came, and no width reads past the row (ASan in the ci preset). (Richardson-Lucy keeps
  // a flat row flat whatever the box's weights: that they are right is the reading tests' part.)
  for (const int width : {1, 2, 3, 10})
    for (const double length : motion_lengths_px) {
      GreyImage img(width, 2);
      std::fill(img.pixels.begin(), img.pixels.end(), std::uint8_t{100});
      const PixelBuffer out = deblurred_along_rows(img.frame(), length, 1);
      for (int p = 0; p < 2 * width; ++p) {
        INFO("width " << width << ", travel " << length << ", pixel " << p);
        CHECK(out.frame().data[p] == 100);
      }
    }
}

TEST_CASE("no iteration gives the crop back as it came", "[scan][deblur]") {
  GreyImage img(5, 2);
  for (int x = 0; x < 5; ++x) {
    img.at(x, 0) = static_cast<std::uint8_t>(x * 60);
    img.at(x, 1) = 255;
  }
  const PixelBuffer same = deblurred_along_rows(img.frame(), travel_px, 0);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 5; ++x) CHECK(same.frame().data[y * 5 + x] == img.at(x, y));
}
