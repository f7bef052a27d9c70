#include "scan/frame_decoder.h"

#include "scan/code_finder.h"
#include "scan/frame_filters.h"
#include "scan/motion_deblur.h"
#include "scan/pixel_buffer.h"

#include <ZXing/ReadBarcode.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace marshal::scan {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// How an attempt prepares the frame before ZXing reads it.
enum class Prepare {
  nothing,
  code_regions,
  deblurred_regions,
  deblurred_regions_aside,
  global_threshold,
  local_ratio,
  local_contrast,
  upscale,
  box_mean_3x3
};

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
    // 2. The code-like regions (scan/code_finder.h) as crops, each read several ways within the
    //    budget (read_regions, which leaves out a way that would end past it): of the frames the
    //    whole-frame attempts miss, the most: hard frames 71.0 -> 81.0 % with no budget. The cost
    //    here is the least it takes (the finder, a small crop's first way).
    {Prepare::code_regions, ZXing::Binarizer::LocalAverage, 0.3},
    // 3. The three largest regions' crops deblurred along the card's motion
    //    (read_deblurred_regions), every region's cheap ways first: hard frames 81.0 -> 86.5 %
    //    with no budget (bench_scan --set hard --frames 200; seed 4242: 81.0 -> 89.5 %), and
    //    within it 79.0 -> 85.0 % (80.0 -> 89.5 %). After the whole frame normalised (attempt 4) it read 2.5 points fewer within
    //    the budget. Stop 60: four travels instead of three, and each deblurred crop read
    //    contrast-normalised too; with 3b below, with no budget 86.3 -> 91.3 % (--set
    //    hard --frames 300; seed 4242: 89.0 -> 92.3 %). Of the 41 frames in 300 it missed, the
    //    normalised reads alone read 5, the travels a pixel apart 7 more, the directions 3 more.
    //    Stop 61: the deconvolution 1.7 times as fast and the travels ordered from the smear
    //    (travels_to_try), within a 30 fps budget 88.8-89.0 -> 90.6-90.8 % (--frames 500).
    {Prepare::deblurred_regions, ZXing::Binarizer::LocalAverage, 0.3},
    // 3b. The crops deblurred again along directions either side of the one estimated
    //    (motion_directions_aside_degrees): the estimate is off by a few degrees on a code seen
    //    askew or glared. Twice attempt 3's time; last of all it read 0.8 points fewer of the
    //    hard set within a 30 fps budget (bench_scan --set hard --frames 500).
    {Prepare::deblurred_regions_aside, ZXing::Binarizer::LocalAverage, 0.3},
    // 4. Local contrast normalisation (issue 31's webcam in a dim saloon: glare, half the light,
    //    motion): of what the first attempt misses it reads the most, alone 108 of 200 hard
    //    camera frames against the first attempt's 93, at 2.3 times its time.
    {Prepare::local_contrast, ZXing::Binarizer::LocalAverage, 2.3},
    // 5. One threshold for the whole frame, halfway between its darkest and lightest 1 %. In dim
    //    light and low contrast the local-average binarizer takes its 8 x 8 blocks for flat, and
    //    elsewhere follows the sensor noise from block to block; one threshold does neither.
    {Prepare::global_threshold, ZXing::Binarizer::FixedThreshold, 0.7},
    // 6. The frame at one and a half times the size (bilinear). Modules of 2 or 3 pixels,
    //    softened by blur, lose their finder patterns' 1:1:3:1:1 proportions on the pixel grid;
    //    interpolated, the binarizer puts edges between pixels: the most frames no other attempt
    //    reads (16 of 200 hard camera frames), at 3.2 times the first attempt's time. At 1.75 or 2
    //    times it found 1 or 2 frames in 100 more, at 4 to 7 times the time.
    {Prepare::upscale, ZXing::Binarizer::LocalAverage, 3.2},
    // 7. A local threshold by ratio to the neighbourhood's mean: under glare the one threshold of
    //    attempt 5 is wrong on one side of the spot (4 of 200 hard camera frames only it reads).
    {Prepare::local_ratio, ZXing::Binarizer::FixedThreshold, 1.6},
    // 8. Each pixel the mean of its 3 x 3 neighbourhood, against sensor noise. Finds the fewest,
    //    so it comes last and runs only when the budget still allows.
    {Prepare::box_mean_3x3, ZXing::Binarizer::LocalAverage, 1.3},
};

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
// The largest regions are read (a card's code is one of the first) and, of those, fewer are
// deblurred (each costs several times as much). A card's lines of print make up to three regions
// larger than its code: easy frame 287 of bench_scan's camera corpus had its code fourth, and was
// read only by the whole-frame attempts, past a 30 fps budget, after the three were deblurred
// (stop 61; with four read the easy set is read whole within the budget, the hard set as before).
constexpr std::size_t max_regions_read = 4;
constexpr std::size_t max_regions_deblurred = 3;
constexpr double crop_margin_share = 0.25;   // of the region's larger side
constexpr int min_crop_margin_px = 16;       // a quiet zone of 4 modules at 4 px
constexpr double crop_upscale_factor = 2.0;
// A region larger than the largest code's (largest_code_region_px, scan/code_finder.h) is read
// no way: such crops read no code on bench_scan's camera corpus, and reading them took the time of
// the whole-frame attempts after them (an easy frame in 500 went unread within the budget behind
// three large patches of clutter).

