// The ledgers a station keeps (shared/client/server_list.h): the one it enrolled at stays first,
// addresses a ledger names are added once, a new pin replaces the old one at the same address,
// addresses a station may not use are refused, and the list never passes max_servers.
#include <catch2/catch.hpp>

#include "client/server_list.h"

using marshal::client::ServerList;

namespace {
const std::string pin_a(64, 'a'), pin_b(64, 'b'), pin_c(64, 'c');
std::string at(const std::string& host, const std::string& pin) { return "https://" + host + ":8080#sha256=" + pin; }
}  // namespace

TEST_CASE("a station's server list keeps the enrolled ledger first and adds the ones ledgers name", "[client][servers]") {
  ServerList list(at("10.0.0.2", pin_a));
  CHECK(list.current() == at("10.0.0.2", pin_a));
  CHECK(list.others().empty());
  CHECK(list.add(at("10.0.0.3", pin_b)));
  CHECK_FALSE(list.add(at("10.0.0.3", pin_b)));  // known
  CHECK(list.others() == std::vector<std::string>{at("10.0.0.3", pin_b)});
  list.make_current(at("10.0.0.3", pin_b));
  CHECK(list.current() == at("10.0.0.3", pin_b));
  CHECK(list.others() == std::vector<std::string>{at("10.0.0.2", pin_a)});
  // Never re-pinned by what a ledger names: the one talked to now, nor the one enrolled at (a
  // standby advertising the primary's address by mistake, or with a stolen token).
  CHECK_FALSE(list.add(at("10.0.0.3", pin_c)));
  CHECK_FALSE(list.add(at("10.0.0.2", pin_c)));
  list.make_current(at("10.0.0.2", pin_a));
  // The standby made anew at the same address: its new pin replaces the old one.
  CHECK(list.add(at("10.0.0.3", pin_c)));
  CHECK(list.urls() == std::vector<std::string>{at("10.0.0.2", pin_a), at("10.0.0.3", pin_c)});
  list.make_current(at("10.0.0.3", pin_c));

  // Kept and read back as the cache's settings keep it.
  const ServerList again = ServerList::from_settings(list.to_json(), at("10.0.0.2", pin_a), at("10.0.0.3", pin_c));
  CHECK(again.urls() == list.urls());
  CHECK(again.current() == at("10.0.0.3", pin_c));
  // A current one no longer listed, or damaged settings: the enrolled ledger, first.
  CHECK(ServerList::from_settings(list.to_json(), at("10.0.0.2", pin_a), "https://x:1").current() == at("10.0.0.2", pin_a));
  CHECK(ServerList::from_settings("[not json", at("10.0.0.2", pin_a), "").urls() ==
        std::vector<std::string>{at("10.0.0.2", pin_a)});
}

TEST_CASE("a station's server list refuses addresses it may not use and stays within max_servers", "[client][servers]") {
  ServerList list(at("10.0.0.2", pin_a));
  CHECK_FALSE(list.add("https://10.0.0.3:8080"));                      // https without its key's pin
  CHECK_FALSE(list.add("http://10.0.0.3:8080"));                       // plain http off this machine
  CHECK_FALSE(list.add("https://10.0.0.3:8080#sha256=1234"));          // a damaged pin
  CHECK_FALSE(list.add("https://10.0.0.3:8080/evil#sha256=" + pin_b));  // a path after the port
  CHECK(list.add("http://127.0.0.1:8081"));                             // a ledger on this machine
  CHECK(list.urls().size() == 2);
  for (int host = 10; host < 20; ++host) list.add(at("10.0.1." + std::to_string(host), pin_b));
  CHECK(list.urls().size() == ServerList::max_servers);
  CHECK(list.urls().front() == at("10.0.0.2", pin_a));  // the enrolled one never goes
  CHECK(list.urls().back() == at("10.0.1.19", pin_b));  // the newest is kept
  // The current one is not the one that makes room either.
  list.make_current(list.urls()[1]);
  const std::string current = list.current();
  list.add(at("10.0.2.1", pin_c));
  CHECK(list.current() == current);
  CHECK(list.urls().size() == ServerList::max_servers);
  // Settings holding more than max_servers (edited by hand) are cut to it.
  std::string many = "[";
  for (int host = 0; host < 9; ++host) many += (host ? ",\"" : "\"") + at("10.0.3." + std::to_string(host), pin_b) + "\"";
  many += "]";
  CHECK(ServerList::from_settings(many, at("10.0.0.2", pin_a), "").urls().size() == ServerList::max_servers);
}
