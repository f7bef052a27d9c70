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

// The deconvolution works on the image's transpose: row x of a plane holds column x of the
// image, its rows side by side in `lanes` floats (the image's height rounded up to a multiple of
// `lane_block`; the extra lanes are rows of their own, never read back). A running sum along the
// image's rows then runs down the plane, a block of image rows at a time, in loops of a fixed
// length that the compiler turns into vector instructions at -O2; along the rows themselves each
// sum waits for the one before. The same additions in the same order: the same result.
constexpr int lane_block = 8;

// out[i] = f(i) for i in [0, count), count a multiple of lane_block. A block goes through a local
// array: what f reads cannot be what is written, so no check of the pointers stops the vectors.
template <class F>
void each_lane(float* out, int count, F f) {
  for (int b = 0; b < count; b += lane_block) {
    float block[lane_block];
    for (int k = 0; k < lane_block; ++k) block[k] = f(b + k);
    for (int k = 0; k < lane_block; ++k) out[b + k] = block[k];
  }
}

// Every image row smeared by a box of `length_px` centred on each pixel: the mean over
// [x - L/2, x + L/2] of the row as a step function (pixel j covers [j - 1/2, j + 1/2]), the row's
// ends repeated. From the row's running sum, a handful of operations a pixel whatever the length.
class RowSmear {
 public:
  RowSmear(double length_px, int width, int lanes)
      : width_(width), lanes_(lanes), inverse_length_(static_cast<float>(1 / length_px)) {
    // The box's ends: where x + L/2 and x - L/2 fall, as a whole pixel and a share of it.
    const double upper = length_px / 2 + 0.5, lower = -length_px / 2 + 0.5;
    upper_ = static_cast<int>(std::floor(upper));
    upper_share_ = static_cast<float>(upper - upper_);
    lower_ = static_cast<int>(std::floor(lower));
    lower_share_ = static_cast<float>(lower - lower_);
    reach_ = std::max(upper_, -lower_) + 1;
    sums_.resize(static_cast<std::size_t>(width + 2 * reach_ + 1) * static_cast<std::size_t>(lanes));
  }

  // `in` and `out`: planes of width x lanes, apart (the sums are made from `in` as `out` fills).
  void operator()(const float* in, float* out) {
    assert(in != out);
    // sums_ row i: the padded rows' first i pixels (padded pixel j is the image's j - reach_,
    // clamped to the row).
    std::fill_n(sums_.begin(), lanes_, 0.0f);
    for (int i = 0; i < width_ + 2 * reach_; ++i) {
      const float* v = pixel(in, i - reach_);
      const float* before = sums_.data() + static_cast<std::ptrdiff_t>(i) * lanes_;
      each_lane(sums_.data() + static_cast<std::ptrdiff_t>(i + 1) * lanes_, lanes_,
                [&](int y) { return before[y] + v[y]; });
    }
    for (int x = 0; x < width_; ++x) {
      const float* upper_sum = sums_.data() + static_cast<std::ptrdiff_t>(reach_ + x + upper_) * lanes_;
      const float* lower_sum = sums_.data() + static_cast<std::ptrdiff_t>(reach_ + x + lower_) * lanes_;
      const float* upper_pixel = pixel(in, x + upper_);
      const float* lower_pixel = pixel(in, x + lower_);
      each_lane(out + static_cast<std::ptrdiff_t>(x) * lanes_, lanes_, [&](int y) {
        const float upto_upper = upper_sum[y] + upper_share_ * upper_pixel[y];
        const float upto_lower = lower_sum[y] + lower_share_ * lower_pixel[y];
        return (upto_upper - upto_lower) * inverse_length_;
      });
    }
  }

 private:
  const float* pixel(const float* plane, int x) const {
    return plane + static_cast<std::ptrdiff_t>(std::clamp(x, 0, width_ - 1)) * lanes_;
  }

  int width_, lanes_;
  float inverse_length_;
  int upper_ = 0, lower_ = 0, reach_ = 0;
  float upper_share_ = 0, lower_share_ = 0;
  std::vector<float> sums_;
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
  const int lanes = (h + lane_block - 1) / lane_block * lane_block;
  const int size = w * lanes;
  // Grey levels plus one, so that a black pixel is not a division by zero; transposed (above).
  std::vector<float> observed(static_cast<std::size_t>(size), 1.0f), estimate, smeared(observed.size()),
      ratio(observed.size());
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = row_of(image, y);
    for (int x = 0; x < w; ++x) observed[static_cast<std::size_t>(x) * lanes + y] = in[x] + 1.0f;
  }
  estimate = observed;
  RowSmear smear(length_px, w, lanes);
  // Richardson-Lucy: the estimate smeared is compared with what the camera saw, and the ratio
  // smeared back (the box is its own mirror image) corrects it.
  for (int i = 0; i < iterations; ++i) {
    smear(estimate.data(), smeared.data());
    each_lane(ratio.data(), size, [&](int p) { return observed[p] / std::max(smeared[p], 1.0f); });
    smear(ratio.data(), smeared.data());  // the correction
    each_lane(estimate.data(), size, [&](int p) { return estimate[p] * smeared[p]; });
  }
  PixelBuffer out(w, h);
  for (int y = 0; y < h; ++y) {
    std::uint8_t* o = out.row(y);
    for (int x = 0; x < w; ++x)  // - 1, rounded
      o[x] = static_cast<std::uint8_t>(std::clamp(estimate[static_cast<std::size_t>(x) * lanes + y] - 0.5f, 0.0f, 255.0f));
  }
  return out;
}

}  // namespace marshal::scan
