#include "cli/scan_command.h"

#include <filesystem>
#include <ostream>

#include <fmt/format.h>

#include "cli/cli.h"
#include "core/card_code.h"
#include "protocol/enrollment.h"
#include "scan/frame_source.h"

namespace marshal::cli {

int run_scan(const std::vector<std::string>& images, std::ostream& out, std::ostream& err) {
  int unreadable = 0, codes = 0;
  for (const auto& path : images) {
    if (!std::filesystem::is_regular_file(path)) {
      err << "marshal: " << path << ": no such file\n";
      ++unreadable;
      continue;
    }
    try {
      // A whole second: a photo is not a live frame.
      scan::DecodeResult r = scan::decode_image_file(path, {1000});
      if (r.codes.empty()) out << path << ": no QR code found\n";
      for (const auto& code : r.codes) {
        ++codes;
        if (auto admin = protocol::parse_admin_payload(code)) {
          out << fmt::format("{}: {}  a kiosk's admin card (its admin PIN is not on it)\n", path, code);
          continue;
        }
        std::string problem;
        if (auto enrollment = protocol::parse_enrollment_payload(code, &problem)) {
          out << fmt::format("{}: {}  a station's enrollment card: the server {}, the code {}, the ledger's key {}\n",
                             path, code, enrollment->server_url, core::format_card_code(enrollment->code),
                             enrollment->key_pin);
          continue;
        }
        if (!problem.empty()) {
          out << fmt::format("{}: {}  an enrollment card that cannot be used: {}\n", path, code, problem);
          continue;
        }
        core::ParsedCardCode parsed = core::parse_card_code(code);
        bool canonical = parsed.ok() && parsed.code == code;
        out << fmt::format("{}: {}  {}\n", path, code,
                           canonical ? "a well-formed Marshal card code"
                                     : "not a Marshal card code (" +
                                           std::string(core::describe(parsed.ok() ? core::CardCodeProblem::bad_character
                                                                                  : parsed.problem)) + ")");
      }
    } catch (const std::exception& e) {
      err << "marshal: " << path << ": cannot be read as an image: " << e.what() << "\n";
      ++unreadable;
    }
  }
  if (images.size() > 1) out << fmt::format("{} code{} in {} file{}\n", codes, codes == 1 ? "" : "s", images.size(), images.size() == 1 ? "" : "s");
  return unreadable ? exit_bad_input : exit_ok;
}

}  // namespace marshal::cli
