// The words the import and the audit make, in the user's language (docs/i18n.md): an event
// file's error names its file, line and column in Russian as in English; the audit's evidence, a
// check's name (its title) and a character's fate read Russian, while what a program reads stays
// English: a check's name (its code), its status, its figures' keys and codes.
#include <catch2/catch.hpp>

#include "audit/audit.h"
#include "db_test_helpers.h"
#include "server/stations.h"
#include "support/in_language.h"

using namespace marshal::db;
using namespace marshal::db::testing;
using marshal::test_support::InLanguage;

namespace {

// The one error of a sample folder with one cell broken (`from` replaced by `to` in `file`).
ImportError words_only_error(const TempDir& dir, const std::string& file, const std::string& from,
                             const std::string& to) {
  fs::path folder = copy_sample(dir);
  replace_in_file(folder / file, from, to);
  ImportResult r = import_event(folder.string(), seeded_code_maker(7));
  INFO(all_errors(r));
  REQUIRE(r.errors.size() == 1);
  return r.errors.front();
}

ImportError horse_rated_seven(const TempDir& dir) {
  return words_only_error(dir, "horses.csv", "Sheriff Amos Brady,Brimstone,3", "Sheriff Amos Brady,Brimstone,7");
}

ImportError mayor_misspelt(const TempDir& dir) {
  return words_only_error(dir, "bystanders.csv", "Zechariah Chamberlain,\"Mr. Tolliver",
                          "Zechariah Chamberlin,\"Mr. Tolliver");
}

ImportError horse_colour_column(const TempDir& dir) {
  return words_only_error(dir, "horses.csv", "character,name,rating", "character,name,rating,colour");
}

// A ledger whose horse sale was altered after it was written (the chain check names it), with a
// duel (Cole Varney killed) and a kiosk whose role was edited to gm in the file.
std::string tampered_evening(TestLedger& t) {
  std::string code = add_station(t.db(), "lobby-kiosk", Role::kiosk, t.now_ms());
  REQUIRE(enroll_station(t.db(), code, t.now_ms()));
  t.accept("conflict_resolved", kid_kills_cole(t));
  t.accept("horse_sold", {{"horse", t.held("Kid Calloway", "horse").at(0)}, {"from", t.badge("Kid Calloway")},
                          {"to", t.badge("Reginald Ashby")}});
  t.close();
  Database db(t.path(), false);
  db.exec("DROP TRIGGER IF EXISTS events_no_update;");
  db.exec(R"(UPDATE events SET payload = replace(payload, '"to":', '"tO":') WHERE type = 'horse_sold')");
  db.exec("UPDATE stations SET role = 'gm' WHERE name = 'lobby-kiosk'");
  return std::to_string(db.scalar_int("SELECT seq FROM events WHERE type = 'horse_sold'"));
}

const Json& person_named(const AuditCheck& characters, const std::string& name) {
  for (const auto& c : characters.figures["characters"])
    if (c["name"] == name) return c;
  FAIL("no character " << name);
  return characters.figures;
}

}  // namespace

TEST_CASE("an event file's error names its file, line and column in English", "[db][import][i18n]") {
  TempDir dir;
  ImportError rated = horse_rated_seven(dir);
  CHECK(rated.reason == "7 is out of range 0 to 4");
  CHECK(rated.to_string() == "horses.csv line 3, column 3 (rating): 7 is out of range 0 to 4");

  TempDir other;
  ImportError misspelt = mayor_misspelt(other);
  CHECK(misspelt.to_string() ==
        "bystanders.csv line 3, column 1 (character): unknown character 'Zechariah Chamberlin' (did you mean "
        "'Zechariah Chamberlain'?)");

  TempDir third;
  ImportError column = horse_colour_column(third);
  CHECK(column.to_string() ==
        "horses.csv line 1, column 4 (colour): unknown column 'colour' (the columns are: character, name, rating)");

  ImportResult none = import_event(third.file("no-such-folder"), seeded_code_maker(7));
  REQUIRE(none.errors.size() == 1);
  CHECK(none.errors.front().to_string() == third.file("no-such-folder") + ": is not a folder of CSV files");
}

TEST_CASE("an event file's error reads in Russian with its file, line and column", "[db][import][i18n][ru]") {
  InLanguage ru("ru");
  TempDir dir;
  ImportError rated = horse_rated_seven(dir);
  // Where it is stays as the file has it: the file's and the column's names are data.
  CHECK(rated.file == "horses.csv");
  CHECK(rated.line == 3);
  CHECK(rated.column == 3);
  CHECK(rated.column_name == "rating");
  CHECK(rated.reason == "7 — вне диапазона от 0 до 4");
  CHECK(rated.to_string() == "horses.csv, строка 3, столбец 3 (rating): 7 — вне диапазона от 0 до 4");

  TempDir other;
  CHECK(mayor_misspelt(other).to_string() ==
        "bystanders.csv, строка 3, столбец 1 (character): неизвестный персонаж «Zechariah Chamberlin» (может быть, "
        "«Zechariah Chamberlain»?)");

  TempDir third;
  CHECK(horse_colour_column(third).to_string() ==
        "horses.csv, строка 1, столбец 4 (colour): неизвестный столбец «colour» (столбцы такие: character, name, "
        "rating)");

  ImportResult none = import_event(third.file("no-such-folder"), seeded_code_maker(7));
  REQUIRE(none.errors.size() == 1);
  CHECK(none.errors.front().to_string() == third.file("no-such-folder") + ": не папка с файлами CSV");
}

