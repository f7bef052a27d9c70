#pragma once
// `marshal scan IMAGE...`: the stations' decoder on image files, to check a print run or a
// photo from a station's camera.
#include <iosfwd>
#include <string>
#include <vector>

namespace marshal::cli {
int run_scan(const std::vector<std::string>& images, std::ostream& out, std::ostream& err);
}
