#include "ui/theme.h"

#include <algorithm>
#include <cmath>

#include <wx/gdicmn.h>

namespace marshal::ui {

wxFont font(int points, bool bold) {
  return wxFont(wxFontInfo(points).Family(wxFONTFAMILY_SWISS).Weight(bold ? wxFONTWEIGHT_BOLD : wxFONTWEIGHT_NORMAL));
}

double pixels(int points) { return points * wxGetDisplayPPI().y / 72.0; }

namespace {
double channel(unsigned char value) {
  double c = value / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
double luminance(const wxColour& c) {
  return 0.2126 * channel(c.Red()) + 0.7152 * channel(c.Green()) + 0.0722 * channel(c.Blue());
}
}  // namespace

double contrast_ratio(const wxColour& a, const wxColour& b) {
  double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

void apply(wxWindow* window) {
  window->SetBackgroundColour(paper);
  window->SetForegroundColour(ink);
}

}  // namespace marshal::ui
