#pragma once
// The look both apps share: large type and high contrast, for a noisy saloon at arm's length.
#include <wx/colour.h>
#include <wx/font.h>
#include <wx/window.h>

namespace marshal::ui {

wxFont font(int points, bool bold = false);
// Sizes in points; at the 96 dots per inch of a station's screen a point is 4/3 px.
// The smallest text a station shows: 14 pt = 18.7 px, read at arm's length at 1024 x 600.
inline constexpr int body_points = 14;
// A recorded result, the banner two players read from where they stand: 24 pt = 32 px.
inline constexpr int banner_points = 24;
// The height in pixels of `points` on this screen (its dots per inch).
double pixels(int points);
// Every colour is 7:1 or better against what it stands on (WCAG's "AAA" contrast; the tests
// check each pair with contrast_ratio), and never the only signal: the words say it too.
inline const wxColour ink{20, 20, 20};            // on paper: 17:1
inline const wxColour paper{250, 246, 236};
inline const wxColour refusal_red{150, 0, 0};      // on paper: 8.4:1
inline const wxColour accepted_green{10, 90, 30};  // on paper: 7.8:1
inline const wxColour offline_banner{150, 0, 0};   // white text on it: 9:1
inline const wxColour provisional_amber{120, 62, 0};  // a dark amber, on paper: 7.8:1 (was 3.8:1)
// The field the next scan goes to (with ink on it: 15:1).
inline const wxColour waiting_yellow{255, 236, 140};
// A typed code with a mistake, kept in the field for correction (with ink on it: 14:1).
inline const wxColour mistyped_pink{255, 205, 205};

// WCAG 2's contrast ratio of two colours, 1 to 21 (relative luminance of sRGB).
double contrast_ratio(const wxColour& a, const wxColour& b);

// Paper background and ink text, applied to a window and its children.
void apply(wxWindow* window);

}  // namespace marshal::ui
