#include "printables/cards.h"

#include <cmath>

#include <fmt/format.h>

#include "core/card_code.h"
#include "core/power_text.h"
#include "core/tokens.h"
#include "i18n/translate.h"
#include "i18n/utf8_text.h"
#include "i18n/venue_time.h"
#include "printables/qr_code.h"
#include "printables/text_box.h"
#include "protocol/utf8.h"

namespace marshal::printables {

using i18n::tr;

namespace {

const double qr_side = 29 * qr_module_mm;  // a version 1 code with its quiet zone

// Draws text or refuses, naming the card.
double text(cairo_t* cr, const std::string& card, const std::string& words, const TextStyle& style,
            const Box& box) {
  TextFit fit = fit_text(cr, words, style, box);
  if (!fit.fits)
    // TRANSLATORS: a print refusal: the card's name, the start of the text, the box's width and
    // height in millimetres, the smallest font size in points.
    throw PrintRefusal(fmt::format(fmt::runtime(tr("{}: the text \"{}\" does not fit in {:.0f} x {:.0f} mm even at {} pt")),
                                   card, words.size() > 40 ? protocol::truncate_utf8(words, 40) + "..." : words,
                                   box.w, box.h, style.min_size_pt));
  return fit.height_mm;
}

TextStyle style(double size, double floor, bool bold = false, Align align = Align::left) {
  TextStyle s;
  s.size_pt = size;
  s.min_size_pt = floor;
  s.bold = bold;
  s.align = align;
  return s;
}

TextStyle label_style(Align align = Align::left) {
  TextStyle s = style(7, 6, true, align);
  s.family = "DejaVu Sans";
  s.r = s.g = s.b = 0.35;
  return s;
}

void rounded_rect(cairo_t* cr, const Box& b, double r) {
  cairo_new_sub_path(cr);
  cairo_arc(cr, pt(b.right() - r), pt(b.y + r), pt(r), -M_PI / 2, 0);
  cairo_arc(cr, pt(b.right() - r), pt(b.bottom() - r), pt(r), 0, M_PI / 2);
  cairo_arc(cr, pt(b.x + r), pt(b.bottom() - r), pt(r), M_PI / 2, M_PI);
  cairo_arc(cr, pt(b.x + r), pt(b.y + r), pt(r), M_PI, 3 * M_PI / 2);
  cairo_close_path(cr);
}

void frame(cairo_t* cr, const Box& b, double r = 0.6, double g = 0.6, double bl = 0.6) {
  cairo_save(cr);
  cairo_set_source_rgb(cr, r, g, bl);
  cairo_set_line_width(cr, pt(0.3));
  cairo_rectangle(cr, pt(b.x), pt(b.y), pt(b.w), pt(b.h));
  cairo_stroke(cr);
  cairo_restore(cr);
}

void dashed_line(cairo_t* cr, double x1, double y1, double x2, double y2, double dash_mm) {
  cairo_save(cr);
  double dashes[] = {pt(dash_mm), pt(dash_mm * 0.7)};
  cairo_set_dash(cr, dashes, 2, 0);
  cairo_set_line_width(cr, pt(0.35));
  cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
  cairo_move_to(cr, pt(x1), pt(y1));
  cairo_line_to(cr, pt(x2), pt(y2));
  cairo_stroke(cr);
  cairo_restore(cr);
}

// The code as a QR with its typed form under it, on two lines ("K3M0 7XQ2" / "W9RT AB4C D")
// so it stays within the code's width; returns the bottom of what was drawn. The typed form
// starts below the quiet zone, which stays clear.
double code_block(cairo_t* cr, const std::string& card, const std::string& code, double x, double y) {
  draw_qr(cr, encode_qr(code), x, y, qr_module_mm);
  TextStyle mono = style(7, 6, false, Align::center);
  mono.family = "DejaVu Sans Mono";
  std::string typed = core::format_card_code(code);
  std::string two_lines = typed.size() > 10 ? typed.substr(0, 9) + "\n" + typed.substr(10) : typed;
  text(cr, card, two_lines, mono, {x, y + qr_side, qr_side, 6.5});
  return y + qr_side + 6.5;
}

}  // namespace

std::string power_name(core::Power power) {
  switch (power) {
    // TRANSLATORS: a power's name: a power card's title and a heading of the character sheet.
    case core::Power::doctor: return tr("Doctor");
    case core::Power::mayor: return tr("Mayor");
    case core::Power::judge: return tr("Judge");
    case core::Power::lawman: return tr("Lawman");
    case core::Power::banker: return tr("Banker");
    case core::Power::tracking: return tr("Tracking");
    case core::Power::hideout: return tr("Hideout");
    case core::Power::prospecting: return tr("Prospecting");
    case core::Power::charm: return tr("Charm");
  }
  return i18n::capitalize_first(core::to_string(power));
}

std::string card_label(const PrintCard& card) {
  const std::string code = core::format_card_code(card.code);
  // TRANSLATORS: a card named in a print refusal: its title, the character holding it, its code.
  if (card.kind == "badge") return fmt::format(fmt::runtime(tr("badge card \"{}\" of {} ({})")), card.title, card.holder, code);
  if (card.kind == "power") return fmt::format(fmt::runtime(tr("power card \"{}\" of {} ({})")), card.title, card.holder, code);
  if (card.kind == "secret") return fmt::format(fmt::runtime(tr("secret card \"{}\" of {} ({})")), card.title, card.holder, code);
  if (card.kind == "horse") return fmt::format(fmt::runtime(tr("horse card \"{}\" of {} ({})")), card.title, card.holder, code);
  if (card.kind == "bystander")
    return fmt::format(fmt::runtime(tr("bystander card \"{}\" of {} ({})")), card.title, card.holder, code);
  if (card.kind == "trick") return fmt::format(fmt::runtime(tr("trick card \"{}\" of {} ({})")), card.title, card.holder, code);
  if (card.kind == "token") return fmt::format(fmt::runtime(tr("token card \"{}\" of {} ({})")), card.title, card.holder, code);
  if (card.kind == "deed") return fmt::format(fmt::runtime(tr("land deed \"{}\" of {} ({})")), card.title, card.holder, code);
  if (card.kind == "note") return fmt::format(fmt::runtime(tr("promissory note \"{}\" of {} ({})")), card.title, card.holder, code);
  // TRANSLATORS: a card of a kind this version does not know: the kind's word as the ledger has
  // it, the card's title, the character holding it, its code.
  return fmt::format(fmt::runtime(tr("{} card \"{}\" of {} ({})")), card.kind, card.title, card.holder, code);
}

std::string action_card_payload(int value) { return core::deck_card_code(core::action_deck_prefix, value); }
std::string location_card_payload(int index) { return core::deck_card_code(core::location_deck_prefix, index); }

void draw_badge(cairo_t* cr, const Box& b, const PrintCharacter& who, const std::string& event_title) {
  // TRANSLATORS: a character's badge named in a print refusal.
  const std::string label = fmt::format(fmt::runtime(tr("badge of {}")), who.name);
  frame(cr, b);
  Box in = b.inset(3);
  // TRANSLATORS: the heading of a character's badge card, one short line.
  text(cr, label, tr("CHARACTER BADGE"), label_style(Align::center), {in.x, in.y, in.w, 4});
  text(cr, label, who.name, style(15, 8, true, Align::center), {in.x, in.y + 5, in.w, 20});
  if (!who.player.empty())
    // TRANSLATORS: under a character's name: the player's name.
    text(cr, label, fmt::format(fmt::runtime(tr("played by {}")), who.player), style(8, 6, false, Align::center),
         {in.x, in.y + 26, in.w, 5});
  TextStyle small = label_style(Align::center);
  small.bold = false;
  text(cr, label, event_title, small, {in.x, in.y + 31, in.w, 8});
  code_block(cr, label, who.badge_code, b.x + (b.w - qr_side) / 2, b.bottom() - qr_side - 7);
}

void draw_power(cairo_t* cr, const Box& b, const PrintCard& card) {
  const std::string label = card_label(card);
  frame(cr, b, 0.45, 0.3, 0.1);
  Box in = b.inset(3);
  // TRANSLATORS: the heading of a power card, one short line.
  text(cr, label, tr("POWER"), label_style(), {in.x, in.y, in.w, 4});
  const auto power = core::power_from_string(card.title);
  text(cr, label, power ? power_name(*power) : i18n::capitalize_first(card.title), style(14, 9, true),
       {in.x, in.y + 4.5, in.w, 8});
  // A known power's text in the reader's language (the ledger keeps it in English).
  text(cr, label, power ? core::power_card_words(*power) : card.detail.value("text", ""), style(8.5, 6),
       {in.x, in.y + 13, in.w, in.h - 13 - qr_side - 5});
  code_block(cr, label, card.code, b.x + (b.w - qr_side) / 2, b.bottom() - qr_side - 7);
}

void draw_token(cairo_t* cr, const Box& b, const PrintCard& card) {
  const std::string label = card_label(card);
  frame(cr, b, 0.1, 0.3, 0.45);
  Box in = b.inset(3);
  const bool marker = card.detail.value("token", "") == "connection_marker";
  // TRANSLATORS: the heading of a token of fortune's card, one short line (the second: one that is
  // spent when played).
  text(cr, label, marker ? tr("TOKEN OF FORTUNE") : tr("TOKEN OF FORTUNE  ·  single use"), label_style(),
       {in.x, in.y, in.w, 4});
  // In the reader's language (the ledger keeps the title in English, core/tokens.h).
  const std::string words = core::token_words(card.detail.value("token", ""), card.detail.value("text", ""),
                                              card.detail.value("die", ""));
  double h = text(cr, label, words.empty() ? card.title : words, style(12, 7, true), {in.x, in.y + 5, in.w, 16});
  // TRANSLATORS: TN is the target number a roll must reach; the Wild Die is the extra die of a
  // trait roll; d4 is a four-sided die.
  const std::string how = marker ? tr("Roll its die, no Wild Die, against TN 4. Show this card to a GM after each use: "
                                      "its die steps down, d4 the last.")
                                 : tr("Show this card to a GM when you play it: it is then spent.");
  text(cr, label, how, style(8.5, 6), {in.x, in.y + 6 + h, in.w, b.bottom() - qr_side - 8 - (in.y + 6 + h)});
  code_block(cr, label, card.code, b.x + (b.w - qr_side) / 2, b.bottom() - qr_side - 7);
}

void draw_secret(cairo_t* cr, const Box& b, const PrintCard& card) {
  const std::string label = card_label(card);
  frame(cr, b, 0.5, 0.1, 0.1);
  Box in = b.inset(3);
  // TRANSLATORS: the heading of a secret card, one short line: a character who reads the secret
  // must be handed the card.
  text(cr, label, tr("SECRET  ·  whoever reads it must be given it"), label_style(), {in.x, in.y, in.w, 4});
  double h = text(cr, label, card.title, style(11, 7, true), {in.x, in.y + 5, in.w, 10});
  double top = in.y + 5 + h + 1.5;
  text(cr, label, card.detail.value("text", ""), style(8.5, 6), {in.x, top, in.w, b.bottom() - qr_side - 8 - top});
  code_block(cr, label, card.code, b.x + (b.w - qr_side) / 2, b.bottom() - qr_side - 7);
}

void draw_deed(cairo_t* cr, const Box& b, const PrintCard& card) {
  const std::string label = card_label(card);
  frame(cr, b, 0.35, 0.25, 0.1);
  Box in = b.inset(3);
  // TRANSLATORS: the heading of a land deed card, one short line: land changes hands only before
  // a Mayor or a Judge.
  text(cr, label, tr("LAND DEED  ·  sold before a Mayor or Judge"), label_style(), {in.x, in.y, in.w, 4});
  double h = text(cr, label, card.title, style(11, 7, true), {in.x, in.y + 5, in.w, 10});
  double top = in.y + 5 + h + 1;
  const int acres = card.detail.value("acres", 0);
  // TRANSLATORS: a land deed's size.
  h = text(cr, label, fmt::format(fmt::runtime(i18n::trn("{} acre", "{} acres", static_cast<std::uint64_t>(acres))), acres),
           style(9, 7, true), {in.x, top, in.w, 5});
  top += h + 1;
  text(cr, label, card.detail.value("description", ""), style(8.5, 6), {in.x, top, in.w, b.bottom() - qr_side - 8 - top});
  code_block(cr, label, card.code, b.x + (b.w - qr_side) / 2, b.bottom() - qr_side - 7);
}

void draw_note(cairo_t* cr, const Box& b, const PrintCard& card) {
  const std::string label = card_label(card);
  frame(cr, b, 0.1, 0.3, 0.15);
  Box in = b.inset(3);
  // TRANSLATORS: the heading of a promissory note card, one short line.
  text(cr, label, tr("PROMISSORY NOTE  ·  paid once, to the bearer"), label_style(), {in.x, in.y, in.w, 4});
  const Json& d = card.detail;
  // TRANSLATORS: a promissory note's promise: the payer, the amount, the payee.
  double h = text(cr, label,
                  fmt::format(fmt::runtime(tr("{} promises to pay {} to {} or the bearer")), d.value("payer", ""),
                              d.value("amount", ""), d.value("payee", "")),
                  style(10, 7, true), {in.x, in.y + 5, in.w, 16});
  double top = in.y + 5 + h + 1.5;
  // TRANSLATORS: a promissory note's terms: when it falls due (21:30), the banker who issued it, the notary.
  text(cr, label,
       fmt::format(fmt::runtime(tr("Due at {}. Issued by {}, notarized by {}.")),
                   i18n::clock_text(d.value("due_ms", std::int64_t{0})), d.value("banker", ""),
                   d.value("notary", "")),
       style(8.5, 6), {in.x, top, in.w, b.bottom() - qr_side - 8 - top});
  code_block(cr, label, card.code, b.x + (b.w - qr_side) / 2, b.bottom() - qr_side - 7);
}

void draw_bystander(cairo_t* cr, const Box& b, const PrintCard& card) {
  const std::string label = card_label(card);
  frame(cr, b);
  const double half = b.h / 2;
  for (int i = 0; i < 2; ++i) {
    Box h{b.x, b.y + i * half, b.w, half};
    Box in = h.inset(2.5);
    // TRANSLATORS: the heading of an innocent bystander card, one short line.
    text(cr, label, tr("INNOCENT BYSTANDER"), label_style(), {in.x, in.y, in.w, 4});
    // Name on the left, code on the right, so the tear line never touches the code.
    text(cr, label, card.title, style(9, 6, true), {in.x, in.y + 5, in.w - qr_side - 1, in.h - 14});
    double qx = h.right() - qr_side - 1.5, qy = h.y + (half - qr_side - 3) / 2;
    code_block(cr, label, card.code, qx, qy);
  }
  dashed_line(cr, b.x, b.y + half, b.right(), b.y + half, 1.6);
  TextStyle tear = label_style(Align::left);
  tear.bold = false;
  // TRANSLATORS: on an innocent bystander card, by the line that splits it in two halves.
  text(cr, label, tr("Tear along the line if shot: both halves to a GM."),
       tear, {b.x + 2.5, b.y + half - 7.5, b.w - qr_side - 5, 7});
}

void draw_trick(cairo_t* cr, const Box& b, const PrintCard& card) {
  const std::string label = card_label(card);
  frame(cr, b);
  // Three panels: A shows the hand and the code; B holds the note; the flap C folds over B.
  const double a_h = 41, b_h = (b.h - a_h) / 2;
  Box a{b.x, b.y, b.w, a_h}, note{b.x, b.y + a_h, b.w, b_h}, flap{b.x, b.y + a_h + b_h, b.w, b_h};
  Box in = a.inset(2.5);
  // TRANSLATORS: the heading of a poker trick card, one short line.
  text(cr, label, tr("POKER TRICK  ·  single use"), label_style(), {in.x, in.y, in.w, 4});
  text(cr, label, card.title, style(13, 7, true), {in.x, in.y + 5, in.w - qr_side - 1, in.h - 5});
  code_block(cr, label, card.code, a.right() - qr_side - 1.5, a.y + (a_h - qr_side - 3) / 2);
  // Between A and B: a plain border, not a fold.
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0.7, 0.7, 0.7);
  cairo_set_line_width(cr, pt(0.2));
  cairo_move_to(cr, pt(b.x), pt(note.y));
  cairo_line_to(cr, pt(b.right()), pt(note.y));
  cairo_stroke(cr);
  cairo_restore(cr);
  std::string flag = card.detail.value("flag", "skill");
  Box ni = note.inset(2.5);
  // TRANSLATORS: a poker trick's hidden note: the trick was cheating, or honest skill. One word.
  text(cr, label, flag == "cheat" ? tr("CHEAT") : tr("SKILL"), style(14, 8, true, Align::center), {ni.x, ni.y, ni.w, 7});
  text(cr, label,
       flag == "cheat" ? tr("Caught if an accuser opens it: you lose a random bystander.")
                       : tr("Honest play: an accuser who opens it loses a random bystander."),
       style(7.5, 6, false, Align::center), {ni.x, ni.y + 7.5, ni.w, ni.h - 7.5});
  dashed_line(cr, b.x, flap.y, b.right(), flap.y, 2.5);
  Box fi = flap.inset(2.5);
  TextStyle how = style(7.5, 6, false, Align::center);
  how.italic = true;
  text(cr, label,
       tr("Fold this flap up along the dashed line, over the note, before the game. Keep the trick face "
          "down in front of you; flip it at the end of a hand. Once flipped it is spent."),
       how, fi);
}

