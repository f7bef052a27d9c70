#include "protocol/vote_words.h"

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::protocol {

std::string vote_outcome_words(const Json& result) {
  if (!result.is_object()) return "";
  const auto text = [&](const Json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  const std::string outcome = text(result, "outcome");
  const std::string office = text(result, "office");
  if (outcome == "no ballots were cast") return i18n::tr("no ballots were cast");  // i18n: not words (the ledger's)
  if (outcome == "a tie: the Mayor decides") return i18n::tr("a tie: the Mayor decides");  // i18n: not words (the ledger's)
  const auto tally = result.find("tally");
  if (tally != result.end() && tally->is_array() && !tally->empty() && (*tally)[0].is_object()) {
    const std::string winner = text((*tally)[0], "candidate");
    if (outcome == winner + " is elected " + office)  // i18n: not words (the ledger's)
      // TRANSLATORS: the ledger's outcome of a vote: the winner's name, then the office (Sheriff).
      return fmt::format(fmt::runtime(i18n::tr("{} is elected {}")), winner, office);
  }
  return outcome;
}

}  // namespace marshal::protocol
