#pragma once
// Text laid out with pango (at 72 dpi, so a point is a point) inside a box, shrunk to fit down
// to a floor size. Text that still does not fit is refused: the caller names the card.
#include <string>

#include <cairo.h>

#include "printables/geometry.h"

namespace marshal::printables {

enum class Align { left, center, right };

struct TextStyle {
  std::string family = "DejaVu Serif";
  double size_pt = 10;
  double min_size_pt = 6;  // the floor: below this, the text is refused
  bool bold = false;
  bool italic = false;
  Align align = Align::left;
  bool vertical_center = false;
  double r = 0, g = 0, b = 0;
};

struct TextFit {
  bool fits = false;
  double size_pt = 0;   // the size used
  double height_mm = 0; // the height the text took
};

// Lays out `text` (plain, not markup) in `box`; draws it when it fits (draw = true).
TextFit fit_text(cairo_t* cr, const std::string& text, const TextStyle& style, const Box& box,
                 bool draw = true);

}  // namespace marshal::printables
