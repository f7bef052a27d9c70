#pragma once
// Real programs in the server tests: `marshal` run to its end (run_marshal) and `marshal serve`
// as a child process that a test starts, crashes or stops (SpawnedServer). Part of
// server_test_helpers.h, which includes it.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "server/tls_identity.h"
#include "support/temp_dir.h"

extern char** environ;

namespace marshal::server_testing {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using marshal::test_support::read_text;

inline std::int64_t ms_since_start(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

struct ProgramRun {
  int exit_code = -1;
  std::string out;
};

// Starts a program with its standard output and error in `log`; returns its pid, or minus the
// error number when it could not be started.
inline pid_t spawn_program(const std::vector<std::string>& args, const std::string& log) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = -1;
  int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return rc == 0 ? pid : -rc;
}

inline std::string spawn_error(pid_t pid) {
  return pid > 0 ? "" : std::strerror(static_cast<int>(-pid));
}

// Waits for a child at most timeout_ms; its exit code, 128 + signal, or -1 if still running.
inline int wait_child(pid_t pid, std::int64_t timeout_ms) {
  auto start = Clock::now();
  for (;;) {
    int status = 0;
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (done < 0 || ms_since_start(start) > timeout_ms) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

// Runs the real `marshal` with these arguments (output and errors together), at most 30 s.
inline ProgramRun run_marshal(const std::vector<std::string>& args, const std::string& log) {
  std::vector<std::string> argv{MARSHAL_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  ProgramRun run;
  pid_t pid = spawn_program(argv, log);
  INFO("cannot start " << argv[0] << ": " << spawn_error(pid));
  REQUIRE(pid > 0);
  run.exit_code = wait_child(pid, 30'000);
  if (run.exit_code == -1) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  run.out = read_text(log);
  return run;
}

// The real `marshal serve --db FILE --listen 127.0.0.1:0 --port-file F`, as a child process:
// over TLS with the ledger's own key as at a venue, or with `--insecure-http` (plain, loopback
// only) for the tests about something else than the channel.
enum class Channel { tls, plain_loopback };

class SpawnedServer {
 public:
  SpawnedServer(std::string ledger_path, std::string work_prefix, Channel channel = Channel::plain_loopback,
                std::vector<std::string> extra_args = {})
      : ledger_path_(std::move(ledger_path)), prefix_(std::move(work_prefix)), channel_(channel),
        extra_args_(std::move(extra_args)) {}
  ~SpawnedServer() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  SpawnedServer(const SpawnedServer&) = delete;
  SpawnedServer& operator=(const SpawnedServer&) = delete;

  // Starts the server and waits (at most 20 s) until it has written its port.
  void start() {
    REQUIRE(pid_ <= 0);
    std::string port_file = prefix_ + ".port";
    fs::remove(port_file);
    log_ = prefix_ + ".log";
    std::vector<std::string> args{MARSHAL_BINARY, "serve", "--db", ledger_path_, "--listen", "127.0.0.1:0",
                                  "--port-file", port_file};
    if (channel_ == Channel::plain_loopback) args.push_back("--insecure-http");
    args.insert(args.end(), extra_args_.begin(), extra_args_.end());
    pid_ = spawn_program(args, log_);
    INFO("cannot start " << MARSHAL_BINARY << ": " << spawn_error(pid_));
    REQUIRE(pid_ > 0);
    auto start_time = Clock::now();
    while (ms_since_start(start_time) < 20'000) {
      if (fs::exists(port_file)) {
        port_ = static_cast<std::uint16_t>(std::stoi(read_text(port_file)));
        return;
      }
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        FAIL("marshal serve ended at start: " << read_text(log_));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    FAIL("marshal serve wrote no port file within 20 s: " << read_text(log_));
  }

  // kill -9: the server gets no chance to finish anything.
  void crash() {
    REQUIRE(pid_ > 0);
    kill(pid_, SIGKILL);
    int code = wait_child(pid_, 10'000);
    pid_ = -1;
    REQUIRE(code == 128 + SIGKILL);
  }

  // Ctrl-C's signal; the exit code (0 when it stopped cleanly).
  int stop() {
    REQUIRE(pid_ > 0);
    kill(pid_, SIGTERM);
    int code = wait_child(pid_, 20'000);
    if (code == -1) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    pid_ = -1;
    return code;
  }

  std::uint16_t port() const { return port_; }
  // The address a station keeps: with the key's pin over TLS.
  std::string url() const {
    if (channel_ == Channel::plain_loopback) return "http://127.0.0.1:" + std::to_string(port_);
    auto identity = db::read_tls_identity(ledger_path_);
    REQUIRE(identity);
    return "https://127.0.0.1:" + std::to_string(port_) + "#sha256=" + identity->key_pin;
  }
  std::string log() const { return read_text(log_); }
  // A later start with other arguments (e.g. --new-key); the channel stays.
  void set_extra_args(std::vector<std::string> args) { extra_args_ = std::move(args); }

 private:
  std::string ledger_path_, prefix_, log_;
  Channel channel_;
  std::vector<std::string> extra_args_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace marshal::server_testing
