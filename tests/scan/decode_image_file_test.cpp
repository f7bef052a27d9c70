// decode_image_file: a PNG written by cairo and the same picture as a JPEG (encoded by
// GStreamer's jpegenc) decode to the card's code; a file that is not an image throws, saying why.
#include <gst/gst.h>

#include <fstream>

#include "scan/frame_source.h"
#include "scan_test_helpers.h"

using namespace marshal::scan;
using namespace marshal::scan::testing;

namespace {

// A photo of a card lying on a table, 800 x 600, the card turned a little.
std::string write_card_png(const std::string& path, std::uint64_t seed) {
  Rng rng(seed);
  const std::string code = random_card_code(rng);
  Canvas canvas(800, 600, 0.45);
  draw_card(canvas.cr(), code, CardPose{400, 300, 4, 12});
  canvas.write_png(path);
  return code;
}

// Runs a GStreamer pipeline description to its end; the error message, empty when it got there.
std::string run_pipeline(const std::string& description) {
  gst_init(nullptr, nullptr);
  GError* error = nullptr;
  GstElement* pipeline = gst_parse_launch(description.c_str(), &error);
  if (error) {
    std::string message = error->message;
    g_error_free(error);
    if (pipeline) gst_object_unref(pipeline);
    return message;
  }
  std::string message;
  if (gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) message = "cannot start";
  GstBus* bus = gst_element_get_bus(pipeline);
  GstMessage* msg = message.empty() ? gst_bus_timed_pop_filtered(bus, 10 * GST_SECOND,
                                                                 static_cast<GstMessageType>(GST_MESSAGE_EOS | GST_MESSAGE_ERROR))
                                    : nullptr;
  if (message.empty() && !msg) message = "no end of stream within 10 s";
  if (msg && GST_MESSAGE_TYPE(msg) == GST_MESSAGE_ERROR) {
    GError* err = nullptr;
    gst_message_parse_error(msg, &err, nullptr);
    message = err ? err->message : "error";
    if (err) g_error_free(err);
  }
  if (msg) gst_message_unref(msg);
  gst_object_unref(bus);
  gst_element_set_state(pipeline, GST_STATE_NULL);
  gst_object_unref(pipeline);
  return message;
}

bool have_element(const char* name) {
  gst_init(nullptr, nullptr);
  GstElementFactory* factory = gst_element_factory_find(name);
  if (factory) gst_object_unref(factory);
  return factory != nullptr;
}

}  // namespace

TEST_CASE("a PNG written by cairo decodes to the card's code") {
  TempDir dir;
  const std::string code = write_card_png(dir.file("card.png"), 201);
  DecodeResult result = decode_image_file(dir.file("card.png"));
  CHECK(result.codes == std::vector<std::string>{code});
  CHECK(result.passes >= 1);
}

TEST_CASE("a JPEG decodes to the card's code") {
  TempDir dir;
  const std::string code = write_card_png(dir.file("card.png"), 202);
  if (!have_element("jpegenc")) {
    // Without GStreamer's jpeg plugin there is no JPEG to read: the PNG alone is checked.
    WARN("GStreamer has no jpegenc: JPEG not tested");
    CHECK(decode_image_file(dir.file("card.png")).codes == std::vector<std::string>{code});
    return;
  }
  const std::string error = run_pipeline("filesrc location=\"" + dir.file("card.png") +
                                         "\" ! pngdec ! videoconvert ! jpegenc quality=85 ! filesink location=\"" +
                                         dir.file("card.jpg") + "\"");
  REQUIRE(error.empty());
  std::ifstream jpeg(dir.file("card.jpg"), std::ios::binary);
  char magic[2] = {};
  jpeg.read(magic, 2);
  REQUIRE((static_cast<unsigned char>(magic[0]) == 0xFF && static_cast<unsigned char>(magic[1]) == 0xD8));

  DecodeResult result = decode_image_file(dir.file("card.jpg"));
  CHECK(result.codes == std::vector<std::string>{code});
}

TEST_CASE("a file that is not an image throws, saying why") {
  TempDir dir;
  SECTION("text named .png") {
    std::ofstream(dir.file("notes.png")) << "K3M0ZQ7RT2VX9BHCA is not a picture of a card\n";
    try {
      decode_image_file(dir.file("notes.png"));
      FAIL("no exception");
    } catch (const std::runtime_error& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).size() > 5);
    }
  }
  SECTION("a file that is not there") {
    try {
      decode_image_file(dir.file("missing.png"));
      FAIL("no exception");
    } catch (const std::runtime_error& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).size() > 5);
    }
  }
}
