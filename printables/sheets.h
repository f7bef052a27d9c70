#pragma once
// Whole-page sheets: a character's sheet and the GM reference sheets.
#include "printables/document.h"
#include "printables/print_model.h"

namespace marshal::printables {

void draw_character_sheet(PrintDocument& doc, const PrintModel& model, const PrintCharacter& who);
// One page per conflict: what a GM needs at the table.
void draw_reference_sheets(PrintDocument& doc, const PrintModel& model);

}  // namespace marshal::printables
