// `marshal demo`: Marshal's main job end to end on the embedded default, until the GM station
// exists. It creates a local ledger from the sample town (events/lincoln-1875), resolves a duel
// and a shootout between its townsfolk as a station would (virtual draws with the CSPRNG),
// records each in the ledger, which replays it through the rules before accepting it, tells
// every step, and finally audits the ledger.
#include <sodium.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <ostream>

#include <fmt/format.h>

#include "cli/cli.h"
#include "core/card_code.h"
#include "i18n/translate.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "ledger/verify.h"
#include "protocol/odds_json.h"
#include "protocol/resolve.h"

namespace marshal::cli {

using i18n::tr;
using i18n::trn;

namespace {

using protocol::Json;

// The sample town's people in the demo (events/lincoln-1875/characters.csv): names, data.
const std::string kid_name = "Kid Calloway";                 // i18n: not words
const std::string sheriff_name = "Sheriff Amos Brady";       // i18n: not words
const std::string deputy_name = "Deputy Wade Hollis";        // i18n: not words
const std::string deuce_name = "Deuce Lomax";                // i18n: not words
const std::string black_jack_name = "Black Jack Mulroney";   // i18n: not words
const std::string captain_name = "Captain Josiah Thorne";    // i18n: not words

// A character as the definition gives it, with its bystander cards, for a local resolution.
Json character_json(const db::EventDefinition& def, const std::string& name) {
  for (const auto& c : def.characters) {
    if (c.name != name) continue;
    Json powers = Json::array();
    for (auto p : c.powers) powers.push_back(core::to_string(p));
    Json bystanders = Json::array();
    for (const auto& card : def.cards)
      if (card.kind == "bystander" && card.holder == name) bystanders.push_back(card.code);
    return {{"name", c.name},         {"hth", c.attributes.hth},       {"speed", c.attributes.speed},
            {"accuracy", c.attributes.accuracy}, {"gambling", c.attributes.gambling},
            {"riding", c.attributes.riding},     {"powers", powers}, {"bystanders", bystanders}};
  }
  throw std::runtime_error(fmt::format(fmt::runtime(tr("the sample town has no {}")), name));
}

std::string badge_of(const db::EventDefinition& def, const std::string& name) {
  for (const auto& c : def.characters)
    if (c.name == name) return c.badge_code;
  throw std::runtime_error(fmt::format(fmt::runtime(tr("the sample town has no {}")), name));
}

// Resolves locally, then records the result in the ledger with people named by their badges.
bool resolve_and_record(db::Ledger& ledger, const db::EventDefinition& def, const std::string& kind,
                        const Json& input, const char* people_key, core::Csprng& rng,
                        std::int64_t now_ms, std::ostream& out) {
  Json local = protocol::resolve(kind, input, &rng);
  for (const auto& line : local["story"]) out << "  " << line.get<std::string>() << "\n";
  Json recorded = local["record"];
  for (auto& person : recorded[people_key]) person = {{"code", badge_of(def, person["name"])}};
  db::AppendResult r = ledger.append(
      {db::make_uuid_v7(now_ms), "demo-gm", now_ms, "conflict_resolved",
       {{"kind", kind}, {"input", recorded}, {"outcome", local["result"]}, {"draws", protocol::draw_sources(local)}}},
      now_ms);
  if (!r.accepted) {
    // TRANSLATORS: {0} is the refusal's code, {1} its reason.
    out << "  " << fmt::format(fmt::runtime(tr("The ledger refused it ({}): {}")), r.code, r.reason) << "\n";
    return false;
  }
  out << "  "
      << fmt::format(fmt::runtime(tr("Recorded in the ledger as event #{} after the ledger replayed it by the rules.")),
                     r.seq)
      << "\n";
  return true;
}

}  // namespace

int run_demo(const std::string& seed_text, const std::string& event_dir, std::string db_path,
             std::ostream& out, std::ostream& err) {
  core::Csprng rng(core::seed_from_text(seed_text));
  if (db_path.empty())
    db_path = (std::filesystem::temp_directory_path() / fmt::format("marshal-demo-{}.db", getpid())).string();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db_path + suffix);

