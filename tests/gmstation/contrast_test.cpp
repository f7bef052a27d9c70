// The colours of the GM station and the kiosk against what they stand on: 7:1 or better (WCAG's
// contrast ratio, shared/ui/theme.h), read at arm's length in a dim saloon.
#include <catch2/catch.hpp>

#include "kiosk/frame_style.h"
#include "ui/theme.h"

using namespace marshal;

TEST_CASE("the contrast ratio follows WCAG's formula", "[ui][contrast]") {
  CHECK(ui::contrast_ratio(*wxBLACK, *wxWHITE) == Approx(21.0));
  CHECK(ui::contrast_ratio(*wxWHITE, *wxWHITE) == Approx(1.0));
  CHECK(ui::contrast_ratio(wxColour(119, 119, 119), *wxWHITE) == Approx(4.48).margin(0.01));  // WCAG's own example
}

TEST_CASE("every colour pair of the theme reads at 7:1 or better", "[ui][contrast]") {
  struct Pair {
    const char* what;
    wxColour text, ground;
  };
  const Pair pairs[] = {
      {"ink on paper", ui::ink, ui::paper},
      {"a refusal on paper", ui::refusal_red, ui::paper},
      {"a record on paper", ui::accepted_green, ui::paper},
      {"provisional on paper", ui::provisional_amber, ui::paper},
      {"the offline banner", *wxWHITE, ui::offline_banner},
      {"ink in the waiting card field", ui::ink, ui::waiting_yellow},
      {"ink in a field kept for correction", ui::ink, ui::mistyped_pink},
      {"the kiosk's refusal", *wxWHITE, kiosk::style::refusal_background},
      {"the kiosk's done", *wxWHITE, kiosk::style::done_background},
  };
  for (const auto& p : pairs) {
    INFO(p.what << ": " << ui::contrast_ratio(p.text, p.ground));
    CHECK(ui::contrast_ratio(p.text, p.ground) >= 7.0);
  }
}
