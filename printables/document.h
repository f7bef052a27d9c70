#pragma once
// A print-ready PDF (cairo): pages of a fixed paper size, each with a heading, a 50 mm
// calibration bar and a "print at actual size" line, and cards placed row by row with cut marks
// outside them. Everything placed stays inside the printable area (8 mm margins).
#include <memory>
#include <string>
#include <vector>

#include <cairo.h>

#include "printables/geometry.h"

namespace marshal::printables {

inline constexpr double margin_mm = 8;
inline constexpr double header_mm = 11;
inline constexpr double footer_mm = 12;
inline constexpr double card_gap_mm = 3;
// Room kept around the cards for their cut marks, inside the printable area.
inline constexpr double cut_mark_room_mm = 3;
inline constexpr double calibration_bar_mm = 50;

// What was placed where, for tests and checks.
struct Placement {
  int page = 0;
  Box box;
  std::string what;  // e.g. "bystander 7X3K..."
};

class PrintDocument {
 public:
  PrintDocument(const std::string& path, Paper paper, std::string event_title);
  ~PrintDocument();
  PrintDocument(const PrintDocument&) = delete;
  PrintDocument& operator=(const PrintDocument&) = delete;

  // Starts a page headed `heading` (a character's name, a deck's name).
  void new_page(const std::string& heading);
  // A box for a w x h card: on this row, the next row or a new page with the same heading.
  // Cut marks are drawn outside its corners unless the card draws its own cut line.
  Box place_card(double w_mm, double h_mm, const std::string& what, bool cut_marks = true);
  void finish();

  cairo_t* cr() { return cr_; }
  Box printable_area() const;
  Box content_area() const;  // printable area less header, footer and room for cut marks
  PaperSize paper() const { return paper_; }
  int pages() const { return pages_; }
  const std::vector<Placement>& placements() const { return placements_; }

 private:
  void draw_frame();
  void draw_cut_marks(const Box& card);

  PaperSize paper_;
  std::string title_;
  std::string heading_;
  cairo_surface_t* surface_ = nullptr;
  cairo_t* cr_ = nullptr;
  int pages_ = 0;
  bool page_open_ = false;
  double row_y_ = 0, row_x_ = 0, row_h_ = 0;
  std::vector<Placement> placements_;
};

}  // namespace marshal::printables
