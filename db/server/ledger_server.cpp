#include "server/ledger_server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include "audit/anchors.h"
#include "i18n/translate.h"
#include "ledger/kiosk_pins.h"
#include "ledger/station_events.h"
#include "server/server_internals.h"
#include "store/hash_chain.h"

namespace marshal::db {

using i18n::tr;
using i18n::trn;
using serving::client_address;
using serving::now_ms;
using serving::steady_ms;
using serving::RequestState;

std::string serving::client_address(MHD_Connection* c) {
  const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (!info || !info->client_addr || info->client_addr->sa_family != AF_INET) return "?";
  char text[INET_ADDRSTRLEN] = "?";
  inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(info->client_addr)->sin_addr, text, sizeof text);
  return text;
}

LedgerServer::Impl::Impl(const ServerConfig& c)
    : config(c), log(c.log), guard(c.connection_limits, log), ledger(c.db_path), trail(ledger.refusal_trail()) {
  standby = c.standby_of.has_value();
  if (!standby) {
    replay_before_serving();
    mark_restart();
  }
  last_seq = ledger.last_seq();
  if (last_seq == 0 && !standby) throw std::runtime_error(fmt::format(fmt::runtime(tr("{} holds no event definition")), c.db_path));
  const Epoch at_start = current_epoch(ledger.database());
  epoch = at_start.epoch;
  epoch_seq = at_start.seq;
  epoch_checked_seq = last_seq;
  if (!standby) standby_url = last_standby_url(ledger.database(), at_start.seq);
  // A ledger made before kiosk PINs existed gets them now (marshal pins prints them).
  if (int made = standby ? 0 : ensure_kiosk_pins(ledger.database(), now_ms()))
    log.write("pins",
            fmt::format(fmt::runtime(trn("made kiosk PINs for {} character: print them with marshal pins",
                                         "made kiosk PINs for {} characters: print them with marshal pins",
                                         static_cast<std::uint64_t>(made))),
                        made),
            now_ms());
  readable_seq = last_seq.load();
  auto readable = [this](std::int64_t seq) {
    readable_seq = seq;
    wake_waiters(false);  // the standby's follow (the feed's waiters wait for last_seq)
  };
  // A standby's queue appends nothing until it is promoted while it runs.
  queue = std::make_unique<AppendQueue>(
      ledger, now_ms,
      [this](std::int64_t seq) {
        last_seq = seq;
        if (readable_seq < seq) readable_seq = seq;  // a task's commit (one writer thread sets both)
        wake_waiters(false);
      },
      readable);
  standby_link = make_standby_link();
  if (standby) {
    set_replica_role(ledger.database(), "standby");  // served with --standby-of: the operator's word
  }
  if (standby)
    follower = std::make_unique<ReplicaFollower>(
        ledger, ReplicaFollower::Options{.primary = c.standby_of->primary,
                                         .fetch = c.standby_of->fetch,
                                         .on_commit =
                                             [this](std::int64_t seq) {
                                               last_seq = seq;
                                               readable_seq = seq;
                                               wake_waiters(false);
                                             },
                                         .log = [this](const std::string& key,
                                                       const std::string& line) { log.write(key, line, now_ms()); },
                                         .clock = now_ms});
  deadline_thread = std::thread([this] { run_deadlines(); });
}

Database& LedgerServer::Impl::reader() {
  std::lock_guard lock(readers_mutex);
  auto& db = readers[std::this_thread::get_id()];
  if (!db) {
    // No memory map (SQLite's mmap_size): the file grows with the evening, and every reader then
    // maps it anew at its next read. Unmapping makes every core drop its page mappings and the
    // pages fault in again: under bench_ledger's load that cost the connections' threads more
    // than the page reads it saved (docs/development.md, "Reading without a memory map").
    db = std::make_unique<Database>(config.db_path, false);
  }
  return *db;
}

void LedgerServer::Impl::wake_waiters(bool all) {
  std::lock_guard lock(waiters_mutex);
  std::int64_t now = now_ms();
  for (auto it = waiters.begin(); it != waiters.end();) {
    const std::int64_t head = it->state->replica ? readable_seq : last_seq;
    bool due = all || it->state->after < head || it->deadline_ms <= now;
    if (!due) {
      ++it;
      continue;
    }
    MHD_resume_connection(it->connection);
    it = waiters.erase(it);
  }
}

