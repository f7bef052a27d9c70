// No words for a person left out of the catalogue: every string literal in the folders below
// that reads as words ("Scan your badge", "Cancel") sits inside tr(), trn(), wx_tr(), wx_trn()
// (shared/i18n/translate.h) or say() (shared/i18n/sentence.h), or on the short allow-list of
// texts that are not words for a reader (font names, SQL, identifiers). A line may also say why it is not a reader's text with a
// comment containing "i18n: not words".
//
// The folders are every one that makes text a person reads (docs/i18n.md, "What is translated").
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// shared/i18n is not among them: its own few messages say a catalogue cannot be read, and are in
// English because no catalogue could be.
const std::vector<std::string> checked_folders{
    "kiosk",     "printables", "gmstation", "shared/ui", "shared/core", "shared/protocol", "shared/client",
    "db/ledger", "db/server",  "db/cli",    "db/import", "db/audit",    "db/store"};

// Literal texts that look like words and are not: what each is stands beside it.
const std::set<std::string> not_words{
    "DejaVu Sans", "DejaVu Sans Bold", "DejaVu Sans Mono", "DejaVu Serif",  // font families
    "Marshal",                                                   // the program's name
};

struct Literal {
  std::size_t begin = 0;  // the opening quote
  std::size_t end = 0;    // one past the closing quote
  std::string text;       // as written, escapes unprocessed
};

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Every string literal of a C++ source, skipping comments, character literals and raw strings.
std::vector<Literal> literals_of(const std::string& code) {
  std::vector<Literal> found;
  for (std::size_t i = 0; i < code.size();) {
    if (code.compare(i, 2, "//") == 0) {
      i = code.find('\n', i);
      if (i == std::string::npos) break;
    } else if (code.compare(i, 2, "/*") == 0) {
      i = code.find("*/", i + 2);
      if (i == std::string::npos) break;
      i += 2;
    } else if (code[i] == '\'') {
      for (++i; i < code.size() && code[i] != '\''; ++i)
        if (code[i] == '\\') ++i;
      ++i;
    } else if (code[i] == 'R' && i + 1 < code.size() && code[i + 1] == '"' && (i == 0 || !is_identifier_char(code[i - 1]))) {
      // A raw string R"DELIM(...)DELIM": markup and templates here (an HTML page), not words.
      const std::size_t open = code.find('(', i);
      const std::string close = ")" + code.substr(i + 2, open - i - 2) + "\"";
      const std::size_t end = code.find(close, open);
      i = end == std::string::npos ? code.size() : end + close.size();
    } else if (code[i] == '"') {
      Literal l;
      l.begin = i;
      for (++i; i < code.size() && code[i] != '"'; ++i) {
        if (code[i] == '\\') l.text += code[i++];
        l.text += code[i];
      }
      l.end = ++i;
      found.push_back(l);
    } else {
      ++i;
    }
  }
  return found;
}

// Whether the literal at `at` is an argument of a marking call: walking back to the first
// parenthesis left open, over other literals and balanced parentheses, that parenthesis is
// tr(, trn(, wx_tr( or wx_trn(.
bool marked(const std::string& code, const std::vector<Literal>& all, std::size_t index) {
  std::size_t i = all[index].begin;
  std::size_t previous = index;
  int depth = 0;
  while (i > 0) {
    --i;
    if (previous > 0 && i + 1 == all[previous - 1].end) {  // step over a literal as a whole
      i = all[--previous].begin;
      continue;
    }
    const char c = code[i];
    if (c == ')') ++depth;
    else if (c == '(' && depth > 0) --depth;
    else if (c == '(') {
      std::size_t end = i;
      while (end > 0 && code[end - 1] == ' ') --end;
      std::size_t start = end;
      while (start > 0 && is_identifier_char(code[start - 1])) --start;
      const std::string name = code.substr(start, end - start);
      return name == "tr" || name == "trn" || name == "wx_tr" || name == "wx_trn" || name == "say";
    } else if ((c == ';' || c == '{' || c == '}') && depth == 0) {
      return false;
    }
  }
  return false;
}

