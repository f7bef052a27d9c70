#include "cli/cli.h"

#include <filesystem>
#include <functional>
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <sodium.h>

#include "cli/audit_command.h"
#include "cli/cli_words.h"
#include "cli/ledger_commands.h"
#include "cli/pin_commands.h"
#include "cli/print_commands.h"
#include "cli/scan_command.h"
#include "cli/server_commands.h"
#include "cli/standby_commands.h"
#include "cli/combat_odds_commands.h"
#include "cli/tabletop_commands.h"
#include "cli/twtw_commands.h"
#include "core/refusal.h"
#include "i18n/sentence.h"
#include "i18n/translate.h"
#include "paths/data_folders.h"
#include "protocol/odds_json.h"
#include "protocol/resolve.h"

namespace marshal::cli {

using i18n::tr;

namespace {

// The project's version (CMakeLists.txt), as the packages carry it.
constexpr const char* version = MARSHAL_VERSION;

// `marshal --version`: the version, and where this copy finds what ships with it (an installed
// program its own share/ folder, one run from its build tree the source tree): docs/install.md.
std::string version_words() {
  const std::vector<std::filesystem::path> data = paths::data_folders();
  std::string catalogues = tr("none found");
  for (const std::string& folder : i18n::catalogue_folders()) {
    std::error_code ignored;
    if (std::filesystem::exists(std::filesystem::path(folder) / "ru" / "LC_MESSAGES" / "marshal.mo", ignored)) {
      catalogues = folder;
      break;
    }
  }
  // TRANSLATORS: {0} the version, {1} the folder of the sample events, {2} the translations'.
  return fmt::format(fmt::runtime(tr("marshal {0}\nsample events: {1}/events\ntranslations: {2}")), version,
                     data.empty() ? tr("none found") : data.front().string(), catalogues);
}

// The input file that cannot be opened.
struct CannotOpen {
  std::string path;
};

// What a JSON verb reads names standard input so (the JSON error's field: English, as all of it).
constexpr const char* standard_input = "standard input";  // i18n: not words

std::string read_input(const std::string& source, std::istream& in) {
  std::ostringstream text;
  if (source == "-") {
    text << in.rdbuf();
  } else {
    std::ifstream file(source, std::ios::binary);
    if (!file) throw CannotOpen{source};
    text << file.rdbuf();
  }
  return text.str();
}

// The station's shuffles: a given seed (for tests and replays) or fresh OS randomness.
core::Seed pick_seed(const std::string& seed_text) {
  if (!seed_text.empty()) return core::seed_from_text(seed_text);
  core::Seed seed;
  randombytes_buf(seed.data(), seed.size());
  return seed;
}

struct ConflictOptions {
  std::string kind;
  std::string input = "-";
  std::string seed;
  bool physical = false;
  bool story = false;
};

// The error on standard error in the user's language, and as JSON on standard output in English
// (a program reads it).
int report_error(std::ostream& out, std::ostream& err, const std::string& code, const std::string& field,
                 const i18n::Sentence& reason, int exit_code) {
  const std::string shown_field = field == standard_input ? tr("standard input") : field;
  err << "marshal: " << (field.empty() ? "" : shown_field + ": ") << reason.translated() << "\n";
  protocol::Json error{{"error", {{"code", code}, {"field", field}, {"reason", reason.english()}}}};
  out << error.dump(2) << "\n";
  return exit_code;
}

// Runs one JSON-in, JSON-out verb and turns every failure into a clear message and exit code.
template <class Work>
int json_verb(const ConflictOptions& opts, std::istream& in, std::ostream& out, std::ostream& err,
              Work&& work) {
  try {
    protocol::Json input = protocol::parse_json(read_input(opts.input, in),
                                                opts.input == "-" ? standard_input : opts.input);
    core::Seed seed = pick_seed(opts.seed);
    core::Csprng rng(seed);
    protocol::Json result = work(input, rng);
    if (!opts.physical) result["seed"] = core::seed_to_hex(seed);
    if (opts.story && result.contains("story")) {
      for (const auto& line : result["story"]) out << line.get<std::string>() << "\n";
    } else {
      out << result.dump(2) << "\n";
    }
    return exit_ok;
  } catch (const CannotOpen& e) {
    return report_error(out, err, "bad_input", e.path, i18n::say("cannot open the file"), exit_bad_input);
  } catch (const protocol::InputError& e) {
    return report_error(out, err, "bad_input", e.path(), e.sentence(), exit_bad_input);
  } catch (const core::Refusal& r) {
    return report_error(out, err, std::string(core::to_string(r.code())), r.field(), r.sentence(), exit_refused);
  }
}

void add_conflict_options(CLI::App& cmd, ConflictOptions& opts, const std::string& kinds) {
  // TRANSLATORS: {} lists the kinds: duel, shootout, fistfight, ... (typed as they are).
  cmd.add_option("KIND", opts.kind, fmt::format(fmt::runtime(tr("what to compute: {}")), kinds))->required();
  cmd.add_option("INPUT", opts.input, tr("JSON file to read, or - for standard input (default)"));
  cmd.add_option("--seed", opts.seed,
                 tr("seed for the shuffles (hex or any text); the same seed gives the same cards. "
                    "Without it a fresh random seed is used and printed in the output"));
}

}  // namespace

int run(int argc, char** argv, std::istream& in, std::ostream& out, std::ostream& err) {
  // The language of every word below: --lang anywhere on the command line, else the environment.
  // Chosen before any option is described: the help's texts are made with the App.
  LanguageArgs words = take_language(argc, argv);
  if (std::string problem; !choose_language(words, &problem)) {
    err << "marshal: " << problem << "\n";
    // marshal audit keeps its own exit codes (docs/audit.md): 2 for a usage error.
    for (std::size_t i = 1; i < words.argv.size(); ++i)
      if (words.argv[i][0] != '-')
        return std::string(words.argv[i]) == "audit" ? static_cast<int>(audit_usage) : static_cast<int>(exit_usage);
    return exit_usage;
  }
  argc = static_cast<int>(words.argv.size());
  argv = words.argv.data();

  if (sodium_init() < 0) {
    err << "marshal: " << tr("libsodium could not start") << "\n";
    return exit_usage;
  }
  // `marshal odds trait|fate|serial|luck|marker|group|multi` (tabletop dice) have options of their own,
  // unlike the conflicts' JSON input: they are read by their own parser.
  if (argc >= 3 && std::string(argv[1]) == "odds" && is_tabletop_odds(argv[2]))
    return run_tabletop_odds(argc - 2, argv + 2, out, err);
  // `marshal odds damage` (the tabletop's combat odds) likewise.
  if (argc >= 3 && std::string(argv[1]) == "odds" && is_combat_odds(argv[2]))
    return run_combat_odds(argc - 2, argv + 2, out, err);
  // `marshal twtw VERB` (The West That Wasn't's action time) has verbs and options of its own.
  if (argc >= 2 && std::string(argv[1]) == "twtw") return run_twtw(argc - 1, argv + 1, in, out, err);

  CLI::App app{tr("Marshal: runs a Lincoln 1875 Wild West LARP.\n"
                  "Resolves duels, shootouts, fistfights, brawls, cheating accusations and chases "
                  "by the rules, and shows the odds before the draw."),
               "marshal"};
  speak_words(app);
  app.set_version_flag("--version", std::function<std::string()>(version_words), tr("Display program version information and exit"));
  app.require_subcommand(1);
  app.footer(
      tr("Exit codes: 0 done, 1 wrong arguments, 2 bad input (file, JSON or a field), 3 refused by "
         "the rules or the ledger, 4 the ledger failed verification.\n"
         "JSON forms: docs/conflict-json.md; event folders: docs/event-format.md; the ledger: "
         "docs/ledger.md"));
  // Taken out of the arguments before this parser (take_language); here for --help.
  std::string help_language;
  app.add_option("--lang", help_language,
                 tr("the language of the messages and this help, anywhere on the command line: en or ru "
                    "(default: the environment's, LANGUAGE, LC_ALL, LC_MESSAGES or LANG; marshal print and "
                    "marshal audit speak the event's language unless it is given)"));

  ConflictOptions resolve_opts;
  const std::string conflict_kinds = "duel, shootout, fistfight, brawl, accusation, chase";  // i18n: not words
  auto* resolve = app.add_subcommand(
      "resolve",
      tr("Resolve a conflict: JSON in (participants, choices, cards), every step and the outcome "
         "out. Cards left out are drawn from a freshly shuffled action deck and reported as "
         "\"virtual\"; given all cards the result is fully deterministic."));
  add_conflict_options(*resolve, resolve_opts, conflict_kinds);
  resolve->add_flag("--physical", resolve_opts.physical,
                    tr("physical deck: every card must be given in the input; none is drawn"));
  resolve->add_flag("--story", resolve_opts.story, tr("print the steps as plain sentences, not JSON"));
  resolve->get_option("KIND")->check(CLI::IsMember(protocol::conflict_kinds()));

  ConflictOptions odds_opts;
  auto* odds = app.add_subcommand(
      "odds",
      tr("Exact odds before a draw (enumerated under the 50-card deck without replacement) and a "
         "Monte Carlo estimate of the whole conflict with its standard error. For a tabletop "
         "Savage Worlds trait roll: marshal odds trait --die d8 [--wild d6] [--mod N] [--tn N] "
         "[--rules savage|deadlands-1876|deadlands-ru] [--wounds N] [--bennies K] [--json]; also marshal odds fate, "
         "serial [--compound], luck [--named N], marker --die dN, group --count N and multi --actions N; "
         "and damage --dice 2d6 --toughness N [--mod N] [--raise] [--joker] [--shaken], soak --vigor d8 --wounds N and "
         "incapacitation --vigor d8 (each with --help)."));
  add_conflict_options(*odds, odds_opts, "shot, " + conflict_kinds);
  odds->get_option("KIND")->check(
      CLI::IsMember({"shot", "duel", "shootout", "fistfight", "brawl", "accusation", "chase"}));

  RollArgs roll_args;
  auto* roll = app.add_subcommand(
      "roll", tr("Roll a Savage Worlds trait roll (tabletop games, docs/tabletop.md): one JSON object a "
                 "line with each die's rolls (Aces included), the result, success, raises, critical "
                 "failure and success"));
  add_trait_options(*roll, roll_args.trait);
  roll->add_option("--seed", roll_args.seed,
                   tr("seed for the dice (hex or any text); without it the operating system's randomness"));
  roll->add_option("--times", roll_args.times, tr("how many rolls, 1..100000 (default 1)"))->check(CLI::Range(1, 100000));
  roll->add_flag("--json", roll_args.trait.json, tr("JSON lines (the only form; accepted like every tabletop verb's)"));

  std::string demo_seed = "1875", demo_event = paths::sample_event("lincoln-1875").string(), demo_db;
  auto* demo = app.add_subcommand(
      "demo", tr("Create a ledger for the sample town, resolve and record a duel and a shootout "
                 "step by step, and audit the ledger"));
  demo->add_option("--seed", demo_seed, tr("seed for the shuffles and codes (default 1875)"));
  demo->add_option("--event", demo_event, tr("the event folder (default: the sample Lincoln 1875 town)"));
  demo->add_option("--db", demo_db, tr("the ledger file to create (default: a new file in the temp folder)"));

  std::string event_dir, db_path;
  auto* init = app.add_subcommand(
      "init",
      tr("Create a ledger from an event folder of CSV files (docs/event-format.md). Everything is "
         "checked first; with any problem, each is listed (file, line, column, reason) and nothing "
         "is written. Every card gets its code."));
  init->add_option("EVENT_DIR", event_dir, tr("the event folder, e.g. events/lincoln-1875"))
      ->required();
  init->add_option("--db", db_path, tr("the ledger file to create (must not exist)"))->required();

  auto* verify = app.add_subcommand(
      "verify",
      tr("Audit a ledger: recompute the hash chain, replay every event (every resolution through "
         "the rules again) and compare the rebuilt tables. Names the first event that fails."));
  verify->add_option("--db", db_path, tr("the ledger file"))->required();

  AuditOptions audit_opts;
  auto* audit = app.add_subcommand(
      "audit",
      tr("Prove a ledger file after the evening: the hash chain, anchors kept outside the file "
         "(marshal head, the stations' caches), every event replayed through the rules, the rebuilt "
         "tables, who was enrolled to write, the refusal trail, the fairness of the draws, and the "
         "evening's story. One line per check (PASS, WARN, FAIL); in DIR: report.html and report.pdf "
         "with charts, summary.json with every figure, and CSV tables (docs/audit.md). Exit 0 no "
         "check failed, 1 a check failed (or warned, with --strict), 2 usage error."));
  audit->add_option("--db", audit_opts.db_path, tr("the ledger file"))->required();
  audit->add_option("--out", audit_opts.out_dir, tr("the folder to write the report to (made if missing)"))->required();
  audit->add_option("--anchor", audit_opts.anchors,
                    tr("a head SEQ:HASH (or a refusal trail's rID:HASH) from marshal head or the server's log; give "
                       "every one you have"));
  audit->add_option("--station-cache", audit_opts.station_caches,
                    tr("a GM station's cache file (the .db beside its settings): every record it made is an anchor; "
                       "give every one you have"));
  audit->add_flag("--strict", audit_opts.strict, tr("a warning fails the audit too"));
  // Taken out of the arguments with the global --lang (take_language): here for --help.
  audit->add_option("--lang", audit_opts.language,
                    tr("the report's language: en or ru (default: the event's, options.csv language)"))
      ->check(CLI::IsMember(i18n::known_languages()));

  bool head_full = false;
  auto* head = app.add_subcommand(
      "head", tr("Print the ledger's head (last event number and hash) as one short line to write "
                 "down or photograph: an anchor for marshal audit"));
  head->add_option("--db", db_path, tr("the ledger file"))->required();
  head->add_flag("--full", head_full, tr("the whole hash (64 hex digits), not its first 16"));

  std::string backup_to;
  auto* backup = app.add_subcommand(
      "backup", tr("Copy a ledger into a folder (a USB stick), even while it is served, check the copy's hash chain and "
                   "replay every event, then name it by the time: NAME-YYYYMMDD-HHMMSSZ.db. Prints the copy's head, an "
                   "anchor for marshal audit (docs/server.md, Backups)"));
  backup->add_option("--db", db_path, tr("the ledger file"))->required();
  backup->add_option("--to", backup_to, tr("the folder to copy into (made if missing)"))->required();

  std::string record_type, record_input = "-", station = "admin";
  auto* record = app.add_subcommand(
      "record", tr("Append one event to a ledger as the admin station (docs/ledger.md lists the "
                   "types and their JSON)"));
  record->add_option("TYPE", record_type, tr("the event type, e.g. trick_flipped"))->required();
  record->add_option("INPUT", record_input, tr("JSON payload file, or - for standard input (default)"));
  record->add_option("--db", db_path, tr("the ledger file"))->required();
  record->add_option("--station", station, tr("who records it (default admin)"));

  ServeOptions serve_opts;
  auto* serve = app.add_subcommand(
      "serve", tr("Serve a ledger to GM stations and kiosks over HTTPS/JSON with the ledger's own key, made on "
                  "first start beside the ledger file and pinned by every enrollment card (docs/server.md)"));
  serve->add_option("--db", serve_opts.db_path, tr("the ledger file"))->required();
  serve->add_option("--listen", serve_opts.listen, tr("address and port to listen on (default 0.0.0.0:8080)"));
  serve->add_option("--port-file", serve_opts.port_file, tr("write the port listened on to this file (for port 0)"));
  serve->add_flag("--insecure-http", serve_opts.insecure_http,
                  tr("plain HTTP without TLS, only with --listen on 127.0.0.1 (a ledger for this machine alone)"));
  serve->add_option("--backup-to", serve_opts.backup_to,
                    tr("take a backup into this folder (a USB stick) every --every, as marshal backup does"));
  serve->add_option("--every", serve_opts.backup_every, tr("how often with --backup-to: 90s, 5m, 1h (default 5m)"));
  serve->add_flag("--new-key", serve_opts.new_key,
                  tr("make a new TLS key (the old one lost or stolen); every station must enrol again with a new card"));
  serve->add_option("--standby-of", serve_opts.standby_of,
                    tr("run as a standby of this primary, https://HOST:PORT#sha256=PIN: follow its chain into --db "
                       "(made when missing), serve reads, take no writes until marshal promote (docs/server.md)"));
  serve->add_option("--code", serve_opts.code,
                    tr("a standby's enrolment code, on its first start (marshal station add NAME --role standby on "
                       "the primary)"));
  serve->add_option("--advertise", serve_opts.advertise,
                    tr("a standby's address as stations reach it, https://HOST:PORT (default: --listen's, when it names "
                       "one address): the primary tells the stations, so they go on here after marshal promote"));

  bool promote_force = false;
  auto* promote = app.add_subcommand(
      "promote", tr("Make a standby ledger the primary when the primary is gone: a new epoch in its chain, so that "
                    "stations refuse the old one (docs/server.md, A standby ledger)"));
  promote->add_option("--db", db_path, tr("the standby's ledger file"))->required();
  promote->add_flag("--force", promote_force,
                    tr("promote even though the primary still answers or the standby was behind it (events may be "
                       "lost: the stations' outboxes send theirs again)"));

  std::string station_name, station_role;
  auto* station_cmd = app.add_subcommand("station", tr("Add, rotate or revoke a GM station or kiosk"));
  station_cmd->require_subcommand(1);
  auto* station_add = station_cmd->add_subcommand(
      "add", tr("Add a station and print its one-time enrollment code"));
  station_add->add_option("NAME", station_name, tr("the station's name, e.g. saloon-gm"))->required();
  station_add->add_option("--role", station_role, tr("gm, kiosk or standby (another ledger server following this one: docs/server.md)"))->required();
  station_add->add_option("--db", db_path, tr("the ledger file"))->required();
  std::string station_card, station_server;
  station_add->add_option("--card", station_card,
                          tr("also print the station's enrollment card to this PDF: one QR code with the server's "
                             "address and the code, for a kiosk to scan (needs --server)"));
  station_add->add_option("--server", station_server, tr("the ledger server's address as stations reach it, e.g. "
                                                         "https://10.0.0.2:8080 (with --card)"));
  auto* station_rotate = station_cmd->add_subcommand(
      "rotate", tr("End a station's token at once and print a new enrollment code (and card) for it to enrol again"));
  station_rotate->add_option("NAME", station_name, tr("the station's name"))->required();
  station_rotate->add_option("--db", db_path, tr("the ledger file"))->required();
  station_rotate->add_option("--card", station_card, tr("also print the new enrollment card to this PDF (needs --server)"));
  station_rotate->add_option("--server", station_server,
                             tr("the ledger server's address as stations reach it, e.g. https://10.0.0.2:8080"));
  auto* station_revoke = station_cmd->add_subcommand("revoke", tr("End a station's access at once"));
  station_revoke->add_option("NAME", station_name, tr("the station's name"))->required();
  station_revoke->add_option("--db", db_path, tr("the ledger file"))->required();

  std::string pin_badge;
  auto* pins = app.add_subcommand(
      "pins", tr("Print every character's 4-digit kiosk PIN as CSV (badge,name,pin) for the organisers; "
                 "the PINs are on the character sheets too (docs/kiosk.md)"));
  pins->add_option("--db", db_path, tr("the ledger file"))->required();
  pins->fallthrough();  // `marshal pins reset BADGE --db FILE` reads --db here
  auto* pin_reset =
      pins->add_subcommand("reset", tr("Give one character a new PIN (a PIN seen by others) and print it"));
  pin_reset->add_option("BADGE", pin_badge, tr("the character's badge code"))->required();

  PrintOptions print_opts;
  std::string character;
  auto* print =
      app.add_subcommand("print", tr("Print-ready PDFs: packets, decks, GM reference sheets, one card"));
  print->require_subcommand(1);
  auto add_print = [&](const char* name, const std::string& about, const std::string& out_help) {
    auto* cmd = print->add_subcommand(name, about);
    cmd->add_option("--db", print_opts.db_path, tr("the ledger file"))->required();
    cmd->add_option("--out", print_opts.out, out_help)->required();
    cmd->add_option("--paper", print_opts.paper, tr("a4 (default) or letter"))
        ->check(CLI::IsMember({"a4", "letter"}));
    // Taken out of the arguments with the global --lang (take_language): here for --help.
    cmd->add_option("--lang", print_opts.language,
                    tr("the language to print in: en or ru (default: the event's, options.csv language)"))
        ->check(CLI::IsMember(i18n::known_languages()));
    return cmd;
  };
  auto* print_packets = add_print(
      "packets", tr("Every character's packet: character sheet, badge, powers, secrets, horses, bystanders, tricks"),
      tr("the folder to write the PDFs to"));
  print_packets->add_option("--character", character, tr("only this character's packet"));
  print_packets->add_flag("--combined", print_opts.combined,
                          tr("one PDF with every packet in envelope-stuffing order (packets.pdf)"));
  add_print("decks", tr("The 50-card action deck and the chase location deck, with fold-over backs"),
            tr("the folder to write action-deck.pdf and location-deck.pdf to"));
  add_print("reference", tr("GM reference sheets for every conflict"), tr("the folder to write gm-reference.pdf to"));
  auto* print_card = add_print("card", tr("One card on its own (re-issued or bestowed)"), tr("the PDF file to write"));
  print_card->add_option("CODE", print_opts.code, tr("the card's code"))->required();
  add_print("tokens",
            tr("Every live token of fortune (tabletop: Luck Charm, Burn Card, Hole Card, Kicker, Connection "
               "Marker) on cards with their codes"),
            tr("the PDF file to write"));

  // Listed here for --help only: run() hands `marshal twtw ...` to run_twtw() before this parser.
  app.add_subcommand("twtw", tr("The West That Wasn't (tabletop, seed 003) action time: marshal twtw ranged-tn | fan | "
                                "damage | defense | order | deck [--json]; see marshal twtw --help and docs/twtw.md"));

  std::vector<std::string> scan_images;
  auto* scan = app.add_subcommand(
      "scan", tr("Find the QR codes in image files (PNG, JPEG) with the stations' decoder and say "
                 "whether each is a well-formed Marshal card code"));
  scan->add_option("IMAGE", scan_images, tr("image files, e.g. pages from pdftoppm or camera photos"))
      ->required();
  word_groups(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e, out, err);
    // marshal audit keeps its own exit codes (docs/audit.md): 2 for a usage error.
    if (code != 0 && audit->parsed()) return audit_usage;
    return code == 0 ? exit_ok : exit_usage;
  }
  // --lang, taken out of the arguments, speaks for print and audit too (wherever it was given).
  if (!words.language.empty()) print_opts.language = audit_opts.language = words.language;

