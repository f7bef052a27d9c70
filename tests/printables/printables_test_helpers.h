#pragma once
// What the printables tests share: a fresh temporary folder per test, ledgers made from the
// sample event (or a copy of it) with seeded card codes, the codes each character holds as the
// import made them (independent of printables), real child processes (pdftoppm, pdfinfo), PNG
// pages read with cairo, and every QR code on a page decoded with ZXing.
#include "support/temp_dir.h"
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <regex>
#include <thread>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <cairo.h>

#include <ZXing/ReadBarcode.h>

#include "core/card_code.h"
#include "core/csprng.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "store/sqlite.h"
#include "printables/print_model.h"

namespace marshal::printables::testing {

namespace fs = std::filesystem;

inline constexpr std::int64_t evening_start_ms = 1'800'000'000'000;

inline fs::path sample_event_dir() { return fs::path(MARSHAL_SOURCE_DIR) / "events" / "lincoln-1875"; }

using marshal::test_support::TempDir;

using marshal::test_support::read_text;

using marshal::test_support::write_text;

// Every file name in a folder, sorted.
inline std::vector<std::string> files_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Card codes from a seed: the same seed gives the same codes.
inline std::function<std::string()> seeded_code_maker(std::uint64_t seed) {
  return core::seeded_card_codes(seed);
}

// A ledger file made from an event folder (the sample unless told), with its definition (what
// the import produced), the live cards the ledger file holds (the truth printed codes are
// checked against) and its print model.
class TestLedger {
 public:
  // `edit` may change the imported definition before the ledger is made from it (to hold what
  // the CSV import would refuse).
  explicit TestLedger(const fs::path& event_dir = sample_event_dir(), std::uint64_t seed = 1875,
                      const std::function<void(db::EventDefinition&)>& edit = {})
      : path_(dir_.file("ledger.db")) {
    db::ImportResult imported = db::import_event(event_dir.string(), seeded_code_maker(seed));
    for (const auto& e : imported.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(imported.ok());
    definition_ = imported.definition;
    if (edit) edit(definition_);
    db::Ledger::create(path_, definition_, evening_start_ms);
    // The live cards as the ledger file holds them, read with SQL, not through printables.
    {
      db::Database db(path_, false);
      db::Statement s = db.prepare(
          "SELECT c.code, c.kind, h.name FROM cards c JOIN characters h ON h.id = c.holder "
          "WHERE c.revoked = 0 ORDER BY c.rowid");
      while (s.step()) ledger_cards_.push_back({s.text(0), s.text(1), s.text(2)});
    }
    REQUIRE(ledger_cards_.size() == definition_.cards.size());
    model_ = load_print_model(path_);
  }

  const std::string& path() const { return path_; }
  const TempDir& dir() const { return dir_; }
  std::string file(const std::string& name) const { return dir_.file(name); }
  const db::EventDefinition& definition() const { return definition_; }
  const PrintModel& model() const { return model_; }

  // The codes of the live cards `character` holds in the ledger (badge, bystanders, tricks,
  // horses, secrets, powers).
  std::vector<std::string> codes_of(const std::string& character) const {
    std::vector<std::string> codes;
    for (const auto& card : ledger_cards_)
      if (card.holder == character) codes.push_back(card.code);
    return codes;
  }
  // A card's kind in the ledger; empty when the ledger holds no such card.
  std::string kind_of(const std::string& code) const {
    for (const auto& card : ledger_cards_)
      if (card.code == code) return card.kind;
    return "";
  }
  // The first card of a kind (with this title when given) held by `character` (any when empty).
  const db::CardDef& card(const std::string& kind, const std::string& character = "",
                          const std::string& title = "") const {
    for (const auto& c : definition_.cards)
      if (c.kind == kind && (character.empty() || c.holder == character) && (title.empty() || c.title == title))
        return c;
    FAIL("no " << kind << " card '" << title << "' of '" << character << "' in the sample");
    throw std::logic_error("unreachable");
  }

 private:
  TempDir dir_;
  std::string path_;
  db::EventDefinition definition_;
  struct LedgerCard {
    std::string code, kind, holder;
  };
  std::vector<LedgerCard> ledger_cards_;
  PrintModel model_;
};

// ---------------------------------------------------------------------------------------------
// Child processes.

struct ProcessRun {
  int exit_code = -1;
  std::string output;  // standard output and standard error together
};

// A child process started and not yet waited for; its output goes to a file.
struct Child {
  pid_t pid = -1;
  fs::path output_file;
};

// Starts a program (found on PATH) with its arguments, without a shell.
inline Child start_process(const std::vector<std::string>& args) {
  static std::atomic<unsigned> counter{0};
  Child child;
  child.output_file = fs::temp_directory_path() /
                      ("marshal-print-test-out-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
  int out = open(child.output_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  REQUIRE(out >= 0);
  child.pid = fork();
  REQUIRE(child.pid >= 0);
  if (child.pid == 0) {
    dup2(out, STDOUT_FILENO);
    dup2(out, STDERR_FILENO);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "cannot run %s\n", argv[0]);
    _exit(127);
  }
  close(out);
  return child;
}

inline ProcessRun finish_process(const Child& child) {
  ProcessRun run;
  int status = 0;
  REQUIRE(waitpid(child.pid, &status, 0) == child.pid);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.output = read_text(child.output_file);
  fs::remove(child.output_file);
  return run;
}

inline ProcessRun run_process(const std::vector<std::string>& args) { return finish_process(start_process(args)); }

// `pdftoppm -r DPI -png PDF OUT_DIR/PREFIX`, started.
inline Child start_rasterise(const fs::path& pdf, int dpi, const fs::path& out_dir, const std::string& prefix) {
  fs::create_directories(out_dir);
  return start_process({"pdftoppm", "-r", std::to_string(dpi), "-png", pdf.string(), (out_dir / prefix).string()});
}

// The PNGs pdftoppm wrote for PREFIX, in page order (it names them PREFIX-1.png or
// PREFIX-01.png ... depending on the page count).
inline std::vector<fs::path> rasterised_pages(const fs::path& out_dir, const std::string& prefix) {
  std::vector<std::pair<int, fs::path>> pages;
  for (const auto& entry : fs::directory_iterator(out_dir)) {
    const std::string file = entry.path().filename().string();
    if (file.size() <= prefix.size() + 5 || file.compare(0, prefix.size() + 1, prefix + "-") != 0 ||
        file.substr(file.size() - 4) != ".png")
      continue;
    const std::string number = file.substr(prefix.size() + 1, file.size() - prefix.size() - 5);
    if (number.find_first_not_of("0123456789") != std::string::npos) continue;
    pages.emplace_back(std::stoi(number), entry.path());
  }
  std::sort(pages.begin(), pages.end());
  std::vector<fs::path> paths;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    REQUIRE(pages[i].first == static_cast<int>(i) + 1);
    paths.push_back(pages[i].second);
  }
  return paths;
}

// Rasterises every page of a PDF with `pdftoppm -r DPI -png` into `out_dir`; the PNGs in page order.
inline std::vector<fs::path> rasterise(const fs::path& pdf, int dpi, const fs::path& out_dir) {
  const std::string prefix = pdf.stem().string() + "-" + std::to_string(dpi);
  ProcessRun run = finish_process(start_rasterise(pdf, dpi, out_dir, prefix));
  INFO("pdftoppm " << pdf << ": " << run.output);
  REQUIRE(run.exit_code == 0);
  return rasterised_pages(out_dir, prefix);
}

struct PdfInfo {
  int pages = 0;
  double width_pt = 0, height_pt = 0;  // of the first page
  std::vector<std::pair<double, double>> page_sizes_pt;
};

// Reads a PDF's page count and every page's size back with `pdfinfo`.
inline PdfInfo pdf_info(const fs::path& pdf) {
  ProcessRun first = run_process({"pdfinfo", pdf.string()});
  INFO("pdfinfo " << pdf << ":\n" << first.output);
  REQUIRE(first.exit_code == 0);
  PdfInfo info;
  std::smatch m;
  REQUIRE(std::regex_search(first.output, m, std::regex(R"(Pages:\s+(\d+))")));
  info.pages = std::stoi(m[1].str());
  ProcessRun all = run_process({"pdfinfo", "-f", "1", "-l", std::to_string(info.pages), pdf.string()});
  REQUIRE(all.exit_code == 0);
  const std::regex size(R"(Page\s+\d+\s+size:\s+([0-9.]+) x ([0-9.]+) pts)");
  for (auto it = std::sregex_iterator(all.output.begin(), all.output.end(), size); it != std::sregex_iterator(); ++it)
    info.page_sizes_pt.emplace_back(std::stod((*it)[1].str()), std::stod((*it)[2].str()));
  REQUIRE(static_cast<int>(info.page_sizes_pt.size()) == info.pages);
  info.width_pt = info.page_sizes_pt.front().first;
  info.height_pt = info.page_sizes_pt.front().second;
  return info;
}

inline double mm_from_pt(double points) { return points * 25.4 / 72.0; }

// ---------------------------------------------------------------------------------------------
// Pages as pixels, and the codes on them.

// A page as 8-bit luminance, row by row (stride = width).
struct Gray {
  int width = 0, height = 0;
  std::vector<std::uint8_t> pixels;
  std::uint8_t at(int x, int y) const {
    return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)];
  }
};

