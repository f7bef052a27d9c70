#include "cli/print_commands.h"

#include <unistd.h>

#include <ostream>

#include <fmt/format.h>

#include "cli/cli.h"
#include "i18n/translate.h"
#include "printables/cards.h"
#include "printables/print_jobs.h"

namespace marshal::cli {

int run_print(const PrintOptions& o, std::ostream& out, std::ostream& err) {
  printables::Paper paper = o.paper == "letter" ? printables::Paper::letter : printables::Paper::a4;
  try {
    printables::PrintModel model = printables::load_print_model(o.db_path);
    // The cards speak the event's language unless --lang says otherwise; what this command
    // prints on the terminal speaks it too.
    if (std::string problem; !i18n::use_language(o.language.empty() ? model.language : o.language, &problem)) {
      err << "marshal: " << problem << "\n";
      return exit_bad_input;
    }
    printables::PrintResult result;
    if (o.what == "packets") {
      bool bar = isatty(STDERR_FILENO) != 0;
      result = printables::print_packets(model, o.out, paper, o.character, o.combined, [&](int done, int total) {
        if (bar) err << "\r" << fmt::format(fmt::runtime(i18n::tr("[{:<20}] {}/{} packets")), std::string(static_cast<std::size_t>(20 * done / total), '#'), done, total)
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
    // TRANSLATORS: the start of "3 files, 12 pages, 40 cards:".
    out << fmt::format(fmt::runtime(i18n::trn("{} file", "{} files", result.files.size())), result.files.size())
        << ", "
        << fmt::format(fmt::runtime(i18n::trn("{} page", "{} pages", static_cast<std::uint64_t>(result.pages))),
                       result.pages)
        << ", "
        << fmt::format(fmt::runtime(i18n::trn("{} card", "{} cards", static_cast<std::uint64_t>(result.cards))),
                       result.cards)
        << ":\n";
    for (const auto& f : result.files) out << "  " << f << "\n";
    for (const auto& [name, file] : result.renamed)
      out << fmt::format(fmt::runtime(i18n::tr("{}: printed as {}, since an earlier name makes the same file name\n")),
                         name, file);
    if (!result.replaced.empty())
      out << fmt::format(fmt::runtime(i18n::trn("{} file was there from before and is printed over.\n",
                                                "{} files were there from before and are printed over.\n",
                                                result.replaced.size())),
                         result.replaced.size());
    out << i18n::tr("Print at actual size (100%): the bar at the foot of each page must measure 50 mm.") << "\n";
    return exit_ok;
  } catch (const printables::PrintRefusal& r) {
    err << "marshal: " << fmt::format(fmt::runtime(i18n::tr("{}; nothing was written for it")), r.what()) << "\n";
    return exit_refused;
  } catch (const std::exception& e) {
    err << "marshal: " << e.what() << "\n";
    return exit_bad_input;
  }
}

}  // namespace marshal::cli
