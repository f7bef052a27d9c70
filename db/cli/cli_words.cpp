#include "cli/cli_words.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <ostream>
#include <regex>
#include <sstream>
#include <string_view>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "i18n/translate.h"
#include "i18n/utf8_text.h"

namespace marshal::cli {

using i18n::tr;

namespace {

bool starts_with(std::string_view text, std::string_view start) { return text.substr(0, start.size()) == start; }

// CLI11's help with its labels in the user's language, and the left column padded by characters,
// not bytes, so that a translated value name keeps the descriptions in line.
class WordsFormatter : public CLI::Formatter {
 public:
  WordsFormatter() {
    // TRANSLATORS: the help's own words: "Usage: marshal [OPTIONS] SUBCOMMAND", "Positionals:", "--db TEXT REQUIRED",
    // "--pv INT Needs: --av", "--impact Excludes: --brawling", an option's environment variable (Env).
    label("Usage", tr("Usage"));  // i18n: not words (the key)
    label("OPTIONS", tr("OPTIONS"));
    label("SUBCOMMAND", tr("SUBCOMMAND"));
    label("SUBCOMMANDS", tr("SUBCOMMANDS"));
    label("Positionals", tr("Positionals"));  // i18n: not words (the key)
    label("REQUIRED", tr("REQUIRED"));
    label("Env", tr("Env"));  // i18n: not words (the key)
    label("Needs", tr("Needs"));  // i18n: not words (the key)
    label("Excludes", tr("Excludes"));  // i18n: not words (the key)
    // TRANSLATORS: the kinds of value an option takes, in capitals in the help (--db TEXT).
    label("TEXT", tr("TEXT"));
    label("INT", tr("INT"));
    label("UINT", tr("UINT"));
    label("FLOAT", tr("FLOAT"));
    label("BOOLEAN", tr("BOOLEAN"));
    label("CHAR", tr("CHAR"));
    label("NUMBER", tr("NUMBER"));
  }

  // "INT:INT in [1 - 100000]" or "TEXT:{a4,letter}": each part's kind in the user's language.
  std::string type_words(const std::string& type) const {
    static const std::regex range(R"(^([A-Z]+) in \[(.*)\]$)");
    std::string out;
    std::size_t start = 0;
    while (start <= type.size()) {
      std::size_t end = type.find(':', start);
      if (end == std::string::npos) end = type.size();
      const std::string part = type.substr(start, end - start);
      std::smatch m;
      if (std::regex_match(part, m, range))
        // TRANSLATORS: a kind of value (INT) and the range it must be in (1 - 100000).
        out += fmt::format(fmt::runtime(tr("{} in [{}]")), get_label(m[1]), m[2].str());
      else
        out += get_label(part);
      if (end < type.size()) out += ':';
      start = end + 1;
    }
    return out;
  }

  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    std::ostringstream out;
    std::string name = "  " + make_option_name(opt, is_positional) + make_option_opts(opt);
    const std::string description = make_option_desc(opt);
    const std::size_t width = get_column_width(), shown = i18n::characters_in(name);
    out << name;
    if (shown < width) out << std::string(width - shown, ' ');
    if (!description.empty()) {
      if (shown >= width) out << "\n" << std::string(width, ' ');
      for (char c : description) {
        out.put(c);
        if (c == '\n') out << std::string(width, ' ');
      }
    }
    out << "\n";
    return out.str();
  }

  std::string make_option_opts(const CLI::Option* opt) const override {
    std::string text = CLI::Formatter::make_option_opts(opt);
    const std::string type = opt->get_type_name();
    const std::string written = " " + get_label(type);
    if (opt->get_option_text().empty() && opt->get_type_size() != 0 && !type.empty() && starts_with(text, written))
      text = " " + type_words(type) + text.substr(written.size());
    return text;
  }
};

std::string failure_words(const CLI::App* app, const CLI::Error& e) {
  std::string text = parse_error_words(e) + "\n";
  if (const CLI::Option* help = app->get_help_ptr())
    // TRANSLATORS: {} is the help option, --help.
    text += fmt::format(fmt::runtime(tr("Run with {} for more information.")), help->get_name()) + "\n";
  return text;
}

}  // namespace

LanguageArgs take_language(int argc, char** argv) {
  LanguageArgs out;
  if (argc > 0) out.argv.push_back(argv[0]);
  bool options_end = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (!options_end && arg == "--") options_end = true;
    if (!options_end && arg == "--lang") {
      out.language = i + 1 < argc ? argv[++i] : "";
      out.no_language = out.language.empty();
      continue;
    }
    if (!options_end && starts_with(arg, "--lang=")) {
      out.language = arg.substr(7);
      out.no_language = out.language.empty();
      continue;
    }
    out.argv.push_back(argv[i]);
  }
  return out;
}

bool choose_language(const LanguageArgs& args, std::string* problem) {
  // The environment's language; without its catalogue, English.
  if (!i18n::use_language(i18n::language_from_environment(), nullptr)) i18n::use_language("en", nullptr);
  if (args.no_language) {
    // TRANSLATORS: {} is the languages, "en or ru".
    *problem = fmt::format(fmt::runtime(tr("--lang needs a language: {}")), i18n::known_languages_text());
    return false;
  }
  const std::string& requested = args.language;
  if (requested.empty()) return true;
  if (!i18n::is_known_language(requested)) {
    // TRANSLATORS: {0} is what was given after --lang, {1} the languages, "en or ru".
    *problem = fmt::format(fmt::runtime(tr("--lang: no language '{}': Marshal speaks {}")), requested,
                           i18n::known_languages_text());
    return false;
  }
  std::string why;
  if (!i18n::use_language(requested, &why)) {
    *problem = "--lang " + requested + ": " + why;
    return false;
  }
  return true;
}

