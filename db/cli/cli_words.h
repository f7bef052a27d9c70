#pragma once
// The command line's own words in the user's language (docs/i18n.md): the language from --lang
// anywhere on the command line, else the environment; CLI11's help (its labels, headings and
// value names) and its parse errors worded through tr().
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
class Error;
}  // namespace CLI

namespace marshal::cli {

// The arguments with every `--lang LANG` and `--lang=LANG` before a `--` taken out. `language` is
// the last one given ("" when none); `no_language` is set when a --lang has no value.
struct LanguageArgs {
  std::vector<char*> argv;  // argv[0] and the arguments left, in order
  std::string language;
  bool no_language = false;
};
LanguageArgs take_language(int argc, char** argv);

// Chooses the language tr() answers in: the environment's (English when its catalogue is
// missing), then the one the arguments ask for. false with *problem, worded in the environment's
// language, when they ask for none or for one Marshal does not speak.
bool choose_language(const LanguageArgs& args, std::string* problem);

// Makes an App speak the language tr() answers in: its help's labels, value names, help flag and
// parse errors. Call it right after making the App, before adding subcommands: they inherit the
// formatter, the help flag and the failure message.
void speak_words(CLI::App& app);
// The headings of the help's groups (Options, Subcommands) of an App and all its subcommands:
// call it after every option and subcommand is added.
void word_groups(CLI::App& app);

// A CLI11 parse error as a sentence in the user's language (English: CLI11's own words).
std::string parse_error_words(const CLI::Error& e);

}  // namespace marshal::cli
