// Fencing an old primary (issue 29, docs/plans/standby-ledger.md §2): every reply names the
// ledger's epoch (X-Marshal-Epoch); a request from a station that has seen a later epoch (a
// standby was promoted) is refused 421 epoch_behind, and from then on the old ledger takes no
// write from anyone, while reads go on. A promotion written while the server runs raises the
// epoch its replies name.
#include "ledger/station_events.h"
#include "server_test_helpers.h"

using namespace marshal;
using namespace marshal::server_testing;

namespace {
std::string epoch_header(const RawReply& reply) {
  const std::string name = "X-Marshal-Epoch: ";
  const auto at = reply.head.find(name);
  if (at == std::string::npos) return "";
  return reply.head.substr(at + name.size(), reply.head.find("\r\n", at) - at - name.size());
}
}  // namespace

TEST_CASE("a station that has seen a later epoch fences the old ledger off: no more writes, reads go on",
          "[server][standby][epoch]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.bystanders = 3}, 12);
  const std::string gm = enrolled_token(ledger.path, "saloon-gm", db::Role::gm);
  InProcessServer server(ledger.path);
  const std::string lost = R"({"uuid":"0190a0b0-0000-7000-8000-0000000000a1","type":"bystander_lost","payload":{"character":")" +
                           ledger.badge(ada) + R"("}})";
  RawReply health = raw_exchange(server.port(), http_request("GET", "/health", "", ""));
  REQUIRE(health.complete);
  CHECK(epoch_header(health) == "1");
  // Its own epoch, or none: served as always.
  RawReply same = raw_exchange(server.port(), http_request("POST", "/events", gm, lost, "X-Marshal-Epoch: 1\r\n"));
  CHECK(same.status == 200);
  const std::int64_t events = event_count(ledger.path);

  RawReply later = raw_exchange(server.port(), http_request("POST", "/events", gm, lost, "X-Marshal-Epoch: 2\r\n"));
  CHECK(later.status == 421);
  CHECK(error_code(later.json) == "epoch_behind");
  CHECK(later.json["error"]["epoch"] == 1);
  // From now on no write from anyone, with or without the header; reads go on.
  const std::string other = R"({"uuid":"0190a0b0-0000-7000-8000-0000000000a2","type":"bystander_lost","payload":{"character":")" +
                            ledger.badge(ada) + R"("}})";
  CHECK(raw_exchange(server.port(), http_request("POST", "/events", gm, other)).status == 421);
  CHECK(raw_exchange(server.port(), http_request("POST", "/enroll", "", R"({"code":"X"})")).status == 421);
  CHECK(raw_exchange(server.port(), http_request("GET", "/characters/" + ledger.badge(ada), gm, "")).status == 200);
  CHECK(event_count(ledger.path) == events);
  CHECK(raw_exchange(server.port(), http_request("GET", "/health", "", "", "X-Marshal-Epoch: x\r\n")).status == 200);
}

TEST_CASE("only a station's word fences the ledger off, a GM station's record sent to it then stays in its outbox",
          "[server][standby][epoch]") {
  TempDir dir;
  TestLedger ledger = make_ledger(dir, {.bystanders = 3}, 14);
  InProcessServer server(ledger.path);
  client::LedgerClient station({server.url(), dir.file("cache.db"), 1000});
  std::string error;
  REQUIRE(station.enroll(add_station(ledger.path, "saloon-gm", db::Role::gm), error));
  const std::string gm = enrolled_token(ledger.path, "bank-gm", db::Role::gm);
  // Anyone on the Wi-Fi may send the header: without a station's token it changes nothing.
  CHECK(raw_exchange(server.port(), http_request("GET", "/health", "", "", "X-Marshal-Epoch: 2\r\n")).status == 200);
  CHECK(raw_exchange(server.port(), http_request("GET", "/event", "not-a-token", "", "X-Marshal-Epoch: 2\r\n")).status == 401);
  CHECK(station.record("bystander_lost", {{"character", ledger.badge(ada)}}, now_ms()).status ==
        client::RecordStatus::accepted);
  // A station that has seen epoch 2: this ledger is fenced off.
  REQUIRE(raw_exchange(server.port(), http_request("GET", "/event", gm, "", "X-Marshal-Epoch: 2\r\n")).status == 421);
  const std::int64_t events = event_count(ledger.path);
  client::Record r = station.record("bystander_lost", {{"character", ledger.badge(ada)}}, now_ms());
  CHECK(r.status == client::RecordStatus::provisional);
  CHECK(station.provisional().size() == 1);
  CHECK(station.refused().empty());
  CHECK(event_count(ledger.path) == events);
}
