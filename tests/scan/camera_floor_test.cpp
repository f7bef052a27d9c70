// Issue 31's floor: the decoder reads issue 31's camera corpus (tests/scan/camera_corpus.h) at
// least as well as it did when the floor was last raised. A fixed seed, so the same frames on every
// run; the decoder without a time budget, so what it reads does not depend on the machine's speed
// (the station's budget is bench_scan's business, in figures, not here). Frames of 640 x 480
// rather than the bench's 1280 x 720: the degradations and the modules are in pixels, the same;
// the smaller frame keeps this test short under ASan.
//
// The floors are exact counts on this Debian image (libjpeg-turbo and ZXing-C++ 1.4 as packaged):
// another release may move a frame or two. A change that reads more raises them in the same commit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "camera_corpus.h"
#include "scan/frame_decoder.h"

using namespace marshal::scan;
using namespace marshal::scan::testing;

namespace {

constexpr std::uint64_t floor_seed = 31'031;
constexpr int floor_width = 640, floor_height = 480;  // px
constexpr int easy_frames = 40;
constexpr int hard_frames = 100;
// What FrameDecoder read of the hard frames when this floor was set (stop 57: its seven attempts
// with the code-like regions read as crops, no budget; 79 before them, 73 before local contrast
// normalisation), and the easy frames it missed.
constexpr int hard_floor = 82;
const std::vector<int> known_easy_misses{2};

// The frames of `set` the decoder does not read, by their place in the set from 0.
std::vector<int> frames_missed(CameraSet set, int frames) {
  const FrameDecoder unlimited(DecoderOptions{60'000});
  Rng rng(floor_seed);
  std::vector<int> missed;
  for (int i = 0; i < frames; ++i) {
    const CameraFrame f = make_camera_frame(rng, set, floor_width, floor_height);
    const DecodeResult r = unlimited.decode(f.image.frame());
    for (const std::string& code : r.codes) CHECK(code == f.code);  // never a code that is not on the card
    if (std::find(r.codes.begin(), r.codes.end(), f.code) == r.codes.end()) {
      UNSCOPED_INFO(camera_set_name(set) << " frame " << i << " missed: " << f.px_per_module << " px a module, motion "
                                         << f.motion_px << " px, glare " << f.glare_radius_px << " px, light " << f.light
                                         << ", JPEG " << f.jpeg_quality << ", perspective " << f.perspective);
      missed.push_back(i);
    }
  }
  return missed;
}

}  // namespace

TEST_CASE("the easy camera frames are read, all but the one known miss", "[scan][floor]") {
  // Frame 2 is a clean code at 4.3 px a module, tilted and squeezed a little, that the decoder
  // misses (ZXing-C++ 1.4 read bench_scan's like of it in a crop cut at twice the size around the
  // code; the decoder's own region crops, since stop 57, still miss this one: a case for
  // bench_scan --dump): issue 31 wants every easy frame read, and this one is not yet. Reading it
  // changes this list: say so in the issue.
  CHECK(frames_missed(CameraSet::easy, easy_frames) == known_easy_misses);
}

TEST_CASE("the hard camera frames are read at least as often as the floor says", "[scan][floor]") {
  const int read = hard_frames - static_cast<int>(frames_missed(CameraSet::hard, hard_frames).size());
  INFO("read " << read << " of " << hard_frames << " hard frames; the floor is " << hard_floor);
  CHECK(read >= hard_floor);
  // A floor far under what is read is a floor nobody raised: keep it within two frames.
  CHECK(read <= hard_floor + 2);
}
