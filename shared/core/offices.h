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

// Land (004 L262, L258, L272): a deed per parcel (deeds.csv), sold, mortgaged and redeemed
// before a Mayor or Judge as notary.
inline constexpr int max_parcel_characters = 40;            // characters: a parcel's name, the deed card's title
inline constexpr int max_acres = 100000;                    // acres: the largest parcel a deed may name
inline constexpr int max_deed_description_characters = 300; // characters: what the deed card says of the land
inline constexpr int max_price_characters = 40;             // characters: a price or an amount in words ("2 M")
inline constexpr int max_note_due_minutes = 240;            // minutes: a promissory note falls due within the evening
// How land changes hands, in the order a GM's digit picks them: 1 sale, 2 mortgage, 3 redemption.
inline constexpr std::array<const char*, 3> land_deals{"sale", "mortgage", "redemption"};  // i18n: not words (codes)

// A land deal as the ledger keeps it, in the reader's language; "1 sale   2 mortgage   3 redemption".
std::string land_deal_words(const std::string& deal);
std::string land_deal_keys_words();

// A sentence as the ledger keeps it, in the reader's language; an unknown code as it is.
std::string sentence_words(const std::string& sentence);

// "1 jail   2 fine   3 banishment   4 hanging", in the reader's language.
std::string sentence_keys_words();

}  // namespace marshal::core
