#pragma once
// The Latin letter a Ctrl command means, whatever the keyboard's layout. The GM station's commands
// are Ctrl + a Latin letter (Ctrl+N begins, Ctrl+B rerolls with a Benny: docs/gmstation.md). On a
// Russian layout the same physical key types a Cyrillic letter (Ctrl+Т where Ctrl+N is meant);
// depending on the toolkit, wx then reports no key code, only that letter. It is mapped back by
// the standard Russian layout (ЙЦУКЕН), so a Russian GM presses the keys the screen names.
#include <wx/defs.h>

namespace marshal::ui {

// 'A'..'Z' for a Latin letter in `key_code`, or for a Cyrillic letter in `unicode_key` on the key
// that carries that Latin letter; otherwise `key_code` unchanged (digits, F-keys, Esc...).
int command_key(int key_code, wxChar unicode_key);

}  // namespace marshal::ui
