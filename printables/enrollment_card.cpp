#include "printables/enrollment_card.h"

#include <stdexcept>

#include <fmt/format.h>

#include "core/card_code.h"
#include "i18n/translate.h"
#include "printables/cards.h"
#include "printables/qr_code.h"
#include "printables/text_box.h"

namespace marshal::printables {

using i18n::tr;

namespace {

void line(cairo_t* cr, const std::string& words, double size, bool bold, const Box& box, const char* family = "DejaVu Sans") {
  TextStyle s;
  s.family = family;
  s.size_pt = size;
  s.min_size_pt = 6;
  s.bold = bold;
  if (!fit_text(cr, words, s, box).fits)
    // TRANSLATORS: a print refusal: the text that did not fit on a station's enrollment card.
    throw PrintRefusal(fmt::format(fmt::runtime(tr("enrollment card: \"{}\" does not fit")), words));
}

// A station's name with its role in brackets ("saloon (gm)"); a role this version does not know
// as it is.
std::string station_with_role(const std::string& station, const std::string& role) {
  // TRANSLATORS: a station's name, then its role: a GM's station.
  if (role == "gm") return fmt::format(fmt::runtime(tr("{} (gm)")), station);
  // TRANSLATORS: a station's name, then its role: a player kiosk.
  if (role == "kiosk") return fmt::format(fmt::runtime(tr("{} (kiosk)")), station);
  return station + " (" + role + ")";
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
    // TRANSLATORS: a print refusal: why a kiosk's admin card cannot be made.
    throw PrintRefusal(fmt::format(fmt::runtime(tr("admin card: {}")), e.what()));
  }
  const Box words = frame_and_code(cr, b, payload);
  // TRANSLATORS: the heading of a kiosk's admin card, one short line.
  line(cr, tr("ADMIN CARD"), 7, true, {words.x, words.y, words.w, 4});
  // TRANSLATORS: a station's name, then its role: a player kiosk.
  line(cr, fmt::format(fmt::runtime(tr("{} (kiosk)")), station), 13, true, {words.x, words.y + 5, words.w, 12});
  line(cr,
       tr("Scan it at the kiosk, then type the kiosk's admin PIN (it is not on this card): leave full screen, "
          "quit, re-enroll, test the scanner, choose the camera."),
       8, false, {words.x, words.y + 18, words.w, 26});
  line(cr, tr("Keep it from players."), 7, true, {words.x, words.bottom() - 5, words.w, 5});
}

void draw_enrollment_card(cairo_t* cr, const Box& b, const std::string& station, const std::string& role,
                          const protocol::Enrollment& enrollment) {
  std::string payload;
  try {
    payload = protocol::enrollment_payload(enrollment);
  } catch (const std::invalid_argument& e) {
    // TRANSLATORS: a print refusal: why a station's enrollment card cannot be made.
    throw PrintRefusal(fmt::format(fmt::runtime(tr("enrollment card: {}")), e.what()));
  }
  const Box in = frame_and_code(cr, b, payload);
  const double text_w = in.w;
  // TRANSLATORS: the heading of a station's enrollment card, one short line.
  line(cr, tr("ENROLLMENT CARD"), 7, true, {in.x, in.y, text_w, 4});
  line(cr, station_with_role(station, role), 13, true, {in.x, in.y + 5, text_w, 12});
  const std::string joins =
      enrollment.standby_url.empty()
          // TRANSLATORS: on a station's enrollment card: the ledger server's address.
          ? fmt::format(fmt::runtime(tr("Scan it at the station: it joins the ledger at {}. It works once.")),
                        enrollment.server_url)
          // TRANSLATORS: on a station's enrollment card: the ledger server's address, then its standby's.
          : fmt::format(fmt::runtime(tr("Scan it at the station: it joins the ledger at {} (standby {}). It works once.")),
                        enrollment.server_url, enrollment.standby_url);
  line(cr, joins, 8, false, {in.x, in.y + 18, text_w, 14});
  // TRANSLATORS: on a station's enrollment card, in a monospaced font: the enrollment code on the
  // second line.
  line(cr, fmt::format(fmt::runtime(tr("Code, to type instead:\n{}")), core::format_card_code(enrollment.code)), 8,
       false, {in.x, in.y + 32, text_w, 9}, "DejaVu Sans Mono");
  // The pin the station trusts the ledger by (docs/server.md, "Venue network"): its first 12 hex
  // digits (one line beside the QR code), for a GM to compare with what marshal serve and marshal
  // head print (the QR code holds all 64).
  // TRANSLATORS: on a station's enrollment card, in a monospaced font: the start of the ledger's
  // key fingerprint (hex digits), "..." for the rest.
  line(cr, fmt::format(fmt::runtime(tr("Ledger key {} ...")), protocol::grouped_key_pin(enrollment.key_pin, 3)), 7,
       false, {in.x, in.y + 42, text_w, 5}, "DejaVu Sans Mono");
  line(cr, tr("Keep it from players: whoever scans it first enrolls a station."), 7, true,
       {in.x, in.y + in.h - 8, text_w, 8});
}

}  // namespace marshal::printables
