#include "cli/ledger_commands.h"

#include <sodium.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "cli/cli.h"
#include "audit/backup.h"
#include "cli/progress_bar.h"
#include "core/card_code.h"
#include "i18n/translate.h"
#include "import/import_event.h"
#include "ledger/ledger.h"
#include "ledger/verify.h"
#include "store/sqlite.h"

namespace marshal::cli {

using i18n::tr;
using i18n::trn;

namespace {

std::int64_t unix_ms() { return db::unix_time_ms(); }


}  // namespace

int run_init(const std::string& event_dir, const std::string& db_path, std::ostream& out,
             std::ostream& err) {
  db::ImportResult imported = db::import_event(event_dir, db::random_card_code);
  if (!imported.ok()) {
    for (const auto& e : imported.errors) err << "marshal: " << e.to_string() << "\n";
    const std::size_t problems = imported.errors.size();
    // TRANSLATORS: {0} is how many problems, {1} the event folder.
    const std::string text = trn("{} problem in {}; nothing was written", "{} problems in {}; nothing was written", problems);
    err << "marshal: " << fmt::format(fmt::runtime(text), problems, event_dir) << "\n";
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
  // The event's title, then "35 characters, 348 cards, 13 locations -> FILE".
  const std::string characters =
      fmt::format(fmt::runtime(trn("{} character", "{} characters", def.characters.size())), def.characters.size());
  const std::string cards = fmt::format(fmt::runtime(trn("{} card", "{} cards", def.cards.size())), def.cards.size());
  const std::string locations =
      fmt::format(fmt::runtime(trn("{} location", "{} locations", def.locations.size())), def.locations.size());
  out << def.title << ": " << characters << ", " << cards << ", " << locations << " -> " << db_path << "\n";
  return exit_ok;
}

int run_backup(const std::string& db_path, const std::string& to_dir, std::ostream& out, std::ostream& err) {
  ProgressBar bar(err);
  try {
    const db::BackupResult made =
        db::backup_ledger(db_path, to_dir, unix_ms(), [&](std::int64_t done, std::int64_t total) { bar.update(done, total); });
    // TRANSLATORS: {0} is the copy's file, {1} how many events, {2} its head (an anchor).
    out << fmt::format(fmt::runtime(trn("Backed up: {} ({} event, checked), head {}",
                                        "Backed up: {} ({} events, checked), head {}", made.events)),
                       made.path, made.events, made.head)
        << "\n";
    return exit_ok;
  } catch (const db::BackupError& e) {
    err << "marshal: " << e.what() << "\n";
    return e.copy_failed_check ? exit_verify_failed : exit_bad_input;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_bad_input;
  }
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
      // TRANSLATORS: {0} is the ledger file, {1} the event's number, {2} why it fails.
      err << "marshal: " << fmt::format(fmt::runtime(tr("{}: event {} fails: {}")), db_path, report.failed_seq,
                                        report.reason)
          << "\n";
    else
      err << fmt::format("marshal: {}: {}\n", db_path, report.reason);
    return exit_verify_failed;
  }
  // TRANSLATORS: {0} is the ledger file, {1} how many events (any number: word it so that every count reads).
  out << fmt::format(fmt::runtime(tr("{}: ok. {} events; the hash chain is intact, every event replays to the same "
                                     "outcome, and the projections match.")),
                     db_path, report.events)
      << "\n";
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
      err << "marshal: " << input << ": " << tr("cannot open the file") << "\n";
      return exit_bad_input;
    }
    text << file.rdbuf();
  }
  protocol::Json payload;
  try {
    payload = protocol::parse_json(text.str(), input == "-" ? tr("standard input") : input);
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
      // The reply is read by programs: its reason in English; the line on standard error in the user's words.
      reply["error"] = {{"code", r.code}, {"field", r.field}, {"reason", r.sentence.text.empty() ? r.reason : r.sentence.english()}};
      // TRANSLATORS: {0} is the refusal's code (unknown_character), {1} the field and the reason.
      const std::string refused = tr("refused ({}): {}");
      err << "marshal: " << fmt::format(fmt::runtime(refused), r.code, (r.field.empty() ? "" : r.field + ": ") + r.reason)
          << "\n";
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