GrayFrame cropped(const GrayFrame& frame, const Region& r) {
  const int margin = std::max(min_crop_margin_px,
                              static_cast<int>(std::max(r.width, r.height) * crop_margin_share));
  const int x0 = std::max(0, r.x - margin), y0 = std::max(0, r.y - margin);
  const int x1 = std::min(frame.width, r.x + r.width + margin),
            y1 = std::min(frame.height, r.y + r.height + margin);
  return {frame.data + static_cast<std::ptrdiff_t>(y0) * frame.stride + x0, x1 - x0, y1 - y0,
          frame.stride};
}

// A region's crop and what its ways of reading share, each made when a way first asks for it.
class Crop {
 public:
  Crop(const GrayFrame& frame, const Region& region)
      : region_(region), pixels_(cropped(frame, region)) {}
  const Region& region() const { return region_; }
  const GrayFrame& pixels() const { return pixels_; }
  double pixel_count() const { return static_cast<double>(pixels_.width) * pixels_.height; }
  // What turned() makes of it: a square of its larger side.
  double square_pixel_count() const {
    const double side = std::max(pixels_.width, pixels_.height);
    return side * side;
  }
  GrayFrame twice() {
    if (!twice_) twice_.emplace(upscaled(pixels_, crop_upscale_factor));
    return twice_->frame();
  }
  // Turned so that the card's motion, as estimated and then `off_degrees` from it, runs along the
  // rows (scan/motion_deblur.h). Each turn is kept: it is read with every travel.
  GrayFrame straightened(double off_degrees) {
    if (!motion_degrees_) motion_degrees_ = motion_direction_degrees(pixels_);
    for (const auto& [off, pixels] : turns_)
      if (off == off_degrees) return pixels.frame();
    turns_.emplace_back(off_degrees, turned(pixels_, *motion_degrees_ + off_degrees));
    return turns_.back().second.frame();
  }
  // The travels to try, in order (scan/motion_deblur.h), from the crop turned along its motion.
  const std::array<double, motion_lengths_px.size()>& travels() {
    if (!travels_) travels_ = travels_to_try(straightened(0));
    return *travels_;
  }

 private:
  Region region_;
  GrayFrame pixels_;
  std::optional<PixelBuffer> twice_;
  std::optional<double> motion_degrees_;
  std::vector<std::pair<double, PixelBuffer>> turns_;  // by the offset from the estimate
  std::optional<std::array<double, motion_lengths_px.size()>> travels_;
};

// A region larger than max_deblurred_region_px is not deblurred (worth_deblurring): the
// deconvolution's time grows with the square of the side, and bench_scan read no code from them
// (measured on crops: 240 px with their margins).
constexpr int max_deblurred_region_px = 160;
// Nor a region much longer than it is wide: a code's region is square but for the perspective
// and the smear (up to 1.35 on bench_scan's hard frames, in 8 px cells); a card's lines of print
// give long ones, and deblurring them took the time that easy frames needed for the
// whole-frame attempts (2 of 500 packet:easy frames went unread within the budget).
constexpr double max_deblurred_region_aspect = 1.5;

