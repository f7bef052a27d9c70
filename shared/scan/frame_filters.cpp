#include "scan/frame_filters.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

namespace marshal::scan {

// Black or white by one threshold: the grey halfway between the darkest and the lightest 1 % of
// the frame (a quarter of its pixels sampled).
PixelBuffer global_threshold(const GrayFrame& frame) {
  std::array<int, 256> histogram{};
  int samples = 0;
  for (int y = 0; y < frame.height; y += 2) {
    const std::uint8_t* in = row_of(frame, y);
    for (int x = 0; x < frame.width; x += 2, ++samples) ++histogram[in[x]];
  }
  const int tail = samples / 100;
  int dark = 0, seen = histogram[0];
  while (dark < 255 && seen <= tail) seen += histogram[++dark];
  int light = 255;
  seen = histogram[255];
  while (light > 0 && seen <= tail) seen += histogram[--light];
  const int threshold = (dark + light) / 2;

  PixelBuffer out(frame.width, frame.height);
  for (int y = 0; y < frame.height; ++y) {
    const std::uint8_t* in = row_of(frame, y);
    std::uint8_t* o = out.row(y);
    for (int x = 0; x < frame.width; ++x) o[x] = in[x] > threshold ? 255 : 0;
  }
  return out;
}

// The frame `factor` times as wide and high, bilinear between pixel centres (edges repeated), in
// fixed point: two input rows are blended into one row at 16 times the scale, then across.
PixelBuffer upscaled(const GrayFrame& frame, double factor) {
  const int w = frame.width, h = frame.height;
  PixelBuffer out(static_cast<int>(w * factor), static_cast<int>(h * factor));
  // Where output position i falls between two input pixels: the first, and the weight of the
  // second in sixteenths.
  struct Tap {
    int first, second, weight;
  };
  auto tap = [factor](int i, int size) {
    const double at = std::clamp((i + 0.5) / factor - 0.5, 0.0, size - 1.0);
    const int first = static_cast<int>(at);
    return Tap{first, std::min(first + 1, size - 1),
               static_cast<int>(std::lround((at - first) * 16))};
  };
  std::vector<Tap> columns(static_cast<std::size_t>(out.width));
  for (int x = 0; x < out.width; ++x) columns[static_cast<std::size_t>(x)] = tap(x, w);
  std::vector<std::uint16_t> blended(static_cast<std::size_t>(w));
  for (int y = 0; y < out.height; ++y) {
    const Tap row = tap(y, h);
    const std::uint8_t* upper = row_of(frame, row.first);
    const std::uint8_t* lower = row_of(frame, row.second);
    for (int x = 0; x < w; ++x)
      blended[static_cast<std::size_t>(x)] =
          static_cast<std::uint16_t>(upper[x] * (16 - row.weight) + lower[x] * row.weight);
    std::uint8_t* o = out.row(y);
    for (int x = 0; x < out.width; ++x) {
      const Tap& c = columns[static_cast<std::size_t>(x)];
      o[x] =
          static_cast<std::uint8_t>((blended[static_cast<std::size_t>(c.first)] * (16 - c.weight) +
                                     blended[static_cast<std::size_t>(c.second)] * c.weight + 128) /
                                    256);
    }
  }
  return out;
}

// Black where a pixel is darker than its neighbourhood's mean by more than a share of it
// (Bradley and Roth's adaptive threshold, from an integral image): a ratio, so light at half its
// level or a lamp's glare rising across the code move the threshold with the paper. The
// neighbourhood is a square of 2 * local_radius_px + 1 pixels, several modules wide at 3-5 px a
// module. Radius and share chosen on bench_scan's camera corpus (120 frames a set): radius 8,
// 16, 20 and 28 px, shares 8-15 %; 20 px and 10 % read the most hard frames.
constexpr int local_radius_px = 20;
constexpr int local_darker_percent = 10;

PixelBuffer local_ratio_threshold(const GrayFrame& frame) {
  const int w = frame.width, h = frame.height;
  // The integral image, one row and one column of zeros before the first.
  std::vector<std::uint32_t> sums(static_cast<std::size_t>(w + 1) * static_cast<std::size_t>(h + 1),
                                  0);
  auto at = [&](int x, int y) -> std::uint32_t& {
    return sums[static_cast<std::size_t>(y) * static_cast<std::size_t>(w + 1) +
                static_cast<std::size_t>(x)];
  };
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = row_of(frame, y);
    std::uint32_t row = 0;
    for (int x = 0; x < w; ++x) {
      row += in[x];
      at(x + 1, y + 1) = at(x + 1, y) + row;
    }
  }
  PixelBuffer out(w, h);
  for (int y = 0; y < h; ++y) {
    const int y0 = std::max(0, y - local_radius_px), y1 = std::min(h, y + local_radius_px + 1);
    const std::uint8_t* in = row_of(frame, y);
    std::uint8_t* o = out.row(y);
    for (int x = 0; x < w; ++x) {
      const int x0 = std::max(0, x - local_radius_px), x1 = std::min(w, x + local_radius_px + 1);
      const std::uint64_t sum = at(x1, y1) - at(x0, y1) - at(x1, y0) + at(x0, y0);
      const std::uint64_t count =
          static_cast<std::uint64_t>(x1 - x0) * static_cast<std::uint64_t>(y1 - y0);
      // Darker than the mean by more than the share: in / (sum / count) < (100 - percent) / 100.
      o[x] = std::uint64_t{in[x]} * count * 100 < sum * (100 - local_darker_percent) ? 0 : 255;
    }
  }
  return out;
}

