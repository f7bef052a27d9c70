#pragma once
// The embedded default for a kiosk (`marshal-kiosk --sample` or `--ledger FILE`): the ledger
// file on this machine served on 127.0.0.1 by a ledger server inside the kiosk program, with a
// kiosk station enrolled for it. The kiosk then talks to it exactly as to a venue's server, so
// there is one way of doing everything and no second set of checks to keep in step.
#include <memory>
#include <string>

#include "kiosk/kiosk_client.h"
#include "server/ledger_server.h"

namespace marshal::kiosk {

class LocalLedger {
 public:
  // Serves `ledger_path`; the station "NAME" (re-added if it existed) is enrolled into a cache
  // file in the temporary folder. Throws std::runtime_error with the reason.
  LocalLedger(const std::string& ledger_path, const std::string& station_name);
  ~LocalLedger();
  // A client for the kiosk window, enrolled.
  std::unique_ptr<KioskClient> client() const;
  std::string url() const;

 private:
  std::unique_ptr<db::LedgerServer> server_;
  std::string cache_path_;
};

}  // namespace marshal::kiosk
