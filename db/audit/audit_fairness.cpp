#include "audit/audit_fairness.h"

#include <cmath>
#include <map>

#include <fmt/format.h>

#include "audit/statistics.h"
#include "core/action_deck.h"
#include "core/card_code.h"
#include "core/odds.h"
#include "i18n/translate.h"
#include "store/hash_chain.h"

namespace marshal::db {

using i18n::tr;
using i18n::trn;

namespace {
std::vector<double> deck_weights() {
  std::vector<double> w(core::highest_card + 1, 0.0);
  for (int v = core::lowest_card; v <= core::highest_card; ++v) w[v] = core::action_deck_copies[v];
  return w;
}

// A station's judged draws: its cards (drawn by it, or entered from the table), the test's statistic
// and p-value, flagged when unlikely from a fair deck.
std::string fairness_words(const std::string& station, long long n, bool drawn, bool unlikely, double chi_square,
                           double p) {
  if (drawn && unlikely)
    // TRANSLATORS: {0} is a station, {1} how many cards it drew, {2} Pearson's chi-square statistic, {3} the p-value.
    return fmt::format(fmt::runtime(trn("{}: {} cards drawn by the station, chi-square {:.1f}, p = {:.3g} (UNLIKELY "
                                        "from a fair deck)",
                                        "{}: {} cards drawn by the station, chi-square {:.1f}, p = {:.3g} (UNLIKELY "
                                        "from a fair deck)",
                                        n)),
                       station, n, chi_square, p);
  if (drawn)
    // TRANSLATORS: {0} is a station, {1} how many cards it drew, {2} Pearson's chi-square statistic, {3} the p-value.
    return fmt::format(fmt::runtime(trn("{}: {} cards drawn by the station, chi-square {:.1f}, p = {:.3g}",
                                        "{}: {} cards drawn by the station, chi-square {:.1f}, p = {:.3g}", n)),
                       station, n, chi_square, p);
  if (unlikely)
    // TRANSLATORS: {0} is a station, {1} how many cards its GM typed in from the table's deck, {2} Pearson's
    // chi-square statistic, {3} the p-value.
    return fmt::format(fmt::runtime(trn("{}: {} cards entered from the table, chi-square {:.1f}, p = {:.3g} (UNLIKELY "
                                        "from a fair deck)",
                                        "{}: {} cards entered from the table, chi-square {:.1f}, p = {:.3g} (UNLIKELY "
                                        "from a fair deck)",
                                        n)),
                       station, n, chi_square, p);
  // TRANSLATORS: {0} is a station, {1} how many cards its GM typed in from the table's deck, {2} Pearson's chi-square
  // statistic, {3} the p-value.
  return fmt::format(fmt::runtime(trn("{}: {} cards entered from the table, chi-square {:.1f}, p = {:.3g}",
                                      "{}: {} cards entered from the table, chi-square {:.1f}, p = {:.3g}", n)),
                     station, n, chi_square, p);
}
}  // namespace

void DrawTally::observe(const EventRow& row, const Json& payload) {
  if (row.type != "conflict_resolved") return;
  auto draws = payload.find("draws");
  if (draws == payload.end() || !draws->is_object()) {
    ++unrecorded_;
    return;
  }
  for (auto [source, tally] : {std::pair{"station", &station_}, std::pair{"table", &table_}}) {
    auto cards = draws->find(source);
    if (cards == draws->end() || !cards->is_array()) continue;
    auto [it, fresh] = tally->try_emplace(row.station, Counts(core::highest_card + 1, 0));
    for (const auto& card : *cards)
      if (card.is_number_integer()) {
        auto value = card.get<std::int64_t>();
        if (value >= core::lowest_card && value <= core::highest_card) ++it->second[static_cast<std::size_t>(value)];
      }
  }
}

AuditCheck DrawTally::check() const {
  AuditCheck check{"fairness"};
  static const std::vector<double> weights = deck_weights();
  Json figures = Json::object();
  std::vector<std::string> flagged, words;
  for (auto [source, tally] : {std::pair{"station", &station_}, std::pair{"table", &table_}}) {
    for (const auto& [station, counts] : *tally) {
      long long n = 0;
      for (long long c : counts) n += c;
      if (n == 0) continue;
      Json f{{"draws", n}, {"counts", Counts(counts.begin() + 1, counts.end())}};
      const bool drawn = std::string(source) == "station";
      if (n < fairness_min_draws) {
        f["judged"] = false;
        words.push_back(
            drawn
                // TRANSLATORS: {0} is a station, {1} how many cards it drew, {2} the fewest the test can judge.
                ? fmt::format(fmt::runtime(trn("{}: {} cards drawn by the station (too few to judge, under {})",
                                               "{}: {} cards drawn by the station (too few to judge, under {})", n)),
                              station, n, fairness_min_draws)
                // TRANSLATORS: {0} is a station, {1} how many cards its GM typed in from the table's deck, {2} the
                // fewest the test can judge.
                : fmt::format(fmt::runtime(trn("{}: {} cards entered from the table (too few to judge, under {})",
                                               "{}: {} cards entered from the table (too few to judge, under {})", n)),
                              station, n, fairness_min_draws));
      } else {
        GoodnessOfFit fit = chi_square_test(counts, weights);
        f["judged"] = true;
        f["chi_square"] = fit.statistic;
        f["degrees_of_freedom"] = fit.degrees_of_freedom;
        f["p_value"] = fit.p_value;
        bool suspicious = fit.p_value < fairness_warn_p;
        f["flagged"] = suspicious;
        words.push_back(fairness_words(station, n, drawn, suspicious, fit.statistic, fit.p_value));
        if (suspicious)
          // TRANSLATORS: {} is a station whose own draws are unlikely from a fair deck.
          flagged.push_back(drawn ? fmt::format(fmt::runtime(tr("{} (station)")), station)
                                  // TRANSLATORS: {} is a station whose cards typed in from the table are unlikely
                                  // from a fair deck.
                                  : fmt::format(fmt::runtime(tr("{} (table)")), station));
      }
      figures[source][station] = f;
    }
  }
  figures["unrecorded_conflicts"] = unrecorded_;
  check.figures = figures;
  std::string all;
  for (const auto& w : words) all += (all.empty() ? "" : "; ") + w;
  if (words.empty()) all = tr("no conflict recorded where its cards came from");
  if (unrecorded_ > 0)
    // TRANSLATORS: {0} is the check's evidence so far, {1} how many conflicts did not say where their cards came from.
    all = fmt::format(fmt::runtime(trn("{} ({} conflicts recorded without saying, left out)",
                                       "{} ({} conflicts recorded without saying, left out)", unrecorded_)),
                      all, unrecorded_);
  if (!flagged.empty()) {
    check.status = CheckStatus::warn;
    std::string names;
    for (const auto& f : flagged) names += (names.empty() ? "" : ", ") + f;
    // TRANSLATORS: {0} is the p-value below which draws are flagged (0.01), {1} the stations flagged, {2} every
    // station's figures.
    check.evidence = fmt::format(fmt::runtime(tr("draws a fair deck gives with p < {}: {}. {}")), fairness_warn_p,
                                 names, all);
  } else {
    check.evidence = all;
  }
  return check;
}

void DuelDrawCalibration::observe(const EventRow& row, const Json& payload, Database& before) {
  if (row.type != "conflict_resolved") return;
  // Found, not copied with value(): every duel of the evening passes here.
  auto member = [](const Json& object, const char* key) -> const Json* {
    if (!object.is_object()) return nullptr;
    auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
  };
  const Json* kind = member(payload, "kind");
  if (!kind || *kind != "duel") return;
  const Json* input = member(payload, "input");
  const Json* duelists = input ? member(*input, "duelists") : nullptr;
  const Json* cards = input ? member(*input, "draw_cards") : nullptr;
  const Json* commit = input ? member(*input, "commit") : nullptr;
  if (!duelists || !duelists->is_array() || duelists->size() != 2 || !cards || !cards->is_object()) return;
  std::array<int, 2> speed{}, committed{}, total{};
  for (int i = 0; i < 2; ++i) {
    const Json& d = (*duelists)[i];
    if (!d.is_object() || !d.contains("code") || !d["code"].is_string()) return;
    core::ParsedCardCode code = core::parse_card_code(d["code"].get<std::string>());
    if (!code.ok()) return;
    Statement s = before.prepare(
        "SELECT c.name, c.speed, c.wounded FROM cards k JOIN characters c ON c.id = k.holder "
        "WHERE k.code = ? AND k.kind = 'badge'");
    s.bind(1, code.code);
    if (!s.step()) return;
    std::string name = s.text(0);
    speed[i] = core::attribute_in_use(s.integer(1), s.int64(2) != 0);
    auto card = cards->find(name);
    if (card == cards->end() || !card->is_number_integer()) return;
    const Json* c = commit ? member(*commit, name.c_str()) : nullptr;
    committed[i] = c && c->is_number_integer() ? c->get<int>() : 0;
    total[i] = card->get<int>() + speed[i] + committed[i];
  }
  if (total[0] == total[1]) return;  // simultaneous: neither shot first
  core::DuelDrawOdds odds = core::duel_draw_odds(speed, committed);
  double decided = odds.first[0] + odds.first[1];
  if (decided <= 0) return;
  double p = odds.first[0] / decided;
  Bin& bin = bins_[std::min(calibration_bins - 1, static_cast<int>(p * calibration_bins))];
  ++bin.duels;
  bin.first += total[0] > total[1];
  bin.predicted += p;
  bin.variance += p * (1 - p);
}

AuditCheck DuelDrawCalibration::check() const {
  AuditCheck check{"calibration"};
  Json bins = Json::array();
  std::int64_t duels = 0;
  std::vector<std::string> off;
  for (int b = 0; b < calibration_bins; ++b) {
    const Bin& bin = bins_[b];
    if (bin.duels == 0) continue;
    duels += bin.duels;
    double predicted = bin.predicted / static_cast<double>(bin.duels);
    double observed = static_cast<double>(bin.first) / static_cast<double>(bin.duels);
    double z = bin.variance > 0 ? (static_cast<double>(bin.first) - bin.predicted) / std::sqrt(bin.variance) : 0;
    bins.push_back({{"from", b / double(calibration_bins)}, {"to", (b + 1) / double(calibration_bins)},
                    {"duels", bin.duels}, {"predicted", predicted}, {"observed", observed}, {"z", z}});
    if (bin.duels >= calibration_min_bin && std::fabs(z) > calibration_warn_z)
      // TRANSLATORS: how often the first duelist was predicted to shoot first (a percentage), how often they did,
      // and in how many duels.
      off.push_back(fmt::format(fmt::runtime(trn("predicted {:.0f}%, observed {:.0f}% in {} duels",
                                                 "predicted {:.0f}%, observed {:.0f}% in {} duels", bin.duels)),
                                100 * predicted, 100 * observed, bin.duels));
  }
  check.figures = {{"duels", duels}, {"bins", bins}};
  if (duels == 0) {
    check.evidence = tr("no duel's draw to compare with its odds");
    return check;
  }
  std::string list;
  for (const auto& o : off) list += (list.empty() ? "" : "; ") + o;
  if (!off.empty()) {
    check.status = CheckStatus::warn;
    // TRANSLATORS: {0} is how many duels, {1} the bins of predicted odds that stray ("predicted 60%, observed 90%
    // in 40 duels").
    check.evidence = fmt::format(fmt::runtime(trn("the draws of {} duels stray from their odds of who shoots first: {}",
                                                  "the draws of {} duels stray from their odds of who shoots first: {}",
                                                  duels)),
                                 duels, list);
  } else {
    // TRANSLATORS: {0} is how many duels, {1} how many standard errors a bin may be off.
    check.evidence = fmt::format(fmt::runtime(trn("the draws of {} duels follow their odds of who shoots first (every "
                                                  "bin within {:.0f} standard errors)",
                                                  "the draws of {} duels follow their odds of who shoots first (every "
                                                  "bin within {:.0f} standard errors)",
                                                  duels)),
                                 duels, calibration_warn_z);
  }
  return check;
}

}  // namespace marshal::db
