#include "i18n/catalogue.h"

#include <cstring>
#include <fstream>
#include <sstream>

namespace marshal::i18n {
namespace {

constexpr std::uint32_t mo_magic = 0x950412de;  // as written on a little-endian machine
constexpr std::uint32_t mo_magic_swapped = 0xde120495;

class MoReader {
public:
  explicit MoReader(const std::string& bytes) : bytes_(bytes) {}

  bool word(std::size_t at, std::uint32_t* out) const {
    if (at > bytes_.size() || bytes_.size() - at < 4) return false;
    std::uint32_t v = 0;
    std::memcpy(&v, bytes_.data() + at, 4);
    *out = swapped_ ? __builtin_bswap32(v) : v;
    return true;
  }
  // The string of table entry i (length, offset) in the table starting at `table`.
  bool string_at(std::size_t table, std::uint32_t i, std::string_view* out) const {
    std::uint32_t length = 0, offset = 0;
    const std::size_t at = table + std::size_t{i} * 8;
    if (!word(at, &length) || !word(at + 4, &offset)) return false;
    if (offset > bytes_.size() || bytes_.size() - offset < std::size_t{length}) return false;
    *out = std::string_view(bytes_).substr(offset, length);
    return true;
  }
  void set_swapped(bool swapped) { swapped_ = swapped; }

private:
  const std::string& bytes_;
  bool swapped_ = false;
};

std::vector<std::string> split_at_nul(std::string_view text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == '\0') {
      parts.emplace_back(text.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

// The value of one "Name: value" line of the catalogue's header (the translation of "").
std::string header_field(std::string_view header, std::string_view name) {
  std::size_t at = 0;
  while (at < header.size()) {
    std::size_t end = header.find('\n', at);
    if (end == std::string_view::npos) end = header.size();
    const std::string_view line = header.substr(at, end - at);
    if (line.size() > name.size() && line.substr(0, name.size()) == name && line[name.size()] == ':')
      return std::string(line.substr(name.size() + 1));
    at = end + 1;
  }
  return "";
}

}  // namespace

std::optional<Catalogue> Catalogue::load(const std::string& path, std::string* problem) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (problem) *problem = path + ": cannot be read";
    return std::nullopt;
  }
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::size_t>(in.tellg());
  if (size > max_catalogue_bytes) {
    if (problem) *problem = path + ": larger than " + std::to_string(max_catalogue_bytes) + " bytes";
    return std::nullopt;
  }
  in.seekg(0);
  std::string bytes(size, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  std::string why;
  auto catalogue = from_bytes(std::move(bytes), &why);
  if (!catalogue && problem) *problem = path + ": " + why;
  return catalogue;
}

std::optional<Catalogue> Catalogue::from_bytes(std::string bytes, std::string* problem) {
  auto fail = [&](const std::string& why) -> std::optional<Catalogue> {
    if (problem) *problem = why;
    return std::nullopt;
  };
  MoReader reader(bytes);
  std::uint32_t magic = 0, revision = 0, count = 0, originals = 0, translations = 0;
  if (!reader.word(0, &magic)) return fail("not a compiled catalogue (.mo): too short");
  if (magic == mo_magic_swapped) reader.set_swapped(true);
  else if (magic != mo_magic) return fail("not a compiled catalogue (.mo): wrong magic number");
  if (!reader.word(4, &revision) || !reader.word(8, &count) || !reader.word(12, &originals) ||
      !reader.word(16, &translations))
    return fail("its header is cut short");
  if ((revision >> 16) > 1) return fail("revision " + std::to_string(revision >> 16) + " is not known");

  Catalogue catalogue;
  for (std::uint32_t i = 0; i < count; ++i) {
    std::string_view original, translation;
    if (!reader.string_at(originals, i, &original) || !reader.string_at(translations, i, &translation))
      return fail("entry " + std::to_string(i + 1) + " points outside the file");
    if (original.empty()) {  // the header
      const std::string forms = header_field(translation, "Plural-Forms");
      if (!forms.empty()) {
        std::string why;
        auto parsed = PluralForms::parse(forms, &why);
        if (!parsed) return fail(why);
        catalogue.plural_ = std::move(*parsed);
      }
      continue;
    }
    // A context (msgctxt) comes before \4; a plural msgid is "singular\0plural".
    const std::string key = split_at_nul(original).front();
    auto forms = split_at_nul(translation);
    bool any = false;
    for (const auto& f : forms) any = any || !f.empty();
    if (any) catalogue.entries_[key] = std::move(forms);
  }
  return catalogue;
}

const std::string* Catalogue::find(std::string_view text) const {
  const auto it = entries_.find(std::string(text));
  if (it == entries_.end() || it->second.front().empty()) return nullptr;
  return &it->second.front();
}

const std::string* Catalogue::find_plural(std::string_view singular, std::uint64_t n) const {
  const auto it = entries_.find(std::string(singular));
  if (it == entries_.end()) return nullptr;
  const auto form = static_cast<std::size_t>(plural_.form_for(n));
  if (form >= it->second.size() || it->second[form].empty()) return nullptr;
  return &it->second[form];
}

}  // namespace marshal::i18n
