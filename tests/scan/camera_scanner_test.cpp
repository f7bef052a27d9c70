// CameraScanner on a real GStreamer pipeline: PNG frames of printed cards played by multifilesrc
// stand in for a camera; every card is reported once through on_code. A pipeline that cannot
// run reports through on_error, with a message.
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>

#include "camera_degradations.h"
#include "scan/card_hint.h"
#include "scan/frame_source.h"
#include "scan_test_helpers.h"

using namespace marshal::scan;
using namespace marshal::scan::testing;
using namespace std::chrono_literals;

namespace {

// What the scanner reported, from its own thread.
class Reports {
 public:
  CameraScanner::OnCode on_code() {
    return [this](const std::string& code) {
      std::lock_guard lock(mutex_);
      codes_.push_back(code);
      log_.push_back(code);
      changed_.notify_all();
    };
  }
  CameraScanner::OnSeen on_seen() {
    return [this](bool seen) {
      std::lock_guard lock(mutex_);
      log_.push_back(seen ? "hint shown" : "hint gone");
      changed_.notify_all();
    };
  }
  CameraScanner::OnError on_error() {
    return [this](const std::string& message) {
      std::lock_guard lock(mutex_);
      errors_.push_back(message);
      changed_.notify_all();
    };
  }
  // Waits until `enough` holds or the time is up; whether it held.
  template <class Pred>
  bool wait(std::chrono::milliseconds timeout, Pred enough) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return enough(codes_, errors_); });
  }
  std::vector<std::string> codes() {
    std::lock_guard lock(mutex_);
    return codes_;
  }
  std::vector<std::string> errors() {
    std::lock_guard lock(mutex_);
    return errors_;
  }
  // Codes and the hint's changes, in the order they came.
  std::vector<std::string> log() {
    std::lock_guard lock(mutex_);
    return log_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> codes_, errors_, log_;
};

// Writes frame000.png ... as a 1280 x 720 camera would see a card placed on the table each time:
// frame i shows codes[i] at its own place, turn and size.
void write_frames(const TempDir& dir, const std::vector<std::string>& codes) {
  Rng rng(301);
  for (std::size_t i = 0; i < codes.size(); ++i) {
    Canvas canvas(1280, 720, rng.uniform(0.3, 0.6));
    CardPose pose;
    pose.px_per_module = rng.uniform(3.5, 5);
    pose.degrees = rng.uniform(0, 360);
    const double margin = code_side_px(codes[i], pose.px_per_module) * 0.75;
    pose.cx = rng.uniform(margin, 1280 - margin);
    pose.cy = rng.uniform(margin, 720 - margin);
    draw_card(canvas.cr(), codes[i], pose);
    char name[32];
    std::snprintf(name, sizeof name, "frame%03zu.png", i);
    canvas.write_png(dir.file(name));
  }
}

std::string frames_pipeline(const TempDir& dir, std::size_t count) {
  return "multifilesrc location=\"" + dir.file("frame%03d.png") + "\" index=0 stop-index=" +
         std::to_string(count - 1) +
         " caps=image/png,framerate=10/1 ! pngdec ! videoconvert ! video/x-raw,format=GRAY8 ! "
         "appsink name=sink sync=false";
}

std::map<std::string, int> counts(const std::vector<std::string>& codes) {
  std::map<std::string, int> n;
  for (const auto& c : codes) ++n[c];
  return n;
}

}  // namespace

TEST_CASE("ten frames of ten printed cards: every code reported exactly once") {
  TempDir dir;
  Rng rng(302);
  std::vector<std::string> codes;
  for (int i = 0; i < 10; ++i) codes.push_back(random_card_code(rng));
  write_frames(dir, codes);

  Reports reports;
  {
    CameraScanner scanner(frames_pipeline(dir, codes.size()), reports.on_code(), reports.on_error());
    reports.wait(10s, [](const auto& found, const auto& errors) { return found.size() >= 10 || !errors.empty(); });
    // A little longer, so a code reported twice would show.
    reports.wait(300ms, [](const auto& found, const auto&) { return found.size() > 10; });
  }  // the scanner stops here
  std::map<std::string, int> expected;
  for (const auto& c : codes) expected[c] = 1;
  CHECK(reports.errors().empty());
  CHECK(counts(reports.codes()) == expected);
  CHECK(reports.codes().size() == 10);
}

