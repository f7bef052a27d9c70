#include "printables/text_box.h"

#include <pango/pangocairo.h>

namespace marshal::printables {

TextFit fit_text(cairo_t* cr, const std::string& text, const TextStyle& style, const Box& box,
                 bool draw) {
  TextFit fit;
  PangoLayout* layout = pango_cairo_create_layout(cr);
  pango_cairo_context_set_resolution(pango_layout_get_context(layout), 72.0);
  pango_layout_context_changed(layout);
  pango_layout_set_text(layout, text.c_str(), static_cast<int>(text.size()));
  pango_layout_set_width(layout, static_cast<int>(pt(box.w) * PANGO_SCALE));
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
  pango_layout_set_alignment(layout, style.align == Align::center  ? PANGO_ALIGN_CENTER
                                     : style.align == Align::right ? PANGO_ALIGN_RIGHT
                                                                   : PANGO_ALIGN_LEFT);
  // Whole words at every size first; only if nothing fits, words may break (a long name).
  for (int pass = 0; pass < 2 && !fit.fits; ++pass) {
  if (pass == 1) pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  for (double size = style.size_pt; size >= style.min_size_pt - 1e-9; size -= 0.5) {
    PangoFontDescription* font = pango_font_description_new();
    pango_font_description_set_family(font, style.family.c_str());
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_font_description_set_style(font, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    double height_mm = logical.height / static_cast<double>(PANGO_SCALE) / points_per_mm;
    double width_mm = logical.width / static_cast<double>(PANGO_SCALE) / points_per_mm;
    // A single word wider than the box wraps mid-word; still refuse what cannot fit at all.
    if (height_mm <= box.h + 1e-6 && width_mm <= box.w + 1e-6) {
      fit = {true, size, height_mm};
      if (draw) {
        double y = box.y + (style.vertical_center ? (box.h - height_mm) / 2 : 0);
        cairo_save(cr);
        cairo_set_source_rgb(cr, style.r, style.g, style.b);
        cairo_move_to(cr, pt(box.x), pt(y));
        pango_cairo_show_layout(cr, layout);
        cairo_restore(cr);
      }
      break;
    }
  }
  }
  g_object_unref(layout);
  return fit;
}

}  // namespace marshal::printables
