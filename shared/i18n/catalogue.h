// A compiled message catalogue (GNU gettext's .mo file, made by msgfmt from po/LANG.po): the
// translation of each marked English text, and of each plural pair by the catalogue's plural
// rule. The file comes from outside the program (an installed package, a folder named by
// MARSHAL_LOCALE_DIR), so it is read whole, every offset checked against its size, and a bad
// file is refused with what is wrong rather than read past its end.
//
// Why not glibc's gettext(): it only translates when the process runs in a generated locale of
// that language (ru_RU.UTF-8 must exist on the machine), and wx's own loader cannot be used by the
// command line or the printables, which do not link wx. Both wx programs and the command line read
// the same .mo through this class.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "i18n/plural_forms.h"

namespace marshal::i18n {

// The largest catalogue read, in bytes (Marshal's Russian one is well under 1 MB).
inline constexpr std::size_t max_catalogue_bytes = 16 * 1024 * 1024;

class Catalogue {
public:
  // Reads a .mo file; nullopt with *problem naming the file and what is wrong.
  static std::optional<Catalogue> load(const std::string& path, std::string* problem);
  // The same from bytes already read (tests, and load itself).
  static std::optional<Catalogue> from_bytes(std::string bytes, std::string* problem);

  // The translation of text, or nullptr when the catalogue has none (or only an empty one).
  const std::string* find(std::string_view text) const;
  // The translation of the plural pair for n, or nullptr when there is none.
  const std::string* find_plural(std::string_view singular, std::uint64_t n) const;

  std::size_t size() const { return entries_.size(); }
  const PluralForms& plural_forms() const { return plural_; }

private:
  // msgid (for plurals: the singular) -> its translations (one per plural form).
  std::unordered_map<std::string, std::vector<std::string>> entries_;
  PluralForms plural_;
};

}  // namespace marshal::i18n
