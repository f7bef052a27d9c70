#include "printables/enrollment_card.h"

#include <stdexcept>

#include "core/card_code.h"
#include "printables/cards.h"
#include "printables/qr_code.h"
#include "printables/text_box.h"

namespace marshal::printables {

namespace {

void line(cairo_t* cr, const std::string& words, double size, bool bold, const Box& box, const char* family = "DejaVu Sans") {
  TextStyle s;
  s.family = family;
  s.size_pt = size;
  s.min_size_pt = 6;
  s.bold = bold;
  if (!fit_text(cr, words, s, box).fits) throw PrintRefusal("enrollment card: \"" + words + "\" does not fit");
}

}  // namespace

namespace {

// The card's frame, and its QR code at the right, centred; the box left for the words.
Box frame_and_code(cairo_t* cr, const Box& b, const std::string& payload) {
  QrMatrix qr = encode_qr(payload);
  const double module_mm = 0.6;  // a larger symbol than a card code's: bigger modules read from further
  const double side = qr_side_mm(qr, module_mm);
  cairo_save(cr);
  cairo_set_line_width(cr, pt(0.3));
  cairo_rectangle(cr, pt(b.x), pt(b.y), pt(b.w), pt(b.h));
  cairo_stroke(cr);
  cairo_restore(cr);
  const Box in = b.inset(3);
  draw_qr(cr, qr, in.right() - side, in.y + (in.h - side) / 2, module_mm);
  return {in.x, in.y, in.w - side - 3, in.h};
}

}  // namespace

void draw_admin_card(cairo_t* cr, const Box& b, const std::string& station, const std::string& code) {
  std::string payload;
  try {
    payload = protocol::admin_payload(code);
  } catch (const std::invalid_argument& e) {
    throw PrintRefusal(std::string("admin card: ") + e.what());
  }
  const Box words = frame_and_code(cr, b, payload);
  line(cr, "ADMIN CARD", 7, true, {words.x, words.y, words.w, 4});
  line(cr, station + " (kiosk)", 13, true, {words.x, words.y + 5, words.w, 12});
  line(cr, "Scan it at the kiosk, then type the kiosk's admin PIN (it is not on this card): leave full screen, "
           "quit, re-enroll, test the scanner, choose the camera.",
       8, false, {words.x, words.y + 18, words.w, 26});
  line(cr, "Keep it from players.", 7, true, {words.x, words.bottom() - 5, words.w, 5});
}

void draw_enrollment_card(cairo_t* cr, const Box& b, const std::string& station, const std::string& role,
                          const protocol::Enrollment& enrollment) {
  std::string payload;
  try {
    payload = protocol::enrollment_payload(enrollment);
  } catch (const std::invalid_argument& e) {
    throw PrintRefusal(std::string("enrollment card: ") + e.what());
  }
  const Box in = frame_and_code(cr, b, payload);
  const double text_w = in.w;
  line(cr, "ENROLLMENT CARD", 7, true, {in.x, in.y, text_w, 4});
  line(cr, station + " (" + role + ")", 13, true, {in.x, in.y + 5, text_w, 12});
  line(cr, "Scan it at the station: it joins the ledger at " + enrollment.server_url + ". It works once.", 8, false,
       {in.x, in.y + 18, text_w, 14});
  line(cr, "Code, to type instead:\n" + core::format_card_code(enrollment.code), 8, false, {in.x, in.y + 32, text_w, 9},
       "DejaVu Sans Mono");
  // The pin the station trusts the ledger by (docs/server.md, "Venue network"): its first 16 hex
  // digits, for a GM to compare with what marshal serve and marshal head print (the QR code
  // holds all 64).
  line(cr, "Ledger key " + protocol::grouped_key_pin(enrollment.key_pin, 4) + " ...", 7, false,
       {in.x, in.y + 42, text_w, 5}, "DejaVu Sans Mono");
  line(cr, "Keep it from players: whoever scans it first enrolls a station.", 7, true, {in.x, in.y + in.h - 8, text_w, 8});
}

}  // namespace marshal::printables
