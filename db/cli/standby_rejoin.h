#pragma once
// An old primary rejoining as the standby of the ledger promoted in its place (issue 29,
// docs/server.md "A standby ledger"). Killed mid-evening, it may hold a tail of events the
// standby never received: it wrote them, then waited for the standby before answering, and died
// waiting. No station was ever told "recorded" for them (their outboxes send them again to the
// new primary), so they may be set aside, never deleted, and the file copied afresh.
//
// The rule (docs/plans/standby-ledger.md §4), checked before the server opens the file: the two
// chains first differ at event F; the new primary's event F is its promotion (ledger_promoted);
// this file's last standby event before F says its standby was in step (standby_in_sync, not
// ledger_alone nor ledger_promoted: a primary restarted writes ledger_alone "restart", a promoted
// one answers alone until its standby is in step); and none of its events from
// F on is a ledger_alone (it did not go on alone, acknowledging events the standby lacks). Then
// the file is renamed NAME-diverged-YYYYMMDD-HHMMSSZ.db beside it. Otherwise `marshal serve`
// refuses to start, naming event F on both sides.
#include <iosfwd>
#include <string>

namespace marshal::client {
class HttpClient;
}

namespace marshal::cli {

// `primary`: the pinned client of the new primary, with this standby's token. exit_ok when the
// file may follow (no file, in step, behind, set aside, or the primary out of reach: the
// follower then says what it finds), exit_refused said on `err` when the chains parted otherwise.
int set_aside_unacknowledged_tail(const std::string& db_path, client::HttpClient& primary, std::ostream& out,
                                  std::ostream& err);

}  // namespace marshal::cli
