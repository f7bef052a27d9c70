#pragma once
// The primary's side of a synchronous standby (issue 29, docs/server.md "A standby ledger"): a
// station's "recorded" means two disks. An accepted event's reply is held until the standby's
// next follow request names a head at or past it (its durable head is its acknowledgement), as
// PostgreSQL's synchronous_commit = on. A standby that does not acknowledge within
// standby_ack_wait_ms, or asks nothing for standby_absent_after_ms, is given up on: the ledger
// writes `ledger_alone` (durably, before any held reply goes), then answers at once and says so
// until the standby holds the whole chain again (`standby_in_sync`).
//
// No clock and no network inside: the server calls followed() from the follow route, hold() from
// the writer's answers and tick() every 100 ms, each with a steady clock's milliseconds (never the
// wall clock's: set back, it would hold replies for as long as it went back), and gives the two
// functions that write the events.
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>

namespace marshal::db {

// How long a station's reply waits for the standby before the ledger goes on alone: under a GM
// station's request timeout (2 s), with room for the network and the batch.
inline constexpr std::int64_t standby_ack_wait_ms = 1000;
// A standby in step that has asked nothing for this long is given up on before a reply waits for
// it (it asks at least every follow_wait_ms, 1 s).
inline constexpr std::int64_t standby_absent_after_ms = 3000;

class StandbyLink {
 public:
  enum class State {
    none,         // no standby has followed since this server started: nothing is held
    behind,       // a standby follows but has not yet held the whole chain: nothing is held
    in_sync,      // replies wait for the standby's acknowledgement
    going_alone,  // given up on: replies wait until ledger_alone is on disk
    alone,        // the evening is on this disk only: nothing is held
  };
  // `acknowledged`: the reply may say "recorded" (the standby holds the event, or ledger_alone is
  // on disk); false: the server stops, or could not write ledger_alone, and answers 503 so that
  // the station keeps the record and sends it again (its uuid makes that safe).
  using Release = std::function<void(bool acknowledged)>;
  // Writes ledger_alone and calls `written(durable)` once it is on disk (or failed).
  using WriteAlone = std::function<void(const std::string& standby, std::int64_t acked_seq, std::int64_t waited_ms,
                                        const std::string& why, std::function<void(bool durable)> written)>;
  // Writes standby_in_sync (the standby holds every event up to `seq`).
  using WriteInSync = std::function<void(const std::string& standby, std::int64_t seq)>;

  StandbyLink(WriteAlone write_alone, WriteInSync write_in_sync);

  // A follow request from the standby `name`, whose durable head is `acked`; `head` is this
  // ledger's last event. The standby is in step once it holds `head`, or the head this ledger had
  // when it last answered it: under steady writes the head moves on between an answer and the
  // next ask, and the replies of what came in between went without it (so the standby_in_sync
  // written names `acked`, and the period without a standby ends after them).
  void followed(const std::string& name, std::int64_t acked, std::int64_t head, std::int64_t now);
  // A follow answer was read with this ledger's head at `head`.
  void answered(std::int64_t head);
  // The reply to an event accepted at `seq` (0: refused, never held): released now, or once the
  // standby holds `seq`.
  void hold(std::int64_t seq, Release release, std::int64_t now);
  // Gives up on a standby that is late (a reply waited standby_ack_wait_ms) or absent.
  void tick(std::int64_t now);
  // Every held reply goes, unacknowledged (the server stops).
  void release_all();

  struct LinkStatus {
    State state = State::none;
    std::string standby;          // its station name
    std::int64_t acked_seq = 0;   // its durable head, as it last said
    std::int64_t since_ms = 0;    // when the state began, on the caller's steady clock
    std::int64_t held = 0;        // replies waiting now
  };
  LinkStatus status() const;

 private:
  struct Held {
    std::int64_t seq;
    Release release;
    std::int64_t since_ms;
  };
  void set_state(State state, std::int64_t now);  // under mutex_

  WriteAlone write_alone_;
  WriteInSync write_in_sync_;
  mutable std::mutex mutex_;
  LinkStatus status_;
  std::int64_t last_request_ms_ = 0;
  std::int64_t answered_head_ = -1;  // the head at the last follow answer (-1: none yet)
  std::deque<Held> held_;  // in seq order
};

const char* to_string(StandbyLink::State state);

}  // namespace marshal::db