// Reads a PNG with cairo (ARGB32 or RGB24, honouring the stride) into luminance.
inline Gray load_png(const fs::path& png) {
  cairo_surface_t* surface = cairo_image_surface_create_from_png(png.string().c_str());
  INFO(png);
  REQUIRE(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS);
  cairo_surface_flush(surface);
  const cairo_format_t format = cairo_image_surface_get_format(surface);
  REQUIRE((format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24));
  Gray g;
  g.width = cairo_image_surface_get_width(surface);
  g.height = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  g.pixels.resize(static_cast<std::size_t>(g.width) * static_cast<std::size_t>(g.height));
  for (int y = 0; y < g.height; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < g.width; ++x) {
      const std::uint32_t p = row[x];
      std::uint32_t alpha = format == CAIRO_FORMAT_ARGB32 ? (p >> 24) & 0xff : 0xff;
      std::uint32_t r = (p >> 16) & 0xff, gr = (p >> 8) & 0xff, b = p & 0xff;
      // Premultiplied: lay a translucent pixel over white paper.
      r += 0xff - alpha;
      gr += 0xff - alpha;
      b += 0xff - alpha;
      g.pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(g.width) + static_cast<std::size_t>(x)] =
          static_cast<std::uint8_t>(std::min<std::uint32_t>(255, (299 * r + 587 * gr + 114 * b) / 1000));
    }
  }
  cairo_surface_destroy(surface);
  return g;
}

