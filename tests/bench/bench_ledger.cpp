// Measures the ledger server and prints figures (targets live in the issue notes):
//  - events/s and p50/p99 latency with 1, 8 and 32 concurrent station clients appending
//    conflict resolutions (each replayed through the rules by the server), the stations driven
//    from one thread (http_load.h), then once more from libcurl threads (shared/client);
//  - just before and after the 32-client run, a plain SQLite loop inserting one row per durable
//    transaction (WAL, synchronous=FULL) on the same disk: the rate group commit has to beat;
//  - how fast a new connection is answered while 64 idle keep-alive connections are open;
//  - the libcurl clients over TLS (the ledger's key pinned) against plain HTTP, same load;
//  - the largest load on the primary alone, then with a synchronous standby ledger following it
//    on the same machine (issue 29: every reply waits for the standby's disk), then alone again,
//    five rounds (--rounds N; --quick: one), and the median share of the rounds.
// Run from the dev build: build/dev/tests/bench/bench_ledger [--quick] [--events N] [--clients N]
// [--threads N] [--standby-only] [--rounds N] (--clients N measures only that many clients, e.g.
// under perf; --threads N gives the server that many HTTP threads instead of its default).
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <sodium.h>

#include "cli/standby_fetch.h"
#include "client/http.h"
#include "bench_events.h"
#include "http_load.h"
#include "core/card_code.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "server/ledger_server.h"
#include "server/stations.h"
#include "server/tls_identity.h"

using namespace marshal;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

namespace {

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

std::string fresh_code() { return db::random_card_code(); }

// CPU seconds this process has used so far, every thread (server, clients) counted.
double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// CPU seconds so far of each of this process's threads, summed by thread name (the server names
// its threads: ledger-writer, ledger-follow, MHD-worker...): where a run's CPU went.
std::map<std::string, double> cpu_by_thread() {
  std::map<std::string, double> cpu;
  const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  for (const auto& task : fs::directory_iterator("/proc/self/task")) {
    std::ifstream comm(task.path() / "comm"), stat(task.path() / "stat");
    std::string name, line;
    if (!std::getline(comm, name) || !std::getline(stat, line)) continue;  // a thread that ended
    // Fields after the name's closing parenthesis: state is the 3rd, utime and stime the 14th, 15th.
    std::istringstream rest(line.substr(line.rfind(')') + 2));
    std::string field;
    double utime = 0, stime = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i) {
      if (i == 14) utime = std::stod(field);
      if (i == 15) stime = std::stod(field);
    }
    cpu[name] += (utime + stime) / tick;
  }
  return cpu;
}

// The CPU each thread name took between two cpu_by_thread(), per event, busiest first.
std::string cpu_per_event_by_thread(const std::map<std::string, double>& before,
                                    const std::map<std::string, double>& after, double events) {
  std::vector<std::pair<double, std::string>> used;
  for (const auto& [name, seconds] : after) {
    const auto was = before.find(name);
    const double us = (seconds - (was == before.end() ? 0 : was->second)) * 1e6 / events;
    if (us >= 1) used.emplace_back(us, name);
  }
  std::sort(used.rbegin(), used.rend());
  std::string text;
  for (const auto& [us, name] : used) text += fmt::format("{}{} {:.0f}", text.empty() ? "" : ", ", name, us);
  return text;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

// One harmless duel: both draw Aces, both miss, they stop. The server replays it in full.
double plain_sqlite_loop(const fs::path& dir, int rows, const char* when) {
  fs::path file = dir / (std::string("plain-") + when + ".db");
  db::Database db(file.string(), true);
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)");
  auto start = Clock::now();
  double cpu_start = cpu_seconds();
  for (int i = 0; i < rows; ++i) {
    db::Transaction tx(db);
    db.prepare("INSERT INTO t(payload) VALUES (?)").bind(1, std::string(300, 'x')).run();
    tx.commit();
  }
  double seconds = ms_between(start, Clock::now()) / 1000;
  double cpu_us = (cpu_seconds() - cpu_start) * 1e6;
  std::printf("plain SQLite loop, one row per durable transaction (WAL, FULL), %s: %.0f rows/s (%d rows; "
              "CPU %.0f us a row)\n",
              when, rows / seconds, rows, cpu_us / rows);
  return rows / seconds;
}

