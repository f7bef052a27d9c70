#pragma once
// What a webcam in a dim saloon does to a frame (issue 31; docs/plans/camera-scanning.md step 1),
// for tests/scan and bench_scan, beside synthetic_frames.h's blur, contrast, light and noise: a
// card moving during the exposure (motion blur along a direction), a lamp's glare on the card's
// gloss (a Gaussian spot), light at part of its level, a true perspective (the card's corners
// pulled), and JPEG at low quality. Each is deterministic: the same arguments, the same pixels.
#include <jpeglib.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "synthetic_frames.h"

namespace marshal::scan::testing {

// The ranges (issue 31, "What to build" 1), each a named limit in its unit.
inline constexpr double max_motion_blur_px = 7;     // the card's travel during the exposure
inline constexpr double min_glare_radius_px = 25;   // a lamp's spot, its Gaussian sigma's 2x
inline constexpr double max_glare_radius_px = 60;
inline constexpr double min_light_level = 0.45;     // light at 45-70 % of its level
inline constexpr double max_light_level = 0.70;
inline constexpr int min_jpeg_quality = 40;
inline constexpr int max_jpeg_quality = 85;
inline constexpr double max_perspective = 0.18;     // a corner pulled by up to 18 % of the card's side

// The frame's grey at (x, y), between pixels by bilinear weights, clamped to the frame's edge.
inline double bilinear(const GreyImage& src, double x, double y) {
  x = std::clamp(x, 0.0, src.width - 1.0);
  y = std::clamp(y, 0.0, src.height - 1.0);
  const int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
  const int x1 = std::min(x0 + 1, src.width - 1), y1 = std::min(y0 + 1, src.height - 1);
  const double fx = x - x0, fy = y - y0;
  return (src.at(x0, y0) * (1 - fx) + src.at(x1, y0) * fx) * (1 - fy) + (src.at(x0, y1) * (1 - fx) + src.at(x1, y1) * fx) * fy;
}

// Motion blur: the mean of the frame along a segment of `length_px` pixels in the direction
// `degrees` (0: left to right), sampled every half pixel with bilinear weights: the card moved
// that far while the shutter was open.
inline void motion_blur(GreyImage& img, double length_px, double degrees) {
  if (length_px < 1) return;
  const GreyImage src = img;
  const double c = std::cos(degrees * pi / 180), s = std::sin(degrees * pi / 180);
  const int samples = static_cast<int>(std::ceil(length_px * 2)) + 1;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      double sum = 0;
      for (int i = 0; i < samples; ++i) {
        const double t = (static_cast<double>(i) / (samples - 1) - 0.5) * length_px;
        sum += bilinear(src, x + t * c, y + t * s);
      }
      img.at(x, y) = clamp_byte(sum / samples);
    }
}

// A lamp's glare on the card's gloss: towards white by `strength` (0..1) at (cx, cy), falling off
// as a Gaussian whose radius (2 sigma) is `radius_px`.
inline void glare(GreyImage& img, double cx, double cy, double radius_px, double strength) {
  const double sigma = radius_px / 2;
  const int reach = static_cast<int>(std::ceil(radius_px * 1.5));
  for (int y = std::max(0, static_cast<int>(cy) - reach); y < std::min(img.height, static_cast<int>(cy) + reach); ++y)
    for (int x = std::max(0, static_cast<int>(cx) - reach); x < std::min(img.width, static_cast<int>(cx) + reach); ++x) {
      const double d2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
      const double w = strength * std::exp(-d2 / (2 * sigma * sigma));
      img.at(x, y) = clamp_byte(img.at(x, y) + (255 - img.at(x, y)) * w);
    }
}

// Light at `level` (0..1) of what it was: every pixel times it.
inline void dim(GreyImage& img, double level) {
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) img.at(x, y) = clamp_byte(img.at(x, y) * level);
}

