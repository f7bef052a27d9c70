// The QR codes' geometry: a card code is a version 1 symbol (21 x 21 modules), modules are at
// least 0.5 mm, and every code drawn keeps a quiet zone of 4 white modules, in the vector drawing
// and on real printed pages read back at 300 dpi.
#include "printables_test_helpers.h"

#include "printables/cards.h"
#include "printables/print_jobs.h"
#include "printables/qr_code.h"

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

namespace {

// A QR symbol's three finder patterns: 7 x 7 dark rings around a 3 x 3 core, a light separator.
bool has_finder_patterns(const QrMatrix& qr) {
  auto finder_at = [&](int ox, int oy) {
    for (int y = -1; y <= 7; ++y)
      for (int x = -1; x <= 7; ++x) {
        int ax = ox + x, ay = oy + y;
        if (ax < 0 || ay < 0 || ax >= qr.size || ay >= qr.size) continue;
        bool ring = x >= 0 && y >= 0 && x <= 6 && y <= 6 && (x == 0 || y == 0 || x == 6 || y == 6);
        bool core = x >= 2 && y >= 2 && x <= 4 && y <= 4;
        if (qr.at(ax, ay) != (ring || core)) return false;
      }
    return true;
  };
  return finder_at(0, 0) && finder_at(qr.size - 7, 0) && finder_at(0, qr.size - 7);
}

}  // namespace

TEST_CASE("qr: every card code and deck payload is a version 1 symbol of 21 x 21 modules", "[printables][qr]") {
  TestLedger t;
  std::vector<std::string> texts;
  for (const auto& card : t.definition().cards) texts.push_back(card.code);
  REQUIRE(texts.size() > 300);
  for (int v = 1; v <= 10; ++v) texts.push_back(action_card_payload(v));
  for (int i = 0; i < 14; ++i) texts.push_back(location_card_payload(i));
  for (const auto& text : texts) {
    INFO(text);
    QrMatrix qr = encode_qr(text);
    CHECK(qr.size == 21);
    CHECK(qr.dark.size() == 21u * 21u);
    CHECK(has_finder_patterns(qr));
  }
  // The codes differ: two different codes never make the same symbol.
  CHECK(encode_qr(texts[0]).dark != encode_qr(texts[1]).dark);
  CHECK(action_card_payload(1) == "ACT01");
  CHECK(action_card_payload(10) == "ACT10");
  CHECK(location_card_payload(3) == "LOC03");
}

TEST_CASE("qr: modules of at least 0.5 mm and a printed side of 29 modules", "[printables][qr]") {
  CHECK(min_module_mm >= 0.5);
  CHECK(qr_module_mm >= min_module_mm);
  CHECK(quiet_zone_modules == 4);
  QrMatrix qr = encode_qr("K3M07XQ2W9RTAB4CD");
  CHECK(qr_side_mm(qr, qr_module_mm) == Approx((21 + 8) * qr_module_mm));
  // The side fits the cards that carry it, with room to spare.
  CHECK(qr_side_mm(qr, qr_module_mm) < card_w / 2);
  CHECK(qr_side_mm(qr, qr_module_mm) < deck_h / 2);
}

TEST_CASE("qr: draw_qr paints the quiet zone white and each module where it belongs", "[printables][qr]") {
  // Drawn on an all-black image at 10 pixels a module: the quiet zone must be painted white by
  // draw_qr itself, each module's centre must be dark exactly when the matrix says so.
  const double px_per_module = 10, module_mm = 0.7, px_per_mm = px_per_module / module_mm;
  const std::string code = TestLedger().definition().cards.front().code;
  QrMatrix qr = encode_qr(code);
  const int side = static_cast<int>(std::lround((qr.size + 8 + 4) * px_per_module));
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, side, side);
  cairo_t* cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_paint(cr);
  cairo_scale(cr, px_per_mm / points_per_mm, px_per_mm / points_per_mm);
  const double origin_mm = 2 * module_mm;  // two black modules around the drawing
  draw_qr(cr, qr, origin_mm, origin_mm, module_mm);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  auto dark_at = [&](double mx, double my) {  // module coordinates from the quiet zone's corner
    int px = static_cast<int>((mx + 2) * px_per_module), py = static_cast<int>((my + 2) * px_per_module);
    std::uint32_t p = reinterpret_cast<const std::uint32_t*>(data + py * stride)[px];
    return (p & 0xff) < 128;
  };
  int wrong = 0, quiet_checked = 0;
  for (int my = 0; my < qr.size + 8; ++my)
    for (int mx = 0; mx < qr.size + 8; ++mx) {
      int x = mx - 4, y = my - 4;
      bool in_symbol = x >= 0 && y >= 0 && x < qr.size && y < qr.size;
      bool expected = in_symbol && qr.at(x, y);
      quiet_checked += !in_symbol;
      if (dark_at(mx + 0.5, my + 0.5) != expected) ++wrong;
    }
  CHECK(wrong == 0);
  CHECK(quiet_checked == 29 * 29 - 21 * 21);
  // Outside the drawing the black background is left alone: the white square is 29 modules.
  CHECK(dark_at(-0.5, 10));
  CHECK(dark_at(29.5, 10));
  CHECK(dark_at(10, -0.5));
  CHECK(dark_at(10, 29.5));
  cairo_surface_destroy(surface);
}