  if (resolve->parsed())
    return json_verb(resolve_opts, in, out, err, [&](const protocol::Json& input, core::Csprng& rng) {
      return protocol::resolve(resolve_opts.kind, input, resolve_opts.physical ? nullptr : &rng);
    });
  if (odds->parsed())
    return json_verb(odds_opts, in, out, err, [&](const protocol::Json& input, core::Csprng& rng) {
      return protocol::odds(odds_opts.kind, input, rng);
    });
  if (scan->parsed()) return run_scan(scan_images, out, err);
  if (print->parsed()) {
    for (auto* sub : print->get_subcommands()) print_opts.what = sub->get_name();
    if (!character.empty()) print_opts.character = character;
    return run_print(print_opts, out, err);
  }
  if (serve->parsed()) return run_serve(serve_opts, out, err);
  if (promote->parsed()) return run_promote(db_path, promote_force, out, err);
  if (station_rotate->parsed())
    return run_station_rotate(db_path, station_name, station_card, station_server, out, err);
  if (station_add->parsed())
    return run_station_add(db_path, station_name, station_role, station_card, station_server, out, err);
  if (station_revoke->parsed()) return run_station_revoke(db_path, station_name, out, err);
  if (pin_reset->parsed()) return run_pin_reset(db_path, pin_badge, out, err);
  if (pins->parsed()) return run_pins(db_path, out, err);
  if (init->parsed()) return run_init(event_dir, db_path, out, err);
  if (verify->parsed()) return run_verify(db_path, out, err);
  if (backup->parsed()) return run_backup(db_path, backup_to, out, err);
  if (audit->parsed()) return run_audit(audit_opts, out, err);
  if (roll->parsed()) return run_roll(roll_args, out, err);
  if (head->parsed()) return run_head(db_path, head_full, out, err);
  if (record->parsed()) return run_record(db_path, record_type, record_input, station, in, out, err);
  return run_demo(demo_seed, demo_event, demo_db, out, err);
}

}  // namespace marshal::cli