  db::ImportResult imported = db::import_event(event_dir, [&rng] { return core::card_code_from(rng); });
  if (!imported.ok()) {
    for (const auto& e : imported.errors) err << "marshal: " << e.to_string() << "\n";
    return exit_bad_input;
  }
  const db::EventDefinition& def = imported.definition;
  auto now = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
  try {
    db::Ledger::create(db_path, def, now());
    db::Ledger ledger(db_path);
    // TRANSLATORS: "Marshal demo: TITLE (35 characters, 120 cards)", then the ledger's file.
    out << fmt::format(fmt::runtime(tr("Marshal demo: {} ({}, {})\nLedger: {}\n\n")), def.title,
                       fmt::format(fmt::runtime(trn("{} character", "{} characters", def.characters.size())),
                                   def.characters.size()),
                       fmt::format(fmt::runtime(trn("{} card", "{} cards", def.cards.size())), def.cards.size()),
                       db_path);

    Json kid = character_json(def, kid_name), sheriff = character_json(def, sheriff_name);
    Json odds = protocol::odds("duel", {{"duelists", {kid, sheriff}}, {"trials", 0}}, rng);
    // TRANSLATORS: two duelists' names, each with their Speed and Accuracy.
    out << fmt::format(fmt::runtime(tr("A duel on Main Street: {} (Speed {}, Accuracy {}) against {} (Speed {}, "
                                       "Accuracy {}).\n")),
                       kid_name, kid["speed"].get<int>(), kid["accuracy"].get<int>(), sheriff_name,
                       sheriff["speed"].get<int>(), sheriff["accuracy"].get<int>());
    const Json& best = odds["best_commit"];
    out << "  "
        << fmt::format(fmt::runtime(tr("Odds before the draw: the Kid's best commitment is {}, the Sheriff's {}.")),
                       best[kid_name]["commit"].get<int>(), best[sheriff_name]["commit"].get<int>())
        << "\n";
    Json duel{{"duelists", {kid, sheriff}},
              {"commit", {{kid_name, best[kid_name]["commit"]}, {sheriff_name, best[sheriff_name]["commit"]}}},
              {"until_over", true}};
    if (!resolve_and_record(ledger, def, "duel", duel, "duelists", rng, now(), out)) return exit_refused;

    out << "\n" << tr("A shootout at the Wortley Hotel: four guns drawn, bystanders in the way.") << "\n";
    Json shootout{{"participants",
                   {character_json(def, deputy_name), character_json(def, deuce_name),
                    character_json(def, black_jack_name), character_json(def, captain_name)}},
                  {"targets", {{deputy_name, deuce_name}, {deuce_name, deputy_name},
                               {black_jack_name, captain_name}, {captain_name, black_jack_name}}},
                  {"sacrifice_when_allowed", {deputy_name, captain_name}},
                  {"until_over", true}};
    if (!resolve_and_record(ledger, def, "shootout", shootout, "participants", rng, now(), out))
      return exit_refused;

    db::VerifyReport report = db::verify_ledger(db_path);
    out << "\n"
        << (report.ok ? fmt::format(fmt::runtime(trn("Audit: {} event, hash chain intact, every resolution replays "
                                                     "to the same outcome.",
                                                     "Audit: {} events, hash chain intact, every resolution replays "
                                                     "to the same outcome.",
                                                     static_cast<std::uint64_t>(report.events))),
                                    report.events)
                      // TRANSLATORS: {} is why the audit failed.
                      : fmt::format(fmt::runtime(tr("Audit: FAILED: {}")), report.reason))
        << "\n";
    out << fmt::format(fmt::runtime(tr("Look inside: marshal verify --db {}")), db_path) << "\n"
        << tr("Every conflict as JSON: marshal resolve --help") << "\n";
    return report.ok ? exit_ok : exit_verify_failed;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_bad_input;
  }
}

}  // namespace marshal::cli
