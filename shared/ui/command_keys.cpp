#include "ui/command_keys.h"

namespace marshal::ui {

namespace {

// The Latin letter on the key of each Cyrillic letter of the Russian layout (ЙЦУКЕН), а..я in
// alphabetical order; 0 for the letters on punctuation keys (х ъ ж э б ю).
constexpr char latin_of_cyrillic[32] = {
    'F', ',', 'D', 'U', 'L', 'T', ';', 'P', 'B', 'Q', 'R', 'K', 'V', 'Y', 'J', 'G',  // а б в г д е ж з и й к л м н о п
    'H', 'C', 'N', 'E', 'A', '[', 'W', 'X', 'I', 'O', ']', 'S', 'M', '\'', '.', 'Z'  // р с т у ф х ц ч ш щ ъ ы ь э ю я
};

}  // namespace

int command_key(int key_code, wxChar unicode_key) {
  if (key_code >= 'a' && key_code <= 'z') return key_code - 'a' + 'A';
  if (key_code >= 'A' && key_code <= 'Z') return key_code;
  wchar_t c = static_cast<wchar_t>(unicode_key);
  if (c >= L'А' && c <= L'Я') c = static_cast<wchar_t>(c - L'А' + L'а');
  if (c == L'ё' || c == L'Ё') return key_code;  // the key left of 1: no command
  if (c >= L'а' && c <= L'я') {
    const char latin = latin_of_cyrillic[c - L'а'];
    if (latin >= 'A' && latin <= 'Z') return latin;
  }
  return key_code;
}

}  // namespace marshal::ui