// A true perspective of the square of side `side_px` centred at (cx, cy): its corners moved by
// `pull` (fractions of the side, each -max_perspective..max_perspective, top-left, top-right,
// bottom-right, bottom-left, x then y) and the frame warped so that the square lands on the new
// quadrilateral (the homography by the four corners, inverse-mapped with bilinear sampling).
inline void perspective(GreyImage& img, double cx, double cy, double side_px, const std::array<double, 8>& pull) {
  const double h = side_px / 2;
  const std::array<double, 8> from{cx - h, cy - h, cx + h, cy - h, cx + h, cy + h, cx - h, cy + h};
  std::array<double, 8> to{};
  for (std::size_t i = 0; i < 8; ++i) to[i] = from[i] + pull[i] * side_px;
  // The homography taking `to` back to `from` (each output pixel looks up its source): solve the
  // 8 x 8 system of the four correspondences by Gaussian elimination.
  double a[8][9] = {};
  for (int i = 0; i < 4; ++i) {
    const double x = to[2 * i], y = to[2 * i + 1], u = from[2 * i], v = from[2 * i + 1];
    const double r0[9] = {x, y, 1, 0, 0, 0, -u * x, -u * y, u};
    const double r1[9] = {0, 0, 0, x, y, 1, -v * x, -v * y, v};
    std::copy(r0, r0 + 9, a[2 * i]);
    std::copy(r1, r1 + 9, a[2 * i + 1]);
  }
  for (int col = 0; col < 8; ++col) {
    int best = col;
    for (int r = col + 1; r < 8; ++r)
      if (std::abs(a[r][col]) > std::abs(a[best][col])) best = r;
    std::swap(a[col], a[best]);
    if (std::abs(a[col][col]) < 1e-12) throw std::invalid_argument("perspective: the corners are degenerate");
    for (int r = 0; r < 8; ++r) {
      if (r == col) continue;
      const double f = a[r][col] / a[col][col];
      for (int k = col; k < 9; ++k) a[r][k] -= f * a[col][k];
    }
  }
  double m[9];
  for (int i = 0; i < 8; ++i) m[i] = a[i][8] / a[i][i];
  m[8] = 1;
  const GreyImage src = img;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const double w = m[6] * x + m[7] * y + m[8];
      img.at(x, y) = clamp_byte(bilinear(src, (m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w));
    }
}

// The frame through JPEG at `quality` (1..100) and back, as a webcam's MJPEG stream gives it: the
// 8 x 8 blocks' ringing and smear around the modules' edges (libjpeg, grey, in memory).
inline void jpeg_round_trip(GreyImage& img, int quality) {
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  {
    jpeg_compress_struct c{};
    jpeg_error_mgr err{};
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    jpeg_mem_dest(&c, &buffer, &size);
    c.image_width = static_cast<JDIMENSION>(img.width);
    c.image_height = static_cast<JDIMENSION>(img.height);
    c.input_components = 1;
    c.in_color_space = JCS_GRAYSCALE;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, quality, TRUE);
    jpeg_start_compress(&c, TRUE);
    while (c.next_scanline < c.image_height) {
      JSAMPROW row = &img.at(0, static_cast<int>(c.next_scanline));
      jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
  }
  jpeg_decompress_struct d{};
  jpeg_error_mgr err{};
  d.err = jpeg_std_error(&err);
  jpeg_create_decompress(&d);
  jpeg_mem_src(&d, buffer, size);
  jpeg_read_header(&d, TRUE);
  d.out_color_space = JCS_GRAYSCALE;
  jpeg_start_decompress(&d);
  while (d.output_scanline < d.output_height) {
    JSAMPROW row = &img.at(0, static_cast<int>(d.output_scanline));
    jpeg_read_scanlines(&d, &row, 1);
  }
  jpeg_finish_decompress(&d);
  jpeg_destroy_decompress(&d);
  std::free(buffer);
}

}  // namespace marshal::scan::testing
