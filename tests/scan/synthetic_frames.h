#pragma once
// Synthetic camera frames for tests/scan and tests/bench/bench_scan: card codes drawn by
// printables' own QR drawing (draw_qr, 0.7 mm modules) into a cairo image, turned into 8-bit grey
// with rows padded past the width as cameras deliver them, then spoiled the ways a camera spoils
// them: blur, low contrast, dim and uneven light, sensor noise.
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/card_code.h"
#include "printables/cards.h"
#include "printables/qr_code.h"
#include "scan/frame_decoder.h"

namespace marshal::scan::testing {

inline constexpr double pi = 3.14159265358979323846;

// Reproducible random numbers. std::mt19937_64 is specified to the bit but the standard
// distributions are not, so these are done by hand: the same seed gives the same frames with any
// standard library.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : gen_(seed) {}
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(gen_() >> 11) * 0x1.0p-53;
  }
  int integer(int lo, int hi) {  // lo..hi inclusive
    return lo + static_cast<int>(gen_() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  std::uint8_t byte() { return static_cast<std::uint8_t>(gen_() >> 56); }

 private:
  std::mt19937_64 gen_;
};

// A card code made as the import makes one: make_card_code from 10 random bytes.
inline std::string random_card_code(Rng& rng) {
  core::CardCodeBytes bytes{};
  for (auto& b : bytes) b = rng.byte();
  return core::make_card_code(bytes);
}

inline std::uint8_t clamp_byte(double v) {
  return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L));
}

// 8-bit grey pixels, rows `stride` bytes apart (stride >= width: the rest of a row is padding).
struct GreyImage {
  int width = 0, height = 0, stride = 0;
  std::vector<std::uint8_t> pixels;

  GreyImage(int w, int h, int padding = 0)
      : width(w), height(h), stride(w + padding),
        pixels(static_cast<std::size_t>(w + padding) * static_cast<std::size_t>(h), 0) {}
  std::uint8_t& at(int x, int y) { return pixels[index(x, y)]; }
  std::uint8_t at(int x, int y) const { return pixels[index(x, y)]; }
  GrayFrame frame() const { return {pixels.data(), width, height, stride}; }

 private:
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(stride) + static_cast<std::size_t>(x);
  }
};

// A cairo RGB24 image where one user unit is one pixel, painted with a grey background.
class Canvas {
 public:
  Canvas(int width, int height, double background = 1.0)
      : surface_(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)), cr_(cairo_create(surface_)) {
    if (cairo_status(cr_) != CAIRO_STATUS_SUCCESS) throw std::runtime_error("cairo cannot make an image");
    cairo_set_source_rgb(cr_, background, background, background);
    cairo_paint(cr_);
  }
  ~Canvas() {
    cairo_destroy(cr_);
    cairo_surface_destroy(surface_);
  }
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  cairo_t* cr() const { return cr_; }
  int width() const { return cairo_image_surface_get_width(surface_); }
  int height() const { return cairo_image_surface_get_height(surface_); }

  // The picture in grey (BT.601 weights) with `padding` bytes of random values after every row:
  // a decoder that ignored the stride would read those and a sheared picture.
  GreyImage grey(int padding = 0, std::uint64_t padding_seed = 1) const {
    cairo_surface_flush(surface_);
    const unsigned char* data = cairo_image_surface_get_data(surface_);
    const int source_stride = cairo_image_surface_get_stride(surface_);
    GreyImage out(width(), height(), padding);
    Rng rng(padding_seed);
    for (int y = 0; y < out.height; ++y) {
      const unsigned char* row = data + static_cast<std::ptrdiff_t>(y) * source_stride;
      for (int x = 0; x < out.width; ++x) {
        std::uint32_t p;  // 0x00RRGGBB in native byte order
        std::memcpy(&p, row + 4 * x, sizeof p);
        const std::uint32_t r = (p >> 16) & 0xffu, g = (p >> 8) & 0xffu, b = p & 0xffu;
        out.at(x, y) = static_cast<std::uint8_t>((r * 299 + g * 587 + b * 114 + 500) / 1000);
      }
      for (int x = out.width; x < out.stride; ++x) out.at(x, y) = rng.byte();
    }
    return out;
  }

  void write_png(const std::string& path) const {
    cairo_surface_flush(surface_);
    if (cairo_surface_write_to_png(surface_, path.c_str()) != CAIRO_STATUS_SUCCESS)
      throw std::runtime_error("cairo cannot write " + path);
  }

 private:
  cairo_surface_t* surface_;
  cairo_t* cr_;
};

