// Where cards go on the page: every placement lies inside the printable area (and below the
// heading, above the calibration bar), no two overlap, neighbours keep the gap the cut marks
// need, each card of a packet is placed once at its kind's size, what is drawn stays on its card
// (or is a cut mark), and no ink reaches the strip along the paper's edge that printers cannot
// print.
#include "printables_test_helpers.h"

#include "printables/cards.h"
#include "printables/document.h"
#include "printables/print_jobs.h"

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

namespace {

struct Areas {
  Box printable, content;
};

// The areas a PrintDocument of this paper reports (it writes a scratch PDF to get them).
Areas areas_of(Paper paper, const TempDir& dir) {
  PrintDocument doc(dir.file("scratch.pdf"), paper, "scratch");
  Areas a{doc.printable_area(), doc.content_area()};
  doc.finish();
  fs::remove(dir.file("scratch.pdf"));
  return a;
}

double separation(const Box& a, const Box& b) {
  double dx = std::max(a.x - b.right(), b.x - a.right());
  double dy = std::max(a.y - b.bottom(), b.y - a.bottom());
  return std::max(dx, dy);  // negative: they overlap
}

std::string describe(const Placement& p) {
  std::ostringstream s;
  s << p.what << " on page " << p.page << " at " << p.box.x << "," << p.box.y << " (" << p.box.w << " x "
    << p.box.h << " mm)";
  return s.str();
}

void check_placements(const std::vector<Placement>& placements, int pages, Paper paper, const TempDir& dir) {
  const Areas areas = areas_of(paper, dir);
  const PaperSize size = size_of(paper);
  // The printable area is the paper less 8 mm margins on every side.
  CHECK(areas.printable.x == Approx(8));
  CHECK(areas.printable.right() == Approx(size.w - 8));
  CHECK(areas.printable.bottom() == Approx(size.h - 8));
  CHECK(areas.printable.contains(areas.content));
  REQUIRE(!placements.empty());
  for (std::size_t i = 0; i < placements.size(); ++i) {
    const Placement& p = placements[i];
    INFO(describe(p));
    CHECK(p.page >= 1);
    CHECK(p.page <= pages);
    CHECK(p.box.w > 0);
    CHECK(p.box.h > 0);
    CHECK(areas.printable.contains(p.box));
    CHECK(areas.content.contains(p.box));
    for (std::size_t j = 0; j < i; ++j) {
      if (placements[j].page != p.page) continue;
      INFO("and " << describe(placements[j]));
      // Not overlapping, and far enough apart that cut marks (1 + 2.5 mm out) never touch a card.
      CHECK(separation(p.box, placements[j].box) >= card_gap_mm - 1e-6);
    }
    if (i > 0) CHECK(p.page >= placements[i - 1].page);  // page by page, in order
  }
}

}  // namespace

TEST_CASE("layout: every packet card of the event placed once, inside the printable area, no overlap",
          "[printables][layout]") {
  TestLedger t;
  for (Paper paper : {Paper::a4, Paper::letter}) {
    INFO((paper == Paper::a4 ? "A4" : "letter"));
    const fs::path out = t.dir().path() / (paper == Paper::a4 ? "a4" : "letter");
    PrintResult r = print_packets(t.model(), out.string(), paper, std::nullopt, true);
    REQUIRE(r.files == std::vector<std::string>{(out / "packets.pdf").string()});
    CHECK(r.pages == pdf_info(r.files.front()).pages);
    check_placements(r.placements, r.pages, paper, t.dir());
    // Each card of the ledger exactly once, at its kind's size.
    std::multiset<std::string> placed, expected;
    for (const auto& p : r.placements) {
      placed.insert(p.what);
      INFO(describe(p));
      bool horse = p.what.rfind("horse ", 0) == 0;
      CHECK(p.box.w == Approx(horse ? horse_w : card_w));
      CHECK(p.box.h == Approx(horse ? horse_h : card_h));
    }
    for (const auto& card : t.definition().cards) expected.insert(card.kind + " " + card.code);
    CHECK(placed == expected);
    CHECK(r.cards == static_cast<int>(expected.size()));
    // A character's cards never share a page with another character's (envelope stuffing).
    std::map<int, std::set<std::string>> holders_on_page;
    std::map<std::string, std::string> holder_of;
    for (const auto& card : t.definition().cards) holder_of[card.kind + " " + card.code] = card.holder;
    for (const auto& p : r.placements) holders_on_page[p.page].insert(holder_of[p.what]);
    for (const auto& [page, holders] : holders_on_page) {
      INFO("page " << page);
      CHECK(holders.size() == 1);
    }
  }
}

