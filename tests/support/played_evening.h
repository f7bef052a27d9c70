#pragma once
// An evening of the sample town played through the real rules and the real ledger, as GM
// stations would record it, for the audit's tests and bench_audit: stand-offs (duels in which
// both draw and agree to stop: random cards, nobody hurt, so they can go on all night) recorded
// with where their cards came from, and bystanders bestowed and lost. One station may be
// crooked: its "station draws" favour high cards (what the fairness check must flag).
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/action_deck.h"
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
  std::size_t batch = 500;             // events a transaction, as the server's writer groups them
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
  std::int64_t now = plan.start_ms, written = 0;
  std::vector<db::AppendRequest> batch;
  auto flush = [&] {
    for (const auto& r : ledger.append_batch(batch, now))
      if (!r.accepted) throw std::runtime_error("the played evening was refused: " + r.reason);
    written += static_cast<std::int64_t>(batch.size());
    batch.clear();
    if (progress) progress(written, plan.events);
  };
  std::vector<int> bestowed(def.characters.size(), 0);
  for (std::int64_t i = 0; i < plan.events; ++i) {
    now += plan.step_ms;
    const std::string& station = plan.stations[rng.uniform(static_cast<std::uint32_t>(plan.stations.size()))];
    auto n = static_cast<std::uint32_t>(def.characters.size());
    std::size_t a = rng.uniform(n);
    std::string type;
    Json payload;
    if (rng.uniform(10) < 6) {  // a stand-off
      std::size_t b = (a + 1 + rng.uniform(n - 1)) % n;
      const auto& ca = def.characters[a];
      const auto& cb = def.characters[b];
      Json input{{"duelists",
                  {{{"name", ca.name}, {"hth", ca.attributes.hth}, {"speed", ca.attributes.speed},
                    {"accuracy", ca.attributes.accuracy}, {"gambling", ca.attributes.gambling},
                    {"riding", ca.attributes.riding}},
                   {{"name", cb.name}, {"hth", cb.attributes.hth}, {"speed", cb.attributes.speed},
                    {"accuracy", cb.attributes.accuracy}, {"gambling", cb.attributes.gambling},
                    {"riding", cb.attributes.riding}}}},
                 {"commit", {{ca.name, static_cast<int>(rng.uniform(static_cast<std::uint32_t>(std::min(ca.attributes.accuracy, 2) + 1)))}, {cb.name, 0}}},
                 {"stop", true}};
      bool crooked = station == plan.crooked_station;
      if (crooked) {
        int card_a = crooked_card(), card_b = crooked_card();
        input["draw_cards"] = {{ca.name, card_a}, {cb.name, card_b}};
      }
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
    batch.push_back({db::make_uuid_v7(now), station, now - 200, type, payload});
    if (batch.size() >= plan.batch) flush();
  }
  if (!batch.empty()) flush();
  return written;
}

}  // namespace marshal::test_support