// Each pixel's distance from its neighbourhood's mean in units of the neighbourhood's spread
// (standard deviation), around mid-grey: local contrast normalisation. A code under a lamp's
// glare, at half the light or softened by motion keeps its modules' pattern but not their
// contrast; normalised, a faint code is as strong as a sharp one, the ramp of a glare spot is
// gone, and ZXing's local binarizer no longer takes its 8 x 8 blocks for flat. Measured on the
// camera corpus with exact windows (100 hard frames, 28 that the other attempts missed): a
// window of 19 px read 8 of them, 15 px 6, 11 px 4, 25 px 6, 33 px 5. For speed the mean and
// spread are taken per block of contrast_block_px, over the contrast_window_blocks square of
// blocks around it (20 px): a tenth of the time of a window per pixel.
constexpr int contrast_block_px = 4;
constexpr int contrast_window_blocks = 5;  // odd: the block itself in the middle
// How far one spread moves a pixel from mid-grey (grey levels): two spreads reach black or white.
constexpr float contrast_gain = 60;
// The least spread taken as a pattern (grey levels): flatter neighbourhoods stay near mid-grey
// rather than turning their sensor noise into modules.
constexpr double contrast_min_spread = 2.0;

PixelBuffer local_contrast(const GrayFrame& frame) {
  const int w = frame.width, h = frame.height;
  const int bw = (w + contrast_block_px - 1) / contrast_block_px,
            bh = (h + contrast_block_px - 1) / contrast_block_px;
  const std::size_t grid = static_cast<std::size_t>(bw + 1) * static_cast<std::size_t>(bh + 1);
  // Each block's sum of pixels and of their squares (at most 16 x 255 and 16 x 255^2).
  std::vector<std::uint32_t> block_sums(static_cast<std::size_t>(bw) * static_cast<std::size_t>(bh),
                                        0);
  std::vector<std::uint32_t> block_squares(block_sums.size(), 0);
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = row_of(frame, y);
    std::uint32_t* sums_row =
        block_sums.data() + static_cast<std::ptrdiff_t>(y / contrast_block_px) * bw;
    std::uint32_t* squares_row =
        block_squares.data() + static_cast<std::ptrdiff_t>(y / contrast_block_px) * bw;
    for (int bx = 0; bx < bw; ++bx) {
      std::uint32_t sum = 0, sum_squares = 0;
      for (int x = bx * contrast_block_px, end = std::min(w, x + contrast_block_px); x < end; ++x) {
        sum += in[x];
        sum_squares += std::uint32_t{in[x]} * in[x];
      }
      sums_row[bx] += sum;
      squares_row[bx] += sum_squares;
    }
  }
  // Integral images over the blocks of those sums, one row and one column of zeros before the
  // first.
  std::vector<std::uint64_t> sums(grid, 0), squares(grid, 0);
  auto cell = [bw](int bx, int by) {
    return static_cast<std::size_t>(by) * static_cast<std::size_t>(bw + 1) +
           static_cast<std::size_t>(bx);
  };
  for (int by = 1; by <= bh; ++by)
    for (int bx = 1; bx <= bw; ++bx) {
      const std::size_t block = static_cast<std::size_t>(by - 1) * static_cast<std::size_t>(bw) +
                                static_cast<std::size_t>(bx - 1);
      const std::size_t c = cell(bx, by), left = cell(bx - 1, by), up = cell(bx, by - 1),
                        corner = cell(bx - 1, by - 1);
      sums[c] = block_sums[block] + sums[left] + sums[up] - sums[corner];
      squares[c] = block_squares[block] + squares[left] + squares[up] - squares[corner];
    }
  // Per block, out = in * scale + offset.
  std::vector<float> scale(static_cast<std::size_t>(bw) * static_cast<std::size_t>(bh));
  std::vector<float> offset(scale.size());
  const int reach = contrast_window_blocks / 2;
  for (int by = 0; by < bh; ++by)
    for (int bx = 0; bx < bw; ++bx) {
      const int x0 = std::max(0, bx - reach), x1 = std::min(bw, bx + reach + 1);
      const int y0 = std::max(0, by - reach), y1 = std::min(bh, by + reach + 1);
      auto window = [&](const std::vector<std::uint64_t>& t) {
        return static_cast<double>(t[cell(x1, y1)] - t[cell(x0, y1)] - t[cell(x1, y0)] +
                                   t[cell(x0, y0)]);
      };
      // The window's pixels: edge blocks are cut by the frame's edge.
      const double count =
          static_cast<double>((std::min(w, x1 * contrast_block_px) - x0 * contrast_block_px) *
                              (std::min(h, y1 * contrast_block_px) - y0 * contrast_block_px));
      const double mean = window(sums) / count;
      const double spread = std::sqrt(std::max(window(squares) / count - mean * mean,
                                               contrast_min_spread * contrast_min_spread));
      const std::size_t b = static_cast<std::size_t>(by) * static_cast<std::size_t>(bw) +
                            static_cast<std::size_t>(bx);
      scale[b] = static_cast<float>(contrast_gain / spread);
      offset[b] = static_cast<float>(127.0 - contrast_gain * mean / spread);
    }
  PixelBuffer out(w, h);
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = row_of(frame, y);
    std::uint8_t* o = out.row(y);
    const std::size_t row =
        static_cast<std::size_t>(y / contrast_block_px) * static_cast<std::size_t>(bw);
    for (int bx = 0; bx < bw; ++bx) {
      const float k = scale[row + static_cast<std::size_t>(bx)],
                  c = offset[row + static_cast<std::size_t>(bx)];
      for (int x = bx * contrast_block_px, end = std::min(w, x + contrast_block_px); x < end; ++x)
        o[x] = static_cast<std::uint8_t>(std::clamp(in[x] * k + c, 0.0f, 255.0f));
    }
  }
  return out;
}

