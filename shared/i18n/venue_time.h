// Times as the venue's clocks show them. The ledger keeps UTC inside (milliseconds since 1970);
// every time a person reads (a screen, a card, a report, a command's line) is in the venue's time
// zone: the event's `timezone` option (an IANA name such as Europe/Moscow, docs/event-format.md),
// else the zone of the machine that shows it. No screen shows a bare UTC time.
//
// The zone is chosen once at start, before threads are made (use_time_zone), as the language is:
// it sets the process's TZ, which the C library (and wx) read from tzdata's /usr/share/zoneinfo.
#pragma once

#include <cstdint>
#include <string>

namespace marshal::i18n {

// The longest zone name taken (bytes): the longest in tzdata is 32.
inline constexpr std::size_t time_zone_name_max_bytes = 64;

// Whether `zone` has the form of an IANA zone name (whether or not this machine has its data).
bool is_time_zone_name(const std::string& zone);

// Why `zone` cannot be the venue's zone ("" when it can): not an IANA name (letters, digits, _ + -
// and / between parts, no "..", no leading /), or no such zone on this machine (tzdata).
std::string time_zone_problem(const std::string& zone);

// Makes `zone` the one every time below is shown in; "" is the machine's own. false with *problem
// (time_zone_problem's) when it cannot be (the zone then stays as it was).
bool use_time_zone(const std::string& zone, std::string* problem);
// The zone in use: the name given to use_time_zone, "" for the machine's.
const std::string& current_time_zone();

// "21:14": the hour and minute of `unix_ms` in the venue's zone.
std::string clock_text(std::int64_t unix_ms);
// "2026-11-26 21:14" in the venue's zone.
std::string date_clock_text(std::int64_t unix_ms);
// The zone's name for a report's legend: the IANA name in use, else the machine zone's abbreviation
// at `unix_ms` ("MSK", "CET"; "UTC" on a machine set to UTC).
std::string time_zone_label(std::int64_t unix_ms);

}  // namespace marshal::i18n
