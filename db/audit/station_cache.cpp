#include "audit/station_cache.h"

#include <filesystem>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "store/sqlite.h"

namespace marshal::db {

StationCache read_station_cache(const std::string& path) {
  if (!std::filesystem::exists(path)) throw std::runtime_error(fmt::format(fmt::runtime(i18n::tr("no station cache at {}")), path));
  StationCache cache;
  cache.path = path;
  try {
    Database db(path, false);
    if (db.scalar_int("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('records', 'settings')") != 2)
      throw std::runtime_error(i18n::tr("not a GM station's cache (no records and settings tables)"));
    Statement name = db.prepare("SELECT value FROM settings WHERE key = 'station'");
    if (name.step()) cache.station = name.text(0);
    Statement s = db.prepare(
        "SELECT seq, json_extract(reply, '$.hash') FROM records WHERE status = 'accepted' AND seq IS NOT NULL "
        "ORDER BY seq");
    while (s.step()) {
      std::string reason;
      std::string text = std::to_string(s.int64(0)) + ":" + (s.is_null(1) ? std::string() : s.text(1));
      if (auto anchor = parse_anchor(text, reason)) cache.anchors.push_back(*anchor);
      else ++cache.records_without_hash;
    }
  } catch (const SqliteError& e) {
    // TRANSLATORS: {} is SQLite's own words for what is wrong with the file (English).
    throw std::runtime_error(fmt::format(fmt::runtime(i18n::tr("not a station cache: {}")), e.what()));
  }
  return cache;
}

}  // namespace marshal::db
