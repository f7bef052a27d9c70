#pragma once
// An evening of the sample town played through the real rules and the real ledger, as GM
// stations would record it, for the audit's tests and bench_audit: stand-offs (duels in which
// both draw and agree to stop: random cards, nobody hurt, so they can go on all night) recorded
// with where their cards came from, bystanders bestowed and lost, now and then a code the
// ledger does not know (refused), and the last station off the network for a while (its
// records kept and synced late). One station may be crooked: its "station draws" favour high
// cards (what the fairness check must flag).
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/action_deck.h"
#include "core/card_code.h"
#include "core/csprng.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "protocol/resolve.h"

namespace marshal::test_support {

struct EveningPlan {
  std::int64_t events = 1000;          // events after the definition
  std::uint64_t seed = 1875;           // the same seed plays the same evening
  std::vector<std::string> stations{"saloon-gm", "bank-gm", "livery-gm"};
  std::string crooked_station;         // "" for a fair evening
  std::int64_t start_ms = 1'800'000'000'000;
  std::int64_t step_ms = 150;          // between events: 100,000 events are about four hours
  std::size_t batch = 50;              // events a transaction, as the server's writer groups them
  std::int64_t refuse_every = 250;     // one unknown code in this many events (0: none)
  // The last station is offline from this share of the evening to that one; its records reach
  // the ledger when it is back.
  double offline_from = 0.4, offline_to = 0.45;
};

// The sample town's folder (the tests and benches know the source tree).
inline std::string sample_town_dir() { return std::string(MARSHAL_SOURCE_DIR) + "/events/lincoln-1875"; }

// Creates `path` and plays the evening into it; returns the events written after the definition.
// `progress(done, total)` is called after each batch.
inline std::int64_t play_evening(const std::string& path, const EveningPlan& plan,
                                 const std::function<void(std::int64_t, std::int64_t)>& progress = {}) {
  using protocol::Json;
  auto imported = db::import_event(sample_town_dir(), core::seeded_card_codes(plan.seed));
  if (!imported.ok()) throw std::runtime_error("the sample town does not import");
  const auto& def = imported.definition;
  db::Ledger::create(path, def, plan.start_ms);
  db::Ledger ledger(path);
  core::Csprng rng(core::seed_from_number(plan.seed));
  // The crooked station's "draws": a 10 twice as likely as its share of the deck.
  core::Csprng crooked_rng(core::seed_from_number(plan.seed + 1));
  auto crooked_card = [&] {
    int weights = 0;
    for (int v = core::lowest_card; v <= core::highest_card; ++v) weights += core::action_deck_copies[v] * (v == 10 ? 2 : 1);
    int pick = static_cast<int>(crooked_rng.uniform(static_cast<std::uint32_t>(weights)));
    for (int v = core::lowest_card; v <= core::highest_card; ++v) {
      pick -= core::action_deck_copies[v] * (v == 10 ? 2 : 1);
      if (pick < 0) return v;
    }
    return core::highest_card;
  };
  auto unknown_code = core::seeded_card_codes(plan.seed + 2);  // well formed, never issued
  std::int64_t now = plan.start_ms, written = 0;
  std::vector<db::AppendRequest> batch;
  std::vector<std::pair<db::AppendRequest, bool>> held_offline;  // and whether it is meant to be refused
  std::vector<bool> may_be_refused;
  // One transaction for the batch, at the server time `now`, as the server's writer does.
  auto send = [&] {
    auto results = ledger.append_batch(batch, now);
    for (std::size_t i = 0; i < results.size(); ++i) {
      if (results[i].accepted) ++written;
      else if (!may_be_refused[i]) throw std::runtime_error("the played evening was refused: " + results[i].reason);
    }
    batch.clear();
    may_be_refused.clear();
    if (progress) progress(written, plan.events);
  };
  const std::string& offline_station = plan.stations.back();
  auto offline_at = [&](std::int64_t i) {
    double share = static_cast<double>(i) / static_cast<double>(plan.events);
    return share >= plan.offline_from && share < plan.offline_to;
  };
  std::vector<int> bestowed(def.characters.size(), 0);
  for (std::int64_t i = 0; i < plan.events; ++i) {
    now += plan.step_ms;
    const std::string& station = plan.stations[rng.uniform(static_cast<std::uint32_t>(plan.stations.size()))];
    auto n = static_cast<std::uint32_t>(def.characters.size());
    std::size_t a = rng.uniform(n);
    std::string type;
    Json payload;
    bool refused = plan.refuse_every > 0 && i % plan.refuse_every == plan.refuse_every - 1;
    if (refused) {  // a badge misread, or printed for another evening
      type = "bystander_lost";
      payload = {{"character", unknown_code()}};
    } else if (rng.uniform(10) < 6) {  // a stand-off
      std::size_t b = (a + 1 + rng.uniform(n - 1)) % n;
      const auto& ca = def.characters[a];
      const auto& cb = def.characters[b];
      auto person = [](const db::CharacterDef& c) {
        return Json{{"name", c.name}, {"hth", c.attributes.hth}, {"speed", c.attributes.speed},
                    {"accuracy", c.attributes.accuracy}, {"gambling", c.attributes.gambling},
                    {"riding", c.attributes.riding}};
      };
      auto commitment = static_cast<int>(rng.uniform(static_cast<std::uint32_t>(std::min(ca.attributes.accuracy, 2) + 1)));
      Json input{{"duelists", {person(ca), person(cb)}}, {"commit", {{ca.name, commitment}, {cb.name, 0}}}, {"stop", true}};
      bool crooked = station == plan.crooked_station;
      if (crooked) input["draw_cards"] = {{ca.name, crooked_card()}, {cb.name, crooked_card()}};
      Json local = protocol::resolve("duel", input, &rng);
      Json record = local["record"];
      record["duelists"] = {{{"code", ca.badge_code}}, {{"code", cb.badge_code}}};
      Json draws = protocol::draw_sources(local);
      if (crooked) draws = {{"station", draws["table"]}, {"table", Json::array()}};  // it claims to have drawn them
      type = "conflict_resolved";
      payload = {{"kind", "duel"}, {"input", record}, {"draws", draws}};
    } else if (bestowed[a] > 0) {
      --bestowed[a];
      type = "bystander_lost";
      payload = {{"character", def.characters[a].badge_code}};
    } else {
      ++bestowed[a];
      type = "bystander_bestowed";
      payload = {{"character", def.characters[a].badge_code}, {"name", "A drover passing through"}};
    }
    db::AppendRequest request{db::make_uuid_v7(now), station, now - 120, type, payload};
    if (station == offline_station && offline_at(i)) {
      held_offline.emplace_back(std::move(request), refused);  // kept in the station's outbox
      continue;
    }
    if (!held_offline.empty() && !offline_at(i)) {  // back on the network: the outbox syncs first
      for (auto& [r, meant] : held_offline) {
        may_be_refused.push_back(meant);
        batch.push_back(std::move(r));
      }
      held_offline.clear();
    }
    batch.push_back(std::move(request));
    may_be_refused.push_back(refused);
    if (batch.size() >= plan.batch) send();
  }
  for (auto& [r, meant] : held_offline) {
    may_be_refused.push_back(meant);
    batch.push_back(std::move(r));
  }
  if (!batch.empty()) send();
  return written;
}

}  // namespace marshal::test_support
