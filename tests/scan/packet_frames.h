#pragma once
// Issue 31's packet frames (docs/plans/camera-scanning.md, section 2): the cards as Marshal prints
// them, not as the corpus draws them. Two characters' packets of the sample town are printed by
// printables (print_packets, A4) and rasterised by pdftoppm at the resolutions that give the
// issue's 3, 4 and 5 px a module (a card's code has 0.7 mm modules). Each card is cut out along
// its box (PrintResult::placements) and its code located by a ZXing pass over it, clean. A frame
// is one such card, as a player holds it out: at any angle, at a random place on a table's
// clutter (camera_corpus.h's draw_clutter; the code wholly in the frame), then spoiled as a webcam
// spoils it (spoil_like_a_webcam). Used by bench_scan's packet sets and the floor test; needs
// pdftoppm (poppler-utils).
#include <sys/wait.h>
#include <unistd.h>

#include <ZXing/ReadBarcode.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "camera_corpus.h"
#include "core/card_code.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "printables/print_jobs.h"
#include "printables/print_model.h"

namespace marshal::scan::testing {

// 110, 145 and 180 dpi: 3.0, 4.0 and 5.0 px a 0.7 mm module.
inline constexpr std::array<int, 3> packet_dpis{110, 145, 180};
// The Mayor, and the character with the most cards in the sample town (packets_decode_test.cpp).
inline const std::array<std::string, 2> packet_characters{"Zechariah Chamberlain",
                                                          "Reginald Ashby"};
inline constexpr std::uint64_t packet_code_seed =
    1875;  // the cards' codes, as the import makes them

// One printed card cut out of its page at one resolution.
struct PrintedCard {
  std::string code;
  int dpi = 0;
  double px_per_module = 0;
  GreyImage image{0, 0};          // the card's box
  double code_x = 0, code_y = 0;  // its code's centre in `image`, px
};

// The two characters' packets as printed and rasterised at each of packet_dpis.
struct PacketPrint {
  std::vector<PrintedCard> cards;  // each card whose code a clean pass located, at each resolution
  std::vector<std::string> not_located;  // "CODE at DPI dpi": the cards it did not
  std::size_t printed = 0;               // cards printed, at one resolution
};

namespace packet_detail {

inline void run(const std::vector<std::string>& args) {
  std::vector<char*> argv;  // made before the fork: the child only execs
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot fork for " + args.front());
  if (pid == 0) {
    execvp(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  pid_t waited = -1;
  do waited = waitpid(pid, &status, 0);
  while (waited < 0 && errno == EINTR);
  const int exit_code = waited == pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (exit_code != 0)
    throw std::runtime_error(args.front() + " failed (exit " + std::to_string(exit_code) +
                             "; 127: it is not installed, it is in poppler-utils)");
}

// A PNG as grey (cairo reads pdftoppm's grey PNGs as RGB24, R = G = B).
inline GreyImage read_grey_png(const std::filesystem::path& png) {
  cairo_surface_t* surface = cairo_image_surface_create_from_png(png.c_str());
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS ||
      cairo_image_surface_get_format(surface) != CAIRO_FORMAT_RGB24) {
    cairo_surface_destroy(surface);
    throw std::runtime_error("cannot read " + png.string());
  }
  cairo_surface_flush(surface);
  const int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  GreyImage out(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      std::uint32_t p;  // 0x00RRGGBB
      std::memcpy(&p, data + static_cast<std::ptrdiff_t>(y) * stride + 4 * x, sizeof p);
      out.at(x, y) = static_cast<std::uint8_t>((p >> 8) & 0xffu);
    }
  cairo_surface_destroy(surface);
  return out;
}

// The card in `box` (mm) of a page at `dpi`, cut out, its code located by one ZXing pass.
inline std::optional<PrintedCard> cut_out(const GreyImage& page, int dpi,
                                          const printables::Box& box, const std::string& code) {
  const double px_per_mm = dpi / 25.4;
  const int x0 = std::max(0, static_cast<int>(box.x * px_per_mm)),
            y0 = std::max(0, static_cast<int>(box.y * px_per_mm));
  const int x1 = std::min(page.width, static_cast<int>(std::ceil(box.right() * px_per_mm)));
  const int y1 = std::min(page.height, static_cast<int>(std::ceil(box.bottom() * px_per_mm)));
  if (x1 <= x0 || y1 <= y0) return std::nullopt;
  PrintedCard card{code, dpi, px_per_mm * printables::qr_module_mm, GreyImage(x1 - x0, y1 - y0),
                   0,    0};
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) card.image.at(x - x0, y - y0) = page.at(x, y);
  ZXing::DecodeHints hints;
  hints.setFormats(ZXing::BarcodeFormat::QRCode);
  hints.setTryHarder(true);
  const ZXing::ImageView view(card.image.pixels.data(), card.image.width, card.image.height,
                              ZXing::ImageFormat::Lum, card.image.stride);
  for (const ZXing::Result& r : ZXing::ReadBarcodes(view, hints)) {
    if (!r.isValid() || r.text() != code) continue;
    const auto& q = r.position();
    for (int i = 0; i < 4; ++i) {
      card.code_x += q[i].x / 4.0;
      card.code_y += q[i].y / 4.0;
    }
    return card;
  }
  return std::nullopt;
}

}  // namespace packet_detail

// The two characters' packets printed and rasterised, every card cut out at each resolution.
// `work_dir` (made if missing) keeps the ledger, PDFs and PNGs.
inline PacketPrint print_packet_cards(const std::filesystem::path& work_dir) {
  namespace fs = std::filesystem;
  fs::create_directories(work_dir);
  const fs::path event = fs::path(MARSHAL_SOURCE_DIR) / "events" / "lincoln-1875";
  const db::ImportResult imported =
      db::import_event(event.string(), core::seeded_card_codes(packet_code_seed));
  if (!imported.ok()) throw std::runtime_error("the sample town does not import");
  const std::string ledger = (work_dir / "packets.db").string();
  fs::remove(ledger);
  db::Ledger::create(ledger, imported.definition, 0);
  const printables::PrintModel model = printables::load_print_model(ledger);
  PacketPrint print;
  for (const std::string& name : packet_characters) {
    const printables::PrintResult printed = printables::print_packets(
        model, (work_dir / "pdf").string(), printables::Paper::a4, name, false);
    if (printed.files.size() != 1) throw std::runtime_error("no packet printed for " + name);
    print.printed += printed.placements.size();
    const std::string pdf = printed.files.front();
    for (const int dpi : packet_dpis) {
      const fs::path png_dir = work_dir / ("png-" + std::to_string(dpi));
      fs::create_directories(png_dir);
      const std::string prefix = fs::path(pdf).stem().string();
      packet_detail::run({"pdftoppm", "-r", std::to_string(dpi), "-gray", "-png", pdf,
                          (png_dir / prefix).string()});
      std::vector<fs::path> pngs;
      for (const auto& entry : fs::directory_iterator(png_dir))
        if (entry.path().filename().string().rfind(prefix + "-", 0) == 0)
          pngs.push_back(entry.path());
      std::sort(pngs.begin(), pngs.end());  // pdftoppm pads the page numbers to one width
      for (std::size_t p = 0; p < pngs.size(); ++p) {
        const GreyImage page = packet_detail::read_grey_png(pngs[p]);
        for (const printables::Placement& placed : printed.placements) {
          if (placed.page != static_cast<int>(p) + 1) continue;  // placements count pages from 1
          const std::string code = placed.what.substr(placed.what.rfind(' ') + 1);  // "kind CODE"
          if (auto card = packet_detail::cut_out(page, dpi, placed.box, code))
            print.cards.push_back(std::move(*card));
          else
            print.not_located.push_back(code + " at " + std::to_string(dpi) + " dpi");
        }
      }
    }
  }
  if (print.cards.empty())
    throw std::runtime_error("no card of the printed packets has a code a clean pass reads");
  return print;
}

// `card` on a table's clutter, turned by `degrees`, its code's centre at a random place with
// room for the perspective to move its corners, clean.
inline CameraFrame card_on_table(Rng& rng, const PrintedCard& card, double degrees, int width,
                                 int height) {
  Canvas canvas(width, height, rng.uniform(0.2, 0.8));
  cairo_t* cr = canvas.cr();
  draw_clutter(cr, rng, width, height);
  const double margin = code_side_px(card.code, card.px_per_module) * 0.71 + 2;
  CameraFrame f;
  f.code = card.code;
  f.px_per_module = card.px_per_module;
  f.code_x = rng.uniform(margin, width - margin);
  f.code_y = rng.uniform(margin, height - margin);
  cairo_surface_t* printed = surface_of(card.image);
  cairo_save(cr);
  cairo_translate(cr, f.code_x, f.code_y);
  cairo_rotate(cr, degrees * pi / 180);
  cairo_translate(cr, -card.code_x, -card.code_y);
  cairo_set_source_surface(cr, printed, 0, 0);
  cairo_paint(cr);
  cairo_restore(cr);
  cairo_surface_destroy(printed);
  f.image = canvas.grey();
  return f;
}

// A packet frame: a card drawn at random, at any angle, spoiled as `set` says.
inline CameraFrame make_packet_frame(Rng& rng, const std::vector<PrintedCard>& cards, CameraSet set,
                                     int width = 1280, int height = 720) {
  const PrintedCard& card =
      cards[static_cast<std::size_t>(rng.integer(0, static_cast<int>(cards.size()) - 1))];
  CameraFrame f = card_on_table(rng, card, rng.uniform(0, 360), width, height);
  spoil_like_a_webcam(rng, set, f, code_side_px(card.code, card.px_per_module));
  return f;
}

}  // namespace marshal::scan::testing
