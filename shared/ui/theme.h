#pragma once
// The look both apps share: large type and high contrast, for a noisy saloon at arm's length.
#include <wx/colour.h>
#include <wx/font.h>
#include <wx/window.h>

namespace marshal::ui {

wxFont font(int points, bool bold = false);
inline const wxColour ink{20, 20, 20};
inline const wxColour paper{250, 246, 236};
inline const wxColour refusal_red{170, 20, 20};
inline const wxColour accepted_green{20, 110, 40};
inline const wxColour offline_banner{200, 30, 30};
inline const wxColour provisional_amber{180, 110, 0};
// The field the next scan goes to (with ink on it: 17:1).
inline const wxColour waiting_yellow{255, 236, 140};

// Paper background and ink text, applied to a window and its children.
void apply(wxWindow* window);

}  // namespace marshal::ui