bool worth_deblurring(const Region& r) {
  const int longer = std::max(r.width, r.height), shorter = std::min(r.width, r.height);
  return longer <= max_deblurred_region_px && longer <= max_deblurred_region_aspect * shorter;
}

// What the attempts on one frame share: what an attempt that reads parts of the frame may spend
// (the first attempt's time a pixel of the frame, of which any other reading of a pixel costs a
// multiple, and the budget's time left), the frame's code-like regions once looked for, and the
// crops of the largest, made once for the attempts that read them (each crop keeps what it made:
// its upscale, its motion's direction and its turns).
struct FrameWork {
  const GrayFrame& frame;
  double first_ms_per_pixel = 0;
  std::function<double()> ms_left;
  std::optional<std::vector<Region>> regions;
  std::optional<std::vector<Crop>> region_crops;

  const std::vector<Region>& code_regions() {
    if (!regions) regions = find_code_regions(frame);
    return *regions;
  }
  // The crops of the max_regions_read largest regions, largest first.
  std::vector<Crop>& crops() {
    if (!region_crops) {
      region_crops.emplace();
      const std::vector<Region>& found = code_regions();
      for (std::size_t i = 0; i < std::min(found.size(), max_regions_read); ++i)
        region_crops->emplace_back(frame, found[i]);
    }
    return *region_crops;
  }
};

// The crop with a travel of `length_px` undone, read as it comes, then at twice the size, then
// both contrast-normalised (the deconvolution leaves the glare and the dim light as they were).
void read_deblurred(Crop& crop, double off_degrees, double length_px, DecodeResult& result) {
  const PixelBuffer sharp = deblurred_along_rows(crop.straightened(off_degrees), length_px);
  const PixelBuffer twice = upscaled(sharp.frame(), crop_upscale_factor);
  for (const GrayFrame& image : {sharp.frame(), twice.frame()}) {
    read_codes(view_of(image), ZXing::Binarizer::LocalAverage, result);
    if (!result.codes.empty()) return;
  }
  for (const GrayFrame& image : {sharp.frame(), twice.frame()}) {
    read_codes(local_contrast(image).view(), ZXing::Binarizer::LocalAverage, result);
    if (!result.codes.empty()) return;
  }
}

// One way of reading a crop, and what it costs per pixel of the crop in multiples of what the
// first attempt took per pixel of the frame (from the whole-frame attempts' costs above: the
// contrast attempt 2.3, the 1.5x upscale 3.2 for 2.25 times the pixels).
struct CropWay {
  double cost_per_pixel;
  void (*read)(Crop& crop, DecodeResult& result);
};

// The ways of reading a crop (the decoder's second attempt), in the order of what they read.
// What each adds (bench_scan --set hard --frames 200 --seed 4242, no budget): the whole-frame
// attempts read 71.0 %; with the contrast-normalised crop 74.5 %, at twice the size normalised
// 76.0 %, at twice the size as it comes 81.0 %; by ratio adds no frame without a budget but reads
// some sooner (79.5 -> 80.5 % within it). Tried and left out: the crop at 3x normalised, one
// global threshold on the crop (nothing more), an unsharp mask (radius 1-3 px: up to 2.5 points
// more with no budget, fewer within it).
constexpr CropWay crop_ways[] = {
    // Local contrast normalisation (as attempt 4 on the whole frame).
    {2.3,
     [](Crop& crop, DecodeResult& r) {
       read_codes(local_contrast(crop.pixels()).view(), ZXing::Binarizer::LocalAverage, r);
     }},
    // At twice the size, then normalised: modules of 3 px smeared by motion get their finder
    // patterns' proportions back between pixels.
    {4 * 2.9,
     [](Crop& crop, DecodeResult& r) {
       read_codes(local_contrast(crop.twice()).view(), ZXing::Binarizer::LocalAverage, r);
     }},
    // At twice the size, as it comes.
    {4 * 1.4,
     [](Crop& crop, DecodeResult& r) {
       read_codes(view_of(crop.twice()), ZXing::Binarizer::LocalAverage, r);
     }},
    // By ratio to the neighbourhood's mean (as attempt 7), for a glare across the code.
    {1.6,
     [](Crop& crop, DecodeResult& r) {
       read_codes(local_ratio_threshold(crop.pixels()).view(), ZXing::Binarizer::FixedThreshold, r);
     }},
};