// A grey picture as a cairo RGB24 surface, to draw from or write (the caller destroys it).
inline cairo_surface_t* surface_of(const GreyImage& img) {
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, img.width, img.height);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    throw std::runtime_error("cairo cannot make an image");
  }
  cairo_surface_flush(surface);
  unsigned char* data = cairo_image_surface_get_data(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const std::uint32_t v = img.at(x, y), p = (v << 16) | (v << 8) | v;  // 0x00RRGGBB
      std::memcpy(data + static_cast<std::ptrdiff_t>(y) * stride + 4 * x, &p, sizeof p);
    }
  cairo_surface_mark_dirty(surface);
  return surface;
}

// Writes a grey picture as a PNG (for GStreamer's pngdec, as a camera's frames in a test).
inline void write_png(const GreyImage& img, const std::string& path) {
  cairo_surface_t* surface = surface_of(img);
  const cairo_status_t written = cairo_surface_write_to_png(surface, path.c_str());
  cairo_surface_destroy(surface);
  if (written != CAIRO_STATUS_SUCCESS) throw std::runtime_error("cairo cannot write " + path);
}

// Draws `code` as printables prints it (draw_qr, 0.7 mm modules, white quiet zone), centred at
// (cx, cy) pixels, `px_per_module` pixels a module, turned by `degrees` with cairo_rotate.
inline void draw_code(cairo_t* cr, const std::string& code, double cx, double cy, double px_per_module,
                      double degrees = 0) {
  const printables::QrMatrix qr = printables::encode_qr(code);
  const double module_mm = printables::qr_module_mm;
  const double side_mm = printables::qr_side_mm(qr, module_mm);
  cairo_save(cr);
  cairo_translate(cr, cx, cy);
  cairo_rotate(cr, degrees * pi / 180);
  // draw_qr draws in points: a module of module_mm becomes px_per_module pixels.
  const double scale = px_per_module / printables::pt(module_mm);
  cairo_scale(cr, scale, scale);
  printables::draw_qr(cr, qr, -side_mm / 2, -side_mm / 2, module_mm);
  cairo_restore(cr);
}

// Where a printed card lies in a frame: its code's centre at (cx, cy) pixels, turned by `degrees`;
// `shear` and `squash` (the card's height foreshortened) stand for a camera looking at it askew.
struct CardPose {
  double cx = 0, cy = 0;
  double px_per_module = 4;
  double degrees = 0;
  double shear = 0;
  double squash = 1;
};

// The side of a card's code in pixels, quiet zone included (a version 1 code: 29 modules).
inline double code_side_px(const std::string& code, double px_per_module) {
  return printables::qr_side_mm(printables::encode_qr(code), 1.0) * px_per_module;
}