bool reads_as_words(const std::string& text) {
  static const std::regex two_words("[A-Za-z]{2,}[,:;.!?']? [A-Za-z]{2,}");
  static const std::regex one_word("[A-Z][a-z]{2,}[.:!?]?");
  // SQL (or a line of it), and markup (an HTML row).
  static const std::regex not_text("^(<.*|.*\\b(SELECT|INSERT|CREATE|UPDATE|DELETE|PRAGMA|BEGIN|FROM|WHERE|ORDER BY|JOIN)\\b.*)");
  if (not_words.count(text) || std::regex_match(text, not_text)) return false;
  return std::regex_search(text, two_words) || std::regex_match(text, one_word);
}

std::string line_of(const std::string& code, std::size_t at) {
  const std::size_t start = code.rfind('\n', at) + 1;
  return code.substr(start, code.find('\n', at) - start);
}

}  // namespace

TEST_CASE("every text a person reads in the translated folders is marked for translation", "[i18n][marked]") {
  std::vector<std::string> unmarked;
  std::size_t seen = 0;
  for (const auto& folder : checked_folders)
    for (const auto& entry : fs::directory_iterator(fs::path(MARSHAL_SOURCE_DIR) / folder)) {
      const auto extension = entry.path().extension();
      if (extension != ".cpp" && extension != ".h") continue;
      std::ifstream in(entry.path());
      std::stringstream buffer;
      buffer << in.rdbuf();
      const std::string code = buffer.str();
      const auto all = literals_of(code);
      for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string line = line_of(code, all[i].begin);
        if (line.rfind("#include", 0) == 0 || line.find("i18n: not words") != std::string::npos) continue;
        if (!reads_as_words(all[i].text)) continue;
        ++seen;
        if (!marked(code, all, i)) {
          const auto line_number = 1 + std::count(code.begin(), code.begin() + static_cast<long>(all[i].begin), '\n');
          unmarked.push_back(folder + "/" + entry.path().filename().string() + ":" + std::to_string(line_number) +
                             ": \"" + all[i].text + "\"");
        }
      }
    }
  std::string list;
  for (const auto& u : unmarked) list += u + "\n";
  INFO("texts not marked with tr()/trn()/wx_tr()/wx_trn():\n" << list);
  CHECK(unmarked.empty());
  CHECK(seen > 100);  // the scan finds the texts at all
}

TEST_CASE("the scan tells a marked text from an unmarked one", "[i18n][marked]") {
  const std::string code = R"CODE(
    label(page, wx_tr("Scan your badge"), 44);
    label(page, "Hold it under the scanner", 18);
    auto t = fmt::format(fmt::runtime(tr("Sell {} to {}?")), horse, buyer);
    auto n = trn("{} card", "{} cards", count);
    auto joined = tr("one long "
                     "sentence");
    show(ui::utf8(fmt::format(fmt::runtime(tr("{} is {}")), f("Not this"), x)));
    // "a comment with words" is no literal
    char c = '"'; auto after = "After a quote char";
    auto page = R"(<p class="x">Not words here</p>)";
  )CODE";
  const auto all = literals_of(code);
  std::vector<std::string> texts;
  std::vector<bool> marks;
  for (std::size_t i = 0; i < all.size(); ++i) {
    texts.push_back(all[i].text);
    marks.push_back(marked(code, all, i));
  }
  CHECK(texts == std::vector<std::string>{"Scan your badge", "Hold it under the scanner", "Sell {} to {}?", "{} card",
                                          "{} cards", "one long ", "sentence", "{} is {}", "Not this",
                                          "After a quote char"});
  CHECK(marks == std::vector<bool>{true, false, true, true, true, true, true, true, false, false});
  CHECK(reads_as_words("Scan your badge"));
  CHECK(reads_as_words("Cancel"));
  CHECK_FALSE(reads_as_words("SELECT value FROM kiosk_settings"));
  CHECK_FALSE(reads_as_words("characters ORDER BY id"));
  CHECK_FALSE(reads_as_words("<tr><td class=\"status {}\">{}</td></tr>"));
  CHECK_FALSE(reads_as_words("DejaVu Sans"));
  CHECK_FALSE(reads_as_words("token"));
  CHECK_FALSE(reads_as_words("{}/{}"));
}
