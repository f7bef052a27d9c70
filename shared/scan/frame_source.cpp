#include "scan/frame_source.h"

#include <gst/app/gstappsink.h>
#include <gst/gst.h>
#include <gst/video/video.h>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <stdexcept>

#include "scan/card_hint.h"
#include "scan/frame_budget.h"
#include "scan/wedge.h"

namespace marshal::scan {

namespace {
std::once_flag gst_started;

// GStreamer's own quoting for a file name inside a pipeline description.
std::string quoted(const std::string& path) {
  std::string q = "\"";
  for (char c : path) q += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return q + "\"";
}

// Numbers every frame that reaches the appsink, before the appsink drops any, when nothing
// upstream numbered it: a decoder (jpegdec, for a camera's MJPEG) leaves no buffer offset, and
// without numbers the budget cannot tell the camera's interval from the frames the appsink
// dropped (scan/frame_budget.h). v4l2src's own numbers (the driver's sequence) are kept.
GstPadProbeReturn number_frame(GstPad*, GstPadProbeInfo* info, gpointer next_number) {
  std::int64_t& next = *static_cast<std::int64_t*>(next_number);
  const std::int64_t number = next++;
  GstBuffer* buffer = GST_PAD_PROBE_INFO_BUFFER(info);
  if (buffer && GST_BUFFER_OFFSET(buffer) == GST_BUFFER_OFFSET_NONE) {
    buffer = gst_buffer_make_writable(buffer);  // the metadata only: the pixels are shared
    GST_BUFFER_OFFSET(buffer) = static_cast<guint64>(number);
    GST_PAD_PROBE_INFO_DATA(info) = buffer;
  }
  return GST_PAD_PROBE_OK;
}
}  // namespace

std::string camera_pipeline(const std::string& device) {
  return "v4l2src device=" + quoted(device) +
         " ! videoconvert ! video/x-raw,format=GRAY8 ! appsink name=sink max-buffers=1 drop=true";
}

std::string image_file_pipeline(const std::string& path) {
  return "filesrc location=" + quoted(path) +
         " ! decodebin ! videoconvert ! video/x-raw,format=GRAY8 ! appsink name=sink sync=false";
}

struct FrameSource::Gst {
  GstElement* pipeline = nullptr;
  GstElement* sink = nullptr;
  std::int64_t next_number = 0;  // number_frame's count, on GStreamer's streaming thread
  ~Gst() {
    if (pipeline) {
      gst_element_set_state(pipeline, GST_STATE_NULL);
      gst_object_unref(pipeline);
    }
    if (sink) gst_object_unref(sink);
  }
};

FrameSource::FrameSource(const std::string& pipeline) : gst_(std::make_unique<Gst>()) {
  std::call_once(gst_started, [] { gst_init(nullptr, nullptr); });
  GError* error = nullptr;
  gst_->pipeline = gst_parse_launch(pipeline.c_str(), &error);
  if (error) {
    std::string message = error->message;
    g_error_free(error);
    throw std::runtime_error("the camera pipeline cannot be built: " + message);
  }
  gst_->sink = gst_bin_get_by_name(GST_BIN(gst_->pipeline), "sink");
  if (!gst_->sink) throw std::runtime_error("the camera pipeline has no appsink named 'sink'");
  if (GstPad* pad = gst_element_get_static_pad(gst_->sink, "sink")) {
    gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, number_frame, &gst_->next_number, nullptr);
    gst_object_unref(pad);
  }
  if (gst_element_set_state(gst_->pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE)
    throw std::runtime_error("the camera pipeline cannot start (no camera, or a wrong device?)");
}

FrameSource::~FrameSource() = default;

bool FrameSource::next(const std::function<void(const GrayFrame&)>& on_frame, int timeout_ms) {
  // Wait in short slices so an error on the bus (a file that is no image) ends the wait at once.
  GstSample* sample = nullptr;
  for (int waited = 0; !sample && waited < timeout_ms; waited += 50) {
    sample = gst_app_sink_try_pull_sample(GST_APP_SINK(gst_->sink), 50 * GST_MSECOND);
    if (sample) break;
    GstBus* bus = gst_element_get_bus(gst_->pipeline);
    GstMessage* msg = gst_bus_pop_filtered(bus, static_cast<GstMessageType>(GST_MESSAGE_ERROR | GST_MESSAGE_EOS));
    gst_object_unref(bus);
    if (msg) {
      if (GST_MESSAGE_TYPE(msg) == GST_MESSAGE_ERROR) {
        GError* err = nullptr;
        gst_message_parse_error(msg, &err, nullptr);
        error_ = err ? err->message : "GStreamer error";
        if (err) g_error_free(err);
      }
      gst_message_unref(msg);
      return false;
    }
    if (gst_app_sink_is_eos(GST_APP_SINK(gst_->sink))) return false;
  }
  if (!sample) return true;  // a slow camera: no frame yet, but the stream goes on
  GstVideoInfo info;
  GstCaps* caps = gst_sample_get_caps(sample);
  GstBuffer* buffer = gst_sample_get_buffer(sample);
  GstMapInfo map;
  if (caps && gst_video_info_from_caps(&info, caps) && buffer && gst_buffer_map(buffer, &map, GST_MAP_READ)) {
    const GstClockTime pts = GST_BUFFER_PTS(buffer);
    const guint64 number = GST_BUFFER_OFFSET(buffer);  // v4l2src: the driver's frame sequence
    GrayFrame frame{map.data, GST_VIDEO_INFO_WIDTH(&info), GST_VIDEO_INFO_HEIGHT(&info),
                    GST_VIDEO_INFO_PLANE_STRIDE(&info, 0),
                    GST_CLOCK_TIME_IS_VALID(pts) ? static_cast<std::int64_t>(pts) : -1,
                    number != GST_BUFFER_OFFSET_NONE && number <= INT64_MAX ? static_cast<std::int64_t>(number) : -1};
    on_frame(frame);
    gst_buffer_unmap(buffer, &map);
  }
  gst_sample_unref(sample);
  return true;
}

DecodeResult decode_image_file(const std::string& path, const DecoderOptions& options) {
  if (!std::filesystem::is_regular_file(path)) throw std::runtime_error("no such file: " + path);
  FrameSource source(image_file_pipeline(path));
  DecodeResult result;
  bool got = false;
  // An image is one frame; a generous timeout covers a large JPEG.
  while (!got && source.next([&](const GrayFrame& frame) {
    result = FrameDecoder(options).decode(frame);
    got = true;
  }, 5000)) {
  }
  if (!got) throw std::runtime_error(source.error().empty() ? "no image could be read" : source.error());
  return result;
}

CameraScanner::CameraScanner(std::string pipeline, OnCode on_code, OnError on_error, DecoderOptions options,
                             OnSeen on_seen)
    : pipeline_(std::move(pipeline)), on_code_(std::move(on_code)), on_error_(std::move(on_error)),
      on_seen_(std::move(on_seen)), options_(options) {
  thread_ = std::thread([this] { run(); });
}

CameraScanner::~CameraScanner() {
  stop_ = true;
  thread_.join();
}

void CameraScanner::run() {
  CardHint hint;
  try {
    FrameSource source(pipeline_);
    FrameDecoder decoder(options_);
    FrameBudget budget(options_.budget_ms);  // most of the time until the camera's next frame
    Debouncer debouncer;
    auto now = [] {
      return std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::steady_clock::now().time_since_epoch()).count();
    };
    auto tell_hint = [&](bool read, bool seen, std::int64_t at) {
      if (const auto change = hint.frame(read, seen, at); change && on_seen_) on_seen_(*change);
    };
    while (!stop_) {
      bool got_frame = false;
      bool more = source.next([&](const GrayFrame& frame) {
        got_frame = true;
        const DecodeResult result = decoder.decode(frame, budget.for_frame(frame.pts_ns, frame.number));
        const auto at = now();
        tell_hint(!result.codes.empty(), result.card_in_view, at);
        for (const auto& code : result.codes)
          if (debouncer.accept(code, at)) on_code_(code);
      }, camera_poll_ms);
      if (!got_frame) tell_hint(false, false, now());  // a camera that stalls shows nothing in view
      if (!more) {
        if (!source.error().empty()) on_error_(source.error());
        break;
      }
    }
  } catch (const std::exception& e) {
    on_error_(e.what());
  }
  // The stream ended by itself: no card is in view any more. (Stopped by its owner, the owner
  // takes the hint away itself.)
  if (!stop_ && hint.shown() && on_seen_) on_seen_(false);
}

}  // namespace marshal::scan
