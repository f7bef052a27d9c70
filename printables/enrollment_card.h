#pragma once
// A station's enrollment card (docs/kiosk.md): printed when a station is added, its QR code
// holds the ledger server's address and the one-time enrollment code (protocol/enrollment.h),
// so a kiosk with no keyboard joins the ledger by one scan. The job: print_enrollment_card in
// print_jobs.h.
#include <string>

#include <cairo.h>

#include "printables/geometry.h"
#include "protocol/enrollment.h"

namespace marshal::printables {

inline constexpr double enrollment_card_w = 90, enrollment_card_h = 60;

// Throws PrintRefusal when the address or code cannot be printed.
void draw_enrollment_card(cairo_t* cr, const Box& box, const std::string& station, const std::string& role,
                          const protocol::Enrollment& enrollment);

// A kiosk's admin card: its QR code (protocol::admin_payload) and, in words, that the admin PIN
// is needed too and is not on the card.
void draw_admin_card(cairo_t* cr, const Box& box, const std::string& station, const std::string& code);

}  // namespace marshal::printables