// What one durable write costs on this disk: 4 KiB written in place, then fdatasync. Where this
// is small (a disk with a write-back cache), the plain loop above is bound by CPU, not the disk.
void disk_sync_cost(const fs::path& dir) {
  std::string path = (dir / "sync-probe").string();
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) return;
  std::vector<char> block(4096, 'x');
  std::vector<double> us;
  for (int i = 0; i < 500; ++i) {
    auto t0 = Clock::now();
    if (pwrite(fd, block.data(), block.size(), static_cast<off_t>(i % 16) * 4096) < 0 || fdatasync(fd) != 0) break;
    us.push_back(ms_between(t0, Clock::now()) * 1000);
  }
  close(fd);
  if (!us.empty())
    std::printf("this disk: a 4 KiB write + fdatasync takes %.0f us (median of %zu)\n", percentile(us, 0.5),
                us.size());
}

// The same load from the stations' own client (shared/client: libcurl, here one thread each):
// on this machine the clients then share the cores with the server, as they never do at a venue.
// Returns the events/s.
double station_client_threads(const std::string& label, const std::string& url, const std::string& token, int clients,
                              int requests, const std::function<std::string(int, int)>& body) {
  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(clients));
  std::vector<std::thread> threads;
  std::atomic<int> refused{0};
  auto start = Clock::now();
  double cpu_start = cpu_seconds();
  for (int t = 0; t < clients; ++t)
    threads.emplace_back([&, t] {
      client::HttpClient http(url);
      http.set_token(token);
      for (int i = 0; i < requests / clients; ++i) {
        client::Json event = client::Json::parse(body(t, i));
        auto t0 = Clock::now();
        client::HttpReply r = http.post("/events", event);
        latencies[static_cast<std::size_t>(t)].push_back(ms_between(t0, Clock::now()));
        if (!r.reached || r.status != 200) ++refused;
      }
    });
  for (auto& th : threads) th.join();
  double seconds = ms_between(start, Clock::now()) / 1000;
  std::vector<double> all;
  for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  const double rate = static_cast<double>(all.size()) / seconds;
  std::printf("%2d station clients on libcurl threads, %s (shared/client, on the same 2 cores): %.0f events/s, "
              "p99 %.2f ms, %d not accepted, CPU %.0f us an event\n",
              clients, label.c_str(), rate, percentile(all, 0.99), refused.load(),
              (cpu_seconds() - cpu_start) * 1e6 / static_cast<double>(all.size()));
  return rate;
}

