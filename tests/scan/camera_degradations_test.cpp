// The webcam degradations of issue 31's corpus (tests/scan/camera_degradations.h) do what they
// say, deterministically: a motion blur spreads an edge over its length along its direction only,
// a glare whitens its centre and not beyond its reach, dim light scales, a perspective with no
// pull changes nothing and with a pull moves the card's corner, JPEG keeps the picture's mean and
// changes its edges, and the same arguments give the same pixels.
#include <catch2/catch.hpp>

#include "camera_degradations.h"

using namespace marshal::scan::testing;

namespace {

// A 64 x 64 frame: black left of x = 32, white right of it.
GreyImage edge_frame() {
  GreyImage img(64, 64);
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) img.at(x, y) = x < 32 ? 0 : 255;
  return img;
}

double mean_of(const GreyImage& img) {
  double sum = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) sum += img.at(x, y);
  return sum / (img.width * img.height);
}

}  // namespace

TEST_CASE("motion blur spreads an edge over its length along its direction, not across it", "[scan][camera]") {
  GreyImage across = edge_frame();
  motion_blur(across, max_motion_blur_px, 0);  // left to right: across the edge
  CHECK(across.at(20, 32) == 0);               // 12 px away: untouched
  CHECK(across.at(44, 32) == 255);
  CHECK(across.at(31, 32) > 60);               // next to the edge: grey now
  CHECK(across.at(32, 32) < 200);
  GreyImage along = edge_frame();
  motion_blur(along, max_motion_blur_px, 90);  // top to bottom: along the edge
  CHECK(along.at(31, 32) == 0);
  CHECK(along.at(32, 32) == 255);
  GreyImage still = edge_frame();
  motion_blur(still, 0.5, 0);  // under a pixel: nothing moved
  CHECK(still.pixels == edge_frame().pixels);
}

TEST_CASE("a glare whitens its centre by its strength and nothing past its reach", "[scan][camera]") {
  GreyImage img(200, 200);  // black
  glare(img, 100, 100, min_glare_radius_px, 0.8);
  CHECK(img.at(100, 100) == clamp_byte(255 * 0.8));
  CHECK(img.at(100, 100 + static_cast<int>(min_glare_radius_px)) < img.at(100, 100));  // 2 sigma: fainter
  CHECK(img.at(100, 100 + static_cast<int>(min_glare_radius_px * 1.5) + 2) == 0);    // past its reach
  CHECK(img.at(0, 0) == 0);
}

TEST_CASE("dim light scales every pixel", "[scan][camera]") {
  GreyImage img = edge_frame();
  dim(img, min_light_level);
  CHECK(img.at(40, 10) == clamp_byte(255 * min_light_level));
  CHECK(img.at(10, 10) == 0);
}

TEST_CASE("a perspective without a pull changes nothing, a pulled corner moves the card's corner", "[scan][camera]") {
  GreyImage img(100, 100);
  for (int y = 30; y < 70; ++y)
    for (int x = 30; x < 70; ++x) img.at(x, y) = 255;  // a white square, its corners at 30 and 70
  GreyImage same = img;
  perspective(same, 50, 50, 40, {});
  CHECK(same.pixels == img.pixels);
  GreyImage pulled = img;
  // The top-left corner pulled out by 18 % of the side (7.2 px) up and left.
  perspective(pulled, 50, 50, 40, {-max_perspective, -max_perspective, 0, 0, 0, 0, 0, 0});
  CHECK(pulled.at(25, 25) == 255);  // the square now reaches there
  CHECK(img.at(25, 25) == 0);
  CHECK(pulled.at(68, 68) == 255);  // the far corner stays
  CHECK(pulled.at(72, 72) == 0);
}

TEST_CASE("JPEG keeps the picture's mean, smears its edges, and is the same each time", "[scan][camera]") {
  GreyImage img = edge_frame();
  GreyImage once = img;
  jpeg_round_trip(once, min_jpeg_quality);
  CHECK(std::abs(mean_of(once) - mean_of(img)) < 2);
  CHECK(once.pixels != img.pixels);
  GreyImage twice = img;
  jpeg_round_trip(twice, min_jpeg_quality);
  CHECK(twice.pixels == once.pixels);
  GreyImage better = img;
  jpeg_round_trip(better, 100);
  int worst_low = 0, worst_high = 0;
  for (int x = 0; x < 64; ++x) {
    worst_low = std::max(worst_low, std::abs(once.at(x, 20) - img.at(x, 20)));
    worst_high = std::max(worst_high, std::abs(better.at(x, 20) - img.at(x, 20)));
  }
  CHECK(worst_high < worst_low);  // quality 100 rings less than 40
}