// The ledger's head in the log: an anchor kept outside the file (docs/audit.md).
void LedgerServer::Impl::log_head(std::int64_t now) {
  try {
    // TRANSLATORS: {} is the ledger's head as marshal head prints it (1234:3f2a9c7d1e0b4a55)
    log.write("head", fmt::format(fmt::runtime(tr("head {} (anchors for marshal audit)")), head_line(reader())), now);
  } catch (const std::exception& e) {
    log.write("head", fmt::format(fmt::runtime(tr("could not read the ledger's head: {}")), e.what()), now);
  }
}

// Every 100 ms: long-polls past their time, connections past their deadline (ConnectionGuard),
// the head every 5 minutes, and once a second the refusal trail's counts of minutes that are over.
void LedgerServer::Impl::run_deadlines() {
  std::unique_lock lock(waiters_mutex);
  std::int64_t last_flush = now_ms(), last_head = 0;
  while (!stopping) {
    waiters_wake.wait_for(lock, std::chrono::milliseconds(100));
    lock.unlock();
    wake_waiters(false);
    std::int64_t now = now_ms();
    guard.shed_overdue(now);
    standby_link->tick(steady_ms());
    log_standby_state(now);
    if (now - last_head >= head_log_interval_ms) {  // an anchor for the audit, outside the file
      last_head = now;
      log_head(now);
    }
    if (now - last_flush >= 1000) {
      last_flush = now;
      check_epoch();
      if (standby) {
        check_promoted();
        lock.lock();
        continue;  // a standby writes no refusal trail of its own: it copies the primary's
      }
      try {
        trail->flush(reader(), now);
      } catch (const std::exception& e) {
        log.write("refusal trail",  // i18n: not words (a key)
                fmt::format(fmt::runtime(tr("could not write the refusal trail's counts: {}")), e.what()), now);
      }
    }
    lock.lock();
  }
}


void LedgerServer::Impl::replay_before_serving() {
  // A promoted standby's file may hold events not replayed into its tables (one promoted by an
  // older marshal, or whose server stopped before it took writes): the rules must judge the next
  // event against tables that hold them all.
  try {
    ledger.project_replicated(INT64_MAX);
  } catch (const ReplicaMismatch& e) {
    if (e.names_the_mark())
      // TRANSLATORS: {0} is the ledger file, {1} what is wrong with its replay mark.
      throw std::runtime_error(fmt::format(fmt::runtime(tr("{0} is not served: {1}. Start the standby again from a new "
                                                           "file (docs/server.md, A standby ledger)")),
                                           config.db_path, e.what()));
    // TRANSLATORS: {0} is the ledger file, {1} why its events do not replay (it names the event).
    throw std::runtime_error(fmt::format(fmt::runtime(tr("{} is not served: its events do not replay ({}). Run marshal "
                                                         "verify on it")),
                                         config.db_path, e.what()));
  }
}

void LedgerServer::Impl::mark_restart() {
  Transaction tx(ledger.database());
  const std::string name = append_alone_at_restart(ledger.database(), now_ms());
  tx.commit();
  if (!name.empty())
    // TRANSLATORS: the server's log: {} is the standby's name.
    log.write("standby", fmt::format(fmt::runtime(tr("restarted: replies do not wait for the standby {} until it holds "
                                                     "the whole chain again")),
                                     name),
              now_ms());
}

void LedgerServer::Impl::check_epoch() {
  std::lock_guard lock(epoch_check_mutex);  // the deadline thread's, and a promotion's on the writer
  try {
    // The file's head, not last_seq: `marshal promote` writes from another process.
    const std::int64_t head = reader().scalar_int("SELECT COALESCE(MAX(seq), 0) FROM events");
    if (head <= epoch_checked_seq) return;
    // Only the events since the last look: the seq's key range, never the whole chain.
    Statement s = reader().prepare(
        "SELECT json_extract(payload, '$.epoch'), seq FROM events WHERE seq > ?1 AND seq <= ?2 AND type = ?3 "
        "ORDER BY seq DESC LIMIT 1");
    s.bind(1, epoch_checked_seq).bind(2, head).bind(3, std::string(ledger_promoted_event));
    if (s.step()) {
      epoch = s.int64(0);
      epoch_seq = s.int64(1);
    }
    epoch_checked_seq = head;
  } catch (const std::exception& e) {
    log.write("epoch", fmt::format(fmt::runtime(tr("could not read the ledger's epoch: {}")), e.what()), now_ms());
  }
}