struct Decoded {
  std::string text;
  // The symbol's corners in pixels (ZXing's position), as an axis-aligned box.
  int left = 0, top = 0, right = 0, bottom = 0;
};

// Every QR code ZXing finds on the page. ZXing 1.4 reading a whole page with many symbols misses
// a few with one binarizer that another finds (each of them decodes on its own, cut out of the
// same page), so the page is read with the local and the global binarizer, as the stations'
// decoder retries (shared/scan/frame_decoder.cpp). A symbol reported again at the same place
// counts once.
inline std::vector<Decoded> decode_qr_codes(const Gray& page) {
  ZXing::ImageView view(page.pixels.data(), page.width, page.height, ZXing::ImageFormat::Lum, page.width);
  std::vector<Decoded> found;
  for (auto binarizer : {ZXing::Binarizer::LocalAverage, ZXing::Binarizer::GlobalHistogram}) {
    const auto hints = ZXing::DecodeHints()
                           .setFormats(ZXing::BarcodeFormat::QRCode)
                           .setTryHarder(true)
                           .setTryRotate(false)
                           .setBinarizer(binarizer)
                           .setMaxNumberOfSymbols(255);
    for (const auto& result : ZXing::ReadBarcodes(view, hints)) {
      if (!result.isValid()) continue;
      Decoded d;
      d.text = result.text();
      const auto& pos = result.position();
      d.left = d.right = pos[0].x;
      d.top = d.bottom = pos[0].y;
      for (const auto& p : pos) {
        d.left = std::min(d.left, p.x);
        d.right = std::max(d.right, p.x);
        d.top = std::min(d.top, p.y);
        d.bottom = std::max(d.bottom, p.y);
      }
      bool seen = false;
      for (const auto& f : found)
        seen = seen || (f.text == d.text && d.left < f.right && f.left < d.right && d.top < f.bottom && f.top < d.bottom);
      if (!seen) found.push_back(d);
    }
  }
  return found;
}

