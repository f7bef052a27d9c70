#include "core/offices.h"

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::core {

using i18n::tr;

std::string sentence_words(const std::string& sentence) {
  // TRANSLATORS: a Judge's sentence, as a noun: jail, a fine, banishment from the town, hanging.
  const std::array<std::string, sentences.size()> words{tr("jail"), tr("fine"), tr("banishment"), tr("hanging")};
  for (std::size_t i = 0; i < sentences.size(); ++i)
    if (sentence == sentences[i]) return words[i];
  return sentence;
}

std::string sentence_keys_words() {
  std::string words;
  for (std::size_t i = 0; i < sentences.size(); ++i)
    words += fmt::format("{}{} {}", i ? "   " : "", i + 1, sentence_words(sentences[i]));
  return words;
}

std::string land_deal_words(const std::string& deal) {
  // TRANSLATORS: how land changes hands: sold, pledged to a lender, or the pledge paid back.
  const std::array<std::string, land_deals.size()> words{tr("sale"), tr("mortgage"), tr("redemption")};
  for (std::size_t i = 0; i < land_deals.size(); ++i)
    if (deal == land_deals[i]) return words[i];
  return deal;
}

std::string land_deal_keys_words() {
  std::string words;
  for (std::size_t i = 0; i < land_deals.size(); ++i)
    words += fmt::format("{}{} {}", i ? "   " : "", i + 1, land_deal_words(land_deals[i]));
  return words;
}

}  // namespace marshal::core
