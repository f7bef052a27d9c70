#include "cli/standby_commands.h"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "cli/cli.h"
#include "cli/standby_fetch.h"
#include "cli/standby_rejoin.h"
#include "client/http.h"
#include "i18n/translate.h"
#include "ledger/ledger.h"
#include "ledger/replica.h"
#include "ledger/station_events.h"
#include "ledger/verify.h"
#include "protocol/enrollment.h"
#include "server/stations.h"
#include "server/tls_identity.h"

namespace marshal::cli {

using i18n::tr;

namespace {
// How long `marshal promote` waits for the old primary's answer before it counts as gone.
constexpr long promote_probe_timeout_ms = 2000;
// A standby that last heard from the primary longer ago than this cannot tell whether the primary
// went on alone since (a cut cable looks like a death): promote then needs --force.
constexpr std::int64_t promote_stale_contact_ms = 10 * 60 * 1000;

std::optional<std::string> read_token(const std::string& path) {
  std::ifstream in(path);
  std::string token;
  if (!in || !std::getline(in, token) || token.empty()) return std::nullopt;
  return token;
}

// Written whole or not at all, readable by this user alone (the token opens the primary's chain).
void write_token(const std::string& path, const std::string& token) {
  const std::string temporary = path + ".tmp";
  const int fd = ::open(temporary.c_str(), O_CREAT | O_WRONLY | O_TRUNC, 0600);
  const std::string line = token + "\n";
  if (fd < 0 || ::write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size()) || ::fsync(fd) != 0) {
    if (fd >= 0) ::close(fd);
    throw std::runtime_error(fmt::format(fmt::runtime(tr("cannot write {}")), temporary));
  }
  ::close(fd);
  std::filesystem::rename(temporary, path);
}

// The primary's address: https with its key's pin, or plain http on this machine (tests).
bool primary_url_ok(const std::string& url, std::ostream& err) {
  std::string why;
  const bool pinned = !protocol::split_pinned_url(url).key_pin.empty();
  const bool valid = protocol::valid_server_url(url, why);
  if (valid && (pinned || url.rfind("http://", 0) == 0)) return true;
  err << "marshal: --standby-of " << url << ": "
      << (valid || why.empty() ? tr("give the primary's address with its key, https://HOST:PORT#sha256=PIN (its "
                                    "enrollment cards and its start-up lines show the key)")
                               : why)
      << "\n";
  return false;
}

// The token: enrolled now with --code, else the one kept from an earlier start.
std::optional<std::string> standby_token(const ServeOptions& options, std::ostream& out, std::ostream& err) {
  const std::string path = standby_token_path(options.db_path);
  if (options.code.empty()) {
    if (auto kept = read_token(path)) return kept;
    err << "marshal: "
        << tr("a standby's first start needs --code CODE: on the primary's laptop, marshal station add laptop-b "
              "--role standby --db FILE prints it")
        << "\n";
    return std::nullopt;
  }
  client::HttpClient http(options.standby_of, 5000);
  client::HttpReply reply = http.post("/enroll", protocol::Json{{"code", options.code}});
  if (!reply.reached || reply.status != 200 || !reply.body.is_object() || reply.body.value("role", "") != "standby") {
    std::string why = !reply.reached ? reply.error
                      : reply.body.is_object() && reply.body.contains("error")
                          ? reply.body["error"].value("reason", "")
                          : fmt::format(fmt::runtime(tr("the code is a {} station's, not a standby's")),
                                        reply.body.value("role", "?"));
    // TRANSLATORS: {0} is the primary's address, {1} why enrolling failed.
    err << "marshal: " << fmt::format(fmt::runtime(tr("could not enrol as a standby of {}: {}")), options.standby_of, why)
        << "\n";
    return std::nullopt;
  }
  const std::string token = reply.body.value("token", "");
  write_token(path, token);
  // TRANSLATORS: {0} is the station's name, {1} the token's file.
  out << fmt::format(fmt::runtime(tr("Enrolled as the standby {}; its token is kept in {} (mode 0600).\n")),
                     reply.body.value("station", "?"), path);
  return token;
}
}  // namespace

std::string standby_token_path(const std::string& db_path) { return db_path + ".standby-token"; }

int prepare_standby(const ServeOptions& options, db::ServerConfig& config, std::shared_ptr<client::HttpClient>& primary,
                    std::ostream& out, std::ostream& err) {
  if (!primary_url_ok(options.standby_of, err)) return exit_usage;
  try {
    std::optional<std::string> token = standby_token(options, out, err);
    if (!token) return exit_refused;  // before the file is made: nothing is left behind
    primary = std::make_shared<client::HttpClient>(options.standby_of);
    primary->set_token(*token);
    // An old primary rejoining: a tail the new primary never received is set aside first.
    if (int refused = set_aside_unacknowledged_tail(options.db_path, *primary, out, err)) return refused;
    if (!std::filesystem::exists(options.db_path)) {
      db::Ledger::create_replica(options.db_path);
      // TRANSLATORS: {} is the ledger file.
      out << fmt::format(fmt::runtime(tr("Made {}, an empty standby ledger: it fills with the primary's chain.\n")),
                         options.db_path);
    }
    config.standby_of = db::ServerConfig::StandbyOf{.primary = options.standby_of, .fetch = pinned_fetch(primary)};
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_bad_input;
  }
  return exit_ok;
}

