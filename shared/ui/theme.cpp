#include "ui/theme.h"

namespace marshal::ui {

wxFont font(int points, bool bold) {
  return wxFont(wxFontInfo(points).Family(wxFONTFAMILY_SWISS).Weight(bold ? wxFONTWEIGHT_BOLD : wxFONTWEIGHT_NORMAL));
}

void apply(wxWindow* window) {
  window->SetBackgroundColour(paper);
  window->SetForegroundColour(ink);
}

}  // namespace marshal::ui
