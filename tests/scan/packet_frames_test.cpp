// The packet frames (packet_frames.h) before their spoiling is trusted (plan step 2): every card of
// the sample town's printed packets, rasterised at 3, 4 and 5 px a module and cut out, has its
// code located, and is read by the decoder clean at any angle on a table.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "packet_frames.h"
#include "scan/frame_decoder.h"
#include "support/temp_dir.h"

using namespace marshal::scan;
using namespace marshal::scan::testing;

TEST_CASE("every printed card is located and read clean at 3, 4 and 5 px a module, at any angle",
          "[scan][packet]") {
  const marshal::test_support::TempDir dir;
  const PacketPrint print = print_packet_cards(dir.path());
  for (const std::string& missed : print.not_located) UNSCOPED_INFO("not located: " << missed);
  CHECK(print.not_located.empty());
  CHECK(print.printed >= 20);  // two packets: badges, bystanders, tricks, horses, secrets, powers
  CHECK(print.cards.size() == print.printed * packet_dpis.size());
  const FrameDecoder decoder(DecoderOptions{60'000});
  Rng rng(31);
  std::map<int, int> read_at;  // dpi: cards read
  for (std::size_t i = 0; i < print.cards.size(); ++i) {
    const PrintedCard& card = print.cards[i];
    CHECK(card.px_per_module == Approx(card.dpi / 25.4 * 0.7));
    const double degrees = 360.0 * static_cast<double>(i) / static_cast<double>(print.cards.size());
    const CameraFrame f = card_on_table(rng, card, degrees, 640, 480);
    const std::vector<std::string> codes = decoder.decode(f.image.frame()).codes;
    INFO(card.code << " at " << card.dpi << " dpi, turned " << degrees << " degrees");
    CHECK(codes == std::vector<std::string>{card.code});
    if (codes == std::vector<std::string>{card.code}) ++read_at[card.dpi];
  }
  for (const int dpi : packet_dpis) {
    INFO(dpi << " dpi");
    CHECK(read_at[dpi] == static_cast<int>(print.printed));
  }
}
