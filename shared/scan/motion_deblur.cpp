#include "scan/motion_deblur.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numbers>
#include <vector>

namespace marshal::scan {

double motion_direction_degrees(const GrayFrame& crop) {
  // The structure tensor: sums of the Sobel gradients' products over the crop.
  double xx = 0, yy = 0, xy = 0;
  for (int y = 1; y + 1 < crop.height; ++y) {
    const std::uint8_t* above = row_of(crop, y - 1);
    const std::uint8_t* here = row_of(crop, y);
    const std::uint8_t* below = row_of(crop, y + 1);
    for (int x = 1; x + 1 < crop.width; ++x) {
      const int gx = (above[x + 1] + 2 * here[x + 1] + below[x + 1]) -
                     (above[x - 1] + 2 * here[x - 1] + below[x - 1]);
      const int gy = (below[x - 1] + 2 * below[x] + below[x + 1]) -
                     (above[x - 1] + 2 * above[x] + above[x + 1]);
      xx += static_cast<double>(gx) * gx;
      yy += static_cast<double>(gy) * gy;
      xy += static_cast<double>(gx) * gy;
    }
  }
  // The strongest gradients' direction, and the motion across it.
  const double strongest = 0.5 * std::atan2(2 * xy, xx - yy) * 180 / std::numbers::pi;
  return std::fmod(strongest + 90 + 360, 180.0);
}

namespace {

// Grey at (x, y) between pixels (bilinear), the crop's edge repeated beyond it.
float grey_at(const GrayFrame& frame, double x, double y) {
  x = std::clamp(x, 0.0, frame.width - 1.0);
  y = std::clamp(y, 0.0, frame.height - 1.0);
  const int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
  const int x1 = std::min(x0 + 1, frame.width - 1), y1 = std::min(y0 + 1, frame.height - 1);
  const double fx = x - x0, fy = y - y0;
  const std::uint8_t* r0 = row_of(frame, y0);
  const std::uint8_t* r1 = row_of(frame, y1);
  return static_cast<float>((r0[x0] * (1 - fx) + r0[x1] * fx) * (1 - fy) +
                            (r1[x0] * (1 - fx) + r1[x1] * fx) * fy);
}

// A row smeared by a box of `length_px` centred on each pixel: the mean over [x - L/2, x + L/2]
// of the row as a step function (pixel j covers [j - 1/2, j + 1/2]), the row's ends repeated. From
// the row's running sum, a handful of operations a pixel whatever the length.
class RowSmear {
 public:
  RowSmear(double length_px, int width)
      : width_(width), inverse_length_(static_cast<float>(1 / length_px)) {
    // The box's ends: where x + L/2 and x - L/2 fall, as a whole pixel and a share of it.
    const double upper = length_px / 2 + 0.5, lower = -length_px / 2 + 0.5;
    upper_ = static_cast<int>(std::floor(upper));
    upper_share_ = static_cast<float>(upper - upper_);
    lower_ = static_cast<int>(std::floor(lower));
    lower_share_ = static_cast<float>(lower - lower_);
    reach_ = std::max(upper_, -lower_) + 1;
    padded_.resize(static_cast<std::size_t>(width + 2 * reach_));
    sums_.resize(padded_.size() + 1);
  }

  void operator()(const float* in, float* out) {
    std::fill_n(padded_.begin(), reach_, in[0]);
    std::copy_n(in, width_, padded_.begin() + reach_);
    std::fill_n(padded_.begin() + reach_ + width_, reach_, in[width_ - 1]);
    sums_[0] = 0;  // sums_[i]: the padded row's first i pixels
    for (std::size_t i = 0; i < padded_.size(); ++i) sums_[i + 1] = sums_[i] + padded_[i];
    const float* v = padded_.data() + reach_;
    const float* s = sums_.data() + reach_;
    for (int x = 0; x < width_; ++x) {
      const float upto_upper = s[x + upper_] + upper_share_ * v[x + upper_];
      const float upto_lower = s[x + lower_] + lower_share_ * v[x + lower_];
      out[x] = (upto_upper - upto_lower) * inverse_length_;
    }
  }

 private:
  int width_;
  float inverse_length_;
  int upper_ = 0, lower_ = 0, reach_ = 0;
  float upper_share_ = 0, lower_share_ = 0;
  std::vector<float> padded_, sums_;
};

}  // namespace

PixelBuffer turned(const GrayFrame& crop, double degrees) {
  const int side = std::max(crop.width, crop.height);
  PixelBuffer out(side, side);
  const double c = std::cos(degrees * std::numbers::pi / 180),
               s = std::sin(degrees * std::numbers::pi / 180);
  // About the centres of the square and of the crop (pixel centres are whole numbers).
  const double centre = (side - 1) / 2.0, cx = (crop.width - 1) / 2.0, cy = (crop.height - 1) / 2.0;
  for (int y = 0; y < side; ++y) {
    std::uint8_t* o = out.row(y);
    const double v = y - centre;
    for (int x = 0; x < side; ++x) {
      const double u = x - centre;
      o[x] = static_cast<std::uint8_t>(
          std::lround(grey_at(crop, cx + u * c - v * s, cy + u * s + v * c)));
    }
  }
  return out;
}

PixelBuffer deblurred_along_rows(const GrayFrame& image, double length_px, int iterations) {
  assert(length_px >= 1);  // the decoder's motion_lengths_px
  const int w = image.width, h = image.height;
  const std::size_t size = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  // Grey levels plus one, so that a black pixel is not a division by zero.
  std::vector<float> observed(size), estimate(size), smeared(size), ratio(size);
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = row_of(image, y);
    for (int x = 0; x < w; ++x) observed[static_cast<std::size_t>(y) * w + x] = in[x] + 1.0f;
  }
  estimate = observed;
  RowSmear row_smear(length_px, w);
  auto smear = [&](const std::vector<float>& from, std::vector<float>& to) {
    for (int y = 0; y < h; ++y)
      row_smear(from.data() + static_cast<std::ptrdiff_t>(y) * w,
                to.data() + static_cast<std::ptrdiff_t>(y) * w);
  };
  // Richardson-Lucy: the estimate smeared is compared with what the camera saw, and the ratio
  // smeared back (the box is its own mirror image) corrects it.
  for (int i = 0; i < iterations; ++i) {
    smear(estimate, smeared);
    for (std::size_t p = 0; p < size; ++p) ratio[p] = observed[p] / std::max(smeared[p], 1.0f);
    smear(ratio, smeared);  // the correction
    for (std::size_t p = 0; p < size; ++p) estimate[p] *= smeared[p];
  }
  PixelBuffer out(w, h);
  for (int y = 0; y < h; ++y) {
    std::uint8_t* o = out.row(y);
    const float* e = estimate.data() + static_cast<std::ptrdiff_t>(y) * w;
    for (int x = 0; x < w; ++x)
      o[x] = static_cast<std::uint8_t>(std::clamp(e[x] - 0.5f, 0.0f, 255.0f));  // - 1, rounded
  }
  return out;
}

}  // namespace marshal::scan