void draw_horse(cairo_t* cr, const Box& b, const PrintCard& card) {
  const std::string label = card_label(card);
  int rating = card.detail.value("rating", 0);
  static const double tints[5][3] = {{0.93, 0.93, 0.93}, {0.95, 0.89, 0.76}, {0.91, 0.79, 0.63},
                                     {0.96, 0.78, 0.65}, {0.99, 0.90, 0.54}};
  const double* tint = tints[std::clamp(rating, 0, 4)];
  // A horse standing to the right, as a cut line in a 90 x 60 box (points in mm).
  static const double outline[][2] = {
      {14, 22}, {8, 30}, {5, 40}, {9, 39}, {13, 31}, {16, 30},                           // tail
      {16, 46}, {18, 58}, {23, 58}, {22, 47}, {27, 47}, {29, 58}, {34, 58}, {34, 47},    // hind legs
      {56, 47}, {57, 58}, {62, 58}, {62, 47}, {67, 47}, {69, 58}, {74, 58}, {73, 44},    // fore legs
      {74, 30}, {79, 20}, {87, 22}, {88, 16}, {80, 6}, {76, 2}, {74, 7}, {68, 12},       // neck, head
      {62, 16}, {16, 16}};                                                               // back
  cairo_save(cr);
  cairo_new_path(cr);
  for (const auto& p : outline) cairo_line_to(cr, pt(b.x + p[0]), pt(b.y + p[1]));
  cairo_close_path(cr);
  cairo_set_source_rgb(cr, tint[0], tint[1], tint[2]);
  cairo_fill_preserve(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, pt(0.35));
  cairo_stroke(cr);
  cairo_restore(cr);
  // The body (16..73 x 16..47) holds the code, the rating and the words.
  code_block(cr, label, card.code, b.x + 18, b.y + 17.5);
  text(cr, label, std::to_string(rating), style(34, 20, true, Align::center), {b.x + 40, b.y + 16.5, 14, 16});
  // TRANSLATORS: the heading of a horse card: one short word, 17 mm wide.
  text(cr, label, tr("HORSE"), label_style(), {b.x + 55, b.y + 18, 17, 4});
  text(cr, label, card.title, style(9, 6, true), {b.x + 55, b.y + 22.5, 17, 8});
  // TRANSLATORS: on a horse card: the character who owns the horse.
  text(cr, label, fmt::format(fmt::runtime(tr("owner: {}")), card.owner.empty() ? card.holder : card.owner),
       style(6.5, 6), {b.x + 40, b.y + 33, 32, 8});
  TextStyle never = label_style();
  never.bold = false;
  // TRANSLATORS: on a horse card, whose edge is a horse-shaped cut line; 32 x 5.5 mm.
  text(cr, label, tr("Cut along the outline. Never taken into a building."), never, {b.x + 40, b.y + 41, 32, 5.5});
}