// Each pixel the mean of its 3 x 3 neighbourhood (edges repeated): sums across, then down.
PixelBuffer box_mean_3x3(const GrayFrame& frame) {
  const int w = frame.width, h = frame.height;
  std::vector<std::uint16_t> sums(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  auto sums_row = [&](int y) { return sums.data() + static_cast<std::ptrdiff_t>(y) * w; };
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = row_of(frame, y);
    std::uint16_t* s = sums_row(y);
    for (int x = 1; x + 1 < w; ++x)
      s[x] = static_cast<std::uint16_t>(in[x - 1] + in[x] + in[x + 1]);
    s[0] = static_cast<std::uint16_t>(2 * in[0] + in[std::min(1, w - 1)]);
    s[w - 1] = static_cast<std::uint16_t>(in[std::max(w - 2, 0)] + 2 * in[w - 1]);
  }
  PixelBuffer out(w, h);
  for (int y = 0; y < h; ++y) {
    const std::uint16_t* a = sums_row(std::max(y - 1, 0));
    const std::uint16_t* b = sums_row(y);
    const std::uint16_t* c = sums_row(std::min(y + 1, h - 1));
    std::uint8_t* o = out.row(y);
    for (int x = 0; x < w; ++x) o[x] = static_cast<std::uint8_t>((a[x] + b[x] + c[x] + 4) / 9);
  }
  return out;
}

}  // namespace marshal::scan
