#pragma once
// QR codes as vectors (libqrencode): error correction M, the text in alphanumeric mode, dark
// modules merged into horizontal runs and filled as one path, with a quiet zone of 4 modules
// kept clear. A 17-character card code is a version 1 symbol (21 x 21 modules).
#include <string>
#include <vector>

#include <cairo.h>

#include "printables/geometry.h"

namespace marshal::printables {

inline constexpr int quiet_zone_modules = 4;
inline constexpr double min_module_mm = 0.5;

struct QrMatrix {
  int size = 0;                 // modules per side, without the quiet zone
  std::vector<bool> dark;       // size * size, row by row
  bool at(int x, int y) const { return dark[static_cast<std::size_t>(y * size + x)]; }
};

// Throws std::runtime_error when libqrencode cannot encode the text.
QrMatrix encode_qr(const std::string& text);

// The side of the square a code takes, quiet zone included, at a module size.
inline double qr_side_mm(const QrMatrix& qr, double module_mm) {
  return (qr.size + 2 * quiet_zone_modules) * module_mm;
}

// Draws the code with its top-left quiet-zone corner at (x, y) mm: a white square for the
// quiet zone, then the dark runs as one black fill.
void draw_qr(cairo_t* cr, const QrMatrix& qr, double x_mm, double y_mm, double module_mm);

}  // namespace marshal::printables
