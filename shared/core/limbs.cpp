#include "core/limbs.h"

#include <fmt/format.h>

#include "i18n/translate.h"

namespace marshal::core {

using i18n::tr;

std::string limb_words(const std::string& limb) {
  // TRANSLATORS: the limb a wounded player loses the use of.
  const std::array<std::string, limbs.size()> words{tr("left arm"), tr("right arm"), tr("left leg"), tr("right leg")};
  for (std::size_t i = 0; i < limbs.size(); ++i)
    if (limb == limbs[i]) return words[i];
  return limb;
}

std::string limb_keys_words() {
  std::string words;
  for (std::size_t i = 0; i < limbs.size(); ++i)
    words += fmt::format("{}{} {}", i ? "   " : "", i + 1, limb_words(limbs[i]));
  return words;
}

}  // namespace marshal::core
