#include "cli/scan_command.h"

#include <filesystem>
#include <ostream>

#include <fmt/format.h>

#include "cli/cli.h"
#include "core/card_code.h"
#include "i18n/translate.h"
#include "protocol/enrollment.h"
#include "scan/frame_source.h"

namespace marshal::cli {

using i18n::tr;
using i18n::trn;

int run_scan(const std::vector<std::string>& images, std::ostream& out, std::ostream& err) {
  int unreadable = 0, codes = 0;
  for (const auto& path : images) {
    if (!std::filesystem::is_regular_file(path)) {
      err << "marshal: " << path << ": " << tr("no such file") << "\n";
      ++unreadable;
      continue;
    }
    try {
      // A whole second: a photo is not a live frame.
      scan::DecodeResult r = scan::decode_image_file(path, {1000});
      if (r.codes.empty()) out << path << ": " << tr("no QR code found") << "\n";
      for (const auto& code : r.codes) {
        ++codes;
        if (auto admin = protocol::parse_admin_payload(code)) {
          out << path << ": " << code << "  " << tr("a kiosk's admin card (its admin PIN is not on it)") << "\n";
          continue;
        }
        std::string problem;
        if (auto enrollment = protocol::parse_enrollment_payload(code, &problem)) {
          // TRANSLATORS: {0} is the server's address, {1} the enrollment code, {2} the key's sha256.
          const std::string card = tr("a station's enrollment card: the server {}, the code {}, the ledger's key {}");
          out << path << ": " << code << "  "
              << fmt::format(fmt::runtime(card), enrollment->server_url, core::format_card_code(enrollment->code),
                             enrollment->key_pin);
          if (!enrollment->standby_url.empty())
            // TRANSLATORS: after an enrollment card's description: {0} the standby's address, {1} its key's sha256.
            out << fmt::format(fmt::runtime(tr("; its standby {}, the standby's key {}")), enrollment->standby_url,
                               enrollment->standby_key_pin);
          out << "\n";
          continue;
        }
        if (!problem.empty()) {
          out << path << ": " << code << "  "
              << fmt::format(fmt::runtime(tr("an enrollment card that cannot be used: {}")), problem) << "\n";
          continue;
        }
        core::ParsedCardCode parsed = core::parse_card_code(code);
        bool canonical = parsed.ok() && parsed.code == code;
        std::string verdict = tr("a well-formed Marshal card code");
        if (!canonical)
          // TRANSLATORS: {} says what is wrong with the code.
          verdict = fmt::format(fmt::runtime(tr("not a Marshal card code ({})")),
                                core::describe(parsed.ok() ? core::CardCodeProblem::bad_character : parsed.problem));
        out << path << ": " << code << "  " << verdict << "\n";
      }
    } catch (const std::exception& e) {
      err << "marshal: " << path << ": " << fmt::format(fmt::runtime(tr("cannot be read as an image: {}")), e.what())
          << "\n";
      ++unreadable;
    }
  }
  if (images.size() > 1)
    // TRANSLATORS: "3 codes in 2 files": how many codes were found, then in how many files (always 2 or more).
    out << fmt::format(fmt::runtime(trn("{} code in {} files", "{} codes in {} files", static_cast<std::uint64_t>(codes))),
                       codes, images.size())
        << "\n";
  return unreadable ? exit_bad_input : exit_ok;
}

}  // namespace marshal::cli
