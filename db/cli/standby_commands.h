#pragma once
// A standby ledger at the command line (issue 29, docs/server.md "A standby ledger"):
// `marshal serve --standby-of URL [--code CODE]` follows a primary, `marshal promote` makes the
// standby the primary when the primary is gone.
#include <iosfwd>
#include <memory>
#include <string>

#include "cli/server_commands.h"
#include "server/ledger_server.h"

namespace marshal::client {
class HttpClient;
}

namespace marshal::cli {

// Where a standby keeps the token its enrolment code gave it: `db_path`.standby-token (mode 0600).
std::string standby_token_path(const std::string& db_path);

// Readies `config` for `marshal serve --standby-of`: checks the primary's address, makes the
// replica file when there is none, enrols with --code (or reads the kept token), and hands the
// server the pinned client as its Fetch (also left in `primary`, for advertise_standby). exit_ok
// when ready, else what it said on `err`.
int prepare_standby(const ServeOptions& options, db::ServerConfig& config, std::shared_ptr<client::HttpClient>& primary,
                    std::ostream& out, std::ostream& err);
// --advertise's address as stations would use it, checked before anything starts: exit_ok, or
// exit_usage said on `err`.
int check_advertise(const ServeOptions& options, std::ostream& err);
// Once the standby listens on `port` with the key `key_pin`: the address stations reach it at
// (--advertise, else --listen's when it names one address) goes on every follow request, so
// that the primary names it to the stations (/health's standby_url). Says which on `out`, or
// on `err` why the stations will not learn it.
void advertise_standby(const ServeOptions& options, const std::string& host, int port, const std::string& key_pin,
                       client::HttpClient& primary, std::ostream& out, std::ostream& err);

// A file that follows a primary, served as a primary by mistake (`marshal serve` without
// --standby-of): two primaries would each take writes. exit_ok when the file is no standby.
int refuse_standby_as_primary(const std::string& db_path, std::ostream& err);

// `marshal promote`: checks the file, refuses while the primary still answers or when the
// standby was behind at its last contact (unless `force`), then writes the promotion (a new
// epoch) and prints the line that brings the old primary back as this one's standby.
int run_promote(const std::string& db_path, bool force, std::ostream& out, std::ostream& err);

}  // namespace marshal::cli