void speak_words(CLI::App& app) {
  app.formatter(std::make_shared<WordsFormatter>());
  app.set_help_flag("-h,--help", tr("Print this help message and exit"));
  app.failure_message(failure_words);
}

void word_groups(CLI::App& app) {
  // CLI11's default groups.
  const std::string options = "Options", subcommands = "Subcommands";  // i18n: not words
  for (CLI::Option* opt : app.get_options())
    if (opt->get_group() == options) opt->group(tr("Options"));
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    if (sub->get_group() == subcommands) sub->group(tr("Subcommands"));
    word_groups(*sub);
  }
}

std::string parse_error_words(const CLI::Error& e) {
  const std::string what = e.what();
  std::smatch m;
  if (dynamic_cast<const CLI::RequiredError*>(&e)) {
    if (what == "A subcommand is required") return tr("A subcommand is required");  // i18n: not words (CLI11's)
    static const std::regex required(R"(^(\S+) is required$)");
    // TRANSLATORS: {} is an option or an argument (--db, EVENT_DIR) that was not given.
    if (std::regex_match(what, m, required)) return fmt::format(fmt::runtime(tr("{} is required")), m[1].str());
  } else if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    // CLI11's words, matched.
    for (const char* start : {"The following argument was not expected: ",     // i18n: not words
                              "The following arguments were not expected: "})  // i18n: not words
      if (starts_with(what, start)) {
        const std::string extras = what.substr(std::string_view(start).size());
        const auto n = static_cast<std::uint64_t>(std::count(extras.begin(), extras.end(), ' ') + 1);
        // TRANSLATORS: {} is what was typed and not understood.
        return fmt::format(fmt::runtime(i18n::trn("The following argument was not expected: {}",
                                                  "The following arguments were not expected: {}", n)),
                           extras);
      }
  } else if (dynamic_cast<const CLI::ValidationError*>(&e)) {
    static const std::regex out_of_range(R"(^(\S+): Value (.*) not in range (\S+) to (\S+)$)");
    static const std::regex not_member(R"(^(\S+): (.*) not in (\{.*\})$)");
    if (std::regex_match(what, m, out_of_range))
      // TRANSLATORS: {0} is an option (--times), {1} the value given, {2} and {3} the lowest and highest allowed.
      return fmt::format(fmt::runtime(tr("{}: Value {} not in range {} to {}")), m[1].str(), m[2].str(), m[3].str(),
                         m[4].str());
    if (std::regex_match(what, m, not_member))
      // TRANSLATORS: {0} is an option (--paper), {1} the value given, {2} the values allowed ({a4,letter}).
      return fmt::format(fmt::runtime(tr("{}: {} not in {}")), m[1].str(), m[2].str(), m[3].str());
  } else if (dynamic_cast<const CLI::ConversionError*>(&e)) {
    static const std::regex convert(R"(^Could not convert: (\S+) = (.*)$)");
    static const std::regex flag_inputs(R"(^(\S+): too many inputs for a flag$)");
    static const std::regex flag_value(R"(^(\S+): Should be true/false or a number$)");
    if (std::regex_match(what, m, convert))
      // TRANSLATORS: {0} is an option (--dmg), {1} the value given that is not of its kind.
      return fmt::format(fmt::runtime(tr("Could not convert: {} = {}")), m[1].str(), m[2].str());
    if (std::regex_match(what, m, flag_inputs))
      // TRANSLATORS: {} is an option that takes no value (--json).
      return fmt::format(fmt::runtime(tr("{}: too many inputs for a flag")), m[1].str());
    if (std::regex_match(what, m, flag_value))
      return fmt::format(fmt::runtime(tr("{}: Should be true/false or a number")), m[1].str());
  } else if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) {
    static const std::regex missing(R"(^(\S+): (\d+) required (.*) missing$)");
    if (std::regex_match(what, m, missing))
      // TRANSLATORS: {0} is an option (--db), {1} how many values it needs, {2} their kind (TEXT).
      return fmt::format(fmt::runtime(tr("{}: {} required {} missing")), m[1].str(), m[2].str(),
                         WordsFormatter().type_words(m[3].str()));
  } else if (dynamic_cast<const CLI::RequiresError*>(&e)) {
    static const std::regex requires_other(R"(^(\S+) requires (\S+)$)");
    if (std::regex_match(what, m, requires_other))
      // TRANSLATORS: two options (--pv requires --av): the first needs the second given too.
      return fmt::format(fmt::runtime(tr("{} requires {}")), m[1].str(), m[2].str());
  } else if (dynamic_cast<const CLI::ExcludesError*>(&e)) {
    static const std::regex excludes(R"(^(\S+) excludes (\S+)$)");
    if (std::regex_match(what, m, excludes))
      // TRANSLATORS: two options (--brawling excludes --impact) that cannot be given together.
      return fmt::format(fmt::runtime(tr("{} excludes {}")), m[1].str(), m[2].str());
  }
  return what;
}

}  // namespace marshal::cli
