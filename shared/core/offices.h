#pragma once
// The town's offices at work (004 L256-274): a Judge deputizes, sentences and overrides, the
// Mayor settles two Judges' dispute and gives the Territory Fair's prizes. The ledger keeps a
// sentence by its code (sentenced.sentence), as `sentences` names them; each screen words it in
// its reader's language with sentence_words(). Every limit below is checked by the ledger
// (db/ledger/apply_offices.cpp) and named in docs/ledger.md.
#include <array>
#include <string>

namespace marshal::core {

// In the order a GM's digit picks them: 1 jail, 2 fine, 3 banishment, 4 hanging.
inline constexpr std::array<const char*, 4> sentences{"jail", "fine", "banishment", "hanging"};  // i18n: not words (codes)

inline constexpr int max_jail_minutes = 240;        // minutes: a jail term runs at most one evening's four hours
inline constexpr int max_charge_characters = 200;   // characters: the charge a Judge sentences for
inline constexpr int max_fine_characters = 40;      // characters: the fine as words ("2 M")
inline constexpr int max_task_characters = 120;     // characters: a deputy's task in words
inline constexpr int max_ruling_characters = 200;   // characters: an override's or a settlement's ruling
inline constexpr int max_prize_characters = 80;     // characters: a Territory Fair prize

// A sentence as the ledger keeps it, in the reader's language; an unknown code as it is.
std::string sentence_words(const std::string& sentence);

// "1 jail   2 fine   3 banishment   4 hanging", in the reader's language.
std::string sentence_keys_words();

}  // namespace marshal::core
