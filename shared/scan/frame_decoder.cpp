#include "scan/frame_decoder.h"

#include "scan/code_finder.h"

#include <ZXing/ReadBarcode.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <cstddef>
#include <memory>
#include <vector>

namespace marshal::scan {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// How an attempt prepares the frame before ZXing reads it.
enum class Prepare { nothing, code_regions, global_threshold, local_ratio, local_contrast, upscale, box_mean_3x3 };

constexpr double upscale_factor = 1.5;

struct Attempt {
  Prepare prepare;
  ZXing::Binarizer binarizer;
  double cost;  // expected time, in multiples of what the first attempt took on the same frame
};

// The attempts, in order. Chosen and ordered with tests/bench/bench_scan (hard 1280 x 720 frames:
// 2 to 5 pixels a module, any angle, skew, blur, dim and uneven light, noise, clutter): each one
// finds codes that those before it miss. ZXing's pyramid of downscaled copies is off throughout:
// at a third of the size modules of 2 to 5 pixels are gone, so it found nothing more there and
// cost half as much again. Dropped after measuring: GlobalHistogram (found 1 or 2 frames in 300
// that these miss), FixedThreshold on the frame as it comes (none), a fixed 2x or 3x downscale
// (1 or 2 in 300, at one and a half times the cost of the first attempt). The time budget is kept
// by leaving out attempts that would end past it (see decode()).
constexpr Attempt attempts[] = {
    // 1. ZXing's local-average binarizer on the frame as it comes: most frames, and quickly.
    {Prepare::nothing, ZXing::Binarizer::LocalAverage, 1.0},
    // 2. The code-like regions (scan/code_finder.h) as crops, each read four ways within the
    //    budget (read_regions, which leaves out a way that would end past it): of the frames the
    //    whole-frame attempts miss, the most: hard frames 71.0 -> 81.0 % with no budget. The cost
    //    here is the least it takes (the finder, a small crop's first way).
    {Prepare::code_regions, ZXing::Binarizer::LocalAverage, 0.3},
    // 3. Local contrast normalisation (issue 31's webcam in a dim saloon: glare, half the light,
    //    motion): of what the first attempt misses it reads the most, alone 108 of 200 hard
    //    camera frames against the first attempt's 93, at 2.3 times its time.
    {Prepare::local_contrast, ZXing::Binarizer::LocalAverage, 2.3},
    // 4. One threshold for the whole frame, halfway between its darkest and lightest 1 %. In dim
    //    light and low contrast the local-average binarizer takes its 8 x 8 blocks for flat, and
    //    elsewhere follows the sensor noise from block to block; one threshold does neither.
    {Prepare::global_threshold, ZXing::Binarizer::FixedThreshold, 0.7},
    // 5. The frame at one and a half times the size (bilinear). Modules of 2 or 3 pixels,
    //    softened by blur, lose their finder patterns' 1:1:3:1:1 proportions on the pixel grid;
    //    interpolated, the binarizer puts edges between pixels: the most frames no other attempt
    //    reads (16 of 200 hard camera frames), at 3.2 times the first attempt's time. At 1.75 or 2
    //    times it found 1 or 2 frames in 100 more, at 4 to 7 times the time.
    {Prepare::upscale, ZXing::Binarizer::LocalAverage, 3.2},
    // 6. A local threshold by ratio to the neighbourhood's mean: under glare the one threshold of
    //    attempt 4 is wrong on one side of the spot (4 of 200 hard camera frames only it reads).
    {Prepare::local_ratio, ZXing::Binarizer::FixedThreshold, 1.6},
    // 7. Each pixel the mean of its 3 x 3 neighbourhood, against sensor noise. Finds the fewest,
    //    so it comes last and runs only when the budget still allows.
    {Prepare::box_mean_3x3, ZXing::Binarizer::LocalAverage, 1.3},
};

// Grey pixels the decoder makes for an attempt, rows packed (stride = width).
struct Image {
  int width;
  int height;
  std::unique_ptr<std::uint8_t[]> pixels;