int check_advertise(const ServeOptions& options, std::ostream& err) {
  if (options.advertise.empty()) return exit_ok;
  std::string why;
  if (options.standby_of.empty()) {
    err << "marshal: " << tr("--advertise is where stations reach a standby: it goes with --standby-of URL") << "\n";
    return exit_usage;
  }
  if (options.insecure_http) {
    err << "marshal: " << tr("--advertise needs the standby's TLS key: not with --insecure-http") << "\n";
    return exit_usage;
  }
  if (!options.advertise.starts_with("https://") || options.advertise.find('#') != std::string::npos ||
      !protocol::valid_server_url(options.advertise, why)) {
    // TRANSLATORS: {} is what was given with --advertise.
    err << "marshal: " << fmt::format(fmt::runtime(tr("--advertise {}: give https://HOST:PORT, this laptop's address on the "
                                                      "venue network (its key's pin is added)")),
                                      options.advertise)
        << "\n";
    return exit_usage;
  }
  return exit_ok;
}

void advertise_standby(const ServeOptions& options, const std::string& host, int port, const std::string& key_pin,
                       client::HttpClient& primary, std::ostream& out, std::ostream& err) {
  if (key_pin.empty()) return;  // plain HTTP on this machine: no station can be told to come here
  std::string url = options.advertise;
  if (url.empty() && host != "0.0.0.0" && !host.empty()) url = fmt::format("https://{}:{}", host, port);
  if (url.empty()) {
    err << "marshal: "
        << tr("stations will not learn where this standby is (it listens on every address): give --advertise "
              "https://THIS-LAPTOP:PORT")
        << "\n";
    return;
  }
  primary.set_header(db::standby_url_header, url + "#sha256=" + key_pin);
  // TRANSLATORS: {} is the standby's address.
  out << fmt::format(fmt::runtime(tr("Stations learn this standby's address from the primary: {}\n")), url);
}

int refuse_standby_as_primary(const std::string& db_path, std::ostream& err) {
  try {
    db::Database db(db_path, false);
    const std::optional<db::ReplicaState> state = db::read_replica_state(db);
    if (!state || state->role != "standby") return exit_ok;
    // TRANSLATORS: {0} is the ledger file, {1} the primary's address.
    err << "marshal: "
        << fmt::format(fmt::runtime(tr("{0} is a standby of {1}: serve it with --standby-of {1}, or make it the primary "
                                       "with marshal promote --db {0} (docs/server.md, A standby ledger)")),
                       db_path, state->primary)
        << "\n";
    return exit_refused;
  } catch (const std::exception&) {
    return exit_ok;  // no replica_state (an older file) or no ledger: the server says what it is
  }
}