namespace {

MHD_Result access_handler(void* cls, MHD_Connection* c, const char* url, const char* method,
                          const char*, const char* upload, size_t* upload_size, void** con_cls) {
  return static_cast<LedgerServer::Impl*>(cls)->handle(c, url, method, upload, upload_size, con_cls);
}

void request_completed(void* cls, MHD_Connection* c, void** con_cls, MHD_RequestTerminationCode) {
  delete static_cast<RequestState*>(*con_cls);
  *con_cls = nullptr;
  static_cast<LedgerServer::Impl*>(cls)->guard.reply_sent(c, db::unix_time_ms());
}

MHD_Result accept_policy(void* cls, const sockaddr* addr, socklen_t) {
  char text[INET_ADDRSTRLEN] = "?";
  if (addr && addr->sa_family == AF_INET)
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(addr)->sin_addr, text, sizeof text);
  return static_cast<LedgerServer::Impl*>(cls)->guard.may_accept(text, db::unix_time_ms()) ? MHD_YES : MHD_NO;
}

void connection_notice(void* cls, MHD_Connection* c, void**, MHD_ConnectionNotificationCode code) {
  auto& guard = static_cast<LedgerServer::Impl*>(cls)->guard;
  if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
    guard.closed(c);
    return;
  }
  const MHD_ConnectionInfo* fd = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (fd) guard.opened(c, fd->connect_fd, client_address(c), db::unix_time_ms());
}

// Raises this process's open-files limit to its hard limit (a venue's stations and a hostile
// client's idle connections each hold a descriptor); the connections it leaves room for.
unsigned connection_room(RateLimitedLog& log) {
  constexpr rlim_t descriptors_kept_back = 64;  // the ledger's files, the listening socket, logs
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1000;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
  }
  rlim_t room = limit.rlim_cur > 2 * descriptors_kept_back ? limit.rlim_cur - descriptors_kept_back : descriptors_kept_back;
  if (room < max_connections_total)
    log.write("open files",  // i18n: not words (a key)
            fmt::format(fmt::runtime(tr("the open-files limit is {}: at most {} connections (raise it with ulimit -n)")),
                        limit.rlim_cur, room),
            db::unix_time_ms());
  return static_cast<unsigned>(std::min<rlim_t>(room, max_connections_total));
}

}  // namespace

bool is_loopback_address(const std::string& host) {
  in_addr addr{};
  return inet_pton(AF_INET, host.c_str(), &addr) == 1 && (ntohl(addr.s_addr) >> 24) == 127;
}

bool parse_listen_address(const std::string& text, std::string& host, std::uint16_t& port,
                          std::string& reason) {
  auto colon = text.rfind(':');
  if (colon == std::string::npos) {
    reason = tr("give HOST:PORT, e.g. 0.0.0.0:8080");
    return false;
  }
  host = text.substr(0, colon);
  in_addr addr{};
  if (inet_pton(AF_INET, host.c_str(), &addr) != 1) {
    reason = fmt::format(fmt::runtime(tr("'{}' is not an IPv4 address (e.g. 0.0.0.0 or 127.0.0.1)")), host);
    return false;
  }
  std::string p = text.substr(colon + 1);
  try {
    std::size_t used = 0;
    long v = std::stol(p, &used);
    if (used != p.size() || v < 0 || v > 65535) throw std::out_of_range("port");
    port = static_cast<std::uint16_t>(v);
  } catch (...) {
    reason = fmt::format(fmt::runtime(tr("'{}' is not a port number (0-65535)")), p);
    return false;
  }
  return true;
}

namespace {
// Checked before anything starts: TLS whole, or plain HTTP on loopback only.
const ServerConfig& checked_transport(const ServerConfig& config) {
  const bool tls = !config.tls_key_pem.empty();
  if (tls != !config.tls_cert_pem.empty()) throw std::runtime_error(tr("TLS needs both the key and the certificate"));
  if (!tls && !is_loopback_address(config.host))
    throw std::runtime_error(fmt::format(fmt::runtime(tr("plain HTTP is served only on this machine's loopback address "
                                                         "(127.0.0.1), never on {}: anyone on the venue's Wi-Fi would "
                                                         "read PINs and tokens")),
                                         config.host));
  return config;
}
}  // namespace

