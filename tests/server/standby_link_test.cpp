// The primary's hold on replies while a standby is in step (server/standby_link.h), step by step
// with a clock of the test's own: a reply goes once the standby's head passes its event; a standby
// late by standby_ack_wait_ms, or silent for standby_absent_after_ms, is given up on, and the
// replies go only once ledger_alone is written; back in step, the hold begins again.
#include <catch2/catch.hpp>

#include "server/standby_link.h"

using marshal::db::StandbyLink;
using State = StandbyLink::State;

namespace {

struct Recorder {
  std::vector<std::string> writes;           // "alone laptop-b 5 behind", "in_sync laptop-b 5"
  std::function<void(bool)> pending_written;  // the ledger_alone not yet on disk
  std::vector<int> released;                 // replies acknowledged, by their seq
  std::vector<int> unacknowledged;           // replies let go without the standby (503)
  StandbyLink link{[this](const std::string& name, std::int64_t acked, std::int64_t waited, const std::string& why,
                          std::function<void(bool)> written) {
                     writes.push_back("alone " + name + " " + std::to_string(acked) + " " + why + " " +
                                      std::to_string(waited));
                     pending_written = std::move(written);
                   },
                   [this](const std::string& name, std::int64_t seq) {
                     writes.push_back("in_sync " + name + " " + std::to_string(seq));
                   }};
  void hold(int seq, std::int64_t now) {
    link.hold(seq, [this, seq](bool acknowledged) { (acknowledged ? released : unacknowledged).push_back(seq); }, now);
  }
};

}  // namespace

TEST_CASE("without a standby in step nothing is held", "[server][standby][standby-link]") {
  Recorder r;
  r.hold(5, 0);
  CHECK(r.released == std::vector<int>{5});
  r.link.followed("laptop-b", 2, 5, 10);  // following, not yet holding the whole chain
  CHECK(r.link.status().state == State::behind);
  r.hold(6, 20);
  CHECK(r.released == std::vector<int>{5, 6});
  CHECK(r.writes.empty());
}

TEST_CASE("a reply waits until the standby's head passes its event", "[server][standby][standby-link]") {
  Recorder r;
  r.link.followed("laptop-b", 5, 5, 0);
  CHECK(r.link.status().state == State::in_sync);
  CHECK(r.writes == std::vector<std::string>{"in_sync laptop-b 5"});
  r.hold(6, 10);
  r.hold(7, 11);
  r.hold(0, 12);  // a refusal: never held
  CHECK(r.released == std::vector<int>{0});
  CHECK(r.link.status().held == 2);
  r.link.followed("laptop-b", 6, 7, 20);
  CHECK(r.released == std::vector<int>{0, 6});
  r.link.followed("laptop-b", 7, 7, 30);
  CHECK(r.released == std::vector<int>{0, 6, 7});
  r.hold(7, 40);  // a duplicate of an event it already holds
  CHECK(r.released.back() == 7);
  CHECK(r.link.status().held == 0);
}

TEST_CASE("a late standby is given up on: ledger_alone first, then the replies", "[server][standby][standby-link]") {
  Recorder r;
  r.link.followed("laptop-b", 5, 5, 0);
  r.hold(6, 1000);
  r.link.followed("laptop-b", 5, 6, 1500);  // asks, but not past 6: still waiting
  r.link.tick(1000 + marshal::db::standby_ack_wait_ms - 1);
  CHECK(r.link.status().state == State::in_sync);
  r.link.tick(1000 + marshal::db::standby_ack_wait_ms);
  CHECK(r.link.status().state == State::going_alone);
  REQUIRE(r.writes.size() == 2);
  CHECK(r.writes[1] == "alone laptop-b 5 behind 1000");
  r.hold(7, 2010);  // while ledger_alone is being written: held too
  CHECK(r.released.empty());
  r.pending_written(true);
  CHECK(r.released == std::vector<int>{6, 7});
  CHECK(r.link.status().state == State::alone);
  r.hold(8, 2020);  // alone: at once
  CHECK(r.released.back() == 8);
  r.link.followed("laptop-b", 7, 8, 2030);  // behind still: alone
  CHECK(r.link.status().state == State::alone);
  r.link.followed("laptop-b", 8, 8, 2040);  // back in step
  CHECK(r.link.status().state == State::in_sync);
  CHECK(r.writes.back() == "in_sync laptop-b 8");
  r.hold(9, 2050);
  CHECK(r.released.back() == 8);
}

TEST_CASE("a standby that stops asking is given up on before a reply waits for it", "[server][standby][standby-link]") {
  Recorder r;
  r.link.followed("laptop-b", 5, 5, 0);
  r.link.tick(marshal::db::standby_absent_after_ms - 1);
  CHECK(r.link.status().state == State::in_sync);
  r.link.tick(marshal::db::standby_absent_after_ms);
  REQUIRE(r.writes.size() == 2);
  CHECK(r.writes[1] == "alone laptop-b 5 no_answer " + std::to_string(marshal::db::standby_absent_after_ms));
  r.pending_written(true);
  r.hold(6, 4000);
  CHECK(r.released == std::vector<int>{6});
  r.link.release_all();  // nothing left to release
  CHECK(r.released.size() == 1);
}

TEST_CASE("replies held when the server stops, or when ledger_alone cannot be written, go unacknowledged",
          "[server][standby][standby-link]") {
  Recorder r;
  r.link.followed("laptop-b", 5, 5, 0);
  r.hold(6, 10);
  r.hold(7, 11);
  r.link.release_all();
  CHECK(r.released.empty());
  CHECK(r.unacknowledged == std::vector<int>{6, 7});
  r.hold(8, 20);
  r.link.tick(20 + marshal::db::standby_ack_wait_ms);
  r.pending_written(false);  // the disk refused ledger_alone
  CHECK(r.unacknowledged == std::vector<int>{6, 7, 8});
  CHECK(r.released.empty());
}

TEST_CASE("under steady writes a standby is in step once it holds the head of its last answer",
          "[server][standby][standby-link]") {
  Recorder r;
  r.link.followed("laptop-b", 0, 40, 0);  // an empty standby; the primary at 40
  r.link.answered(40);                    // sent it events 1-40
  r.link.followed("laptop-b", 30, 45, 10);  // a batch cut short: it holds 30 of the 40
  CHECK(r.link.status().state == State::behind);
  r.link.answered(45);
  r.hold(46, 15);  // still behind: goes on one disk
  CHECK(r.released == std::vector<int>{46});
  r.link.followed("laptop-b", 45, 47, 20);  // holds all it was sent; 46 and 47 came since
  CHECK(r.link.status().state == State::in_sync);
  CHECK(r.writes == std::vector<std::string>{"in_sync laptop-b 45"});
  r.hold(48, 25);  // from now on a reply waits for it
  CHECK(r.released == std::vector<int>{46});
  r.link.followed("laptop-b", 48, 48, 30);
  CHECK(r.released == std::vector<int>{46, 48});
}
