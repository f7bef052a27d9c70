// The server's side of a standby (issue 29, docs/server.md "A standby ledger"), apart from the
// routes (replica_routes.cpp): the standby link that holds a primary's replies for its standby
// and writes ledger_alone / standby_in_sync, the log's NO STANDBY line, and a standby that
// marshal promote made the primary while it runs. Part of the ledger server
// (server/server_internals.h).
#include <fmt/format.h>

#include "i18n/translate.h"
#include "ledger/replica.h"
#include "ledger/station_events.h"
#include "server/server_internals.h"

namespace marshal::db {

using i18n::tr;
using serving::now_ms;
using serving::steady_ms;

std::unique_ptr<StandbyLink> LedgerServer::Impl::make_standby_link() {
  // Both write on the writer's thread, between batches; a server shutting down writes nothing.
  auto write_alone = [this](const std::string& name, std::int64_t acked, std::int64_t waited, const std::string& why,
                            std::function<void(bool)> written) {
    std::lock_guard closing_lock(closing_mutex);
    if (closing) return written(false);
    queue->run_in_writer([=, this](Ledger& l) {
      bool durable = false;
      try {
        Transaction tx(l.database());
        append_ledger_alone(l.database(), name, acked, waited, why, now_ms());
        tx.commit();
        durable = true;
      } catch (const std::exception& e) {
        log.write("standby", fmt::format(fmt::runtime(tr("could not write that the ledger goes on alone: {}")), e.what()),
                  now_ms());
      }
      written(durable);
    });
  };
  auto write_in_sync = [this](const std::string& name, std::int64_t seq) {
    std::lock_guard closing_lock(closing_mutex);
    if (closing) return;
    queue->run_in_writer([=, this](Ledger& l) {
      try {
        Transaction tx(l.database());
        append_standby_in_sync(l.database(), name, seq, now_ms());
        tx.commit();
        // TRANSLATORS: the server's log: {0} the standby's name, {1} an event's number.
        log.write("standby", fmt::format(fmt::runtime(tr("the standby {} holds the whole chain (event {}): every reply "
                                                         "waits for it from now on")),
                                         name, seq),
                  now_ms());
      } catch (const std::exception& e) {
        log.write("standby", fmt::format(fmt::runtime(tr("could not write that the standby is in step: {}")), e.what()),
                  now_ms());
      }
    });
  };
  return std::make_unique<StandbyLink>(write_alone, write_in_sync);
}

void LedgerServer::Impl::log_standby_state(std::int64_t now) {
  const StandbyLink::LinkStatus link = standby_link->status();
  if (link.state != StandbyLink::State::alone) return;
  // TRANSLATORS: the server's log, every 10 s while it lasts: {0} the standby's name, {1} seconds, {2} an event's number.
  log.write("no standby",  // i18n: not words (a key)
            fmt::format(fmt::runtime(tr("NO STANDBY: {} has not answered for {} s; the evening is on this disk only "
                                        "(since event {})")),
                        link.standby, (steady_ms() - link.since_ms) / 1000, link.acked_seq),
            now);
}

void LedgerServer::Impl::check_promoted() {
  if (promotion_begun) return;  // the writer is taking it over
  try {
    const std::optional<ReplicaState> state = read_replica_state(reader());
    if (!state || state->role != "primary") return;
  } catch (const std::exception& e) {
    log.write("standby", fmt::format(fmt::runtime(tr("could not read the standby's state: {}")), e.what()), now_ms());
    return;
  }
  std::lock_guard closing_lock(closing_mutex);
  if (closing) return;
  promotion_begun = true;
  // On the writer's thread, idle on a standby: stopping the follower (up to a follow's wait) and
  // replaying its last batches would hold up this thread's long-polls and deadlines.
  queue->run_in_writer([this](Ledger&) { take_writes_after_promotion(); });
}

void LedgerServer::Impl::take_writes_after_promotion() {
  {
    std::lock_guard closing_lock(closing_mutex);
    if (closing) return;  // the server stops: the next start replays what is left (replay_before_serving)
  }
  follower->stop();  // the ledger is the writer's from here (kept: /health may be reading its status)
  try {
    // marshal promote replayed the chain into the tables; a follower's last batch may have come since.
    ledger.project_replicated(INT64_MAX);
  } catch (const std::exception& e) {
    const auto* mismatch = dynamic_cast<const ReplicaMismatch*>(&e);
    // A busy or full disk may pass: the deadline thread tries again in a second. A mark or an
    // event that does not replay stays so: said once, and the server goes on serving reads.
    if (!mismatch) promotion_begun = false;
    log.write("promoted",  // i18n: not words (a key)
              mismatch && mismatch->names_the_mark()
                  // TRANSLATORS: the server's log: {} what is wrong with the file's replay mark.
                  ? fmt::format(fmt::runtime(tr("promoted, but {}: it takes no writes. Start the standby again from a "
                                                "new file")),
                                e.what())
                  // TRANSLATORS: the server's log: {} why the events do not replay.
                  : fmt::format(fmt::runtime(tr("promoted, but this ledger's events do not replay ({}): it takes no "
                                                "writes. Run marshal verify on it")),
                                e.what()),
              now_ms());
    return;
  }
  last_seq = ledger.last_seq();
  readable_seq = last_seq.load();
  check_epoch();
  {
    std::lock_guard lock(standby_url_mutex);
    standby_url.clear();  // the chain's last standby_joined named this server itself
  }
  standby = false;
  // TRANSLATORS: the server's log: {0} is the ledger's epoch, {1} its head.
  log.write("promoted",  // i18n: not words (a key)
            fmt::format(fmt::runtime(tr("promoted: this ledger is the primary now, at epoch {} (head {}); it takes "
                                        "writes")),
                        epoch.load(), last_seq.load()),
            now_ms());
}

}  // namespace marshal::db