  Image(int w, int h)
      : width(w), height(h),
        pixels(std::make_unique_for_overwrite<std::uint8_t[]>(static_cast<std::size_t>(w) * static_cast<std::size_t>(h))) {}
  std::uint8_t* row(int y) { return pixels.get() + static_cast<std::ptrdiff_t>(y) * width; }
  GrayFrame frame() const { return {pixels.get(), width, height, width}; }
  ZXing::ImageView view() const { return {pixels.get(), width, height, ZXing::ImageFormat::Lum}; }
};

const std::uint8_t* row_of(const GrayFrame& frame, int y) {
  return frame.data + static_cast<std::ptrdiff_t>(y) * frame.stride;
}

// Black or white by one threshold: the grey halfway between the darkest and the lightest 1 % of
// the frame (a quarter of its pixels sampled).
Image global_threshold(const GrayFrame& frame) {
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

  Image out(frame.width, frame.height);
  for (int y = 0; y < frame.height; ++y) {
    const std::uint8_t* in = row_of(frame, y);
    std::uint8_t* o = out.row(y);
    for (int x = 0; x < frame.width; ++x) o[x] = in[x] > threshold ? 255 : 0;
  }
  return out;
}

// The frame `factor` times as wide and high, bilinear between pixel centres (edges repeated), in
// fixed point: two input rows are blended into one row at 16 times the scale, then across.
Image upscaled(const GrayFrame& frame, double factor) {
  const int w = frame.width, h = frame.height;
  Image out(static_cast<int>(w * factor), static_cast<int>(h * factor));
  // Where output position i falls between two input pixels: the first, and the weight of the
  // second in sixteenths.
  struct Tap {
    int first, second, weight;
  };
  auto tap = [factor](int i, int size) {
    const double at = std::clamp((i + 0.5) / factor - 0.5, 0.0, size - 1.0);
    const int first = static_cast<int>(at);
    return Tap{first, std::min(first + 1, size - 1), static_cast<int>(std::lround((at - first) * 16))};
  };
  std::vector<Tap> columns(static_cast<std::size_t>(out.width));
  for (int x = 0; x < out.width; ++x) columns[static_cast<std::size_t>(x)] = tap(x, w);
  std::vector<std::uint16_t> blended(static_cast<std::size_t>(w));
  for (int y = 0; y < out.height; ++y) {
    const Tap row = tap(y, h);
    const std::uint8_t* upper = row_of(frame, row.first);
    const std::uint8_t* lower = row_of(frame, row.second);
    for (int x = 0; x < w; ++x)
      blended[static_cast<std::size_t>(x)] = static_cast<std::uint16_t>(upper[x] * (16 - row.weight) + lower[x] * row.weight);
    std::uint8_t* o = out.row(y);
    for (int x = 0; x < out.width; ++x) {
      const Tap& c = columns[static_cast<std::size_t>(x)];
      o[x] = static_cast<std::uint8_t>((blended[static_cast<std::size_t>(c.first)] * (16 - c.weight) +
                                        blended[static_cast<std::size_t>(c.second)] * c.weight + 128) / 256);
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

Image local_ratio_threshold(const GrayFrame& frame) {
  const int w = frame.width, h = frame.height;
  // The integral image, one row and one column of zeros before the first.
  std::vector<std::uint32_t> sums(static_cast<std::size_t>(w + 1) * static_cast<std::size_t>(h + 1), 0);
  auto at = [&](int x, int y) -> std::uint32_t& {
    return sums[static_cast<std::size_t>(y) * static_cast<std::size_t>(w + 1) + static_cast<std::size_t>(x)];
  };
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = row_of(frame, y);
    std::uint32_t row = 0;
    for (int x = 0; x < w; ++x) {
      row += in[x];
      at(x + 1, y + 1) = at(x + 1, y) + row;
    }
  }
  Image out(w, h);
  for (int y = 0; y < h; ++y) {
    const int y0 = std::max(0, y - local_radius_px), y1 = std::min(h, y + local_radius_px + 1);
    const std::uint8_t* in = row_of(frame, y);
    std::uint8_t* o = out.row(y);
    for (int x = 0; x < w; ++x) {
      const int x0 = std::max(0, x - local_radius_px), x1 = std::min(w, x + local_radius_px + 1);
      const std::uint64_t sum = at(x1, y1) - at(x0, y1) - at(x1, y0) + at(x0, y0);
      const std::uint64_t count = static_cast<std::uint64_t>(x1 - x0) * static_cast<std::uint64_t>(y1 - y0);
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

Image local_contrast(const GrayFrame& frame) {
  const int w = frame.width, h = frame.height;
  const int bw = (w + contrast_block_px - 1) / contrast_block_px, bh = (h + contrast_block_px - 1) / contrast_block_px;
  const std::size_t grid = static_cast<std::size_t>(bw + 1) * static_cast<std::size_t>(bh + 1);
  // Each block's sum of pixels and of their squares (at most 16 x 255 and 16 x 255^2).
  std::vector<std::uint32_t> block_sums(static_cast<std::size_t>(bw) * static_cast<std::size_t>(bh), 0);
  std::vector<std::uint32_t> block_squares(block_sums.size(), 0);
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = row_of(frame, y);
    std::uint32_t* sums_row = block_sums.data() + static_cast<std::ptrdiff_t>(y / contrast_block_px) * bw;
    std::uint32_t* squares_row = block_squares.data() + static_cast<std::ptrdiff_t>(y / contrast_block_px) * bw;
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
  // Integral images over the blocks of those sums, one row and one column of zeros before the first.
  std::vector<std::uint64_t> sums(grid, 0), squares(grid, 0);
  auto cell = [bw](int bx, int by) {
    return static_cast<std::size_t>(by) * static_cast<std::size_t>(bw + 1) + static_cast<std::size_t>(bx);
  };
  for (int by = 1; by <= bh; ++by)
    for (int bx = 1; bx <= bw; ++bx) {
      const std::size_t block = static_cast<std::size_t>(by - 1) * static_cast<std::size_t>(bw) + static_cast<std::size_t>(bx - 1);
      const std::size_t c = cell(bx, by), left = cell(bx - 1, by), up = cell(bx, by - 1), corner = cell(bx - 1, by - 1);
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
        return static_cast<double>(t[cell(x1, y1)] - t[cell(x0, y1)] - t[cell(x1, y0)] + t[cell(x0, y0)]);
      };
      // The window's pixels: edge blocks are cut by the frame's edge.
      const double count = static_cast<double>((std::min(w, x1 * contrast_block_px) - x0 * contrast_block_px) *
                                               (std::min(h, y1 * contrast_block_px) - y0 * contrast_block_px));
      const double mean = window(sums) / count;
      const double spread = std::sqrt(std::max(window(squares) / count - mean * mean, contrast_min_spread * contrast_min_spread));
      const std::size_t b = static_cast<std::size_t>(by) * static_cast<std::size_t>(bw) + static_cast<std::size_t>(bx);
      scale[b] = static_cast<float>(contrast_gain / spread);
      offset[b] = static_cast<float>(127.0 - contrast_gain * mean / spread);
    }
  Image out(w, h);
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = row_of(frame, y);
    std::uint8_t* o = out.row(y);
    const std::size_t row = static_cast<std::size_t>(y / contrast_block_px) * static_cast<std::size_t>(bw);
    for (int bx = 0; bx < bw; ++bx) {
      const float k = scale[row + static_cast<std::size_t>(bx)], c = offset[row + static_cast<std::size_t>(bx)];
      for (int x = bx * contrast_block_px, end = std::min(w, x + contrast_block_px); x < end; ++x)
        o[x] = static_cast<std::uint8_t>(std::clamp(in[x] * k + c, 0.0f, 255.0f));
    }
  }
  return out;
}

// Each pixel the mean of its 3 x 3 neighbourhood (edges repeated): sums across, then down.
Image box_mean_3x3(const GrayFrame& frame) {
  const int w = frame.width, h = frame.height;
  std::vector<std::uint16_t> sums(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  auto sums_row = [&](int y) { return sums.data() + static_cast<std::ptrdiff_t>(y) * w; };
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = row_of(frame, y);
    std::uint16_t* s = sums_row(y);
    for (int x = 1; x + 1 < w; ++x) s[x] = static_cast<std::uint16_t>(in[x - 1] + in[x] + in[x + 1]);
    s[0] = static_cast<std::uint16_t>(2 * in[0] + in[std::min(1, w - 1)]);
    s[w - 1] = static_cast<std::uint16_t>(in[std::max(w - 2, 0)] + 2 * in[w - 1]);
  }
  Image out(w, h);
  for (int y = 0; y < h; ++y) {
    const std::uint16_t* a = sums_row(std::max(y - 1, 0));
    const std::uint16_t* b = sums_row(y);
    const std::uint16_t* c = sums_row(std::min(y + 1, h - 1));
    std::uint8_t* o = out.row(y);
    for (int x = 0; x < w; ++x) o[x] = static_cast<std::uint8_t>((a[x] + b[x] + c[x] + 4) / 9);
  }
  return out;
}

// One ZXing pass; adds the QR texts it finds that are not in `codes` yet. A code whose finder
// patterns were found and its grid sampled, but whose error correction failed (ZXing's error
// result), is not a code: it marks the result's card_in_view. On the camera corpus no missed
// frame gives one (the finder of code-like regions sees those); kept for what the finder's size
// limits leave out (a code held nearer than arm's length).
void read_codes(const ZXing::ImageView& image, ZXing::Binarizer binarizer, DecodeResult& result) {
  ZXing::DecodeHints hints;
  hints.setFormats(ZXing::BarcodeFormat::QRCode);
  hints.setTryHarder(true);  // look for finder patterns on every row, not every few
  hints.setTryDownscale(false);
  hints.setBinarizer(binarizer);
  hints.setReturnErrors(true);
  for (const auto& found : ZXing::ReadBarcodes(image, hints)) {
    if (found.format() != ZXing::BarcodeFormat::QRCode) continue;
    result.card_in_view = true;
    if (!found.isValid()) continue;
    std::string text = found.text();
    if (std::find(result.codes.begin(), result.codes.end(), text) == result.codes.end())
      result.codes.push_back(std::move(text));
  }
}

// The code-like regions of a frame (scan/code_finder.h) read as crops: a crop is most often a
// small part of the frame, so it can be read at twice the size and with other preparations for
// less than the whole frame costs at once, without the clutter around the code. Each region with
// a margin around it for the code's quiet zone and the smear of motion.
constexpr std::size_t max_regions_read = 3;   // the largest ones: a card is one of the first
constexpr double crop_margin_share = 0.25;    // of the region's larger side
constexpr int min_crop_margin_px = 16;        // a quiet zone of 4 modules at 4 px
constexpr double crop_upscale_factor = 2.0;

GrayFrame cropped(const GrayFrame& frame, const Region& r) {
  const int margin = std::max(min_crop_margin_px, static_cast<int>(std::max(r.width, r.height) * crop_margin_share));
  const int x0 = std::max(0, r.x - margin), y0 = std::max(0, r.y - margin);
  const int x1 = std::min(frame.width, r.x + r.width + margin), y1 = std::min(frame.height, r.y + r.height + margin);
  return {frame.data + static_cast<std::ptrdiff_t>(y0) * frame.stride + x0, x1 - x0, y1 - y0, frame.stride};
}

// One way of reading a crop, and what it costs per pixel of the crop in multiples of what the
// first attempt took per pixel of the frame (from the whole-frame attempts' costs above: the
// contrast attempt 2.3, the 1.5x upscale 3.2 for 2.25 times the pixels).
struct CropWay {
  double cost_per_pixel;
  std::function<void(const GrayFrame& crop, DecodeResult& result)> read;
};

// Reads the regions' crops, each four ways, leaving out a way that would end past the budget as
// decode() leaves out an attempt (`ms_left()`; `first_ms_per_pixel` from the first attempt). What
// each adds (bench_scan --set hard --frames 200 --seed 4242, no budget): the whole-frame attempts
// read 71.0 %; with the contrast-normalised crop 74.5 %, at twice the size normalised 76.0 %, at
// twice the size as it comes 81.0 %; by ratio adds no frame without a budget but reads some
// sooner (79.5 -> 80.5 % within it). Tried and left out: the crop at 3x normalised, one global
// threshold on the crop (nothing more), an unsharp mask (radius 1-3 px: up to 2.5 points more
// with no budget, fewer within it). Every region found marks the result's card_in_view.
void read_regions(const GrayFrame& frame, DecodeResult& result, double first_ms_per_pixel,
                  const std::function<double()>& ms_left) {
  static const CropWay ways[] = {
      // Local contrast normalisation (as attempt 3 on the whole frame).
      {2.3, [](const GrayFrame& crop, DecodeResult& r) {
         read_codes(local_contrast(crop).view(), ZXing::Binarizer::LocalAverage, r);
       }},
      // At twice the size, then normalised: modules of 3 px smeared by motion get their finder
      // patterns' proportions back between pixels.
      {4 * 2.9, [](const GrayFrame& crop, DecodeResult& r) {
         const Image twice = upscaled(crop, crop_upscale_factor);
         read_codes(local_contrast(twice.frame()).view(), ZXing::Binarizer::LocalAverage, r);
       }},
      // At twice the size, as it comes.
      {4 * 1.4, [](const GrayFrame& crop, DecodeResult& r) {
         read_codes(upscaled(crop, crop_upscale_factor).view(), ZXing::Binarizer::LocalAverage, r);
       }},
      // By ratio to the neighbourhood's mean (as attempt 6), for a glare across the code.
      {1.6, [](const GrayFrame& crop, DecodeResult& r) {
         read_codes(local_ratio_threshold(crop).view(), ZXing::Binarizer::FixedThreshold, r);
       }},
  };
  const std::vector<Region> regions = find_code_regions(frame);
  if (!regions.empty()) result.card_in_view = true;
  for (std::size_t i = 0; i < std::min(regions.size(), max_regions_read); ++i) {
    const GrayFrame crop = cropped(frame, regions[i]);
    const double pixels = static_cast<double>(crop.width) * crop.height;
    for (const CropWay& way : ways) {
      if (way.cost_per_pixel * pixels * first_ms_per_pixel > ms_left()) continue;
      way.read(crop, result);
      if (!result.codes.empty()) return;
    }
  }
}

void run(const Attempt& attempt, const GrayFrame& frame, DecodeResult& result) {
  switch (attempt.prepare) {
    case Prepare::code_regions:
      return;  // decode() reads the regions itself, within its budget
    case Prepare::nothing:
      read_codes({frame.data, frame.width, frame.height, ZXing::ImageFormat::Lum, frame.stride}, attempt.binarizer,
                 result);
      return;
    case Prepare::global_threshold:
      read_codes(global_threshold(frame).view(), attempt.binarizer, result);
      return;
    case Prepare::local_ratio:
      read_codes(local_ratio_threshold(frame).view(), attempt.binarizer, result);
      return;
    case Prepare::local_contrast:
      read_codes(local_contrast(frame).view(), attempt.binarizer, result);
      return;
    case Prepare::upscale:
      read_codes(upscaled(frame, upscale_factor).view(), attempt.binarizer, result);
      return;
    case Prepare::box_mean_3x3:
      read_codes(box_mean_3x3(frame).view(), attempt.binarizer, result);
      return;
  }
}

}  // namespace

DecodeResult FrameDecoder::decode(const GrayFrame& frame) const {
  DecodeResult result;
  const auto start = Clock::now();
  if (!frame.data || frame.width <= 0 || frame.height <= 0 || frame.stride < frame.width) return result;
  // The first attempt always runs; what it took says what the others will take on this frame and
  // this machine, and an attempt that would end past the budget is left out.
  double first_ms = 0;
  bool regions_looked_for = false;
  for (const Attempt& attempt : attempts) {
    if (result.passes > 0 && ms_since(start) + attempt.cost * first_ms > options_.budget_ms) continue;
    const auto attempt_start = Clock::now();
    if (attempt.prepare == Prepare::code_regions) {
      const double frame_pixels = static_cast<double>(frame.width) * frame.height;
      read_regions(frame, result, first_ms / frame_pixels, [&] { return options_.budget_ms - ms_since(start); });
      regions_looked_for = true;
    } else {
      run(attempt, frame, result);
    }
    if (++result.passes == 1) first_ms = ms_since(attempt_start);
    if (!result.codes.empty()) break;
  }
  // A frame not read: is a code in view all the same (the camera's "hold it still")?
  if (!result.card_in_view && !regions_looked_for) result.card_in_view = !find_code_regions(frame).empty();
  result.elapsed_ms = ms_since(start);
  return result;
}

}  // namespace marshal::scan
