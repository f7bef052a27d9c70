#pragma once
// A real primary and a real standby ledger server on 127.0.0.1, in this process (issue 29): what
// the standby tests share.
#include <memory>
#include <string>

#include "cli/standby_fetch.h"
#include "ledger/replica.h"
#include "ledger/station_events.h"

#include "server_test_helpers.h"

namespace marshal::server_testing {

inline std::string chain_of(const std::string& path) {
  db::Database db(path, false);
  return db.scalar_text("SELECT group_concat(seq || ':' || hex(hash), ',') FROM (SELECT seq, hash FROM events ORDER BY seq)");
}

// What marshal promote writes (its checks are standby_cli_test's).
inline void promote(const std::string& path) {
  db::Ledger promoted(path);
  db::Transaction tx(promoted.database());
  db::append_ledger_promoted(promoted.database(),
                             db::Promotion{.epoch = 2, .key_pin = std::string(64, 'a'), .primary_was = "old",
                                           .last_contact_ms = now_ms(), .was_in_sync = true, .forced = false},
                             now_ms());
  db::ReplicaState state = *db::read_replica_state(promoted.database());
  state.role = "primary";
  db::write_replica_state(promoted.database(), state);
  tx.commit();
}

inline client::HttpReply health(const std::string& url) { return client::HttpClient(url).get("/health", 3000); }

struct PrimaryAndStandby {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.tricks = 2, .bystanders = 3}, 29);
  std::string gm_token = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  std::string standby_token = enrolled_token(ledger.path, "laptop-b", db::Role::standby);
  std::string standby_path = dir.file("standby.db");
  InProcessServer primary{ledger.path};
  std::unique_ptr<InProcessServer> standby;

  explicit PrimaryAndStandby(bool start_standby = true) {
    if (start_standby) start_standby_on(standby_path, true);
  }
  void start_standby_on(const std::string& path, bool new_file) {
    if (new_file) db::Ledger::create_replica(path);
    db::ServerConfig config;
    config.db_path = path;
    config.standby_of = db::ServerConfig::StandbyOf{.primary = primary.url(),
                                                    .fetch = cli::pinned_fetch(primary.url(), standby_token)};
    config.log = [](const std::string&) {};
    standby = std::make_unique<InProcessServer>(config);
  }
  client::HttpReply record_lost_bystander(const std::string& url, std::int64_t epoch = 0) {
    client::HttpClient http(url);
    http.set_token(gm_token);
    if (epoch) http.set_header("X-Marshal-Epoch", std::to_string(epoch));
    return post_event(http, client::new_uuid_v7(now_ms()), "bystander_lost", {{"character", ledger.badge(ada)}});
  }
  // It holds the primary's chain and has replayed it into its tables (its views are the primary's).
  bool standby_caught_up() {
    client::HttpReply h = health(standby->url());
    const auto head = event_count(ledger.path);
    return h.status == 200 && h.body["events"] == head && h.body.value("in_sync", false) &&
           h.body.value("replayed_seq", std::int64_t{-1}) == head;
  }
};

}  // namespace marshal::server_testing