int run_promote(const std::string& db_path, bool force, std::ostream& out, std::ostream& err) {
  auto does_not_replay = [&](const db::ReplicaMismatch& m) {
    if (m.names_the_mark()) {
      // TRANSLATORS: {0} is the ledger file, {1} what is wrong with it.
      err << "marshal: "
          << fmt::format(fmt::runtime(tr("{0} cannot be promoted: {1}. Start the standby again from a new file "
                                         "(docs/server.md, A standby ledger)")),
                         db_path, m.what())
          << "\n";
      return exit_verify_failed;
    }
    // An event the primary accepted that this build's rules refuse: most often the primary ran a
    // newer Marshal. Nothing is set aside (every event here was acknowledged to a station); the
    // way out is the primary's version on this laptop (docs/server.md, A standby ledger).
    // TRANSLATORS: {0} is the ledger file, {1} an event's number, {2} why it does not replay, {3} the version.
    err << "marshal: "
        << fmt::format(fmt::runtime(tr("{0} cannot be promoted: event {1} does not replay: {2}. Its chain is unchanged. "
                                       "If the primary ran another Marshal than this one ({3}, marshal --version), "
                                       "install the primary's here and run marshal promote again")),
                       db_path, m.seq, m.what(), MARSHAL_VERSION)
        << "\n";
    return exit_verify_failed;
  };
  if (!std::filesystem::exists(db_path)) {
    err << "marshal: " << fmt::format(fmt::runtime(tr("no ledger file at {}")), db_path) << "\n";
    return exit_bad_input;
  }
  try {
    std::optional<db::ReplicaState> state;
    {
      db::Ledger ledger(db_path);
      state = db::read_replica_state(ledger.database());
    }
    if (!state || state->role != "standby") {
      err << "marshal: "
          << fmt::format(fmt::runtime(state ? tr("{} is a primary already: nothing to promote")
                                            : tr("{} never followed a primary: it is not a standby")),
                         db_path)
          << "\n";
      return exit_refused;
    }
    try {
      // What the standby wrote but had not replayed into its tables yet (ledger/replica.h): the
      // new primary's first write meets the tables as the whole chain made them.
      db::Ledger ledger(db_path);
      ledger.project_replicated(INT64_MAX);
    } catch (const db::ReplicaMismatch& m) {
      return does_not_replay(m);
    }
    const db::VerifyReport report = db::verify_ledger(db_path);
    if (!report.ok) {
      // TRANSLATORS: {0} is the ledger file, {1} an event's number, {2} why it fails.
      err << "marshal: "
          << fmt::format(fmt::runtime(tr("{} fails its check at event {}: {}. It is not promoted")), db_path,
                         report.failed_seq, report.reason)
          << "\n";
      return exit_verify_failed;
    }
    const client::HttpReply probe = client::HttpClient(state->primary, promote_probe_timeout_ms).get("/health");
    if (probe.reached && !force) {
      // TRANSLATORS: {} is the primary's address.
      err << "marshal: "
          << fmt::format(fmt::runtime(tr("the primary {} still answers: it is not dead. Stop it first (two primaries "
                                         "would each take writes), or add --force if the stations cannot reach it")),
                         state->primary)
          << "\n";
      return exit_refused;
    }
    const std::int64_t now = db::unix_time_ms();
    std::int64_t head = 0;
    {
      db::Ledger ledger(db_path);
      head = ledger.last_seq();
      if (state->in_sync && !force && now - state->last_contact_ms > promote_stale_contact_ms) {
        // TRANSLATORS: {0} minutes, {1} this file's last event.
        err << "marshal: "
            << fmt::format(fmt::runtime(tr("this standby last heard from the primary {} min ago (its last event here is "
                                           "{}): if the primary went on alone since, those events are not here. Add "
                                           "--force to promote it all the same")),
                           (now - state->last_contact_ms) / 60000, head)
            << "\n";
        return exit_refused;
      }
      if (!state->in_sync && !force) {
        // TRANSLATORS: {0} seconds ago, {1} the primary's head then, {2} this file's.
        err << "marshal: "
            << fmt::format(fmt::runtime(tr("at its last contact ({} s ago) this standby was behind the primary (the "
                                           "primary had event {}, this file has {}): events it recorded since are not "
                                           "here. Add --force to promote it all the same")),
                           state->last_contact_ms ? (now - state->last_contact_ms) / 1000 : 0, state->primary_head, head)
            << "\n";
        return exit_refused;
      }
    }
    std::optional<db::TlsIdentity> identity = db::read_tls_identity(db_path);
    if (!identity) identity = db::make_tls_identity(db_path);
    db::Ledger ledger(db_path);
    db::Database& db = ledger.database();
    db::Transaction tx(db);
    // Read again inside the transaction: a follower still running may have heard from the
    // primary since the checks above; the promotion records what the file knows now.
    std::optional<db::ReplicaState> now_state = db::read_replica_state(db);
    if (!now_state || now_state->role != "standby") {
      err << "marshal: " << fmt::format(fmt::runtime(tr("{} is a primary already: nothing to promote")), db_path) << "\n";
      return exit_refused;  // another promote got there first
    }
    // What a follower still running on the file appended since the replay above: replayed in
    // this very transaction, so the tables hold every event before the epoch's first.
    try {
      ledger.replay_pending_in_transaction();
    } catch (const db::ReplicaMismatch& m) {
      return does_not_replay(m);
    }
    const std::int64_t epoch = db::current_epoch(db).epoch + 1;
    db::append_ledger_promoted(db,
                               db::Promotion{.epoch = epoch, .key_pin = identity->key_pin, .primary_was = now_state->primary,
                                             .last_contact_ms = now_state->last_contact_ms,
                                             .was_in_sync = now_state->in_sync, .forced = force},
                               now);
    now_state->role = "primary";
    db::write_replica_state(db, *now_state);
    tx.commit();
    // The old primary's way back, as this one's standby (add_station writes in its own transaction).
    const std::string rejoin_name = fmt::format("rejoin-{}", epoch);  // i18n: not words (a station's name)
    const std::string code = db::add_station(db, rejoin_name, db::Role::standby, now);
    // TRANSLATORS: {0} the ledger file, {1} the new epoch, {2} its last event, {3} the key's sha256.
    out << fmt::format(fmt::runtime(tr("Promoted {0}: it is the primary now, at epoch {1} (last event {2}).\n"
                                       "A standby server running on it takes writes within a second; else start it "
                                       "with: marshal serve --db {0} --listen 0.0.0.0:PORT\n"
                                       "Its key (stations check it): sha256 {3}\n")),
                       db_path, epoch, ledger.last_seq(), protocol::grouped_key_pin(identity->key_pin));
    // TRANSLATORS: {0} this laptop's key pin, {1} the enrolment code.
    out << fmt::format(fmt::runtime(tr("When the old ledger laptop is back, never serve its file as a primary; make it "
                                       "this one's standby:\n"
                                       "  marshal serve --db OLD-FILE --listen 0.0.0.0:PORT --standby-of "
                                       "https://THIS-LAPTOP:PORT#sha256={0} --code {1}\n")),
                       identity->key_pin, code);
    return exit_ok;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_bad_input;
  }
}

}  // namespace marshal::cli
