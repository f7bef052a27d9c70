#pragma once
// A card that moved while the shutter was open: every point of it smeared along one line, the
// same for the whole card (a box blur of the card's travel, 3-7 px in issue 31's webcam frames,
// over modules of 3-5 px). Undone on a crop around the code, not the whole frame:
// 1. the direction: a QR code's edges run both ways equally, so whatever direction the crop's
//    gradients are weakest in is the motion's (the structure tensor's smaller eigenvector);
// 2. the crop turned so that the motion runs along its rows (ZXing reads a code at any angle);
// 3. Richardson-Lucy along the rows with a box of the travel's length, which is not known: the
//    decoder tries a few (motion_lengths_px).
// Measured on bench_scan's hard camera frames that every other attempt missed (docs/scanning.md).
#include <array>

#include "scan/frame_decoder.h"
#include "scan/pixel_buffer.h"

namespace marshal::scan {

// The travels tried, shortest first (pixels): issue 31's 3-7 px, a step apart that the
// deconvolution tolerates (a box 1.5 px off still read most frames that its true length read).
inline constexpr std::array<double, 3> motion_lengths_px{3.5, 5.0, 6.5};
// Richardson-Lucy iterations (bench_scan --set hard --frames 200, two seeds: 10, 15, 20 and 25
// read within a frame or two of each other, 20 the most in all; 5 fewer, 30 and 40 fewer still).
inline constexpr int deblur_iterations = 20;

// The direction the crop was smeared in, in degrees from the x axis (0-180, y down).
double motion_direction_degrees(const GrayFrame& crop);

// The crop turned by `degrees` (so that a smear in that direction runs along the rows), on a
// square of its larger side, edges repeated.
PixelBuffer turned(const GrayFrame& crop, double degrees);

// `image` with a smear of `length_px` (1 px or more) along its rows undone (Richardson-Lucy,
// `iterations`).
PixelBuffer deblurred_along_rows(const GrayFrame& image, double length_px,
                                 int iterations = deblur_iterations);

}  // namespace marshal::scan
