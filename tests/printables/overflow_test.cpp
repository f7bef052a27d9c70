// Text that cannot fit is refused, never cut off or printed too small: a secret of 3,000
// characters stops the job with a refusal naming the card by its code, and no PDF and no partial
// file is left for that character.
#include "printables_test_helpers.h"

#include "printables/cards.h"
#include "printables/print_jobs.h"

#include <tuple>

using namespace marshal;
using namespace marshal::printables;
using namespace marshal::printables::testing;

namespace {

const std::string holder = "Sheriff Amos Brady";
const std::string title = "Rangers Together";

// `length` characters of plain words (no comma, quote or line break).
std::string words_of_length(std::size_t length) {
  std::string words;
  while (words.size() < length) words += "Brady and Mulroney rode together in the Texas Rangers and nobody may know. ";
  words.resize(length);
  while (!words.empty() && words.back() == ' ') words.back() = '.';
  return words;
}

// The sample event copied into `dir` with the Sheriff's "Rangers Together" row of secrets.csv
// replaced by `new_title` and `text`.
fs::path event_with_secret(const TempDir& dir, const std::string& new_title, const std::string& text) {
  fs::path event = dir.path() / "event";
  fs::copy(sample_event_dir(), event, fs::copy_options::recursive);
  std::string csv = read_text(event / "secrets.csv");
  const std::string start = holder + "," + title + ",";
  auto at = csv.find(start);
  REQUIRE(at != std::string::npos);
  auto end = csv.find('\n', at);
  REQUIRE(end != std::string::npos);
  csv.replace(at, end - at, holder + "," + new_title + "," + text);
  write_text(event / "secrets.csv", csv);
  return event;
}

// Gives the Sheriff's "Rangers Together" secret 3,000 characters of text in the definition.
void long_secret(db::EventDefinition& definition) {
  int edited = 0;
  for (auto& card : definition.cards)
    if (card.kind == "secret" && card.holder == holder && card.title == title) {
      card.detail["text"] = words_of_length(3000);
      ++edited;
    }
  REQUIRE(edited == 1);
}

// The refusal the job throws, or a failure when it does not throw one.
std::string refusal_of(const std::function<void()>& job) {
  try {
    job();
  } catch (const PrintRefusal& refusal) {
    return refusal.what();
  }
  FAIL("the job was not refused");
  return "";
}

bool names_code(const std::string& message, const std::string& code) {
  return message.find(code) != std::string::npos ||
         message.find(core::format_card_code(code)) != std::string::npos;
}

bool any_partial(const fs::path& dir) {
  for (const auto& name : files_in(dir))
    if (name.find("partial") != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("overflow: the CSV import refuses a 3,000-character secret, naming the row", "[printables][overflow]") {
  TempDir dir;
  fs::path event = event_with_secret(dir, title, words_of_length(3000));
  db::ImportResult imported = db::import_event(event.string(), seeded_code_maker(1));
  REQUIRE(imported.errors.size() == 1);
  const std::string error = imported.errors.front().to_string();
  INFO(error);
  CHECK(error.find("secrets.csv") != std::string::npos);
  CHECK(error.find("line 5") != std::string::npos);
  CHECK(error.find("text") != std::string::npos);
}

TEST_CASE("overflow: 600 characters of secret, the import's limit, print under a short title",
          "[printables][overflow]") {
  TempDir dir;
  TestLedger t(event_with_secret(dir, title, words_of_length(600)));
  const db::CardDef& secret = t.card("secret", holder, title);
  REQUIRE(secret.detail.value("text", "").size() == 600);
  PrintResult r = print_card(t.model(), secret.code, (dir.path() / "longest.pdf").string(), Paper::a4);
  CHECK(r.cards == 1);
  PdfCodes read = decode_pdf(dir.path() / "longest.pdf", 150, dir.path() / "png");
  CHECK(read.counts == std::map<std::string, int>{{secret.code, 1}});
}

// What the CSV import accepts, the printed cards hold: `marshal init` never lets through a text
// that `marshal print` would then refuse.
TEST_CASE("overflow: every text at the import's length limits prints", "[printables][overflow]") {
  TempDir dir;
  const std::string long_title = words_of_length(40);  // secrets.csv title: at most 40
  fs::path event = event_with_secret(dir, long_title, words_of_length(600));
  const std::string rider = "Z" + words_of_length(59);  // characters.csv name: at most 60
  const std::string horse = words_of_length(30);        // horses.csv name: at most 30
  write_text(event / "characters.csv", read_text(event / "characters.csv") + rider + ",,1,1,1,1,1,,\n");
  write_text(event / "horses.csv",
             read_text(event / "horses.csv") + rider + ",Pinto,2\n" + holder + "," + horse + ",3\n");
  TestLedger t(event);
  for (const auto& [kind, who, card_title] :
       {std::tuple<std::string, std::string, std::string>{"secret", holder, long_title},
        {"horse", rider, "Pinto"},
        {"horse", holder, horse}}) {
    const db::CardDef& card = t.card(kind, who, card_title);
    INFO(kind << " \"" << card_title << "\" of " << who);
    CHECK_NOTHROW(print_card(t.model(), card.code, (dir.path() / "card.pdf").string(), Paper::a4));
  }
}

TEST_CASE("overflow: a 3,000-character secret is refused, naming the card, and leaves no file",
          "[printables][overflow]") {
  // The CSV import refuses such a text (above), so it is put into the definition the ledger is
  // made from: a ledger may hold what a later import version or a hand-made definition allowed.
  TempDir dir;
  TestLedger t(sample_event_dir(), 1875, long_secret);
  const db::CardDef& secret = t.card("secret", holder, title);
  REQUIRE(secret.detail.value("text", "").size() == 3000);
  const std::string slug = file_slug(holder);

  SECTION("every packet, one file each: the refusal stops at the Sheriff") {
    const fs::path out = dir.path() / "packets";
    std::string message =
        refusal_of([&] { print_packets(t.model(), out.string(), Paper::a4, std::nullopt, false); });
    INFO(message);
    CHECK(names_code(message, secret.code));
    CHECK(message.find(title) != std::string::npos);
    CHECK(!fs::exists(out / (slug + ".pdf")));
    CHECK(!any_partial(out));
    // What was written is the packets of the characters before the Sheriff, complete.
    std::set<std::string> before;
    for (const auto& c : t.definition().characters) {
      if (c.name == holder) break;
      before.insert(file_slug(c.name) + ".pdf");
    }
    for (const auto& name : files_in(out)) CHECK(before.count(name) == 1);
  }
  SECTION("the Sheriff's packet alone") {
    const fs::path out = dir.path() / "one";
    std::string message = refusal_of([&] { print_packets(t.model(), out.string(), Paper::letter, holder, false); });
    INFO(message);
    CHECK(names_code(message, secret.code));
    CHECK(files_in(out).empty());
  }
  SECTION("every packet in one file: no packets.pdf") {
    const fs::path out = dir.path() / "combined";
    std::string message =
        refusal_of([&] { print_packets(t.model(), out.string(), Paper::a4, std::nullopt, true); });
    INFO(message);
    CHECK(names_code(message, secret.code));
    CHECK(files_in(out).empty());
  }
  SECTION("the secret card alone") {
    const std::string file = (dir.path() / "secret.pdf").string();
    std::string message = refusal_of([&] { print_card(t.model(), secret.code, file, Paper::a4); });
    INFO(message);
    CHECK(names_code(message, secret.code));
    CHECK(!fs::exists(file));
    CHECK(!any_partial(dir.path()));
  }
  SECTION("the other characters still print, the Sheriff's other secret too") {
    const fs::path out = dir.path() / "mayor";
    PrintResult r = print_packets(t.model(), out.string(), Paper::a4, "Zechariah Chamberlain", false);
    CHECK(r.files.size() == 1);
    const db::CardDef& other = t.card("secret", holder, "The House Payroll");
    PrintResult one = print_card(t.model(), other.code, (out / "other.pdf").string(), Paper::a4);
    CHECK(one.cards == 1);
    CHECK(files_in(out) == std::vector<std::string>{"other.pdf", "zechariah-chamberlain.pdf"});
  }
}
