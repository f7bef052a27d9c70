#pragma once
// The limbs a wounded player chooses from (004 L79, L101: "must lose the use of a limb of his
// choice"). The ledger keeps a limb in English, as these name it (wound_limb_named.limb); each
// screen words it in its reader's language with limb_words().
#include <array>
#include <string>

namespace marshal::core {

// In the order a GM's key picks them: 1 left arm, 2 right arm, 3 left leg, 4 right leg.
inline constexpr std::array<const char*, 4> limbs{"left arm", "right arm", "left leg", "right leg"};  // i18n: not words (codes)

// A limb as the ledger keeps it, in the reader's language; a limb the ledger kept in other words
// (typed by a GM before the keys existed) as it is.
std::string limb_words(const std::string& limb);

// "1 left arm   2 right arm   3 left leg   4 right leg", in the reader's language.
std::string limb_keys_words();

}  // namespace marshal::core
