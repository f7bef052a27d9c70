#include "audit/audit_csv.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::db {

namespace {
std::runtime_error cannot_write(const std::filesystem::path& file) {
  // TRANSLATORS: {} is a file's path.
  return std::runtime_error(fmt::format(fmt::runtime(i18n::tr("cannot write {}")), file.string()));
}
}  // namespace

void write_csv_field(std::ostream& out, std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    return;
  }
  thread_local std::string quoted;  // kept between calls: a payload at a time, never reallocated
  quoted.clear();
  quoted += '"';
  for (std::size_t quote; (quote = text.find('"')) != std::string_view::npos; text.remove_prefix(quote + 1)) {
    quoted.append(text.data(), quote + 1);
    quoted += '"';  // a quote is written twice
  }
  quoted.append(text);
  quoted += '"';
  out.write(quoted.data(), static_cast<std::streamsize>(quoted.size()));
}

std::string csv_field(const std::string& text) {
  std::ostringstream out;
  write_csv_field(out, text);
  return out.str();
}

std::int64_t write_csv(Database& db, const std::vector<std::string>& columns, const std::string& from,
                       const std::filesystem::path& file) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out) throw cannot_write(file);
  std::string sql = "SELECT ";
  for (std::size_t c = 0; c < columns.size(); ++c) {
    sql += (c ? ", " : "") + columns[c];
    out << (c ? "," : "") << csv_field(columns[c]);
  }
  out << "\r\n";
  Statement s = db.prepare(sql + " " + from);
  std::int64_t rows = 0;
  while (s.step()) {
    for (int c = 0; c < s.columns(); ++c) {
      if (c) out.put(',');
      if (!s.is_null(c)) write_csv_field(out, s.text_view(c));
    }
    out << "\r\n";
    ++rows;
  }
  if (!out) throw cannot_write(file);
  return rows;
}

std::int64_t write_conflicts_csv(const std::vector<ConflictRow>& rows, const std::filesystem::path& file) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out) throw cannot_write(file);
  out << "seq,server_time_ms,station,kind,participants,winner,status,ending,cards\r\n";
  for (const auto& r : rows) {
    out << r.seq << "," << r.server_time_ms;
    for (const std::string* field : {&r.station, &r.kind, &r.participants, &r.winner, &r.status, &r.ending, &r.cards}) {
      out.put(',');
      write_csv_field(out, *field);
    }
    out << "\r\n";
  }
  if (!out) throw cannot_write(file);
  return static_cast<std::int64_t>(rows.size());
}

void write_audit_tables(Database& db, const std::filesystem::path& dir) {
  write_csv(db, {"seq", "uuid", "station", "client_time_ms", "server_time_ms", "type", "payload"},
            "FROM events ORDER BY seq", dir / "events.csv");
  write_csv(db,
            {"name", "player", "dead", "killing", "killed_by", "wounded", "wounded_limb", "jailed", "hth", "speed",
             "accuracy", "gambling", "riding", "powers"},
            "FROM characters ORDER BY name", dir / "characters.csv");
  write_csv(db, {"server_time_ms", "station", "uuid", "type", "code", "field", "reason", "repeats"},
            "FROM refusals ORDER BY id", dir / "refusals.csv");
}

}  // namespace marshal::db