// The card's motion undone (scan/motion_deblur.h; the decoder's third attempt). The cost of one
// travel, a pixel of the turned crop (the square of its larger side): 20 Richardson-Lucy
// iterations and four reads took 16-44 times the first attempt's time a pixel (quartiles 22, 29
// and 34, the highest with the crop's turn; bench_scan --set hard --frames 100, 245 travels
// timed, stop 61). The third quartile: a travel is left out when it would likely end past the
// budget, and one that overruns its estimate does so by a few tenths of a millisecond.
constexpr double deblur_cost = 34;

// The direction of attempt 3: the estimate itself (3b: motion_directions_aside_degrees).
constexpr std::array<double, 1> as_estimated{0};

// Each travel in turn over every region, not every travel over one region and then the next: the
// largest region is often the card's printed lines, not its code, and within the budget the code
// would get no travel at all. Likewise each travel over every direction before the next travel:
// a crop's likeliest travels come first (travels_to_try).
void read_deblurred_regions(FrameWork& work, std::span<const double> offsets_degrees, DecodeResult& result) {
  if (!work.code_regions().empty()) result.card_in_view = true;
  const std::span<Crop> largest =
      std::span(work.crops()).first(std::min(work.crops().size(), max_regions_deblurred));
  for (std::size_t t = 0; t < motion_lengths_px.size(); ++t)
    for (const double off : offsets_degrees)
      for (Crop& crop : largest) {
        if (!worth_deblurring(crop.region())) continue;
        if (deblur_cost * crop.square_pixel_count() * work.first_ms_per_pixel > work.ms_left()) continue;
        read_deblurred(crop, off, crop.travels()[t], result);
        if (!result.codes.empty()) return;
      }
}

// Reads the crops of the largest regions `ways`, leaving out a way that would end past the budget
// as decode() leaves out an attempt. Every region found marks the result's card_in_view.
void read_regions(FrameWork& work, std::span<const CropWay> ways, DecodeResult& result) {
  if (!work.code_regions().empty()) result.card_in_view = true;
  for (Crop& crop : work.crops()) {
    if (std::max(crop.region().width, crop.region().height) > largest_code_region_px) continue;
    for (const CropWay& way : ways) {
      if (way.cost_per_pixel * crop.pixel_count() * work.first_ms_per_pixel > work.ms_left()) continue;
      way.read(crop, result);
      if (!result.codes.empty()) return;
    }
  }
}

void run(const Attempt& attempt, FrameWork& work, DecodeResult& result) {
  const GrayFrame& frame = work.frame;
  switch (attempt.prepare) {
    case Prepare::code_regions:
      read_regions(work, crop_ways, result);
      return;
    case Prepare::deblurred_regions:
      read_deblurred_regions(work, as_estimated, result);
      return;
    case Prepare::deblurred_regions_aside:
      read_deblurred_regions(work, motion_directions_aside_degrees, result);
      return;
    case Prepare::nothing:
      read_codes(view_of(frame), attempt.binarizer, result);
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

DecodeResult FrameDecoder::decode(const GrayFrame& frame, double budget_ms) const {
  DecodeResult result;
  const auto start = Clock::now();
  if (!frame.data || frame.width <= 0 || frame.height <= 0 || frame.stride < frame.width)
    return result;
  // The first attempt always runs; what it took says what the others will take on this frame and
  // this machine, and an attempt that would end past the budget is left out.
  double first_ms = 0;
  FrameWork work{frame, 0, [&] { return budget_ms - ms_since(start); }, std::nullopt, std::nullopt};
  for (const Attempt& attempt : attempts) {
    if (result.passes > 0 && ms_since(start) + attempt.cost * first_ms > budget_ms)
      continue;
    const auto attempt_start = Clock::now();
    run(attempt, work, result);
    if (++result.passes == 1) {
      first_ms = ms_since(attempt_start);
      work.first_ms_per_pixel = first_ms / (static_cast<double>(frame.width) * frame.height);
    }
    if (!result.codes.empty()) break;
  }
  // A frame not read: is a code in view all the same (the camera's "hold it still")?
  if (!result.card_in_view && !work.regions) result.card_in_view = !work.code_regions().empty();
  result.elapsed_ms = ms_since(start);
  return result;
}

}  // namespace marshal::scan
