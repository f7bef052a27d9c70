// FrameDecoder on frames drawn with printables' own QR drawing: every module size a camera sees
// on a table, any rotation, blur, dim and uneven light; rows padded past the width (the stride is
// honoured); two codes in one frame; frames without a code and frames that are not frames.
#include <ZXing/ReadBarcode.h>

#include <set>

#include "scan_test_helpers.h"

using namespace marshal::scan;
using namespace marshal::scan::testing;

namespace {

constexpr int frame_w = 640, frame_h = 480;
constexpr int padding = 13;  // rows are width + 13 bytes apart, the extra bytes random

// A frame with one code drawn in the middle of a light grey table.
GreyImage frame_with_code(const std::string& code, double px_per_module, double degrees) {
  Canvas canvas(frame_w, frame_h, 0.75);
  draw_code(canvas.cr(), code, frame_w / 2.0, frame_h / 2.0, px_per_module, degrees);
  return canvas.grey(padding, 7);
}

// Decodes and expects exactly `code`, nothing else.
void check_decodes_to(const GreyImage& image, const std::string& code) {
  DecodeResult result = FrameDecoder().decode(image.frame());
  INFO("expected " << code << ", " << result.passes << " passes, " << result.elapsed_ms << " ms");
  REQUIRE(result.codes.size() == 1);
  CHECK(result.codes[0] == code);
  CHECK(result.passes >= 1);
  CHECK(result.elapsed_ms > 0);
}

}  // namespace

TEST_CASE("a card code decodes exactly at every module size, through a padded stride") {
  Rng rng(101);
  for (double px_per_module : {2.0, 3.0, 4.5, 8.0}) {
    const std::string code = random_card_code(rng);
    INFO(px_per_module << " pixels a module");
    GreyImage image = frame_with_code(code, px_per_module, 0);
    REQUIRE(image.stride == image.width + padding);
    check_decodes_to(image, code);
    // The padding matters: read with the wrong stride the same bytes are a sheared mess.
    GrayFrame misread = image.frame();
    misread.stride = misread.width;
    CHECK(FrameDecoder().decode(misread).codes.empty());
  }
}

TEST_CASE("a card code decodes turned by 0, 90 and 37 degrees") {
  Rng rng(102);
  for (double degrees : {0.0, 90.0, 37.0}) {
    for (double px_per_module : {3.0, 5.0}) {
      const std::string code = random_card_code(rng);
      INFO(degrees << " degrees, " << px_per_module << " pixels a module");
      check_decodes_to(frame_with_code(code, px_per_module, degrees), code);
    }
  }
}

TEST_CASE("a blurred card code decodes") {
  Rng rng(103);
  struct Case {
    double px_per_module;
    int radius;
  };
  for (Case c : {Case{3, 1}, Case{5, 2}, Case{4, 1}}) {
    const std::string code = random_card_code(rng);
    INFO("box blur of radius " << c.radius << " at " << c.px_per_module << " pixels a module");
    GreyImage image = frame_with_code(code, c.px_per_module, 37);
    box_blur(image, c.radius);
    check_decodes_to(image, code);
  }
}

TEST_CASE("a card code decodes in dim, uneven light") {
  Rng rng(104);
  const std::string code = random_card_code(rng);
  GreyImage image = frame_with_code(code, 4, 20);
  reduce_contrast(image, 0.5);
  uneven_light(image, 0.2, 0.8, 30);  // a lamp on one side of the table
  // What the camera sees: the code's white is a third of full scale on its dark side.
  int brightest = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x) brightest = std::max<int>(brightest, image.at(x, y));
  REQUIRE(brightest < 180);
  check_decodes_to(image, code);

  SECTION("blurred, small and turned as well") {
    const std::string hard = random_card_code(rng);
    GreyImage worse = frame_with_code(hard, 3, 37);
    box_blur(worse, 1);
    reduce_contrast(worse, 0.6);
    uneven_light(worse, 0.3, 0.9, 200);
    check_decodes_to(worse, hard);
  }
}

