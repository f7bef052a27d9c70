#pragma once
// A card that moved while the shutter was open: every point of it smeared along one line, the
// same for the whole card (a box blur of the card's travel, 3-7 px in issue 31's webcam frames,
// over modules of 3-5 px). Undone on a crop around the code, not the whole frame:
// 1. the direction: a QR code's edges run both ways equally, so whatever direction the crop's
//    gradients are weakest in is the motion's (the structure tensor's smaller eigenvector);
// 2. the crop turned so that the motion runs along its rows (ZXing reads a code at any angle);
// 3. Richardson-Lucy along the rows with a box of the travel's length, which is not known: the
//    decoder tries a few (motion_lengths_px), along the estimated direction, then a few degrees
//    either side of it (motion_directions_aside_degrees).
// Measured on bench_scan's hard camera frames that every other attempt missed (docs/scanning.md).
#include <array>

#include "scan/frame_decoder.h"
#include "scan/pixel_buffer.h"

namespace marshal::scan {

// The travels tried, in this order (pixels): issue 31's 3-7 px, a pixel apart. A box 1.5 px off
// still reads some frames its true length reads, most of them only with the crop read at twice
// its size after it; shorter smears are read by the attempts before the deblurring. The middle
// ones first: they read the most of what the other attempts miss (bench_scan --set hard).
inline constexpr std::array<double, 4> motion_lengths_px{5.0, 6.0, 4.0, 7.0};
// The directions tried after the estimated one, from it (degrees), in this order: the estimate is
// off by a few degrees on a code seen askew or under glare, and a box smeared along the wrong line
// leaves the modules' edges soft.
inline constexpr std::array<double, 2> motion_directions_aside_degrees{-3, 3};
// The travels in the order to try them on `straightened` (a crop turned so that its smear runs
// along the rows): 7, 6, 5, 4 px when the smear looks long, 6, 5, 7, 4 when it looks middling,
// else motion_lengths_px. The smear's length shows in the rows' gradient: along a box of L pixels
// it is the sharp row minus itself shifted L pixels (over L), so its autocorrelation is most
// negative at lag L. The code's own modules pull that lag too (3-5 px
// apart), so it tells a long smear (7 px) from a short one (4), not 4 from 5.
std::array<double, motion_lengths_px.size()> travels_to_try(const GrayFrame& straightened);

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
