#pragma once
// A character as the rules see it: five attributes, at most one wound, death, timers, powers and
// the innocent bystander cards in hand. Time is always passed in (milliseconds of event time);
// nothing here reads a clock.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace marshal::core {

struct Attributes {
  int hth = 0;
  int speed = 0;
  int accuracy = 0;
  int gambling = 0;
  int riding = 0;

  bool operator==(const Attributes&) const = default;
};

enum class Power { doctor, mayor, judge, lawman, banker, tracking, hideout, prospecting, charm };
std::string_view to_string(Power power);
std::optional<Power> power_from_string(std::string_view text);
// "lawman;judge" <-> powers, as the ledger stores them (unknown words are skipped).
std::vector<Power> powers_from_list(std::string_view semicolon_list);
std::string powers_to_list(const std::vector<Power>& powers);

// How a killing stands with the Law (RULES.md "Wounds, death, knock-outs").
enum class KillingKind {
  duel,             // lawful
  lawman,           // lawful if the victim was caught in criminal activity: for the Judges
  possible_murder,  // any other killing
  hanging,          // a Judge's sentence carried out (004 L274): lawful
};
std::string_view to_string(KillingKind kind);

struct Death {
  KillingKind kind = KillingKind::possible_murder;
  std::string by;  // the shooter's name
};

enum class TimerKind { knocked_out, headache, chase_wait, vote };
std::string_view to_string(TimerKind kind);

inline constexpr std::int64_t knock_out_duration_ms = 5 * 60 * 1000;
inline constexpr std::int64_t headache_duration_ms = 5 * 60 * 1000;

struct Timer {
  TimerKind kind = TimerKind::knocked_out;
  std::int64_t start_ms = 0;
  std::int64_t duration_ms = 0;

  bool running_at(std::int64_t now_ms) const {
    return now_ms >= start_ms && now_ms < start_ms + duration_ms;
  }
  std::int64_t remaining_ms(std::int64_t now_ms) const {
    return running_at(now_ms) ? start_ms + duration_ms - now_ms : 0;
  }
};

struct Character {
  std::string name;
  Attributes base;                     // as printed on the character sheet
  bool wounded = false;                // a second wound changes nothing
  std::string wounded_limb;            // named by the player; empty until named
  std::optional<Death> death;          // dead is final for the evening
  std::vector<Power> powers;
  std::vector<Timer> timers;
  std::vector<std::string> bystanders; // codes of the bystander cards held

  bool dead() const { return death.has_value(); }
  bool has_power(Power power) const;
  // Attributes after the wound penalty: each -1 while wounded, never below 0.
  Attributes in_use() const;
  // Knocked out or nursing a headache at now_ms: cannot take part in a conflict.
  bool incapacitated_at(std::int64_t now_ms) const;
};

// The wound rule, shared by every attribute: -1 while wounded, floor 0.
int attribute_in_use(int base, bool wounded);

}  // namespace marshal::core