LedgerServer::LedgerServer(const ServerConfig& config) : impl_(std::make_unique<Impl>(checked_transport(config))) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(config.port);
  if (inet_pton(AF_INET, config.host.c_str(), &addr.sin_addr) != 1)
    throw std::runtime_error(fmt::format(fmt::runtime(tr("'{}' is not an IPv4 address")), config.host));
  const bool tls = !config.tls_key_pem.empty();
  unsigned connections = connection_room(impl_->log);
  unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
  if (tls) flags |= MHD_USE_TLS;
  // The key and certificate are read from these strings when the daemon starts (MHD copies
  // them into GnuTLS); a plain daemon ignores the two options, given NULL.
  impl_->daemon = MHD_start_daemon(
      flags, 0, &accept_policy,
      impl_.get(), &access_handler, impl_.get(), MHD_OPTION_SOCK_ADDR, &addr,
      MHD_OPTION_THREAD_POOL_SIZE, config.threads, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
      config.connection_memory_bytes, MHD_OPTION_CONNECTION_TIMEOUT, config.idle_timeout_s,
      // The default limit is select()'s FD_SETSIZE - 4 (1020), which idle connections once filled.
      MHD_OPTION_CONNECTION_LIMIT, connections,
      MHD_OPTION_NOTIFY_CONNECTION, &connection_notice, impl_.get(),
      MHD_OPTION_NOTIFY_COMPLETED, &request_completed, impl_.get(),
      // A server restarted after a crash takes its port back at once.
      MHD_OPTION_LISTENING_ADDRESS_REUSE, static_cast<unsigned int>(1),
      tls ? MHD_OPTION_HTTPS_MEM_KEY : MHD_OPTION_END, config.tls_key_pem.c_str(),
      MHD_OPTION_HTTPS_MEM_CERT, config.tls_cert_pem.c_str(), MHD_OPTION_END);
  if (!impl_->daemon) {
    {  // the deadline thread ends before Impl goes with the exception
      std::lock_guard lock(impl_->waiters_mutex);
      impl_->stopping = true;
    }
    impl_->waiters_wake.notify_all();
    impl_->deadline_thread.join();
    // TRANSLATORS: {0} is an IPv4 address, {1} a port number
    throw std::runtime_error(fmt::format(fmt::runtime(tr("cannot listen on {}:{} (in use, or not this machine's address?)")),
                                         config.host, config.port));
  }
  const MHD_DaemonInfo* info = MHD_get_daemon_info(impl_->daemon, MHD_DAEMON_INFO_BIND_PORT);
  impl_->bound_port = info ? info->port : config.port;
}

LedgerServer::~LedgerServer() {
  {
    std::lock_guard lock(impl_->closing_mutex);
    impl_->closing = true;
  }
  // The follower commits on the ledger's connection, where the queue's checkpointer hooks in.
  if (impl_->follower) impl_->follower->stop();
  impl_->queue.reset();  // finishes what was submitted; those connections resume
  impl_->standby_link->release_all();  // replies that waited for the standby go now
  {
    std::lock_guard lock(impl_->waiters_mutex);
    impl_->stopping = true;
  }
  impl_->waiters_wake.notify_all();
  impl_->deadline_thread.join();
  impl_->wake_waiters(true);
  MHD_stop_daemon(impl_->daemon);
  if (impl_->standby) return;  // its trail is the primary's copy: nothing of its own to write
  try {  // the counts of refusals not yet written: the minute is over for this server
    impl_->trail->flush(impl_->ledger.database(), now_ms(), true);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "marshal serve: %s\n",  // i18n: not words (the command's name)
                 fmt::format(fmt::runtime(tr("could not write the refusal trail's last counts: {}")), e.what()).c_str());
  }
}

std::uint16_t LedgerServer::port() const { return impl_->bound_port; }

AppendQueue::Stats LedgerServer::writer_stats() const { return impl_->queue->stats(); }

ReplicaFollower::Stats LedgerServer::follower_stats() const {
  return impl_->follower ? impl_->follower->stats() : ReplicaFollower::Stats{};
}

}  // namespace marshal::db
