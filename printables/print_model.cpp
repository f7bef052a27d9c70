#include "printables/print_model.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "sqlite/sqlite.h"

namespace marshal::printables {

namespace {
int kind_order(const std::string& kind) {
  static const std::vector<std::string> order{"badge", "power", "secret", "horse", "deed", "note", "bystander", "trick", "token"};
  return static_cast<int>(std::find(order.begin(), order.end(), kind) - order.begin());
}
}  // namespace

PrintModel load_print_model(const std::string& db_path) {
  if (!std::filesystem::exists(db_path))
    // TRANSLATORS: the path given for the ledger.
    throw std::runtime_error(fmt::format(fmt::runtime(i18n::tr("no ledger file at {}")), db_path));
  sqlite::Database db(db_path, false);
  PrintModel model;
  model.title = db.scalar_text("SELECT value FROM event_info WHERE key = 'title'");
  model.language = db.scalar_text("SELECT value FROM event_info WHERE key = 'language'");
  if (model.language.empty()) model.language = "en";  // written only when the event is not in English
  std::map<std::int64_t, std::size_t> index;
  {
    sqlite::Statement s = db.prepare(
        "SELECT id, name, player, notes, hth, speed, accuracy, gambling, riding, powers FROM "
        "characters ORDER BY id");
    while (s.step()) {
      PrintCharacter c;
      c.name = s.text(1);
      c.player = s.text(2);
      c.notes = s.text(3);
      c.attributes = {s.integer(4), s.integer(5), s.integer(6), s.integer(7), s.integer(8)};
      c.powers = core::powers_from_list(s.text(9));
      index[s.int64(0)] = model.characters.size();
      model.characters.push_back(std::move(c));
    }
  }
  if (db.scalar_int("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'kiosk_pins'") > 0) {
    sqlite::Statement p = db.prepare("SELECT character, pin FROM kiosk_pins");
    while (p.step())
      if (auto at = index.find(p.int64(0)); at != index.end()) model.characters[at->second].kiosk_pin = p.text(1);
  }
  sqlite::Statement s = db.prepare(
      "SELECT k.code, k.kind, k.title, k.detail, k.holder, o.name, k.spent FROM cards k "
      "LEFT JOIN characters o ON o.id = k.owner WHERE k.revoked = 0 AND k.holder IS NOT NULL "
      "ORDER BY k.since_seq, k.rowid");
  while (s.step()) {
    PrintCharacter& holder = model.characters[index.at(s.int64(4))];
    PrintCard card{s.text(0), s.text(1), s.text(2), Json::parse(s.text(3)), holder.name,
                   s.is_null(5) ? std::string() : s.text(5), s.int64(6) != 0};
    if (card.kind == "badge") holder.badge_code = card.code;
    holder.cards.push_back(std::move(card));
  }
  for (auto& c : model.characters)
    std::stable_sort(c.cards.begin(), c.cards.end(), [](const PrintCard& a, const PrintCard& b) {
      return kind_order(a.kind) < kind_order(b.kind);
    });
  sqlite::Statement l = db.prepare("SELECT name, road, copies, links FROM locations ORDER BY rowid");
  while (l.step())
    model.locations.push_back({l.text(0), l.int64(1) != 0, l.integer(2),
                               Json::parse(l.text(3)).get<std::vector<std::string>>()});
  return model;
}

std::optional<PrintCard> find_card(const PrintModel& model, const std::string& code) {
  for (const auto& c : model.characters)
    for (const auto& card : c.cards)
      if (card.code == code) return card;
  return std::nullopt;
}

}  // namespace marshal::printables
