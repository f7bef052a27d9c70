#include "cli/odds_output.h"

#include <map>
#include <ostream>

#include <fmt/format.h>

#include "cli/cli.h"

namespace marshal::cli {

std::string percent(double p) { return fmt::format("{:.2f}%", 100 * p); }

std::string figure_line(const std::string& name, const std::string& value, int width) {
  return fmt::format("  {:<{}} {}\n", name, width, value);
}

int refused(const core::Refusal& r, const char* command, std::ostream& err,
            const std::map<std::string, std::string>& renamed) {
  const std::string& f = r.field();
  static const std::map<std::string, std::string> options{
      {"trait_die", "die"},         {"wild_die", "wild"},
      {"modifier", "mod"},          {"members", "count"},
      {"multi_action_penalty", "penalty"}, {"shooting_past_allies", "past-allies"},
      {"crit_success", "crit-success"}};
  std::string option = f;
  if (auto mine = renamed.find(f); mine != renamed.end()) option = mine->second;
  else if (auto known = options.find(f); known != options.end()) option = known->second;
  err << fmt::format("{}: --{}: {}\n", command, option, r.reason());
  return exit_usage;
}

}  // namespace marshal::cli