// What every page of one PDF decoded to: each text with how often it appears.
struct PdfCodes {
  int pages = 0;
  std::map<std::string, int> counts;
};

// Reads every page of `png` files, then removes them.
inline PdfCodes decode_pages(const std::vector<fs::path>& pngs) {
  PdfCodes codes;
  codes.pages = static_cast<int>(pngs.size());
  for (const auto& png : pngs) {
    for (const auto& d : decode_qr_codes(load_png(png))) ++codes.counts[d.text];
    fs::remove(png);
  }
  return codes;
}

// Every PDF rasterised at `dpi` and decoded, page by page. pdftoppm (mostly PNG compression) is
// the slow part: a few run ahead as child processes while the pages of the first are decoded.
inline std::vector<PdfCodes> decode_pdfs(const std::vector<fs::path>& pdfs, int dpi, const fs::path& work_dir) {
  const std::size_t ahead = std::max(2u, std::thread::hardware_concurrency());
  std::vector<Child> children(pdfs.size());
  auto prefix = [&](std::size_t i) { return "pdf" + std::to_string(i) + "-" + std::to_string(dpi); };
  std::size_t started = 0, finished = 0;
  // On a failed REQUIRE, the children still running are waited for before their folder goes.
  struct Reaper {
    std::vector<Child>& children;
    std::size_t& started;
    std::size_t& finished;
    ~Reaper() {
      for (std::size_t i = finished; i < started; ++i) {
        int status = 0;
        waitpid(children[i].pid, &status, 0);
        std::error_code ignored;
        fs::remove(children[i].output_file, ignored);
      }
    }
  } reaper{children, started, finished};
  std::vector<PdfCodes> results;
  for (std::size_t i = 0; i < pdfs.size(); ++i) {
    for (; started < pdfs.size() && started < i + ahead; ++started)
      children[started] = start_rasterise(pdfs[started], dpi, work_dir, prefix(started));
    ProcessRun run = finish_process(children[i]);
    finished = i + 1;
    INFO("pdftoppm " << pdfs[i] << ": " << run.output);
    REQUIRE(run.exit_code == 0);
    results.push_back(decode_pages(rasterised_pages(work_dir, prefix(i))));
  }
  return results;
}

inline PdfCodes decode_pdf(const fs::path& pdf, int dpi, const fs::path& work_dir) {
  return decode_pdfs({pdf}, dpi, work_dir).front();
}

inline std::string describe_counts(const std::map<std::string, int>& counts) {
  std::string s;
  for (const auto& [text, n] : counts) s += "  " + text + " x" + std::to_string(n) + "\n";
  return s;
}

}  // namespace marshal::printables::testing
