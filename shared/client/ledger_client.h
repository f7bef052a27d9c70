#pragma once
// What a GM station or kiosk uses to talk to the ledger (DESIGN.md "Stations on a venue
// network"). Every record is first written to a local SQLite file: the record and its outbox
// entry in one local transaction, so nothing recorded is lost if the station crashes or the
// Wi-Fi drops. Records not yet acknowledged by the ledger are provisional. sync() sends the
// outbox in order; the ledger deduplicates by each record's UUIDv7, so a record sent twice (a
// lost reply, a restart mid-sync) still lands exactly once. Records the ledger refused are kept
// in a list for the GM to settle. Card and character views are cached for offline use.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "client/http.h"
#include "client/server_list.h"
#include "sqlite/sqlite.h"

namespace marshal::client {

struct ClientConfig {
  std::string server_url;   // e.g. https://10.0.0.2:8080#sha256=PIN (protocol/enrollment.h)
  std::string cache_path;   // the station's local SQLite file
  long timeout_ms = 3000;
  // One lock for every client of the same cache file in this process (a window's and its
  // LedgerWatch's, which share the config): the outbox goes out in order, one sender at a time.
  std::shared_ptr<std::mutex> sync_lock = std::make_shared<std::mutex>();
};

enum class RecordStatus { provisional, accepted, refused };
std::string to_string(RecordStatus status);

struct Record {
  std::string uuid;
  std::string type;
  Json payload;
  std::int64_t created_ms = 0;
  RecordStatus status = RecordStatus::provisional;
  std::int64_t seq = 0;    // when accepted
  Json reply;              // the ledger's answer (outcome, or the refusal)
};

struct SyncReport {
  bool online = false;
  int sent = 0;
  int accepted = 0;
  int refused = 0;
  int left = 0;  // still provisional
  bool wrong_key = false;  // the server at the address has another key than the pinned one
};

struct View {
  Json data;
  bool from_cache = false;  // the ledger could not be reached: this is the last known state
  bool found = false;
  std::string error;        // a refusal from the ledger (bad code...) or why it failed
};

class LedgerClient {
 public:
  explicit LedgerClient(ClientConfig config);

  // Trades a one-time enrollment code for a token, kept in the cache file.
  bool enroll(const std::string& code, std::string& error);
  bool enrolled();
  std::string station_name();
  std::string role();
  // The highest epoch a ledger's reply named to this station (1 before any promotion; 0: none).
  std::int64_t known_epoch() const { return known_epoch_; }
  // The seq of the promotion that began known_epoch() (0 before any, or not yet told by /health).
  std::int64_t epoch_seq() const { return epoch_seq_; }
  // The ledgers this station may talk to (client/server_list.h): the one enrolled at, and those
  // the ledgers' /health named; the one it talks to now is servers().current().
  const ServerList& servers() const { return servers_; }
  // Adds a ledger this station may go on at (the standby its enrolment card names), kept in the
  // cache file; false when not added (client/server_list.h says which are refused).
  bool add_server(const std::string& url);
  // The last /health the current server gave (sync() asks it when the outbox is empty): its role,
  // its standby's state (docs/server.md, GET /health); null before any.
  const Json& last_health() const { return last_health_; }

  // Records an event: stored locally first, then sent at once if the ledger answers.
  Record record(const std::string& type, const Json& payload, std::int64_t now_ms);
  // Sends every provisional record, oldest first, until the ledger cannot be reached.
  SyncReport sync();
  bool online() const { return online_; }
  // While set, nothing is asked of the network: views come from the cache and records wait in
  // the outbox for the next sync (a LedgerWatch found the ledger out of reach; asking would
  // cost a timeout on every scan).
  void set_known_offline(bool offline) { known_offline_ = offline; }

  std::vector<Record> provisional();
  std::vector<Record> refused();
  std::optional<Record> find(const std::string& uuid);

  View card(const std::string& code, const std::optional<std::string>& as_badge = std::nullopt);
  View character(const std::string& badge);
  // The event's title, options and locations (GET /event), cached like the other views.
  View event();
  // The timers running now (GET /timers).
  View timers();
  // A tabletop game's table (GET /table, GM stations only).
  View table();
  // The West That Wasn't's action time: characters and the last round (GET /twtw, GM stations only).
  View twtw();
  // The land register: every deed, its owner and holder, its deals (GET /land, GM stations only).
  View land();

  // A view as this station last read it (its cache key: "character:BADGE", "table"...), never
  // from the network; nullopt when never read here.
  std::optional<Json> cached_view(const std::string& cache_key);

  // Events after `after` (long-poll up to wait_ms); updates the last seen seq on success.
  std::optional<Json> feed(std::int64_t after, long wait_ms);

 private:
  void store_reply(const std::string& uuid, const HttpReply& reply);
  // Every request goes through these: they send the highest epoch this station has seen
  // (X-Marshal-Epoch), remember a higher one from the reply, and make the reply of a ledger at a
  // lower epoch (an old primary, replaced by a promoted standby) one that did not reach a ledger:
  // records stay in the outbox, views come from the cache (docs/server.md, A standby ledger).
  // Each asks the current server, then, when it does not answer as a ledger taking records (no
  // answer, 503 not_primary, 421 epoch_behind, a lower epoch), the other listed servers in order;
  // the first that does becomes current (settings "server_current").
  HttpReply get(const std::string& path, long timeout_ms = 0);
  HttpReply post(const std::string& path, const Json& body);
  HttpReply ask(const std::function<HttpReply(HttpClient&)>& send);
  void switch_to(const std::string& url, std::unique_ptr<HttpClient> http);
  // Another client of the same cache file (a GM station's watch) may have learnt a server, moved
  // to another or met a new epoch: this one follows before it asks.
  void follow_cache();
  // The current server is a standby: another listed one that answers as the primary is taken.
  void prefer_primary();
  HttpReply with_epoch(HttpReply reply);
  std::unique_ptr<HttpClient> connect(const std::string& url);  // with the token and epoch
  // What a ledger's /health tells: its standby's or primary's address, the epoch's first seq.
  void learn_servers(const Json& health);
  View view(const std::string& path, const std::string& cache_key);
  Record read_record(sqlite::Statement& s);

  ClientConfig config_;
  sqlite::Database cache_;
  ServerList servers_;
  bool token_fits_ = false;  // the kept token was given by one of servers_ (else enrolled() is false)
  std::unique_ptr<HttpClient> http_;  // to servers_.current()
  bool online_ = false;
  bool known_offline_ = false;
  std::int64_t known_epoch_ = 0;  // the highest the ledger named (settings key "epoch"); 0: none yet
  std::int64_t epoch_seq_ = 0;
  Json last_health_;
};

// A fresh UUIDv7 for a record.
std::string new_uuid_v7(std::int64_t unix_ms);

}  // namespace marshal::client