namespace {

// `label` names the back in a refusal.
void card_back(cairo_t* cr, const Box& back, const std::string& title, const std::string& deck,
               const std::string& label) {
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0.55, 0.2, 0.12);
  rounded_rect(cr, back.inset(2), 2);
  cairo_fill(cr);
  cairo_restore(cr);
  TextStyle s = style(10, 6, true, Align::center);
  s.r = s.g = s.b = 1;
  s.vertical_center = true;
  text(cr, label, deck + "\n" + title, s, back.inset(5));
}

}  // namespace

void draw_action_card(cairo_t* cr, const Box& pair, int value, const std::string& event_title) {
  Box face{pair.x, pair.y, pair.w, pair.h / 2}, back{pair.x, pair.y + pair.h / 2, pair.w, pair.h / 2};
  // TRANSLATORS: an action deck card named in a print refusal: its value.
  const std::string label = fmt::format(fmt::runtime(tr("action card {}")), value);
  frame(cr, pair);
  // TRANSLATORS: the Ace's value in the corners of an action card, as on playing cards: one letter.
  std::string v = value == 1 ? tr("A") : std::to_string(value);
  text(cr, label, v, style(14, 10, true), {face.x + 2, face.y + 1.5, 12, 8});
  // The other corner upside down, as on a real playing card.
  cairo_save(cr);
  cairo_translate(cr, pt(face.right() - 2), pt(face.bottom() - 1.5));
  cairo_rotate(cr, M_PI);
  text(cr, label, v, style(14, 10, true), {0, 0, 12, 8});
  cairo_restore(cr);
  text(cr, label, v, style(30, 20, true, Align::center), {face.x + 10, face.y + 6, face.w - 20, 14});
  draw_qr(cr, encode_qr(action_card_payload(value)), face.x + (face.w - qr_side) / 2, face.y + 21, qr_module_mm);
  dashed_line(cr, pair.x, back.y, pair.right(), back.y, 2.5);
  // TRANSLATORS: on the back of each action deck card, above the event's title; the second names
  // that back in a print refusal.
  card_back(cr, back, event_title, tr("ACTION DECK"), tr("ACTION DECK back"));
}

