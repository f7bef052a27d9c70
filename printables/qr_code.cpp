#include "printables/qr_code.h"

#include <qrencode.h>

#include <stdexcept>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::printables {

QrMatrix encode_qr(const std::string& text) {
  // Case-sensitive so an upper-case code stays in alphanumeric mode.
  QRcode* code = QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  if (!code) throw std::runtime_error(fmt::format(fmt::runtime(i18n::tr("cannot make a QR code of '{}'")), text));
  QrMatrix m;
  m.size = code->width;
  m.dark.resize(static_cast<std::size_t>(m.size * m.size));
  for (int i = 0; i < m.size * m.size; ++i) m.dark[static_cast<std::size_t>(i)] = code->data[i] & 1;
  QRcode_free(code);
  return m;
}

void draw_qr(cairo_t* cr, const QrMatrix& qr, double x_mm, double y_mm, double module_mm) {
  const double side = qr_side_mm(qr, module_mm);
  cairo_save(cr);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_rectangle(cr, pt(x_mm), pt(y_mm), pt(side), pt(side));
  cairo_fill(cr);
  cairo_new_path(cr);
  const double ox = x_mm + quiet_zone_modules * module_mm, oy = y_mm + quiet_zone_modules * module_mm;
  for (int y = 0; y < qr.size; ++y) {
    int x = 0;
    while (x < qr.size) {
      if (!qr.at(x, y)) {
        ++x;
        continue;
      }
      int run = x;
      while (run < qr.size && qr.at(run, y)) ++run;
      cairo_rectangle(cr, pt(ox + x * module_mm), pt(oy + y * module_mm), pt((run - x) * module_mm),
                      pt(module_mm));
      x = run;
    }
  }
  // Adjacent rectangles of one path, filled once: no hairline seams between modules.
  cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_fill(cr);
  cairo_restore(cr);
}

}  // namespace marshal::printables