TEST_CASE("layout: deck cards and a single card inside the printable area, no overlap", "[printables][layout]") {
  TestLedger t;
  for (Paper paper : {Paper::a4, Paper::letter}) {
    INFO((paper == Paper::a4 ? "A4" : "letter"));
    const fs::path out = t.dir().path() / (paper == Paper::a4 ? "a4" : "letter");
    PrintResult decks = print_decks(t.model(), out.string(), paper);
    REQUIRE(decks.files.size() == 2);
    // The placements are the location deck's (the last file).
    int location_cards = 0;
    for (const auto& l : t.definition().locations) location_cards += l.copies;
    CHECK(static_cast<int>(decks.placements.size()) == location_cards);
    for (const auto& p : decks.placements) {
      CHECK(p.box.w == Approx(deck_w));
      CHECK(p.box.h == Approx(2 * deck_h));
    }
    check_placements(decks.placements, pdf_info(decks.files.back()).pages, paper, t.dir());
    PrintResult one = print_card(t.model(), t.card("horse").code, (out / "horse.pdf").string(), paper);
    REQUIRE(one.placements.size() == 1);
    check_placements(one.placements, 1, paper, t.dir());
  }
  // The action deck's placements, from an event without locations (the action deck is then last).
  TempDir dir;
  fs::path event = dir.path() / "event";
  fs::copy(sample_event_dir(), event, fs::copy_options::recursive);
  fs::remove(event / "locations.csv");
  TestLedger no_locations(event);
  PrintResult action = print_decks(no_locations.model(), (dir.path() / "decks").string(), Paper::a4);
  REQUIRE(action.files.size() == 1);
  CHECK(action.placements.size() == 50);
  check_placements(action.placements, action.pages, Paper::a4, dir);
}

TEST_CASE("layout: no ink within 4 mm of the paper's edge", "[printables][layout]") {
  // Printers leave a strip of about 4 mm unprinted; cut marks reach 3.5 mm past the cards into
  // the 8 mm margin, so they end 4.5 mm from the edge.
  TestLedger t;
  const fs::path out = t.dir().path() / "out";
  std::vector<std::pair<std::string, double>> files;  // file, dpi
  for (Paper paper : {Paper::a4, Paper::letter}) {
    const fs::path dir = out / (paper == Paper::a4 ? "a4" : "letter");
    for (const auto& f : print_packets(t.model(), dir.string(), paper, "Zechariah Chamberlain", false).files)
      files.emplace_back(f, 100);
    for (const auto& f : print_decks(t.model(), dir.string(), paper).files) files.emplace_back(f, 100);
  }
  for (const auto& f : print_reference(t.model(), out.string(), Paper::a4).files) files.emplace_back(f, 100);
  int pages = 0;
  for (const auto& [file, dpi] : files) {
    for (const auto& png : rasterise(file, static_cast<int>(dpi), t.dir().path() / "png")) {
      Gray page = load_png(png);
      const int strip = static_cast<int>(std::floor(4.0 / 25.4 * dpi));
      int darkest = 255, at_x = -1, at_y = -1;
      for (int y = 0; y < page.height; ++y)
        for (int x = 0; x < page.width; ++x) {
          bool in_strip = x < strip || y < strip || x >= page.width - strip || y >= page.height - strip;
          if (in_strip && page.at(x, y) < darkest) darkest = page.at(x, y), at_x = x, at_y = y;
        }
      INFO(png.filename().string() << ": darkest pixel " << darkest << " at " << at_x << "," << at_y);
      CHECK(darkest >= 250);
      ++pages;
      fs::remove(png);
    }
  }
  CHECK(pages >= 20);
}

