#include "audit/audit_csv.h"

#include <fstream>
#include <stdexcept>

namespace marshal::db {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::int64_t write_csv(Database& db, const std::vector<std::string>& columns, const std::string& from,
                       const std::filesystem::path& file) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write " + file.string());
  std::string sql = "SELECT ";
  for (std::size_t c = 0; c < columns.size(); ++c) {
    sql += (c ? ", " : "") + columns[c];
    out << (c ? "," : "") << csv_field(columns[c]);
  }
  out << "\r\n";
  Statement s = db.prepare(sql + " " + from);
  std::int64_t rows = 0;
  while (s.step()) {
    for (int c = 0; c < s.columns(); ++c) out << (c ? "," : "") << (s.is_null(c) ? "" : csv_field(s.text(c)));
    out << "\r\n";
    ++rows;
  }
  if (!out) throw std::runtime_error("cannot write " + file.string());
  return rows;
}

std::int64_t write_conflicts_csv(Database& db, const std::filesystem::path& file) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write " + file.string());
  out << "seq,server_time_ms,station,kind,participants,winner,status\r\n";
  Statement s = db.prepare("SELECT seq, server_time_ms, station, payload FROM events WHERE type = 'conflict_resolved' ORDER BY seq");
  std::int64_t rows = 0;
  while (s.step()) {
    const protocol::Json payload = protocol::Json::parse(s.text(3));
    const protocol::Json result =
        payload.value("ledger", protocol::Json::object()).value("result", protocol::Json::object());
    // Whoever took part, whatever the kind calls them (duelists, participants, fighters...): the
    // result's lists of people, each with a name.
    std::string names;
    for (const auto& [key, value] : result.items())
      if (value.is_array())
        for (const auto& person : value)
          if (person.is_object() && person.contains("name") && person["name"].is_string())
            names += (names.empty() ? "" : "; ") + person["name"].get<std::string>();
    auto text = [&](const char* key) {
      return result.contains(key) && result[key].is_string() ? result[key].get<std::string>() : std::string();
    };
    out << s.int64(0) << "," << s.int64(1) << "," << csv_field(s.text(2)) << "," << csv_field(payload.value("kind", ""))
        << "," << csv_field(names) << "," << csv_field(text("winner")) << "," << csv_field(text("status")) << "\r\n";
    ++rows;
  }
  if (!out) throw std::runtime_error("cannot write " + file.string());
  return rows;
}

void write_audit_tables(Database& db, const std::filesystem::path& dir) {
  write_conflicts_csv(db, dir / "conflicts.csv");
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
