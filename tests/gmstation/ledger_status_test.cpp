// The status bar's words for the ledger (gmstation/ledger_status.h, issue 29): the address without
// its scheme or pin, the standby's state from the ledger's /health (in step, catching up, NO
// STANDBY since a time), and a standby answering while the ledger does not.
#include <catch2/catch.hpp>

#include "gmstation/ledger_status.h"
#include "i18n/venue_time.h"

using namespace marshal;
using protocol::Json;

TEST_CASE("the status bar names the ledger and whether it has a standby in step", "[gm][standby]") {
  const std::string url = "https://10.0.0.2:8080#sha256=" + std::string(64, 'a');
  CHECK(gm::ledger_status_words(url, Json()) == "ledger server 10.0.0.2:8080");
  CHECK(gm::ledger_status_words(url, Json{{"role", "primary"}, {"standby", nullptr}}) == "ledger server 10.0.0.2:8080");
  CHECK(gm::ledger_status_words(url, Json{{"role", "primary"}, {"standby", {{"state", "in_sync"}}}}) ==
        "ledger server 10.0.0.2:8080 · standby in step");
  CHECK(gm::ledger_status_words(url, Json{{"role", "primary"}, {"standby", {{"state", "behind"}}}}) ==
        "ledger server 10.0.0.2:8080 · standby catching up");
  const std::int64_t since = 1'764'278'040'000;  // a moment of the evening
  for (const char* state : {"alone", "going_alone"})
    CHECK(gm::ledger_status_words(url, Json{{"role", "primary"}, {"standby", {{"state", state}, {"since_ms", since}}}}) ==
          "ledger server 10.0.0.2:8080 · NO STANDBY since " + i18n::clock_text(since) + ": the evening is on one laptop");
  CHECK(gm::ledger_status_words("https://10.0.0.3:8080#sha256=" + std::string(64, 'b'), Json{{"role", "standby"}}) ==
        "standby 10.0.0.3:8080 (read only: the ledger is not answering; records wait here)");
  CHECK(gm::ledger_status_words("http://127.0.0.1:8080", Json()) == "ledger server 127.0.0.1:8080");
}
