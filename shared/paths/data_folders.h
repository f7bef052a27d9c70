#pragma once
// Where Marshal's programs find what ships with them: the sample events (events/NAME) and the
// translations (locale/LANG/LC_MESSAGES/marshal.mo). Installed (`cmake --install`, the Debian
// packages) they sit under PREFIX/share beside PREFIX/bin, found from the running program's own
// path whatever the prefix (/usr, /usr/local, a folder a package was unpacked into); a program
// run from its build tree finds the source tree's events. docs/install.md.
#include <filesystem>
#include <string>
#include <vector>

namespace marshal::paths {

// The folder holding the running program (/proc/self/exe); empty when the system does not say.
std::filesystem::path program_folder();

// PROGRAM/../share: where an installed program's data is (whether or not it exists).
std::filesystem::path installed_share_folder();

// The folders that may hold events/, first first: $MARSHAL_DATA_DIR when set, the installed
// PROGRAM/../share/marshal, then the source tree. Only folders that exist.
std::vector<std::filesystem::path> data_folders();

// events/NAME in the first data folder that holds it; when none does, the source tree's path
// (whose absence the caller reports, naming it).
std::filesystem::path sample_event(const std::string& name);

}  // namespace marshal::paths
