#pragma once
// One function per kind of printed card. Each draws inside the box it is given and refuses,
// naming the card, any text that does not fit even at its smallest size.
#include <stdexcept>
#include <string>

#include <cairo.h>

#include "core/character.h"
#include "core/chase.h"
#include "printables/geometry.h"
#include "printables/print_model.h"

namespace marshal::printables {

struct PrintRefusal : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Card sizes, mm.
inline constexpr double card_w = 60, card_h = 82;          // badge, power, secret, bystander, trick
inline constexpr double horse_w = 90, horse_h = 60;        // the horse-shaped cut line fits in here
inline constexpr double deck_w = 44, deck_h = 62;          // action and location cards (face)
inline constexpr double qr_module_mm = 0.7;                // 21 + 8 modules: 20.3 mm with quiet zone

// A card's words as printed ("bystander Mrs. Pettigrew (K3M0 ...)") for refusals and checks.
std::string card_label(const PrintCard& card);

// A power's name as a power card's heading and the character sheet print it ("Doctor"), in the
// reader's language.
std::string power_name(core::Power power);

void draw_badge(cairo_t* cr, const Box& box, const PrintCharacter& who, const std::string& event_title);
void draw_power(cairo_t* cr, const Box& box, const PrintCard& card);
void draw_secret(cairo_t* cr, const Box& box, const PrintCard& card);
void draw_bystander(cairo_t* cr, const Box& box, const PrintCard& card);
void draw_trick(cairo_t* cr, const Box& box, const PrintCard& card);
// A token of fortune (000 L64-92): its kind, its text and die, what playing it does.
void draw_token(cairo_t* cr, const Box& box, const PrintCard& card);
void draw_horse(cairo_t* cr, const Box& box, const PrintCard& card);
// A land deed (deeds.csv): the parcel, its acres and description; sold or mortgaged only before a notary.
void draw_deed(cairo_t* cr, const Box& box, const PrintCard& card);
// A promissory note a banker issued (note_issued): who pays whom how much, by when, notarized by whom.
void draw_note(cairo_t* cr, const Box& box, const PrintCard& card);
// Face above, back below, a fold line between (fold-over backs instead of duplex).
void draw_action_card(cairo_t* cr, const Box& pair, int value, const std::string& event_title);
void draw_location_card(cairo_t* cr, const Box& pair, const core::Location& location, int index,
                        const std::string& event_title);

// What the QR of an action or location card says (they are not ledger cards).
std::string action_card_payload(int value);
std::string location_card_payload(int index);

}  // namespace marshal::printables
