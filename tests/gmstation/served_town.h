#pragma once
// The sample town's ledger served as at a venue (TLS, the ledger's own key) with a GM station
// added: `open()` enrolls the station with its pinned address and opens its window; `open(port)`
// points it at another port on 127.0.0.1 (a relay in front of the ledger: a slow Wi-Fi).
#include <cstdint>
#include <memory>
#include <string>

#include "sample_town.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "support/tls_server.h"

namespace gui_testing {

struct ServedTown {
  SampleTown town{7};
  std::string code;
  marshal::db::ServerConfig config;
  std::string key_pin;
  std::unique_ptr<marshal::db::LedgerServer> server;

  ServedTown() {
    {
      marshal::db::Ledger ledger(town.db);
      code = marshal::db::add_station(ledger.database(), "saloon-gm", marshal::db::Role::gm, 1000);
    }
    config.db_path = town.db;
    key_pin = marshal::test_support::serve_over_tls(config);
    start();
    config.port = server->port();  // a restart comes back on the same port
  }
  void start() { server = std::make_unique<marshal::db::LedgerServer>(config); }
  marshal::gm::MainFrame* open() { return open(static_cast<std::uint16_t>(config.port)); }
  marshal::gm::MainFrame* open(std::uint16_t port) {
    return open_station(marshal::gm::connect_to_server(marshal::test_support::pinned_url(port, key_pin),
                                                       town.dir.file("cache.db"), code));
  }
};

}  // namespace gui_testing