void draw_location_card(cairo_t* cr, const Box& pair, const core::Location& location, int index,
                        const std::string& event_title) {
  Box face{pair.x, pair.y, pair.w, pair.h / 2}, back{pair.x, pair.y + pair.h / 2, pair.w, pair.h / 2};
  // TRANSLATORS: a location deck card named in a print refusal: the location's name.
  const std::string label = fmt::format(fmt::runtime(tr("location card {}")), location.name);
  frame(cr, pair);
  Box in = face.inset(2.5);
  // TRANSLATORS: the heading of a location card, 39 mm wide: a road, which a chase may start with,
  // or any other place out of town.
  text(cr, label, location.road ? tr("ROAD  ·  a first card") : tr("OUT OF TOWN"), label_style(), {in.x, in.y, in.w, 4});
  text(cr, label, location.name, style(11, 7, true), {in.x, in.y + 4.5, in.w, 9});
  std::string links;
  for (const auto& l : location.links) links += (links.empty() ? "" : ", ") + l;
  // TRANSLATORS: on a location card: the places a chase may go on to from here, comma-separated.
  text(cr, label, fmt::format(fmt::runtime(tr("Leads to: {}")), links), style(7, 6), {in.x, in.y + 14, in.w, 11});
  draw_qr(cr, encode_qr(location_card_payload(index)), face.x + (face.w - qr_side) / 2,
          face.bottom() - qr_side - 1.5, qr_module_mm);
  dashed_line(cr, pair.x, back.y, pair.right(), back.y, 2.5);
  // TRANSLATORS: on the back of each location deck card, above the event's title; the second names
  // that back in a print refusal.
  card_back(cr, back, event_title, tr("LOCATION DECK"), tr("LOCATION DECK back"));
}

}  // namespace marshal::printables
