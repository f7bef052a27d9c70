#pragma once
// Where a QR code may be in a frame the decoder could not read: a card waved too fast, under a
// lamp's glare, in dim light. ZXing finds nothing at all in such frames (not even an unreadable
// code: its finder patterns are gone), yet the code's dense pattern of modules still shows as a
// patch where every few pixels change. The camera's "hold it still" hint is shown on it.
#include <vector>

#include "scan/frame_decoder.h"

namespace marshal::scan {

// Side of the square cells the frame is measured in (pixels): two modules or so at the 3-5 px a
// module a webcam gives a card at arm's length.
inline constexpr int code_cell_px = 8;
// A cell is busy when its pixels' spread (standard deviation, grey levels) is at least this many
// times the frame's typical cell's (its noise and flat surfaces), and at least
// min_busy_spread: a dim, blurred code keeps about a third of a sharp one's spread.
inline constexpr double busy_over_typical = 2.5;
inline constexpr double min_busy_spread = 8;
// A code is a square of busy cells: at least busy_share of every code_window_cells square of
// cells in it is busy (a QR code's finder centres are flat, a cell or two each).
inline constexpr int code_window_cells = 5;  // 40 px: within the smallest code's 63 px side
inline constexpr double busy_share = 0.8;
// A card's code at arm's length is a region between these sides (pixels). The smallest, 21
// modules of 3 px, is 63 px wide; smaller patches are where a few edges of the table's clutter
// meet. The largest, 21 modules of 5 px turned 45 degrees and smeared by the card's motion, is
// under 200; larger ones are a textured cloth, a screen, a page of print.
inline constexpr int min_code_region_px = 48;
inline constexpr int max_code_region_px = 320;
// The largest region a code of 3-5 px modules gives (pixels, its larger side): the decoder reads
// no larger region as a crop (frame_decoder.cpp); the hint still takes them, up to
// max_code_region_px, for a code held nearer.
inline constexpr int largest_code_region_px = 200;

struct Region {
  int x = 0, y = 0, width = 0, height = 0;  // pixels, in the frame
};

// The patches of the frame that look like a QR code, largest first. Cheap: one pass over the
// frame's pixels, then work on its cells (160 x 90 at 1280 x 720).
std::vector<Region> find_code_regions(const GrayFrame& frame);

}  // namespace marshal::scan
