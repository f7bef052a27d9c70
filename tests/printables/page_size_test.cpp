// Paper sizes as the PDF declares them (read back with pdfinfo) and as pdftoppm renders them:
// A4 is 210 x 297 mm, US letter 215.9 x 279.4 mm, on every page of every kind of job.
#include "printables_test_helpers.h"

#include "printables/print_jobs.h"

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

namespace {

struct PaperCase {
  Paper paper;
  const char* name;
  double w_mm, h_mm;
};

const PaperCase papers[] = {{Paper::a4, "A4", 210.0, 297.0}, {Paper::letter, "letter", 215.9, 279.4}};

}  // namespace

TEST_CASE("page size: every page of every job is A4 or letter as asked", "[printables][paper]") {
  TestLedger t;
  for (const auto& p : papers) {
    INFO(p.name);
    const fs::path out = t.dir().path() / p.name;
    std::vector<std::string> files;
    for (const auto& f : print_packets(t.model(), out.string(), p.paper, "Zechariah Chamberlain", false).files)
      files.push_back(f);
    for (const auto& f : print_decks(t.model(), out.string(), p.paper).files) files.push_back(f);
    for (const auto& f : print_reference(t.model(), out.string(), p.paper).files) files.push_back(f);
    for (const auto& f :
         print_card(t.model(), t.card("horse").code, (out / "horse.pdf").string(), p.paper).files)
      files.push_back(f);
    REQUIRE(files.size() == 5);
    for (const auto& file : files) {
      PdfInfo info = pdf_info(file);
      INFO(file << ": " << info.pages << " pages");
      CHECK(info.pages >= 1);
      for (const auto& [w, h] : info.page_sizes_pt) {
        CHECK(mm_from_pt(w) == Approx(p.w_mm).margin(0.05));
        CHECK(mm_from_pt(h) == Approx(p.h_mm).margin(0.05));
      }
    }
  }
}

TEST_CASE("page size: a page rendered at 100 dpi has the paper's size in pixels", "[printables][paper]") {
  TestLedger t;
  for (const auto& p : papers) {
    INFO(p.name);
    const fs::path out = t.dir().path() / p.name;
    PrintResult r = print_packets(t.model(), out.string(), p.paper, "Sheriff Amos Brady", false);
    CHECK(r.pages == pdf_info(r.files.front()).pages);
    auto pngs = rasterise(r.files.front(), 100, t.dir().path() / "png");
    CHECK(static_cast<int>(pngs.size()) == r.pages);
    for (const auto& png : pngs) {
      Gray page = load_png(png);
      CHECK(std::abs(page.width - p.w_mm / 25.4 * 100) <= 1);
      CHECK(std::abs(page.height - p.h_mm / 25.4 * 100) <= 1);
    }
  }
  // The two papers really differ: A4 is narrower and taller than letter.
  CHECK(size_of(Paper::a4).w < size_of(Paper::letter).w);
  CHECK(size_of(Paper::a4).h > size_of(Paper::letter).h);
}
