#pragma once
// A camera for the GUI tests (GM station, kiosk): a card waved too fast to read, then held still,
// as PNG frames played by multifilesrc in real time. The station sees the card in the waved
// frames (its "hold it still" hint) and reads it in the held ones (tests/scan/code_finder_test.cpp
// checks that the waved frame is unreadable by every attempt and seen).
#include <cstdio>
#include <string>
#include <utility>

#include "scan/synthetic_frames.h"
#include "support/temp_dir.h"

namespace marshal::test_support {

inline constexpr int waved_frames = 12;  // the hint shows on the third and stays a second, till the read
inline constexpr int held_frames = 3;
inline constexpr int camera_test_fps = 10;
inline constexpr double waved_px_per_module = 4;
inline constexpr int waved_blur_radius_px = 4;  // a box 9 px wide: two modules smeared each way

// The card held still, then waved: 1280 x 720 grey frames.
inline std::pair<scan::testing::GreyImage, scan::testing::GreyImage> held_and_waved_frames(const std::string& code) {
  using namespace marshal::scan::testing;
  Canvas canvas(1280, 720, 0.4);
  CardPose pose;
  pose.px_per_module = waved_px_per_module;
  pose.degrees = 15;
  pose.cx = 640;
  pose.cy = 360;
  draw_card(canvas.cr(), code, pose);
  GreyImage held = canvas.grey();
  GreyImage waved = held;
  box_blur(waved, waved_blur_radius_px);
  return {std::move(held), std::move(waved)};
}

// Writes the frames into `dir` and returns the GStreamer pipeline that plays them.
inline std::string waved_then_held_camera(const TempDir& dir, const std::string& code) {
  const auto [held, waved] = held_and_waved_frames(code);
  for (int i = 0; i < waved_frames + held_frames; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "camera%03d.png", i);
    scan::testing::write_png(i < waved_frames ? waved : held, dir.file(name));
  }
  // sync=true: played at the frame rate, so the hint is up for a while before the card is read.
  return "multifilesrc location=\"" + dir.file("camera%03d.png") + "\" index=0 stop-index=" +
         std::to_string(waved_frames + held_frames - 1) + " caps=image/png,framerate=" + std::to_string(camera_test_fps) +
         "/1 ! pngdec ! videoconvert ! video/x-raw,format=GRAY8 ! appsink name=sink sync=true";
}

}  // namespace marshal::test_support
