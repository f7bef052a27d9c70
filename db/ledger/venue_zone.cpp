#include "ledger/venue_zone.h"

#include "i18n/venue_time.h"

namespace marshal::db {

std::string use_event_time_zone(Database& db) {
  const std::string zone = db.scalar_text("SELECT value FROM event_info WHERE key = 'timezone'");
  std::string problem;
  if (i18n::use_time_zone(zone, &problem)) return "";
  return problem;
}

}  // namespace marshal::db
