#include "gmstation/ledger_asker.h"

namespace marshal::gm {

LedgerAsker::LedgerAsker(StationBackend& backend, wxEvtHandler* window) : backend_(backend) {
  if (backend.asks_network()) worker_ = std::make_unique<ui::RequestWorker>(window);
}

std::chrono::milliseconds LedgerAsker::waited() const {
  return worker_ ? worker_->waited() : std::chrono::milliseconds(0);
}

}  // namespace marshal::gm
