#include "scan/frame_decoder.h"

#include <ZXing/ReadBarcode.h>

#include <algorithm>

namespace marshal::scan {

namespace {

using Clock = std::chrono::steady_clock;

// The attempts, cheapest and most likely first.
struct Attempt {
  ZXing::Binarizer binarizer;
  bool try_harder;
  std::uint8_t downscale;  // 0: ZXing's default pyramid; otherwise a fixed factor
};

const Attempt attempts[] = {
    {ZXing::Binarizer::LocalAverage, true, 0},
    {ZXing::Binarizer::GlobalHistogram, true, 0},
    {ZXing::Binarizer::LocalAverage, true, 2},
    {ZXing::Binarizer::FixedThreshold, true, 0},
    {ZXing::Binarizer::GlobalHistogram, true, 3},
};

}  // namespace

DecodeResult FrameDecoder::decode(const GrayFrame& frame) const {
  DecodeResult result;
  auto start = Clock::now();
  if (!frame.data || frame.width <= 0 || frame.height <= 0 || frame.stride < frame.width) return result;
  ZXing::ImageView image(frame.data, frame.width, frame.height, ZXing::ImageFormat::Lum, frame.stride);
  for (const Attempt& attempt : attempts) {
    double spent = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (result.passes > 0 && spent >= options_.budget_ms) break;
    ZXing::DecodeHints hints;
    hints.setFormats(ZXing::BarcodeFormat::QRCode);
    hints.setTryHarder(attempt.try_harder);
    hints.setTryRotate(true);
    hints.setBinarizer(attempt.binarizer);
    if (attempt.downscale > 0) {
      hints.setDownscaleFactor(attempt.downscale);
      hints.setDownscaleThreshold(100);
    }
    ++result.passes;
    for (const auto& found : ZXing::ReadBarcodes(image, hints)) {
      if (!found.isValid()) continue;
      std::string text = found.text();
      if (std::find(result.codes.begin(), result.codes.end(), text) == result.codes.end())
        result.codes.push_back(text);
    }
    if (!result.codes.empty()) break;
  }
  result.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return result;
}

}  // namespace marshal::scan
