#include "printables/document.h"

#include <cairo-pdf.h>

#include <stdexcept>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "printables/text_box.h"

namespace marshal::printables {

using i18n::tr;

PrintDocument::PrintDocument(const std::string& path, Paper paper, std::string event_title)
    : paper_(size_of(paper)), title_(std::move(event_title)) {
  surface_ = cairo_pdf_surface_create(path.c_str(), pt(paper_.w), pt(paper_.h));
  if (cairo_surface_status(surface_) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface_);
    // TRANSLATORS: the PDF file's path.
    throw std::runtime_error(fmt::format(fmt::runtime(tr("cannot write {}")), path));
  }
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_TITLE, title_.c_str());
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATOR, "Marshal");
  cr_ = cairo_create(surface_);
}

PrintDocument::~PrintDocument() {
  if (cr_) finish();
}

void PrintDocument::finish() {
  if (!cr_) return;
  if (page_open_) cairo_show_page(cr_);
  cairo_destroy(cr_);
  cr_ = nullptr;
  cairo_surface_finish(surface_);
  cairo_status_t status = cairo_surface_status(surface_);
  cairo_surface_destroy(surface_);
  if (status != CAIRO_STATUS_SUCCESS)
    // TRANSLATORS: cairo's reason, in English.
    throw std::runtime_error(fmt::format(fmt::runtime(tr("the PDF could not be written: {}")),
                                         cairo_status_to_string(status)));
}

Box PrintDocument::printable_area() const {
  return {margin_mm, margin_mm, paper_.w - 2 * margin_mm, paper_.h - 2 * margin_mm};
}

Box PrintDocument::content_area() const {
  Box p = printable_area();
  return Box{p.x, p.y + header_mm, p.w, p.h - header_mm - footer_mm}.inset(cut_mark_room_mm);
}

void PrintDocument::new_page(const std::string& heading) {
  if (page_open_) cairo_show_page(cr_);
  heading_ = heading;
  page_open_ = true;
  ++pages_;
  Box c = content_area();
  row_x_ = c.x;
  row_y_ = c.y;
  row_h_ = 0;
  draw_frame();
}

void PrintDocument::draw_frame() {
  Box p = printable_area();
  TextStyle head;
  head.family = "DejaVu Serif";
  head.size_pt = 14;
  head.min_size_pt = 8;
  head.bold = true;
  if (!fit_text(cr_, heading_, head, {p.x, p.y, p.w * 0.55, header_mm - 2}).fits)
    // TRANSLATORS: a print refusal: a page's heading (a character's name, a deck's name).
    throw std::runtime_error(fmt::format(fmt::runtime(tr("the page heading \"{}\" does not fit even at 8 pt")), heading_));
  TextStyle sub;
  sub.size_pt = 7.5;
  sub.min_size_pt = 5;
  sub.align = Align::right;
  sub.r = sub.g = sub.b = 0.35;
  // TRANSLATORS: at the top right of every printed page: the event's title, the page's number.
  fit_text(cr_, fmt::format(fmt::runtime(tr("{}  ·  page {}")), title_, pages_), sub,
           {p.x + p.w * 0.55, p.y + 1, p.w * 0.45, header_mm - 3});
  cairo_save(cr_);
  cairo_set_line_width(cr_, pt(0.3));
  cairo_set_source_rgb(cr_, 0.4, 0.4, 0.4);
  cairo_move_to(cr_, pt(p.x), pt(p.y + header_mm - 1.5));
  cairo_line_to(cr_, pt(p.right()), pt(p.y + header_mm - 1.5));
  cairo_stroke(cr_);
  // The calibration bar: 50 mm with 10 mm ticks, to check the printer did not scale the page.
  double y = p.bottom() - 6;
  cairo_set_source_rgb(cr_, 0, 0, 0);
  cairo_set_line_width(cr_, pt(0.4));
  cairo_move_to(cr_, pt(p.x), pt(y));
  cairo_line_to(cr_, pt(p.x + calibration_bar_mm), pt(y));
  for (int tick = 0; tick <= 5; ++tick) {
    cairo_move_to(cr_, pt(p.x + tick * 10.0), pt(y - (tick % 5 == 0 ? 2.5 : 1.5)));
    cairo_line_to(cr_, pt(p.x + tick * 10.0), pt(y));
  }
  cairo_stroke(cr_);
  cairo_restore(cr_);
  TextStyle note;
  note.size_pt = 7.5;
  note.min_size_pt = 6;
  // TRANSLATORS: at the foot of every printed page, beside a 50 mm bar; "fit to page" is the
  // printer dialogue's option.
  fit_text(cr_, tr("Print at actual size (100%, no \"fit to page\"): this bar must measure 50 mm."),
           note, {p.x + calibration_bar_mm + 4, y - 4, p.w - calibration_bar_mm - 4, 6});
}

Box PrintDocument::place_card(double w_mm, double h_mm, const std::string& what, bool cut_marks) {
  if (!page_open_) new_page(heading_);
  Box c = content_area();
  if (w_mm > c.w || h_mm > c.h)
    // TRANSLATORS: a print refusal: what was to be placed, its width and height in millimetres.
    throw std::runtime_error(fmt::format(fmt::runtime(tr("{} ({} x {} mm) is larger than the page's content area")),
                                         what, w_mm, h_mm));
  if (row_x_ + w_mm > c.right() + 1e-6) {  // next row
    row_x_ = c.x;
    row_y_ += row_h_ + card_gap_mm;
    row_h_ = 0;
  }
  if (row_y_ + h_mm > c.bottom() + 1e-6) new_page(heading_);
  Box box{row_x_, row_y_, w_mm, h_mm};
  row_x_ += w_mm + card_gap_mm;
  row_h_ = std::max(row_h_, h_mm);
  placements_.push_back({pages_, box, what});
  if (cut_marks) draw_cut_marks(box);
  return box;
}

void PrintDocument::draw_cut_marks(const Box& card) {
  // Short marks in line with each edge, starting 0.75 mm outside the card: they end halfway
  // across the gap to the next card and within the printable area.
  const double off = 0.75, len = 0.75;
  cairo_save(cr_);
  cairo_set_line_width(cr_, pt(0.25));
  cairo_set_source_rgb(cr_, 0, 0, 0);
  auto line = [&](double x1, double y1, double x2, double y2) {
    cairo_move_to(cr_, pt(x1), pt(y1));
    cairo_line_to(cr_, pt(x2), pt(y2));
  };
  for (double x : {card.x, card.right()}) {
    line(x, card.y - off, x, card.y - off - len);
    line(x, card.bottom() + off, x, card.bottom() + off + len);
  }
  for (double y : {card.y, card.bottom()}) {
    line(card.x - off, y, card.x - off - len, y);
    line(card.right() + off, y, card.right() + off + len, y);
  }
  cairo_stroke(cr_);
  cairo_restore(cr_);
}

}  // namespace marshal::printables
