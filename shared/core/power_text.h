#pragma once
// What a power card says: the rules text of each power. The ledger stores it with the card in
// English (power_card_text); the card and the sheets print it in the reader's language
// (power_card_words), from the same marked sentence.
#include <string>

#include "core/character.h"

namespace marshal::core {

// English, as stored.
std::string power_card_text(Power power);
// In the language tr() answers in.
std::string power_card_words(Power power);

}  // namespace marshal::core