TEST_CASE("the audit's check names are codes, worded as themselves in English", "[db][audit][i18n]") {
  for (const char* name : {"chain", "anchors", "replay", "projections", "enrolments", "refusal trail", "refusals",
                           "stations", "fairness", "calibration", "deaths", "votes", "characters"})
    CHECK(check_title(name) == name);
  CHECK(check_title("anchor 1234:3f2a9c7d1e0b4a55") == "anchor 1234:3f2a9c7d1e0b4a55");
  CHECK(check_title("station cache saloon-gm") == "station cache saloon-gm");
  CHECK(check_title("no such check") == "no such check");

  TestLedger t;
  std::string seq = tampered_evening(t);
  AuditReport report = audit_ledger(t.path(), {});
  const AuditCheck& chain = check_named(report, "chain");
  CHECK(chain.evidence.rfind("TAMPERED at event " + seq + " (horse_sold, station ", 0) == 0);
  CHECK(chain.evidence.find("its hash does not match its contents: the event was altered") != std::string::npos);
  const AuditCheck& enrolments = check_named(report, "enrolments");
  CHECK(enrolments.evidence.find("station 'lobby-kiosk' has the role gm in the file, but event") == 0);
  REQUIRE(enrolments.figures["problems"].size() == 1);
  CHECK(enrolments.figures["problems"][0] == enrolments.evidence);
  CHECK(person_named(check_named(report, "characters"), "Cole Varney")["fate"] ==
        "dead: killed in a duel by Kid Calloway");
  CHECK(check_named(report, "deaths").evidence == "1 dead. Lawful: Cole Varney (duel by Kid Calloway)");
  Json summary = report.to_json();
  for (const auto& c : summary["checks"]) CHECK(c["title"] == c["name"]);
}

TEST_CASE("the audit's findings and check names read in Russian, its codes stay English", "[db][audit][i18n][ru]") {
  TestLedger t;
  std::string seq = tampered_evening(t);
  InLanguage ru("ru");
  CHECK(check_title("chain") == "цепочка");
  CHECK(check_title("refusal trail") == "журнал отказов");
  CHECK(check_title("anchor 1234:3f2a9c7d1e0b4a55") == "якорь 1234:3f2a9c7d1e0b4a55");
  CHECK(check_title("station cache saloon-gm") == "кэш станции saloon-gm");

  AuditReport report = audit_ledger(t.path(), {});
  // Found by its code, as the report's charts and summary.json's readers find it.
  const AuditCheck& chain = check_named(report, "chain");
  INFO(chain.evidence);
  CHECK(chain.status == CheckStatus::fail);
  CHECK(chain.evidence.rfind("ПОДДЕЛКА в событии " + seq + " (horse_sold, станция ", 0) == 0);
  CHECK(chain.evidence.find("его хеш не совпадает с содержимым: событие изменено") != std::string::npos);
  CHECK(chain.figures["type"] == "horse_sold");

  // A tampering finding: the evidence in Russian, the figures a program reads in English.
  const AuditCheck& enrolments = check_named(report, "enrolments");
  INFO(enrolments.evidence);
  CHECK(enrolments.evidence.find("у станции «lobby-kiosk» в файле роль gm, но событие ") == 0);
  REQUIRE(enrolments.figures["problems"].size() == 1);
  CHECK(enrolments.figures["problems"][0].get<std::string>().find(
            "station 'lobby-kiosk' has the role gm in the file, but event") == 0);

  // What the report shows of the evening: a fate and the deaths.
  CHECK(person_named(check_named(report, "characters"), "Cole Varney")["fate"] ==
        "мёртв: убит на дуэли, стрелял Kid Calloway");
  CHECK(check_named(report, "deaths").evidence == "1 погибший. Законно: Cole Varney (дуэль, стрелял Kid Calloway)");
  CHECK(check_named(report, "anchors").evidence.rfind("якорь не указан", 0) == 0);

  // summary.json: the code, the status and the verdict English; the title and evidence Russian.
  Json summary = report.to_json();
  CHECK(summary["verdict"] == "FAIL");
  bool found = false;
  for (const auto& c : summary["checks"])
    if (c["name"] == "chain") {
      found = true;
      CHECK(c["title"] == "цепочка");
      CHECK(c["status"] == "FAIL");
      CHECK(c["evidence"] == chain.evidence);
    }
  CHECK(found);
}