TEST_CASE("a card held in front of the camera for several frames is reported once") {
  TempDir dir;
  Rng rng(303);
  const std::string first = random_card_code(rng), second = random_card_code(rng);
  // Five frames of one card, then five of the next: well within the 2 s window at any speed.
  write_frames(dir, {first, first, first, first, first, second, second, second, second, second});

  Reports reports;
  {
    CameraScanner scanner(frames_pipeline(dir, 10), reports.on_code(), reports.on_error());
    reports.wait(10s, [](const auto& found, const auto& errors) { return found.size() >= 2 || !errors.empty(); });
    reports.wait(500ms, [](const auto& found, const auto&) { return found.size() > 2; });
  }
  CHECK(reports.errors().empty());
  CHECK(reports.codes() == std::vector<std::string>{first, second});
}

TEST_CASE("a card waved too fast, then held still: the hint shows, goes at the read, and the code counts once") {
  TempDir dir;
  Rng rng(304);
  const std::string code = random_card_code(rng);
  CardPose pose;
  pose.px_per_module = 4;
  pose.degrees = 20;
  pose.cx = 640;
  pose.cy = 360;
  Canvas canvas(1280, 720, 0.4);
  draw_card(canvas.cr(), code, pose);
  const GreyImage sharp = canvas.grey();
  // Moving 16 px during the exposure: four modules smeared into one, unreadable, still in view.
  GreyImage waved = sharp;
  motion_blur(waved, 16, 30);
  const int waved_frames = seen_frames_to_show + 2, held_frames = 3;
  for (int i = 0; i < waved_frames + held_frames; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "frame%03d.png", i);
    write_png(i < waved_frames ? waved : sharp, dir.file(name));
  }

  Reports reports;
  {
    CameraScanner scanner(frames_pipeline(dir, waved_frames + held_frames), reports.on_code(), reports.on_error(), {},
                          reports.on_seen());
    reports.wait(10s, [](const auto& found, const auto& errors) { return !found.empty() || !errors.empty(); });
    reports.wait(500ms, [](const auto& found, const auto&) { return found.size() > 1; });
  }
  CHECK(reports.errors().empty());
  CHECK(reports.log() == std::vector<std::string>{"hint shown", "hint gone", code});
}

TEST_CASE("a pipeline that cannot run is reported through on_error") {
  Reports reports;
  std::string pipeline;
  std::string expected_word;
  SECTION("an element that does not exist") {
    pipeline = "nosuchcamerasrc ! videoconvert ! appsink name=sink";
    expected_word = "nosuchcamerasrc";
  }
  SECTION("no appsink named sink") {
    pipeline = "videotestsrc num-buffers=1 ! fakesink";
    expected_word = "sink";
  }
  SECTION("a file that is not there") {
    pipeline = "filesrc location=/nonexistent/marshal/frame.png ! pngdec ! videoconvert ! "
               "video/x-raw,format=GRAY8 ! appsink name=sink";
    expected_word = "";
  }
  {
    CameraScanner scanner(pipeline, reports.on_code(), reports.on_error());
    REQUIRE(reports.wait(10s, [](const auto&, const auto& errors) { return !errors.empty(); }));
  }
  const auto errors = reports.errors();
  REQUIRE(errors.size() == 1);
  INFO(errors[0]);
  CHECK(errors[0].size() > 5);
  CHECK(errors[0].find(expected_word) != std::string::npos);
  CHECK(reports.codes().empty());
}
