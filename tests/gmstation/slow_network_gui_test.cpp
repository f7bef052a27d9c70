// The GM station on a slow venue network (issue 28): a relay in front of a real ledger server
// on 127.0.0.1 holds every piece of the traffic, so each answer comes late. What the GM scans and
// presses meanwhile is taken in the order it came, a key that leaves a screen drops what was
// asked for it, and a trick played at home is accused with F3 once the ledger has answered.
#include <catch2/catch.hpp>

#include "served_town.h"
#include "store/sqlite.h"
#include "support/tcp_relay.h"

using namespace marshal;
using namespace gui_testing;

namespace {

// Every piece of traffic held this long (ms): an answer takes a few of them, well under the
// station's 2 s timeout, so nothing is taken for offline.
constexpr int slow_wifi_delay_ms = 120;

struct SlowTown {
  ServedTown served;
  test_support::TcpRelay relay{static_cast<std::uint16_t>(served.config.port)};
  gm::MainFrame* frame = nullptr;

  SlowTown() {
    frame = served.open(relay.port());
    frame->refresh_after_asking();
    relay.set_delay_ms(slow_wifi_delay_ms);
  }
  ~SlowTown() {
    frame->Destroy();
    pump(200);
  }
  std::string badge(const std::string& name) const { return served.town.badge(name); }
  // A screen's F-key, and what it asks as it begins answered.
  void open_screen(int f_key) {
    wxUIActionSimulator().Char(f_key);
    REQUIRE(all_answered());
  }
  bool all_answered(int within_ms = 10'000) {
    return pump(within_ms, [&] { return !frame->asking_ledger() && frame->inputs_waiting() == 0; });
  }
};

}  // namespace

TEST_CASE("on a slow network, badges and a Ctrl command are taken in the order they came", "[gui][slow-network]") {
  SlowTown slow;
  slow.open_screen(WXK_F6);
  gm::MainFrame* frame = slow.frame;
  gm::ShootoutPage* page = frame->shootout();
  // Two badges and Ctrl+N before the first badge's answer: Ctrl+N waits behind them.
  frame->scan_input()->deliver(slow.badge("Kid Calloway"));
  frame->scan_input()->deliver(slow.badge("Sheriff Amos Brady"));
  wxUIActionSimulator().Char('N', wxMOD_CONTROL);
  pump(20);
  CHECK(frame->asking_ledger());
  CHECK(frame->inputs_waiting() == 2);
  REQUIRE(slow.all_answered());
  INFO(page->instruction().ToStdString() << " / " << page->refusal_text().ToStdString());
  CHECK(page->refusal_text().IsEmpty());
  CHECK(page->instruction().Contains("A shooting of two, not a duel"));
}

TEST_CASE("on a slow network, an F-key leaves at once and the answer asked for the screen left is dropped",
          "[gui][slow-network]") {
  SlowTown slow;
  slow.open_screen(WXK_F6);
  gm::MainFrame* frame = slow.frame;
  gm::ShootoutPage* shootout = frame->shootout();
  const wxString before = shootout->instruction();
  frame->scan_input()->deliver(slow.badge("Kid Calloway"));
  frame->scan_input()->deliver(slow.badge("Sheriff Amos Brady"));
  CHECK(frame->inputs_waiting() == 1);
  wxUIActionSimulator().Char(WXK_F2);  // to a duel: the waiting scan was meant for the shootout
  pump(20);
  CHECK(frame->inputs_waiting() == 0);
  REQUIRE(slow.all_answered());
  // The shootout heard nothing of the badge asked for it; the duel is untouched by it too.
  CHECK(shootout->instruction() == before);
  CHECK(frame->duel()->instruction().Contains("Scan the first duelist's badge"));
  CHECK(frame->duel()->refusal_text().IsEmpty());
}

TEST_CASE("on a slow network, F3 after a trick played at home accuses its holder with it", "[gui][slow-network]") {
  SlowTown slow;
  gm::MainFrame* frame = slow.frame;
  const SampleTown& town = slow.served.town;
  std::string trick, holder;
  for (const auto& card : town.definition.cards)
    if (card.kind == "trick" && !card.holder.empty()) {
      trick = card.code;
      holder = card.holder;
      break;
    }
  REQUIRE_FALSE(trick.empty());
  wxUIActionSimulator sim;
  frame->scan_input()->deliver(trick);
  REQUIRE(pump(10'000, [&] { return frame->scan_answer().Contains("Enter: play this trick"); }));
  sim.Char(WXK_RETURN);
  REQUIRE(pump(10'000, [&] { return frame->scan_answer().Contains("Played"); }));
  sim.Char(WXK_F3);
  gm::AccusationPage* accusation = frame->accusation();
  REQUIRE(slow.all_answered());
  INFO(accusation->instruction().ToStdString() << " / " << accusation->refusal_text().ToStdString());
  CHECK(accusation->instruction().Contains("accuser"));
  CHECK(accusation->refusal_text().IsEmpty());
  // The holder is the accused: the accuser scanned next is taken as the second party.
  const std::string accuser = holder == "Sheriff Amos Brady" ? "Kid Calloway" : "Sheriff Amos Brady";
  frame->scan_input()->deliver(slow.badge(accuser));
  REQUIRE(slow.all_answered());
  CHECK(accusation->instruction().Contains("Both draw"));
}
