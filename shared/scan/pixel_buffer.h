#pragma once
// Grey pixels the decoder makes from a frame (normalised, upscaled, deblurred), rows packed
// (stride = width), and their views for the next step and for ZXing.
#include <ZXing/ImageView.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "scan/frame_decoder.h"

namespace marshal::scan {

struct PixelBuffer {
  int width;
  int height;
  std::unique_ptr<std::uint8_t[]> pixels;

  PixelBuffer(int w, int h)
      : width(w),
        height(h),
        pixels(std::make_unique_for_overwrite<std::uint8_t[]>(static_cast<std::size_t>(w) *
                                                              static_cast<std::size_t>(h))) {}
  std::uint8_t* row(int y) { return pixels.get() + static_cast<std::ptrdiff_t>(y) * width; }
  GrayFrame frame() const { return {pixels.get(), width, height, width}; }
  ZXing::ImageView view() const { return {pixels.get(), width, height, ZXing::ImageFormat::Lum}; }
};

// A frame (any stride) as ZXing reads it.
inline ZXing::ImageView view_of(const GrayFrame& frame) {
  return {frame.data, frame.width, frame.height, ZXing::ImageFormat::Lum, frame.stride};
}

inline const std::uint8_t* row_of(const GrayFrame& frame, int y) {
  return frame.data + static_cast<std::ptrdiff_t>(y) * frame.stride;
}

}  // namespace marshal::scan
