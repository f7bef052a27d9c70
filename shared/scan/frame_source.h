#pragma once
// Frames from GStreamer: a camera (v4l2src), any pipeline given in the settings, or an image
// file. Every pipeline ends in `appsink name=sink` with 8-bit grey frames; rows may be padded,
// so each frame carries its stride. CameraScanner decodes every frame on its own thread (the
// newest one: older frames are dropped while it works) and reports each code once within the
// debounce window, and when a card is in view but not read; the UI hands results to its thread
// (wx: CallAfter).
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "scan/frame_decoder.h"

namespace marshal::scan {

std::string camera_pipeline(const std::string& device = "/dev/video0");
std::string image_file_pipeline(const std::string& path);

class FrameSource {
 public:
  // Throws std::runtime_error with GStreamer's message when the pipeline cannot start.
  explicit FrameSource(const std::string& pipeline);
  ~FrameSource();
  FrameSource(const FrameSource&) = delete;
  FrameSource& operator=(const FrameSource&) = delete;

  // Waits up to timeout_ms for a frame and passes it to on_frame. False at the end of the stream
  // or on an error (error() says which).
  bool next(const std::function<void(const GrayFrame&)>& on_frame, int timeout_ms = 1000);
  const std::string& error() const { return error_; }

 private:
  struct Gst;
  std::unique_ptr<Gst> gst_;
  std::string error_;
};

// Decodes the QR codes in an image file (PNG, JPEG, anything GStreamer can decode).
DecodeResult decode_image_file(const std::string& path, const DecoderOptions& options = {});

// How long the camera's thread waits for a frame before it looks again whether it is to stop
// (and counts the wait as a frame with nothing in view, for the hint), in milliseconds.
inline constexpr int camera_poll_ms = 200;

class CameraScanner {
 public:
  using OnCode = std::function<void(const std::string& code)>;
  using OnError = std::function<void(const std::string& message)>;
  // The "hold it still" hint (scan/card_hint.h): true when it is to appear, false when it is to go.
  using OnSeen = std::function<void(bool seen)>;
  CameraScanner(std::string pipeline, OnCode on_code, OnError on_error, DecoderOptions options = {},
                OnSeen on_seen = nullptr);
  ~CameraScanner();  // stops the thread

 private:
  void run();
  std::string pipeline_;
  OnCode on_code_;
  OnError on_error_;
  OnSeen on_seen_;
  DecoderOptions options_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace marshal::scan