TEST_CASE("frames one plain ZXing pass misses are decoded by a retry") {
  struct Case {
    double px_per_module;
    int blur;
    double contrast;
    std::uint64_t seed;
  };
  // Small modules, low contrast, noise: the kind of frame the retries are for.
  for (Case c : {Case{2.0, 0, 0.5, 2}, Case{2.5, 1, 0.8, 1}}) {
    INFO(c.px_per_module << " pixels a module, blur " << c.blur << ", contrast " << c.contrast);
    Rng rng(c.seed);
    const std::string code = random_card_code(rng);
    Canvas canvas(frame_w, frame_h, 0.75);
    draw_code(canvas.cr(), code, frame_w / 2.0, frame_h / 2.0, c.px_per_module, 20 + 7.0 * static_cast<double>(c.seed));
    GreyImage image = canvas.grey(padding, 7);
    box_blur(image, c.blur);
    reduce_contrast(image, c.contrast);
    add_noise(image, 8, rng);

    ZXing::ImageView view(image.pixels.data(), image.width, image.height, ZXing::ImageFormat::Lum, image.stride);
    CHECK(ZXing::ReadBarcodes(view, ZXing::DecodeHints()).empty());  // ZXing's defaults: nothing
    // A budget no machine exhausts, so a slow (sanitised) build tries every attempt too.
    DecodeResult result = FrameDecoder(DecoderOptions{60'000}).decode(image.frame());
    CHECK(result.codes == std::vector<std::string>{code});
    CHECK(result.passes > 1);
  }
}

TEST_CASE("two codes in one frame are both found") {
  Rng rng(105);
  const std::string left = random_card_code(rng), right = random_card_code(rng);
  Canvas canvas(frame_w, frame_h, 0.75);
  draw_code(canvas.cr(), left, 170, 240, 4, 10);
  draw_code(canvas.cr(), right, 470, 240, 4, -25);
  DecodeResult result = FrameDecoder().decode(canvas.grey(padding, 8).frame());
  CHECK(std::multiset<std::string>(result.codes.begin(), result.codes.end()) ==
        std::multiset<std::string>{left, right});
}

TEST_CASE("a frame without a code gives no code") {
  FrameDecoder decoder;
  SECTION("blank") {
    Canvas canvas(frame_w, frame_h, 0.6);
    DecodeResult result = decoder.decode(canvas.grey(padding).frame());
    CHECK(result.codes.empty());
    CHECK(result.passes >= 1);
  }
  SECTION("noise") {
    GreyImage image(frame_w, frame_h, padding);
    Rng rng(106);
    for (auto& p : image.pixels) p = rng.byte();
    DecodeResult result = decoder.decode(image.frame());
    CHECK(result.codes.empty());
    CHECK(result.passes >= 1);
  }
  SECTION("a few pixels") {
    for (auto [w, h] : {std::pair{1, 1}, {2, 1}, {1, 3}, {5, 5}, {40, 2}}) {
      INFO(w << " x " << h);
      GreyImage tiny(w, h, 3);
      Rng rng(108);
      for (auto& p : tiny.pixels) p = rng.byte();
      DecodeResult result = FrameDecoder(DecoderOptions{60'000}).decode(tiny.frame());
      CHECK(result.codes.empty());
      CHECK(result.passes >= 1);
    }
  }
  SECTION("a checkerboard and finder-like squares") {
    Canvas canvas(frame_w, frame_h, 1.0);
    cairo_t* cr = canvas.cr();
    cairo_set_source_rgb(cr, 0, 0, 0);
    for (int y = 0; y < frame_h; y += 8)
      for (int x = (y / 8) % 2 * 8; x < 320; x += 16) cairo_rectangle(cr, x, y, 8, 8);
    for (int i = 0; i < 3; ++i) {  // three lone finder patterns: no code between them
      const double x = 380 + 120 * (i % 2), y = 60 + 150 * i;
      cairo_rectangle(cr, x, y, 28, 28);
      cairo_rectangle(cr, x + 24, y + 4, -20, 20);  // drawn the other way: a hole
      cairo_rectangle(cr, x + 8, y + 8, 12, 12);
    }
    cairo_fill(cr);
    CHECK(decoder.decode(canvas.grey(padding).frame()).codes.empty());
  }
}

TEST_CASE("a frame that is not a frame gives no code and no attempt") {
  GreyImage image = frame_with_code("K3M0ZQ7RT2VX9BHCA", 4, 0);
  FrameDecoder decoder;
  GrayFrame frame = image.frame();
  REQUIRE(decoder.decode(frame).codes.size() == 1);  // the bytes hold a code ...

  auto check_refused = [&](const GrayFrame& bad) {
    DecodeResult result = decoder.decode(bad);
    CHECK(result.codes.empty());
    CHECK(result.passes == 0);
  };
  SECTION("no data") {
    frame.data = nullptr;
    check_refused(frame);
  }
  SECTION("a stride shorter than the width") {
    frame.stride = frame.width - 1;
    check_refused(frame);
  }
  SECTION("no width or no height") {
    check_refused({frame.data, 0, frame.height, frame.stride});
    check_refused({frame.data, frame.width, 0, frame.stride});
    check_refused({frame.data, -5, frame.height, frame.stride});
  }
}

TEST_CASE("a frame without a code is retried while the budget lasts") {
  GreyImage image(frame_w, frame_h, padding);
  Rng rng(107);
  for (auto& p : image.pixels) p = rng.byte();
  CHECK(FrameDecoder(DecoderOptions{0}).decode(image.frame()).passes == 1);  // no budget: one attempt
  DecodeResult patient = FrameDecoder(DecoderOptions{60'000}).decode(image.frame());
  CHECK(patient.codes.empty());
  CHECK(patient.passes > 1);  // every other attempt was tried too
}