// A printed card as printables lays one out: 60 x 82 mm of paper with a thin border, lines of
// print at the top and the code low in the middle.
inline void draw_card(cairo_t* cr, const std::string& code, const CardPose& pose, double paper = 1.0,
                      double ink = 0.1) {
  const printables::QrMatrix qr = printables::encode_qr(code);
  const double module_mm = printables::qr_module_mm;
  const double side = printables::qr_side_mm(qr, module_mm);
  const double w = printables::card_w, h = printables::card_h;
  const double qr_x = (w - side) / 2, qr_y = h - side - 4;
  cairo_save(cr);
  cairo_translate(cr, pose.cx, pose.cy);
  cairo_rotate(cr, pose.degrees * pi / 180);
  cairo_matrix_t askew;
  cairo_matrix_init(&askew, 1, 0, pose.shear, pose.squash, 0, 0);
  cairo_transform(cr, &askew);
  const double px_per_mm = pose.px_per_module / module_mm;
  cairo_scale(cr, px_per_mm, px_per_mm);
  // From here on one unit is a millimetre, the origin the code's centre.
  cairo_translate(cr, -(qr_x + side / 2), -(qr_y + side / 2));
  cairo_rectangle(cr, 0, 0, w, h);
  cairo_set_source_rgb(cr, paper, paper, paper);
  cairo_fill_preserve(cr);
  cairo_set_source_rgb(cr, ink + 0.4, ink + 0.4, ink + 0.4);
  cairo_set_line_width(cr, 0.4);
  cairo_stroke(cr);
  cairo_set_source_rgb(cr, ink, ink, ink);
  cairo_rectangle(cr, 5, 5, w - 10, 6);  // the title
  for (int line = 0; line < 6; ++line)   // lines of print
    cairo_rectangle(cr, 5, 16 + 4.5 * line, (line % 3 == 2) ? w * 0.5 : w - 10, 2.2);
  cairo_fill(cr);
  cairo_scale(cr, 1 / printables::points_per_mm, 1 / printables::points_per_mm);  // draw_qr draws in points
  printables::draw_qr(cr, qr, qr_x, qr_y, module_mm);
  cairo_restore(cr);
}

// A box blur of `radius` (the mean of 2 radius + 1 pixels across, then down): a lens slightly out
// of focus, or a hand that moved.
inline void box_blur(GreyImage& img, int radius) {
  if (radius <= 0) return;
  std::vector<int> across(static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height));
  auto cell = [&](int x, int y) -> int& {
    return across[static_cast<std::size_t>(y) * static_cast<std::size_t>(img.width) + static_cast<std::size_t>(x)];
  };
  const int n = 2 * radius + 1;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      int sum = 0;
      for (int d = -radius; d <= radius; ++d) sum += img.at(std::clamp(x + d, 0, img.width - 1), y);
      cell(x, y) = sum;
    }
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      int sum = 0;
      for (int d = -radius; d <= radius; ++d) sum += cell(x, std::clamp(y + d, 0, img.height - 1));
      img.at(x, y) = clamp_byte(static_cast<double>(sum) / (n * n));
    }
}

// Low contrast: the range around mid grey times `contrast` (1 keeps it, 0.3 leaves 30 %).
inline void reduce_contrast(GreyImage& img, double contrast) {
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) img.at(x, y) = clamp_byte(128 + (img.at(x, y) - 128) * contrast);
}

// Dim, uneven light: every pixel times a factor going from `dark` to `bright` across the frame in
// the direction `degrees` (0: left to right, 90: top to bottom).
inline void uneven_light(GreyImage& img, double dark, double bright, double degrees) {
  const double c = std::cos(degrees * pi / 180), s = std::sin(degrees * pi / 180);
  const double half_extent = (std::abs(c) * img.width + std::abs(s) * img.height) / 2;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const double along = ((x - img.width / 2.0) * c + (y - img.height / 2.0) * s) / half_extent;  // -1..1
      const double factor = dark + (bright - dark) * (along + 1) / 2;
      img.at(x, y) = clamp_byte(img.at(x, y) * factor);
    }
}

// Sensor noise: every pixel plus a whole number from -amplitude to +amplitude.
inline void add_noise(GreyImage& img, int amplitude, Rng& rng) {
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) img.at(x, y) = clamp_byte(img.at(x, y) + rng.integer(-amplitude, amplitude));
}

}  // namespace marshal::scan::testing
