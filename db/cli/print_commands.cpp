#include "cli/print_commands.h"

#include <unistd.h>

#include <ostream>

#include <fmt/format.h>

#include "cli/cli.h"
#include "printables/cards.h"
#include "printables/print_jobs.h"

namespace marshal::cli {

int run_print(const PrintOptions& o, std::ostream& out, std::ostream& err) {
  printables::Paper paper = o.paper == "letter" ? printables::Paper::letter : printables::Paper::a4;
  try {
    printables::PrintModel model = printables::load_print_model(o.db_path);
    printables::PrintResult result;
    if (o.what == "packets") {
      bool bar = isatty(STDERR_FILENO) != 0;
      result = printables::print_packets(model, o.out, paper, o.character, o.combined, [&](int done, int total) {
        if (bar) err << fmt::format("\r[{:<20}] {}/{} packets", std::string(static_cast<std::size_t>(20 * done / total), '#'), done, total)
                     << (done == total ? "\n" : "") << std::flush;
      });
    } else if (o.what == "decks") {
      result = printables::print_decks(model, o.out, paper);
    } else if (o.what == "reference") {
      result = printables::print_reference(model, o.out, paper);
    } else if (o.what == "tokens") {
      result = printables::print_tokens(model, o.out, paper);
    } else {
      result = printables::print_card(model, o.code, o.out, paper);
    }
    out << fmt::format("{} file{}, {} page{}, {} card{}:\n", result.files.size(),
                       result.files.size() == 1 ? "" : "s", result.pages, result.pages == 1 ? "" : "s",
                       result.cards, result.cards == 1 ? "" : "s");
    for (const auto& f : result.files) out << "  " << f << "\n";
    out << "Print at actual size (100%): the bar at the foot of each page must measure 50 mm.\n";
    return exit_ok;
  } catch (const printables::PrintRefusal& r) {
    err << "marshal: " << r.what() << "; nothing was written for it\n";
    return exit_refused;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_bad_input;
  }
}

}  // namespace marshal::cli
