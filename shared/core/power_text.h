#pragma once
// What a power card says (printed on the card and stored with it): the rules text of each power.
#include <string>

#include "core/character.h"

namespace marshal::core {

std::string power_card_text(Power power);

}  // namespace marshal::core
