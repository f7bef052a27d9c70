#pragma once
// What every tabletop `marshal odds` prints with (tabletop_commands.cpp, combat_odds_commands.cpp):
// a probability as a percentage, a figure's line in a column, and the engine's refusal in the
// words of the command's own options.
#include <iosfwd>
#include <map>
#include <string>

#include "core/refusal.h"

namespace marshal::cli {

std::string percent(double p);  // "91.67%"
// "  success           91.67%": a figure's name in a column of `width`, then the figure.
std::string figure_line(const std::string& name, const std::string& value, int width);
// "marshal odds trait: --die: ..." on `err`; returns exit_usage. The engine names its fields,
// the user knows the options: `trait_die` is --die, `modifier` --mod... (`renamed` first: a
// command whose trait die is --vigor).
int refused(const core::Refusal& r, const char* command, std::ostream& err,
            const std::map<std::string, std::string>& renamed = {});

}  // namespace marshal::cli
