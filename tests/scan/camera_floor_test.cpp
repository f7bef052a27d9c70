// Issue 31's floor: the decoder reads issue 31's camera corpus (tests/scan/camera_corpus.h) at
// least as well as it did when the floor was last raised. A fixed seed, so the same frames on every
// run; the decoder without a time budget, so what it reads does not depend on the machine's speed
// (the station's budget is bench_scan's business, in figures, not here). Frames of 640 x 480
// rather than the bench's 1280 x 720: the degradations and the modules are in pixels, the same;
// the smaller frame keeps this test short under ASan.
//
// The floors are exact counts on this Debian image (libjpeg-turbo and ZXing-C++ 1.4 as packaged;
// for the printed cards poppler, cairo and the fonts too): another release may move a frame or two. A change that reads more raises them in the same commit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "camera_corpus.h"
#include "packet_frames.h"
#include "support/temp_dir.h"
#include "scan/frame_decoder.h"

using namespace marshal::scan;
using namespace marshal::scan::testing;

namespace {

constexpr std::uint64_t floor_seed = 31'031;
constexpr int floor_width = 640, floor_height = 480;  // px
constexpr int easy_frames = 40;
constexpr int hard_frames = 100;
// What FrameDecoder read of the hard frames when this floor was set (stop 60: four travels, three
// directions and contrast-normalised reads after the deblurring, no budget; 86 before that, 82
// before the crops were deblurred, 79 before the crops, 73 before local contrast normalisation).
constexpr int hard_floor = 90;

// Packet frames (packet_frames.h): the sample town's printed cards, rasterised at 3, 4 and 5 px a
// module, cut out and held at any angle over a table.
constexpr int packet_easy_frames = 12;
constexpr int packet_hard_frames = 50;
// What FrameDecoder read of the hard packet frames when this floor was set (stop 60, the deblurring
// widened; 46 at stop 59, when the packet frames came). These frames also hang on how poppler, cairo and the fonts draw the
// cards: a card no longer located moves every later frame's card.
constexpr int packet_hard_floor = 49;

// The frames of `set` the decoder does not read, by their place in the set from 0; of the printed
// packets' `cards` when given, else of camera_corpus.h's drawn cards.
std::vector<int> frames_missed(CameraSet set, int frames, const std::vector<PrintedCard>* cards = nullptr) {
  const FrameDecoder unlimited(DecoderOptions{60'000});
  Rng rng(floor_seed);
  std::vector<int> missed;
  for (int i = 0; i < frames; ++i) {
    const CameraFrame f = cards ? make_packet_frame(rng, *cards, set, floor_width, floor_height)
                                : make_camera_frame(rng, set, floor_width, floor_height);
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

TEST_CASE("every easy camera frame is read", "[scan][floor]") {
  // Issue 31 wants every easy frame read. Frame 2 (a clean code at 4.3 px a module, tilted and
  // squeezed a little) was missed until the crops were deblurred (stop 58).
  CHECK(frames_missed(CameraSet::easy, easy_frames).empty());
}

TEST_CASE("the hard camera frames are read at least as often as the floor says", "[scan][floor]") {
  const int read = hard_frames - static_cast<int>(frames_missed(CameraSet::hard, hard_frames).size());
  INFO("read " << read << " of " << hard_frames << " hard frames; the floor is " << hard_floor);
  CHECK(read >= hard_floor);
  // A floor far under what is read is a floor nobody raised: keep it within two frames.
  CHECK(read <= hard_floor + 2);
}

TEST_CASE("the printed cards' frames: every easy one read, the hard ones as often as the floor says",
          "[scan][floor]") {
  const marshal::test_support::TempDir dir;
  const std::vector<PrintedCard> cards = print_packet_cards(dir.path()).cards;
  CHECK(frames_missed(CameraSet::easy, packet_easy_frames, &cards).empty());
  const int read = packet_hard_frames - static_cast<int>(frames_missed(CameraSet::hard, packet_hard_frames, &cards).size());
  INFO("read " << read << " of " << packet_hard_frames << " hard packet frames; the floor is " << packet_hard_floor);
  CHECK(read >= packet_hard_floor);
  CHECK(read <= packet_hard_floor + 2);
}