namespace {

// At 300 dpi, each decoded symbol measures 21 modules of qr_module_mm and the band of 4 modules
// around it holds no ink (a quarter module is allowed at both edges for anti-aliasing and
// ZXing's position). Returns how many symbols were checked.
int check_quiet_zones(const fs::path& png, const std::string& what) {
  const double dpi = 300, module_px = qr_module_mm * dpi / 25.4;
  Gray page = load_png(png);
  auto codes = decode_qr_codes(page);
  const int slack = static_cast<int>(std::ceil(module_px / 4));
  const int quiet = static_cast<int>(std::floor(quiet_zone_modules * module_px)) - slack;
  for (const auto& d : codes) {
    INFO(what << ": the code " << d.text << " at " << d.left << "," << d.top << " px");
    CHECK(std::abs((d.right - d.left) - 21 * module_px) <= module_px / 2);
    CHECK(std::abs((d.bottom - d.top) - 21 * module_px) <= module_px / 2);
    // The darkest pixel in the quiet zone, side by side.
    const char* names[] = {"left", "right", "above", "below"};
    for (int side = 0; side < 4; ++side) {
      int darkest = 255, at_x = -1, at_y = -1;
      for (int depth = slack; depth <= quiet; ++depth)
        for (int along = d.top - quiet; along <= d.bottom + quiet; ++along) {
          int x = 0, y = 0;
          if (side < 2) {
            x = side == 0 ? d.left - depth : d.right + depth;
            y = along;
          } else {
            x = d.left - d.top + along;  // same span horizontally
            y = side == 2 ? d.top - depth : d.bottom + depth;
          }
          if (x < 0 || y < 0 || x >= page.width || y >= page.height) continue;
          if (page.at(x, y) < darkest) darkest = page.at(x, y), at_x = x, at_y = y;
        }
      INFO("quiet zone " << names[side] << ": darkest pixel " << darkest << " at " << at_x << "," << at_y << " ("
                         << (side == 0   ? d.left - at_x
                             : side == 1 ? at_x - d.right
                             : side == 2 ? d.top - at_y
                                         : at_y - d.bottom) /
                                module_px
                         << " modules from the symbol)");
      CHECK(darkest >= 250);
    }
  }
  return static_cast<int>(codes.size());
}

}  // namespace

TEST_CASE("qr: on printed pages at 300 dpi every code keeps 4 white modules around it", "[printables][qr]") {
  TestLedger t;
  const fs::path out = t.dir().path() / "out";
  const std::string mayor = "Zechariah Chamberlain";
  // Every kind of packet card: the Mayor has a badge, a power, secrets, a horse, bystanders, tricks.
  std::set<std::string> kinds;
  for (const auto& code : t.codes_of(mayor)) kinds.insert(t.kind_of(code));
  REQUIRE(kinds == std::set<std::string>{"badge", "power", "secret", "horse", "bystander", "trick"});
  PrintResult packet = print_packets(t.model(), out.string(), Paper::a4, mayor, false);
  PrintResult decks = print_decks(t.model(), out.string(), Paper::a4);
  REQUIRE(decks.files.size() == 2);

  int checked = 0;
  for (const auto& png : rasterise(packet.files.front(), 300, t.dir().path() / "png"))
    checked += check_quiet_zones(png, "packet page " + png.filename().string());
  int expected = 0;
  for (const auto& code : t.codes_of(mayor)) expected += t.kind_of(code) == "bystander" ? 2 : 1;
  CHECK(checked == expected);

  // A deck page of each deck.
  for (const auto& file : decks.files) {
    ProcessRun run = run_process({"pdftoppm", "-r", "300", "-png", "-f", "1", "-l", "1", "-singlefile", file,
                                  (t.dir().path() / "deck").string()});
    REQUIRE(run.exit_code == 0);
    int on_page = check_quiet_zones(t.dir().path() / "deck.png", file);
    CHECK(on_page >= 8);
  }
}
