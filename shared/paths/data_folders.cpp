#include "paths/data_folders.h"

#include <cstdlib>
#include <system_error>

namespace marshal::paths {

namespace fs = std::filesystem;

fs::path program_folder() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::path() : self.parent_path();
}

fs::path installed_share_folder() {
  const fs::path bin = program_folder();
  if (bin.empty()) return {};
  return (bin / MARSHAL_BIN_TO_DATA).lexically_normal();
}

std::vector<fs::path> data_folders() {
  std::vector<fs::path> candidates;
  if (const char* dir = std::getenv("MARSHAL_DATA_DIR"); dir && *dir) candidates.emplace_back(dir);
  if (const fs::path share = installed_share_folder(); !share.empty()) candidates.push_back(share / "marshal");
  candidates.emplace_back(MARSHAL_SOURCE_DIR);
  std::vector<fs::path> found;
  for (const fs::path& folder : candidates) {
    std::error_code error;
    if (fs::is_directory(folder / "events", error)) found.push_back(folder);
  }
  return found;
}

fs::path sample_event(const std::string& name) {
  for (const fs::path& folder : data_folders()) {
    std::error_code error;
    if (fs::is_directory(folder / "events" / name, error)) return folder / "events" / name;
  }
  return fs::path(MARSHAL_SOURCE_DIR) / "events" / name;
}

}  // namespace marshal::paths
