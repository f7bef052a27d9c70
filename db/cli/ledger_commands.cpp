#include "cli/ledger_commands.h"

#include <sodium.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "cli/cli.h"
#include "cli/progress_bar.h"
#include "core/card_code.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "ledger/verify.h"
#include "store/sqlite.h"

namespace marshal::cli {

namespace {

std::int64_t unix_ms() { return db::unix_time_ms(); }


}  // namespace

int run_init(const std::string& event_dir, const std::string& db_path, std::ostream& out,
             std::ostream& err) {
  db::ImportResult imported = db::import_event(event_dir, db::random_card_code);
  if (!imported.ok()) {
    for (const auto& e : imported.errors) err << "marshal: " << e.to_string() << "\n";
    err << fmt::format("marshal: {} problem{} in {}; nothing was written\n", imported.errors.size(),
                       imported.errors.size() == 1 ? "" : "s", event_dir);
    return exit_bad_input;
  }
  try {
    db::Ledger::create(db_path, imported.definition, unix_ms());
  } catch (const db::LedgerRefusal& r) {
    err << "marshal: " << r.what() << "\n";
    return r.code == "bad_input" ? exit_bad_input : exit_refused;
  } catch (const db::SqliteError& e) {
    err << "marshal: " << db_path << ": " << e.what() << "\n";
    return exit_bad_input;
  }
  const auto& def = imported.definition;
  out << fmt::format("{}: {} characters, {} cards, {} locations -> {}\n", def.title,
                     def.characters.size(), def.cards.size(), def.locations.size(), db_path);
  return exit_ok;
}

int run_verify(const std::string& db_path, std::ostream& out, std::ostream& err) {
  ProgressBar bar(err);
  db::VerifyReport report;
  try {
    report = db::verify_ledger(db_path, [&](std::int64_t done, std::int64_t total) { bar.update(done, total); });
  } catch (const db::SqliteError& e) {
    err << "marshal: " << db_path << ": " << e.what() << "\n";
    return exit_bad_input;
  }
  if (!report.ok) {
    if (report.failed_seq > 0)
      err << fmt::format("marshal: {}: event {} fails: {}\n", db_path, report.failed_seq, report.reason);
    else
      err << fmt::format("marshal: {}: {}\n", db_path, report.reason);
    return exit_verify_failed;
  }
  out << fmt::format("{}: ok. {} events; the hash chain is intact, every event replays to the same "
                     "outcome, and the projections match.\n",
                     db_path, report.events);
  return exit_ok;
}

int run_record(const std::string& db_path, const std::string& type, const std::string& input,
               const std::string& station, std::istream& in, std::ostream& out, std::ostream& err) {
  std::ostringstream text;
  if (input == "-") {
    text << in.rdbuf();
  } else {
    std::ifstream file(input);
    if (!file) {
      err << "marshal: " << input << ": cannot open the file\n";
      return exit_bad_input;
    }
    text << file.rdbuf();
  }
  protocol::Json payload;
  try {
    payload = protocol::parse_json(text.str(), input == "-" ? "standard input" : input);
  } catch (const protocol::InputError& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_bad_input;
  }
  try {
    db::Ledger ledger(db_path);
    std::int64_t now = unix_ms();
    db::AppendResult r = ledger.append({db::make_uuid_v7(now), station, now, type, payload}, now);
    protocol::Json reply{{"accepted", r.accepted}};
    if (r.accepted) {
      reply["seq"] = r.seq;
      reply["ledger"] = r.ledger;
    } else {
      reply["error"] = {{"code", r.code}, {"field", r.field}, {"reason", r.reason}};
      err << "marshal: refused (" << r.code << "): " << (r.field.empty() ? "" : r.field + ": ")
          << r.reason << "\n";
    }
    out << reply.dump(2) << "\n";
    return r.accepted ? exit_ok : (r.code == "bad_input" ? exit_bad_input : exit_refused);
  } catch (const db::LedgerRefusal& r) {
    err << "marshal: " << r.what() << "\n";
    return exit_bad_input;
  } catch (const db::SqliteError& e) {
    err << "marshal: " << db_path << ": " << e.what() << "\n";
    return exit_bad_input;
  }
}

}  // namespace marshal::cli