// The largest load on the primary alone, with a synchronous standby (a second server in standby
// mode on the same disk and cores, following over loopback), and alone again.
void standby_comparison(const db::ServerConfig& config, const std::string& token, int clients, int per_run,
                        const std::function<std::string(int, int)>& body, const fs::path& dir, int rounds) {
  std::string standby_token;
  {
    db::Ledger ledger(config.db_path);
    const std::string code = db::add_station(ledger.database(), "bench-standby", db::Role::standby, 0);
    standby_token = db::enroll_station(ledger.database(), code, 0)->token;
  }
  struct Figures {
    double rate = 0, p99 = 0;
  };
  auto measure = [&](const char* label, db::LedgerServer& primary) {
    const double cpu_start = cpu_seconds();
    const std::map<std::string, double> threads_start = cpu_by_thread();
    bench::LoadResult load = bench::drive_load(primary.port(), "/events", token, clients, per_run, body);
    const double cpu = cpu_seconds() - cpu_start;
    const double events = static_cast<double>(load.latency_ms.size());
    Figures f{events / load.seconds, percentile(load.latency_ms, 0.99)};
    // The CPU figures tell a run held back by the cores (about 200 % used) from one held back by
    // waiting (the disks, the standby's turns).
    std::printf("%2d clients, %s: %.0f events/s, p50 %.2f ms, p99 %.2f ms (%d not accepted); CPU %.0f us an "
                "event, %.0f %% of a core\n",
                clients, label, f.rate, percentile(load.latency_ms, 0.5), f.p99, load.not_accepted, cpu * 1e6 / events,
                100 * cpu / load.seconds);
    // By name: with a standby, its threads and the primary's add up under the same names
    // (MHD-worker, ledger-writer, ledger-ckpt); the load driver is bench_ledger. A thread that
    // ended during the run is left out.
    std::printf("    CPU us an event by thread: %s\n",
                cpu_per_event_by_thread(threads_start, cpu_by_thread(), events).c_str());
    return f;
  };
  // One phase with a synchronous standby: a second server following the primary from its own
  // file (kept between rounds: a later round's standby copies only what is new), caught up and
  // replayed before it is measured.
  auto with_standby = [&]() -> Figures {
    db::LedgerServer primary(config);
    const std::string url = "http://127.0.0.1:" + std::to_string(primary.port());
    const std::string replica = (dir / "standby.db").string();
    if (!fs::exists(replica)) db::Ledger::create_replica(replica);  // later rounds go on from the last
    db::ServerConfig standby_config;
    standby_config.db_path = replica;
    standby_config.standby_of = db::ServerConfig::StandbyOf{.primary = url, .fetch = cli::pinned_fetch(url, standby_token)};
    db::LedgerServer standby(standby_config);
    client::HttpClient health(url);
    auto state = [&] {
      client::HttpReply h = health.get("/health");
      return h.reached && h.body.contains("standby") && h.body["standby"].is_object()
                 ? h.body["standby"].value("state", "")
                 : std::string();
    };
    for (int i = 0; i < 600 && state() != "in_sync"; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (state() != "in_sync") {
      std::printf("the standby did not catch up within 60 s: no figures with a standby\n");
      return Figures{};
    }
    // A standby that has just caught up has yet to replay what it copied into its views (it does
    // while the primary is idle, server/replica_follower.h): measured before it has, the figures
    // would be those of a standby joining a busy evening, not of one that has followed it.
    client::HttpClient standby_health("http://127.0.0.1:" + std::to_string(standby.port()));
    auto replayed = [&] {
      client::HttpReply h = standby_health.get("/health");
      return h.reached && h.body.value("replayed_seq", -1) >= h.body.value("events", 0);
    };
    for (int i = 0; i < 600 && !replayed(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (!replayed()) std::printf("the standby had not replayed its backlog within 60 s: measured all the same\n");
    const db::ReplicaFollower::Stats follow_start = standby.follower_stats();
    const db::AppendQueue::Stats writer_start = primary.writer_stats();
    const Figures with = measure("with a synchronous standby", primary);
    const db::ReplicaFollower::Stats follow = standby.follower_stats();
    const db::AppendQueue::Stats writer = primary.writer_stats();
    const double answers = static_cast<double>(follow.answers - follow_start.answers);
    const double writer_batches = static_cast<double>(writer.batches - writer_start.batches);
    std::printf("    primary's writer: %.1f events a batch, %.2f ms a batch (%.2f in COMMIT and the log's "
                "sync)\n",
                static_cast<double>(writer.requests - writer_start.requests) / writer_batches,
                1e3 * (writer.busy_s - writer_start.busy_s) / writer_batches,
                1e3 * (writer.commit_s - writer_start.commit_s) / writer_batches);
    std::printf("    standby: %.1f events an answer; a turn: %.2f ms asking, %.2f ms writing; %.2f s replaying\n",
                static_cast<double>(follow.events - follow_start.events) / answers,
                1e3 * (follow.fetch_s - follow_start.fetch_s) / answers,
                1e3 * (follow.append_s - follow_start.append_s) / answers, follow.replay_s - follow_start.replay_s);
    std::printf("    the standby after the run: %s (\"alone\" means it fell behind and the replies stopped waiting)\n",
                state().c_str());
    return with;
  };
  // Rounds alternate the primary alone and with its standby, each standby phase compared with
  // the alone phases on either side: the VM's speed drifts within seconds, so one comparison can
  // say 55 % or 70 % of the same code; the median of several says what is typical.
  std::vector<Figures> alone{[&] {
    db::LedgerServer primary(config);
    return measure("primary alone", primary);
  }()};
  std::vector<double> shares, p99s;
  for (int round = 1; round <= rounds; ++round) {
    const Figures with = with_standby();
    if (with.rate == 0) break;  // said why; the rounds measured so far are still summed up
    {
      db::LedgerServer primary(config);
      alone.push_back(measure("primary alone again", primary));
    }
    const double share = 200 * with.rate / (alone[alone.size() - 2].rate + alone.back().rate);
    shares.push_back(share);
    p99s.push_back(with.p99);
    std::printf("round %d of %d, with a synchronous standby: %.0f%% of the primary alone's rate (the mean of before "
                "and after), p99 %.2f ms\n",
                round, rounds, share, with.p99);
  }
  if (shares.empty()) return;
  std::vector<double> sorted = shares;
  std::sort(sorted.begin(), sorted.end());
  const double median = sorted.size() % 2 ? sorted[sorted.size() / 2]
                                          : (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]) / 2;
  std::printf("with a synchronous standby: %.0f%% of the primary alone's rate (the median of %d rounds, %.0f-%.0f%%), "
              "p99 %.2f ms at most\n",
              median, static_cast<int>(sorted.size()), sorted.front(), sorted.back(),
              *std::max_element(p99s.begin(), p99s.end()));
}

int open_idle_connection(std::uint16_t port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return -1;
  const char* req = "GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n";
  if (write(fd, req, std::strlen(req)) < 0) return -1;
  char buf[1024];
  if (read(fd, buf, sizeof buf) <= 0) return -1;
  return fd;
}

}  // namespace

int main(int argc, char** argv) {
  int per_run = 6000;
  std::vector<int> client_counts{1, 8, 32};
  bool quick = false;
  bool standby_only = false;  // only the comparison with a synchronous standby (the last figures)
  int standby_rounds = 0;     // standby phases, each between two phases of the primary alone (0: 5, --quick 1)
  db::ServerConfig config;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg == "--quick") {
      per_run = 200;
      quick = true;
    } else if (arg == "--rounds" && has_value) {
      standby_rounds = std::clamp(std::atoi(argv[++i]), 1, 20);
    } else if (arg == "--events" && has_value) {
      per_run = std::max(32, std::atoi(argv[++i]));
    } else if (arg == "--clients" && has_value) {
      client_counts = {std::clamp(std::atoi(argv[++i]), 1, 256)};
    } else if (arg == "--standby-only") {
      standby_only = true;
    } else if (arg == "--threads" && has_value) {
      config.threads = static_cast<unsigned>(std::clamp(std::atoi(argv[++i]), 1, 64));
    } else {
      std::fprintf(stderr, "usage: bench_ledger [--quick] [--events N] [--clients N] [--threads N] [--standby-only] [--rounds N]\n");
      return 2;
    }
  }
  if (standby_rounds == 0) standby_rounds = quick ? 1 : 5;  // --rounds wins, in any order
  if (sodium_init() < 0) return 1;
  fs::path dir = fs::temp_directory_path() / ("marshal-bench-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::string db_path = (dir / "town.db").string();
  db::ImportResult imported = db::import_event(std::string(MARSHAL_SOURCE_DIR) + "/events/lincoln-1875", fresh_code);
  if (!imported.ok()) {
    std::fprintf(stderr, "cannot import the sample event\n");
    return 1;
  }
  db::Ledger::create(db_path, imported.definition, 0);
  std::vector<std::pair<std::string, std::string>> people;  // badge, name
  for (const auto& c : imported.definition.characters) people.emplace_back(c.badge_code, c.name);

  std::string token;
  {
    db::Ledger ledger(db_path);
    std::string code = db::add_station(ledger.database(), "bench", db::Role::gm, 0);
    token = db::enroll_station(ledger.database(), code, 0)->token;
  }
  // Connection c is a station resolving duels between one pair of townsfolk, time-ordered UUIDs
  // like shared/client's (new events land at the end of the uuid index).
  auto duel_body = [&](int c, int) {
    const auto& a = people[static_cast<std::size_t>((2 * c) % static_cast<int>(people.size()))];
    const auto& b = people[static_cast<std::size_t>((2 * c + 1) % static_cast<int>(people.size()))];
    client::Json body{{"uuid", db::make_uuid_v7(db::unix_time_ms())}, {"type", "conflict_resolved"},
                      {"payload", bench::duel_between(a.first, b.first, a.second, b.second)}};
    return body.dump();
  };
  config.db_path = db_path;
  if (standby_only) {
    standby_comparison(config, token, client_counts.back(), per_run, duel_body, dir, standby_rounds);
    fs::remove_all(dir);
    return 0;
  }
  auto plain_server = std::make_unique<db::LedgerServer>(config);
  db::LedgerServer& server = *plain_server;
  std::string url = "http://127.0.0.1:" + std::to_string(server.port());
  // The same ledger over TLS with its own key, as at a venue (server/tls_identity.h), for the
  // TLS/plain comparison below; started only when the plain server has stopped.
  db::ServerConfig tls_config = config;
  const db::TlsIdentity identity = db::make_tls_identity(db_path);
  tls_config.tls_key_pem = identity.key_pem;
  tls_config.tls_cert_pem = identity.cert_pem;

  std::printf("Stations: one thread drives N keep-alive connections with epoll (like wrk), one request\n"
              "outstanding on each; every request a duel the server replays through the rules.\n");
  double last_rate = 0;  // events/s of the last (largest) number of clients
  // The plain loop runs just before and just after the largest count, and the ratio is to the
  // mean of the two: this machine's speed drifts within seconds (a shared VM).
  double plain_before = 0, plain_after = 0;
  for (int clients : client_counts) {
    bool largest = clients == client_counts.back();
    if (largest) plain_before = plain_sqlite_loop(dir, per_run, "before");
    double cpu_start = cpu_seconds();
    db::AppendQueue::Stats writer_start = server.writer_stats();
    bench::LoadResult load = bench::drive_load(server.port(), "/events", token, clients, per_run, duel_body);
    if (!load.error.empty()) {
      std::fprintf(stderr, "%d clients: %s\n", clients, load.error.c_str());
      return 1;
    }
    double cpu_us = (cpu_seconds() - cpu_start) * 1e6;
    db::AppendQueue::Stats writer = server.writer_stats();
    const auto& all = load.latency_ms;
    last_rate = static_cast<double>(all.size()) / load.seconds;
    std::printf("%2d clients: %.0f events/s, p50 %.2f ms, p99 %.2f ms (%zu resolutions, %d not accepted; "
                "CPU %.0f us an event, clients and server)\n",
                clients, last_rate, percentile(all, 0.5), percentile(all, 0.99), all.size(), load.not_accepted,
                cpu_us / static_cast<double>(all.size()));
    double events = static_cast<double>(writer.requests - writer_start.requests);
    std::printf("    writer: busy %.0f%% of the time, %.1f us an event (%.1f in COMMIT and the log's sync), "
                "%.1f events a batch\n",
                100 * (writer.busy_s - writer_start.busy_s) / load.seconds,
                1e6 * (writer.busy_s - writer_start.busy_s) / events,
                1e6 * (writer.commit_s - writer_start.commit_s) / events,
                events / static_cast<double>(writer.batches - writer_start.batches));
    if (largest) plain_after = plain_sqlite_loop(dir, per_run, "after");
  }
  std::printf("%d clients reach %.0f%% of the plain loop's rate (the mean of before and after)\n",
              client_counts.back(), 200 * last_rate / (plain_before + plain_after));
  const double plain_curl = station_client_threads("plain HTTP", url, token, client_counts.back(), per_run, duel_body);
  disk_sync_cost(dir);

  std::vector<int> idle;
  for (int i = 0; i < 64; ++i) idle.push_back(open_idle_connection(server.port()));
  long open = std::count_if(idle.begin(), idle.end(), [](int fd) { return fd >= 0; });
  std::vector<double> connect_ms;
  for (int i = 0; i < 20; ++i) {
    auto t0 = Clock::now();
    client::HttpClient fresh(url);  // a new connection each time
    client::HttpReply r = fresh.get("/health");
    connect_ms.push_back(r.reached ? ms_between(t0, Clock::now()) : 1e9);
  }
  std::printf("new connection with %ld idle keep-alive connections open: median %.2f ms, max %.2f ms (20 tries)\n",
              open, percentile(connect_ms, 0.5), *std::max_element(connect_ms.begin(), connect_ms.end()));
  for (int fd : idle)
    if (fd >= 0) close(fd);

  // TLS against plain HTTP, the same clients and load, one after the other: plain, TLS, plain
  // again (this machine's speed drifts), keep-alive connections as stations keep them.
  plain_server.reset();
  double tls_curl = 0;
  {
    db::LedgerServer tls_server(tls_config);
    const std::string pinned = "https://127.0.0.1:" + std::to_string(tls_server.port()) + "#sha256=" + identity.key_pin;
    tls_curl = station_client_threads("TLS, key pinned", pinned, token, client_counts.back(), per_run, duel_body);
  }
  double plain_again = 0;
  {
    db::LedgerServer again(config);
    plain_again = station_client_threads("plain HTTP again", "http://127.0.0.1:" + std::to_string(again.port()), token,
                                         client_counts.back(), per_run, duel_body);
  }
  std::printf("TLS reaches %.0f%% of plain HTTP's rate with %d libcurl clients (the mean of the two plain runs)\n",
              200 * tls_curl / (plain_curl + plain_again), client_counts.back());
  standby_comparison(config, token, client_counts.back(), per_run, duel_body, dir, standby_rounds);
  fs::remove_all(dir);
  return 0;
}
