#pragma once
// What a screen in another language must pass (docs/i18n.md): every text fits where it stands,
// and no English is left once the event's own names and texts are taken out. Shared by the
// kiosk's and the GM station's GUI tests in Russian.
#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <wx/arrstr.h>
#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/scrolwin.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/window.h>

#include "i18n/translate.h"
#include "support/in_language.h"
#include "ui/theme.h"

namespace marshal::test_support {

// Where `child` reaches past what shows it: the right or bottom edge of a window it stands in
// (its page, its panel, the frame), except in the direction a scrolled window scrolls; "" if
// nowhere.
inline std::string past_an_edge(wxWindow* child) {
  const wxRect r = child->GetScreenRect();
  bool scrolls_across = false, scrolls_down = false;
  for (wxWindow* a = child->GetParent(); a; a = a->GetParent()) {
    if (auto* scrolled = dynamic_cast<wxScrolledWindow*>(a)) {
      int across = 0, down = 0;
      scrolled->GetScrollPixelsPerUnit(&across, &down);
      scrolls_across = scrolls_across || across > 0;
      scrolls_down = scrolls_down || down > 0;
    }
    const wxRect shown = a->GetScreenRect();
    const std::string where = a->IsTopLevel() ? "the window" : "its " + wxString(a->GetClassInfo()->GetClassName()).utf8_string();
    if (!scrolls_across && r.GetRight() > shown.GetRight()) return "runs past the right edge of " + where;
    if (!scrolls_down && r.GetBottom() > shown.GetBottom()) return "runs below " + where;
    if (a->IsTopLevel()) break;
  }
  return "";
}

// Each text shown that does not fit: a button smaller than its label, a line of a label wider
// than the label, or either reaching past a window it stands in (past_an_edge). A label's lines
// are measured one by one: wrapping puts its line breaks in, and GTK's best size for a wrapped
// label is its width unwrapped.
inline void collect_cut(wxWindow* w, std::vector<std::string>& cut) {
  for (wxWindow* child : w->GetChildren()) {
    collect_cut(child, cut);
    auto* button = dynamic_cast<wxButton*>(child);
    auto* text = dynamic_cast<wxStaticText*>(child);
    auto* box = dynamic_cast<wxCheckBox*>(child);
    if ((!button && !text && !box) || !child->IsShownOnScreen() || child->GetLabel().empty()) continue;
    const wxRect r = child->GetScreenRect();
    const std::string what = "'" + child->GetLabel().utf8_string() + "'";
    if (const std::string edge = past_an_edge(child); !edge.empty()) cut.push_back(what + " " + edge);
    if ((button || box) && r.width + 1 < child->GetBestSize().x)
      cut.push_back(what + " is " + std::to_string(r.width) + " px wide of " + std::to_string(child->GetBestSize().x));
    if (text)
      for (const wxString& line : wxSplit(text->GetLabel(), '\n', '\0'))
        if (const int width = text->GetTextExtent(line).x; width > r.width + 1)
          cut.push_back("the line '" + line.utf8_string() + "' is " + std::to_string(width) + " px in a label " +
                        std::to_string(r.width) + " px wide");
  }
}

inline std::vector<std::string> cut_texts(wxWindow* window) {
  std::vector<std::string> cut;
  collect_cut(window, cut);
  return cut;
}

// Every text shown in `window` (labels, fields, buttons, check boxes) whose type is under
// `min_px` pixels high on this screen: what is read at arm's length (docs/kiosk.md, gmstation.md).
inline void collect_small(wxWindow* window, double min_px, std::vector<std::string>& small) {
  for (wxWindow* child : window->GetChildren()) {
    collect_small(child, min_px, small);
    const bool text = dynamic_cast<wxStaticText*>(child) || dynamic_cast<wxTextCtrl*>(child) ||
                      dynamic_cast<wxButton*>(child) || dynamic_cast<wxCheckBox*>(child);
    if (!text || !child->IsShownOnScreen() || child->GetLabel().empty()) continue;
    if (const double px = ui::pixels(child->GetFont().GetPointSize()); px < min_px)
      small.push_back("'" + child->GetLabel().utf8_string() + "' is " + std::to_string(px) + " px");
  }
}

// A check that `window` (laid out: pump the event loop first) cuts no text, listing what it cuts.
inline void check_nothing_cut(wxWindow* window, const std::string& screen) {
  const std::vector<std::string> cut = cut_texts(window);
  std::string cuts;
  for (const auto& c : cut) cuts += c + "\n";
  INFO(screen << ": cut:\n" << cuts);
  CHECK(cut.empty());
}

// The first text shown in `root` (a label, button or check box, its lines joined) that holds
// `part`; nullptr when none does.
inline wxWindow* find_text(wxWindow* root, const wxString& part) {
  for (wxWindow* child : root->GetChildren()) {
    const bool text = dynamic_cast<wxStaticText*>(child) || dynamic_cast<wxButton*>(child) ||
                      dynamic_cast<wxCheckBox*>(child);
    wxString label = child->GetLabel();
    label.Replace("\n", " ");
    label.Replace(wxString::FromUTF8("\u00a0"), " ");
    if (text && child->IsShownOnScreen() && label.Contains(part)) return child;
    if (wxWindow* found = find_text(child, part)) return found;
  }
  return nullptr;
}

// Whether `w` shows whole inside its top-level window without scrolling: not below the fold of a
// scrolled page, not past an edge. What a GM must see at a glance is checked with it.
inline bool in_view(wxWindow* w) {
  wxWindow* top = wxGetTopLevelParent(w);
  const wxRect r = w->GetScreenRect();
  const wxRect client(top->ClientToScreen(wxPoint(0, 0)), top->GetClientSize());
  for (wxWindow* a = w->GetParent(); a && a != top; a = a->GetParent())
    if (!a->GetScreenRect().Contains(r)) return false;  // a scrolled page shows only part of itself
  return client.Contains(r);
}

// A check that the text holding `part` shows whole in `root`'s window without scrolling.
inline void check_in_view(wxWindow* root, const wxString& part, const std::string& screen) {
  wxWindow* w = find_text(root, part);
  INFO(screen << ": '" << part.utf8_string() << "'");
  REQUIRE(w != nullptr);
  const wxRect r = w->GetScreenRect();
  std::string shown_in;  // what holds it, and where: the one that cuts it is the first too small
  for (wxWindow* a = w->GetParent(); a; a = a->GetParent()) {
    const wxRect p = a->GetScreenRect();
    shown_in += " in " + wxString(a->GetClassInfo()->GetClassName()).utf8_string() + " at " + std::to_string(p.x) +
                "," + std::to_string(p.y) + " " + std::to_string(p.width) + "x" + std::to_string(p.height);
    if (a->IsTopLevel()) break;
  }
  INFO("at " << r.x << "," << r.y << " " << r.width << "x" << r.height << shown_in);
  CHECK(in_view(w));
}

// The Latin words (two letters or more) left in `shown` once every text of `data` (names, titles,
// texts of the event: written as the organisers wrote them) is taken out, except `kept` (key
// names and the like, which a Russian screen writes in Latin letters too).
inline std::vector<std::string> latin_words_left(std::string shown, std::vector<std::string> data,
                                                 const std::set<std::string>& kept) {
  std::sort(data.begin(), data.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const auto& d : data)
    if (!d.empty())
      for (auto at = shown.find(d); at != std::string::npos; at = shown.find(d)) shown.erase(at, d.size());
  std::vector<std::string> left;
  static const std::regex word("[A-Za-z]{2,}");
  for (auto it = std::sregex_iterator(shown.begin(), shown.end(), word); it != std::sregex_iterator(); ++it)
    if (!kept.count(it->str())) left.push_back(it->str());
  return left;
}

// Whether a text has any Cyrillic letter (U+0400..U+04FF: two bytes of UTF-8 led by 0xD0..0xD3).
inline bool has_cyrillic(const std::string& text) {
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead >= 0xD0 && lead <= 0xD3 && (static_cast<unsigned char>(text[i + 1]) & 0xC0) == 0x80) return true;
  }
  return false;
}

}  // namespace marshal::test_support
