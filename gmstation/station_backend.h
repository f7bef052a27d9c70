#pragma once
// Where a GM station's records go: straight into a local ledger file (the embedded default, no
// server to configure) or to the ledger server through shared/client (local outbox, offline
// marking, sync). The screens use only this interface.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "client/feed_cursor.h"
#include "gmstation/event_summary.h"
#include "protocol/json_fields.h"

namespace marshal::gm {

using protocol::Json;

struct Lookup {
  bool found = false;
  Json data;                 // the character or card view (docs/server.md)
  std::string refusal;       // why not: unknown code, malformed code, unreachable...
  bool from_cache = false;   // offline: the last known state
};

struct RecordOutcome {
  enum class Status { accepted, provisional, refused } status = Status::refused;
  std::int64_t seq = 0;
  std::string code, reason;  // when refused
  Json ledger = Json::object();  // what the ledger added (a pick, a new code); empty when provisional
};

struct FeedEvent {
  std::int64_t seq = 0;
  std::string type;
  std::string station;
  std::string summary;
};

// The lookups and the record below may wait on the network (a ledger server): the screens ask
// them through a LedgerAsker (gmstation/ledger_asker.h), never on the window's thread. The rest
// never waits on the network: the outbox, the feed and timers the watch read, the event as known.
class StationBackend {
 public:
  virtual ~StationBackend() = default;
  // Whether a request may wait on the network (a ledger server): then it runs on a worker.
  virtual bool asks_network() const { return false; }
  virtual std::string describe() const = 0;  // "local ledger town.db", "ledger server https://..."
  virtual bool online() = 0;
  // Why the ledger is out of reach, when it is not just silence: the server at the address has
  // another key than the station's card pinned (docs/server.md, "Venue network").
  virtual bool wrong_key() { return false; }
  virtual Lookup character(const std::string& badge) = 0;
  virtual Lookup card(const std::string& code) = 0;
  // The event's title, options and locations (docs/server.md, GET /event); read once, as the
  // definition never changes.
  virtual Lookup event() = 0;
  // The event as this station knows it without asking (read once by the window at its start, or
  // cached from an evening before); not found while neither: the screens use the defaults.
  virtual Lookup event_as_known() { return event(); }
  // The knock-outs and headaches running now (GET /timers); from_cache when out of reach.
  virtual Lookup timers() = 0;
  // A tabletop game's table: traits, chips, tokens, the roll log (GET /table, docs/server.md);
  // from_cache when out of reach.
  virtual Lookup table() = 0;
  // The West That Wasn't's action time: the characters' wounds, CT and stun, and the last round
  // (GET /twtw, docs/server.md); from_cache when out of reach.
  virtual Lookup twtw() = 0;
  // The land register (GET /land, docs/server.md): every deed, its owner and holder, its deals;
  // from_cache when out of reach.
  virtual Lookup land() = 0;
  virtual RecordOutcome record(const std::string& type, const Json& payload) = 0;
  // Prints one card (a bystander bestowed, a card re-issued) to a PDF; its path, or nullopt
  // with `why` (a station on a server has no ledger file to print from).
  virtual std::optional<std::string> print_card(const std::string& code, std::string& why) = 0;
  // Events recorded after the cursor (by any station), newest last; the cursor moves past them.
  // A reader keeps its own cursor: what one reads stays there for the others.
  virtual std::vector<FeedEvent> feed(client::FeedCursor& cursor) = 0;
  // Records waiting for the ledger (summarized, oldest first), and those it refused after a sync.
  virtual std::vector<std::string> provisional() = 0;
  virtual std::vector<std::string> refused_after_sync() = 0;
  // A station on a server asks the ledger on a thread of its own (client/ledger_watch.h): this
  // waits at most `max_wait_ms` until it has asked once more. Tests and benchmarks use it; the
  // window never waits.
  virtual void wait_for_ledger(long /*max_wait_ms*/) {}
};

// The embedded default: a ledger file on this machine.
std::unique_ptr<StationBackend> open_local_ledger(const std::string& db_path, const std::string& station);
// A ledger server, with the station's cache file (enrolled with `code` if not yet); `standby_url`
// (pinned, from an enrolment card naming both ledgers) is kept as the one to go on at.
std::unique_ptr<StationBackend> connect_to_server(const std::string& url, const std::string& cache_path,
                                                  const std::string& enrollment_code,
                                                  const std::string& standby_url = "");

}  // namespace marshal::gm
