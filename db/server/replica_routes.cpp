// What a standby ledger reads of this one (issue 29, docs/plans/standby-ledger.md §1): the chain
// after its head (GET /replica/follow, a long-poll like the feed) and one event's hash (GET
// /replica/hash, to find where two chains part). Part of the ledger server
// (server/server_internals.h). The standby's `after` and `after_hash` are its durable head:
// a chain that does not hold them is refused 409 chain_diverged, naming the seq.
#include <algorithm>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "ledger/replica_wire.h"
#include "ledger/station_events.h"
#include "protocol/enrollment.h"
#include "protocol/json_text.h"
#include "server/server_internals.h"
#include "store/hash_chain.h"

namespace marshal::db {

using i18n::tr;
using serving::error_reply;
using serving::now_ms;
using serving::steady_ms;
using serving::parse_int;
using serving::query;
using serving::Reply;
using serving::RequestState;

namespace {
// The hash of event `seq` in this file (genesis_hash() for 0), or nullopt past the head.
std::optional<Blob> hash_at(Database& db, std::int64_t seq) {
  if (seq == 0) return genesis_hash();
  Statement s = db.prepare("SELECT hash FROM events WHERE seq = ?");
  s.bind(1, seq);
  if (!s.step()) return std::nullopt;
  return s.blob(0);
}
}  // namespace

LedgerServer::Impl::Answer LedgerServer::Impl::get_replica_follow(Call& call) {
  // A standby is followed by nobody: answering would write standby_in_sync into a copied chain.
  if (standby) return not_primary();
  RequestState& s = call.state;
  std::int64_t wait_ms = 0;
  s.limit = standby_batch_max_events;
  if (!parse_int(query(call.connection, "after"), 0, INT64_MAX, s.after) ||
      !parse_int(query(call.connection, "refusals_after"), 0, INT64_MAX, s.refusals_after) ||
      !parse_int(query(call.connection, "limit"), 1, standby_batch_max_events, s.limit) ||
      !parse_int(query(call.connection, "wait_ms"), 0, config.max_wait_ms, wait_ms))
    return error_reply(RefusalCode::bad_input, "query",
                       say("after >= 0, refusals_after >= 0, limit 1-{}, wait_ms 0-{}", standby_batch_max_events,
                           config.max_wait_ms));
  const std::string after_hash = query(call.connection, "after_hash").value_or("");
  s.admin_digest = query(call.connection, "admin").value_or("");
  // Read before the snapshot below begins: a batch readable now is in it.
  const std::int64_t readable = readable_seq;
  // One snapshot for the checks and the answer: a read transaction each costs more than its
  // query (the reader's pages are read again after every commit).
  std::optional<ReadTransaction> one_read(std::in_place, reader());
  // The standby's head must be a link of this chain: else the two files have parted.
  const std::optional<Blob> mine = hash_at(reader(), s.after);
  if (!mine || to_hex(*mine) != after_hash) {
    Json data{{"seq", s.after}};
    if (mine) data["primary_hash"] = to_hex(*mine);
    return error_reply(RefusalCode::chain_diverged, "after_hash",
                       mine ? say("event {} differs here: the standby's chain is not this ledger's", s.after)
                            : say("this ledger has no event {}: the standby is ahead of it", s.after),
                       data);
  }
  s.replica = true;
  if (const char* url = MHD_lookup_connection_value(call.connection, MHD_HEADER_KIND, standby_url_header))
    note_standby_url(call.station().name, url);
  // The head it asks from is on its disk: the replies that waited for it go (server/standby_link.h).
  standby_link->followed(call.station().name, s.after, last_seq, steady_ms());
  const std::int64_t refusals = reader().scalar_int("SELECT COALESCE(MAX(id), 0) FROM refusals");
  if (wait_ms == 0 || s.after < readable || s.refusals_after < refusals) return read_replica_in(s, readable);
  one_read.reset();  // not held while it waits
  return wait_for_next(call.connection, s, wait_ms);
}

void LedgerServer::Impl::note_standby_url(const std::string& name, const std::string& url) {
  std::unique_lock lock(standby_url_mutex);
  if (url == standby_url || url == standby_url_refused) return;
  std::string why;
  const protocol::ServerAddress address = protocol::split_pinned_url(url);
  if (!protocol::valid_server_url(url, why) || !address.url.starts_with("https://") || address.key_pin.empty()) {
    standby_url_refused = url;  // said once, not on every follow
    // TRANSLATORS: the server's log: {0} the standby's name, {1} the address it sent, {2} why it is refused.
    log.write("standby", fmt::format(fmt::runtime(tr("the standby {} gave an address stations cannot use ({}): {}; "
                                                     "give it --advertise https://ITS-ADDRESS:PORT")),
                                     name, url, why.empty() ? tr("an https address with its key's pin is needed") : why),
              now_ms());
    return;
  }
  standby_url = url;
  lock.unlock();
  std::lock_guard closing_lock(closing_mutex);
  if (closing) return;
  queue->run_in_writer([=, this](Ledger& l) {
    try {
      Transaction tx(l.database());
      append_standby_joined(l.database(), name, address.url, address.key_pin, now_ms());
      tx.commit();
      // TRANSLATORS: the server's log: {0} the standby's name, {1} its address.
      log.write("standby", fmt::format(fmt::runtime(tr("the standby {} is at {}: stations learn it from /health")),
                                       name, address.url),
                now_ms());
    } catch (const std::exception& e) {
      log.write("standby", fmt::format(fmt::runtime(tr("could not write where the standby is: {}")), e.what()), now_ms());
      std::lock_guard again(standby_url_mutex);
      standby_url.clear();  // the next follow tries again
    }
  });
}

Reply LedgerServer::Impl::read_replica(RequestState& s) {
  const std::int64_t readable = readable_seq;  // before the snapshot: it holds this batch
  // One snapshot of the file: the events, the refusals and the admin state as of the same commit.
  ReadTransaction one_read(reader());
  return read_replica_in(s, readable);
}

Reply LedgerServer::Impl::read_replica_in(RequestState& s, std::int64_t readable) {
  Database& db = reader();
  // Written as text, not built as a JSON tree first (ledger/replica_wire.h): the standby, and so
  // the stations' replies, wait for this answer.
  std::string events = "[", refusals = "[";
  std::size_t bytes = 0, event_count = 0, refusal_count = 0;
  Statement e = db.prepare(std::string("SELECT ") + event_columns + " FROM events WHERE seq > ? ORDER BY seq LIMIT ?");
  e.bind(1, s.after).bind(2, s.limit);
  // Not readable_seq now: a batch committed since the snapshot began is not in this answer, and
  // the head it names is what the standby must hold to be in step (StandbyLink::answered).
  std::int64_t head = readable;
  while ((event_count == 0 || bytes < standby_batch_max_bytes) && e.step()) {
    EventRow row = event_row_from(e);
    head = std::max(head, row.seq);  // an enrolment commits beside the writer: last_seq lags it
    bytes += row.payload.size();
    if (event_count++ > 0) events += ',';
    append_replica_event_text(row, events);
  }
  events += ']';
  Statement r = db.prepare(std::string("SELECT ") + refusal_columns + " FROM refusals WHERE id > ? ORDER BY id LIMIT ?");
  r.bind(1, s.refusals_after).bind(2, s.limit);
  while ((refusal_count == 0 || bytes < standby_batch_max_bytes) && r.step()) {
    RefusalRow row = refusal_row_from(r);
    bytes += row.reason.size() + row.payload.value_or("").size();
    if (refusal_count++ > 0) refusals += ',';
    append_replica_refusal_text(row, refusals);
  }
  refusals += ']';
  standby_link->answered(head);
  std::string text = fmt::format(R"({{"epoch":{},"head":{},"events":)", epoch.load(), head);
  text += events;
  text += R"(,"refusals":)";
  text += refusals;
  // Whether replies wait for the standby now: then what it lacks of the head was never
  // acknowledged, and it may be promoted though a batch behind (marshal promote's check).
  const bool synchronous = standby_link->status().state == StandbyLink::State::in_sync;
  text += synchronous ? R"(,"synchronous":true)" : R"(,"synchronous":false)";
  // The PINs, admin checks and codes, when the standby holds another snapshot of them. One read
  // a second or so is enough: they lag by that on the standby (docs/server.md).
  std::lock_guard lock(admin_snapshot_mutex);
  const std::int64_t now = now_ms();
  if (!admin_snapshot || now - admin_snapshot_read_ms >= admin_snapshot_every_ms || now < admin_snapshot_read_ms) {
    admin_snapshot = read_admin_snapshot(db, head);
    admin_snapshot_read_ms = now;
  }
  if (admin_snapshot->digest != s.admin_digest) {
    text += R"(,"admin":)";
    protocol::append_compact_text(admin_snapshot_json(*admin_snapshot), text);
  }
  text += '}';
  return Reply::text_of(200, std::move(text));
}

LedgerServer::Impl::Answer LedgerServer::Impl::get_replica_hash(Call& call) {
  if (standby) return not_primary();
  std::int64_t seq = -1;
  if (!parse_int(query(call.connection, "seq"), 1, INT64_MAX, seq) || seq < 1)
    return error_reply(RefusalCode::bad_input, "seq", say("seq: an event's number, 1 or more"));
  Statement s = reader().prepare("SELECT seq, hash, type, station, server_time_ms FROM events WHERE seq = ?");
  s.bind(1, seq);
  if (!s.step()) return error_reply(RefusalCode::not_found, "seq", say("this ledger has no event {}", seq));
  return Reply{200,
               {{"seq", s.int64(0)}, {"hash", to_hex(s.blob(1))}, {"type", s.text(2)}, {"station", s.text(3)},
                {"server_time_ms", s.int64(4)}}};
}

}  // namespace marshal::db