namespace {

// On a page rendered at `dpi`, every dark pixel between the heading and the calibration bar lies
// on a card placed on that page, or on one of its cut marks (in line with an edge, at most
// 3.5 mm out). Returns how many dark pixels were checked.
long check_ink_on_cards(const Gray& page, int page_number, const std::vector<Placement>& placements,
                        const Box& content, double dpi, const std::string& what) {
  const double px = 25.4 / dpi;    // mm per pixel
  const double tolerance = 0.35;   // mm: line widths and anti-aliasing
  long dark = 0;
  int stray = 0;
  std::string first_stray;
  for (int y = 0; y < page.height; ++y) {
    const double ym = (y + 0.5) * px;
    if (ym < content.y || ym > content.bottom()) continue;
    for (int x = 0; x < page.width; ++x) {
      if (page.at(x, y) >= 200) continue;
      ++dark;
      const double xm = (x + 0.5) * px;
      bool allowed = false;
      for (const auto& p : placements) {
        if (p.page != page_number) continue;
        const Box& b = p.box;
        const Box near{b.x - tolerance, b.y - tolerance, b.w + 2 * tolerance, b.h + 2 * tolerance};
        if (xm >= near.x && xm <= near.right() && ym >= near.y && ym <= near.bottom()) allowed = true;
        const double reach = 3.5 + tolerance;
        bool in_reach = xm >= b.x - reach && xm <= b.right() + reach && ym >= b.y - reach && ym <= b.bottom() + reach;
        bool in_line = std::abs(xm - b.x) <= tolerance || std::abs(xm - b.right()) <= tolerance ||
                       std::abs(ym - b.y) <= tolerance || std::abs(ym - b.bottom()) <= tolerance;
        if (in_reach && in_line) allowed = true;
        if (allowed) break;
      }
      if (!allowed && stray++ == 0)
        first_stray = std::to_string(xm) + "," + std::to_string(ym) + " mm";
    }
  }
  INFO(what << " page " << page_number << ": " << stray << " dark pixels off every card, the first at "
            << first_stray);
  CHECK(stray == 0);
  return dark;
}

}  // namespace

TEST_CASE("layout: what a card draws stays on the card", "[printables][layout]") {
  TestLedger t;
  const double dpi = 100;
  const fs::path out = t.dir().path() / "out";
  Areas areas = areas_of(Paper::a4, t.dir());
  long checked = 0;
  auto check_file = [&](const PrintResult& r, const std::string& what, int first_card_page) {
    auto pngs = rasterise(r.files.back(), static_cast<int>(dpi), t.dir().path() / "png");
    for (std::size_t i = 0; i < pngs.size(); ++i) {
      const int page_number = static_cast<int>(i) + 1;
      if (page_number >= first_card_page)
        checked += check_ink_on_cards(load_png(pngs[i]), page_number, r.placements, areas.content, dpi, what);
      fs::remove(pngs[i]);
    }
  };
  for (const std::string name : {"Zechariah Chamberlain", "Sheriff Amos Brady", "Deputy Wade Hollis",
                                 "Captain Josiah Thorne"})
    check_file(print_packets(t.model(), out.string(), Paper::a4, name, false), name, 2);  // page 1: the sheet
  check_file(print_decks(t.model(), out.string(), Paper::a4), "location deck", 1);
  check_file(print_card(t.model(), t.card("horse").code, (out / "horse.pdf").string(), Paper::a4), "a horse", 1);
  CHECK(checked > 100000);
}
