#pragma once
// How the decoder prepares a frame (or a crop of it) for ZXing when ZXing's own binarizer on the
// pixels as they come reads nothing: each returns new pixels, the input untouched. Why each one
// exists, and what it reads that the others miss, is in frame_decoder.cpp's table of attempts.
#include "scan/frame_decoder.h"
#include "scan/pixel_buffer.h"

namespace marshal::scan {

// Black or white by one threshold halfway between the frame's darkest and lightest 1 %.
PixelBuffer global_threshold(const GrayFrame& frame);
// The frame `factor` times as wide and high, bilinear.
PixelBuffer upscaled(const GrayFrame& frame, double factor);
// Black where a pixel is darker than its neighbourhood's mean by a share of it.
PixelBuffer local_ratio_threshold(const GrayFrame& frame);
// Each pixel's distance from its neighbourhood's mean in units of its spread, around mid-grey.
PixelBuffer local_contrast(const GrayFrame& frame);
// Each pixel the mean of its 3 x 3 neighbourhood.
PixelBuffer box_mean_3x3(const GrayFrame& frame);

}  // namespace marshal::scan
