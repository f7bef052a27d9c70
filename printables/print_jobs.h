#pragma once
// The print jobs behind `marshal print`: packets, decks, reference sheets, one card. Each PDF is
// written to a temporary name and renamed when complete, so a refused or failed job leaves no
// half-written file behind.
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "printables/document.h"
#include "printables/print_model.h"
#include "protocol/enrollment.h"

namespace marshal::printables {

struct PrintResult {
  std::vector<std::string> files;
  // Files that were in the folder before and were printed over.
  std::vector<std::string> replaced;
  // Characters whose name makes a file name another's already makes: {name, the file they got}.
  std::vector<std::pair<std::string, std::string>> renamed;
  int pages = 0;
  int cards = 0;
  std::vector<Placement> placements;  // of the last file, for checks
};

using Progress = std::function<void(int done, int total)>;

// One PDF per character (or only `character`), or all in one file in envelope-stuffing order.
PrintResult print_packets(const PrintModel& model, const std::string& out_dir, Paper paper,
                          const std::optional<std::string>& character, bool combined,
                          const Progress& progress = {});
PrintResult print_decks(const PrintModel& model, const std::string& out_dir, Paper paper);
PrintResult print_reference(const PrintModel& model, const std::string& out_dir, Paper paper);
// A station's enrollment card (enrollment_card.h) on a page, with a kiosk's admin card beside it
// when `admin_code` is given.
PrintResult print_enrollment_card(const std::string& station, const std::string& role,
                                  const protocol::Enrollment& enrollment, const std::string& out_file, Paper paper,
                                  const std::string& admin_code = "");
PrintResult print_card(const PrintModel& model, const std::string& code, const std::string& out_file,
                       Paper paper);
// Every live token of fortune in the ledger, in one PDF; refused when there is none.
PrintResult print_tokens(const PrintModel& model, const std::string& out_file, Paper paper);

// The longest file name part made from a name, in bytes (file systems allow 255 for the whole name).
inline constexpr std::size_t max_file_slug_bytes = 120;

// "Zechariah Chamberlain" -> "zechariah-chamberlain", "Жанна Щукина" -> "zhanna-shchukina"
// (i18n::file_name_part); "character" when the name has no letter or digit.
std::string file_slug(const std::string& name);
// Each name's packet file, in order: file_slug + ".pdf", and "-2", "-3" ... for a name whose
// file name an earlier one took, so that no two characters ever share a file.
std::vector<std::string> packet_file_names(const std::vector<std::string>& names);

}  // namespace marshal::printables
