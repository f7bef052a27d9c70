#pragma once
// Lengths on paper. Everything printables lays out is in millimetres; cairo's PDF surface works
// in points (1/72 inch), converted only where drawing happens.
namespace marshal::printables {

inline constexpr double points_per_mm = 72.0 / 25.4;
inline constexpr double pt(double mm) { return mm * points_per_mm; }

struct Box {
  double x = 0, y = 0, w = 0, h = 0;  // mm, from the page's top-left corner
  double right() const { return x + w; }
  double bottom() const { return y + h; }
  bool contains(const Box& inner) const {
    const double eps = 1e-6;
    return inner.x >= x - eps && inner.y >= y - eps && inner.right() <= right() + eps &&
           inner.bottom() <= bottom() + eps;
  }
  Box inset(double d) const { return {x + d, y + d, w - 2 * d, h - 2 * d}; }
};

enum class Paper { a4, letter };
struct PaperSize {
  double w, h;  // mm
};
inline PaperSize size_of(Paper paper) {
  return paper == Paper::a4 ? PaperSize{210.0, 297.0} : PaperSize{215.9, 279.4};
}

}  // namespace marshal::printables
