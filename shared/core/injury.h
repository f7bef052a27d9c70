#pragma once
// The Injury an Incapacitation leaves (000 L173-178; TABLETOP.md "Combat at the table"): Bleeding
// Out gives a permanent Injury if the fighter lives, being knocked unconscious or a Last Stand a
// temporary one, which lasts 14 days minus 1dVigor (incapacitation.h's injury_days). Its nature is
// a card drawn from a full deck and looked up in the group's own table (the seeds give none):
// injuries.csv, one injury to each rank and one to the Joker (docs/tabletop.md "Injuries"). The
// suit does not matter: a table by rank is what card-drawn injury tables use.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/incapacitation.h"
#include "core/initiative.h"

namespace marshal::core {

enum class InjuryKind { temporary, permanent };
std::string_view to_string(InjuryKind kind);  // "temporary", "permanent"
std::optional<InjuryKind> injury_kind_from_string(std::string_view text);
// The Injury an Incapacitation result owes (000 L173-175): none for death and for a Critical
// Success (000 L176: "avoids the killing blow").
std::optional<InjuryKind> injury_after(Incapacitation result);

// The Vigor die a temporary Injury's days are rolled on (a plain die, 000 L178): d4 to d12.
inline constexpr int smallest_vigor_die = 4, largest_vigor_die = 12;
// The longest injury an injuries.csv row or a GM types (characters): a line of the roster.
inline constexpr std::size_t max_injury_characters = 80;
// An injury table's keys: the thirteen ranks (lowest_rank..highest_rank) and the Joker.
inline constexpr int injury_table_keys = 14;
inline constexpr int joker_injury_key = 0;

// The key a drawn card is looked up by: its rank, or joker_injury_key for either Joker.
int injury_key(const PlayingCard& card);
// "2".."10", "J", "Q", "K", "A", "Joker": a key as injuries.csv writes it.
std::string injury_key_text(int key);
// The keys an injuries.csv `cards` cell names: a rank ("7", "J", "a"), a range of ranks from the
// lower ("2-4", "Q-K", "10-A"), "joker", or several of these separated by commas ("2, 5-6").
// Refused (out_of_range, "cards") naming the part that is none of them.
std::vector<int> parse_injury_cards(std::string_view text);

// Refused (missing_input, "injury") when empty, (out_of_range, "injury") when longer than
// max_injury_characters: a row of injuries.csv, or an injury a GM types without one.
void check_injury_name(std::string_view injury);

// A group's injury table, built row by row as injuries.csv gives it.
class InjuryTable {
 public:
  struct Row {
    std::string cards;   // as written: "2-4"
    std::string injury;  // "Broken arm"
    bool operator==(const Row&) const = default;
  };
  // Refused (Refusal): cards that parse_injury_cards refuses, a rank or the Joker given a row
  // already (illegal_move, "cards", naming it), an injury check_injury_name refuses.
  void add(const Row& row);
  // Refused (missing_input, "cards") naming every rank without a row: a drawn card must find one.
  void check_complete() const;
  // The injury of a drawn card; the table is complete.
  const std::string& injury_for(const PlayingCard& card) const;
  const std::vector<Row>& rows() const { return rows_; }
  bool empty() const { return rows_.empty(); }

 private:
  std::vector<Row> rows_;
  std::map<int, std::string> by_key_;
};

}  // namespace marshal::core
