#include "i18n/venue_time.h"

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::i18n {

namespace {

std::string venue_zone;  // set at start (use_time_zone), read afterwards

bool is_zone_character(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '+' ||
         c == '-' || c == '/';
}

std::filesystem::path zoneinfo_folder() {
  const char* dir = std::getenv("TZDIR");
  return dir && *dir ? std::filesystem::path(dir) : std::filesystem::path("/usr/share/zoneinfo");
}

std::tm venue_tm(std::int64_t unix_ms) {
  // Floor, so that a time before 1970 still falls in its own minute.
  const std::int64_t seconds = unix_ms >= 0 ? unix_ms / 1000 : -((-unix_ms + 999) / 1000);
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  localtime_r(&t, &tm);
  return tm;
}

}  // namespace

bool is_time_zone_name(const std::string& zone) {
  bool syntax = !zone.empty() && zone.size() <= time_zone_name_max_bytes && zone.front() != '/' &&
                zone.back() != '/' && zone.find("..") == std::string::npos && zone.find("//") == std::string::npos;
  for (char c : zone) syntax = syntax && is_zone_character(c);
  return syntax;
}

std::string time_zone_problem(const std::string& zone) {
  // TRANSLATORS: {} is what was given as a time zone.
  if (!is_time_zone_name(zone)) return fmt::format(fmt::runtime(tr("'{}' is not a time zone name (like Europe/Moscow or UTC)")), zone);
  std::error_code error;
  if (!std::filesystem::is_regular_file(zoneinfo_folder() / zone, error))
    // TRANSLATORS: {0} is a time zone name, {1} the folder of time zones (tzdata).
    return fmt::format(fmt::runtime(tr("no time zone '{0}' on this machine (looked in {1}; the tzdata package has them)")),
                       zone, zoneinfo_folder().string());
  return "";
}

bool use_time_zone(const std::string& zone, std::string* problem) {
  if (!zone.empty()) {
    const std::string why = time_zone_problem(zone);
    if (!why.empty()) {
      if (problem) *problem = why;
      return false;
    }
  }
  // The machine's zone is what TZ said when the program started (or /etc/localtime without it).
  static const std::optional<std::string> machine_tz = [] {
    const char* tz = std::getenv("TZ");
    return tz ? std::optional<std::string>(tz) : std::nullopt;
  }();
  if (!zone.empty()) ::setenv("TZ", (":" + zone).c_str(), 1);  // ":" + name: read from the zoneinfo file
  else if (machine_tz) ::setenv("TZ", machine_tz->c_str(), 1);
  else ::unsetenv("TZ");
  ::tzset();
  venue_zone = zone;
  return true;
}

const std::string& current_time_zone() { return venue_zone; }

std::string clock_text(std::int64_t unix_ms) {
  const std::tm tm = venue_tm(unix_ms);
  return fmt::format("{:02}:{:02}", tm.tm_hour, tm.tm_min);
}

std::string date_clock_text(std::int64_t unix_ms) {
  const std::tm tm = venue_tm(unix_ms);
  return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                     tm.tm_min);
}

std::string time_zone_label(std::int64_t unix_ms) {
  if (!venue_zone.empty()) return venue_zone;
  const std::tm tm = venue_tm(unix_ms);
  char text[16] = {};
  return std::strftime(text, sizeof text, "%Z", &tm) ? std::string(text) : std::string("UTC");
}

}  // namespace marshal::i18n
