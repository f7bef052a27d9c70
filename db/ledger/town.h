#pragma once
// Reading and writing the projections one event at a time: the people and cards of the town as
// the ledger sees them right now. Every lookup that fails throws the LedgerRefusal a station
// shows (unknown_code, revoked, not_holder, already_spent, dead...).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/character.h"
#include "ledger/ledger.h"
#include "store/sqlite.h"

namespace marshal::db {

struct CardRow {
  std::string code;
  std::string kind;
  std::optional<std::int64_t> holder;
  std::optional<std::int64_t> owner;
  std::string title;
  Json detail;
  bool spent = false;
  bool revoked = false;
  std::string fate;                     // how it was spent ("flipped", "accused", "dead"...)
  std::optional<std::int64_t> spent_seq;  // the event that spent it (none before migration 16)
};

class Town {
 public:
  static constexpr const char* healing_timer_kind = "healing";  // i18n: not words (a timer kind)
  static constexpr const char* jail_timer_kind = "jail";        // i18n: not words (a jail sentence's term)
  Town(Database& db, std::int64_t seq, std::int64_t now_ms) : db_(db), seq_(seq), now_ms_(now_ms) {}

  // A code as sent by a station: checked for form, then looked up.
  static std::string canonical_code(const Json& value, const std::string& field);
  // Columns: code, kind, holder, owner, title, detail, spent, revoked.
  static constexpr const char* card_columns = "code, kind, holder, owner, title, detail, spent, revoked, fate, spent_seq";  // i18n: not words
  static CardRow card_from_row(const Statement& s);
  // The card as stored, revoked or not; nullopt when the ledger does not know the code.
  std::optional<CardRow> find_card(const std::string& canonical);
  CardRow card(const Json& code, const std::string& field);          // unknown_code, revoked
  CardRow card_of_kind(const Json& code, const std::string& kind, const std::string& field);
  std::int64_t character_by_badge(const Json& code, const std::string& field);
  std::int64_t character_by_name(const std::string& name);
  std::string name_of(std::int64_t id);
  core::Character character(std::int64_t id);  // with its bystanders, timers, powers
  void require_alive(std::int64_t id, const std::string& field);
  void require_power(std::int64_t id, core::Power power, const std::string& field);
  void require_holder(const CardRow& card, std::int64_t id, const std::string& field);

  void set_holder(const std::string& code, std::optional<std::int64_t> holder, const std::string& how);
  void spend_card(const std::string& code, const std::string& fate);
  void insert_card(const CardRow& card, const std::string& how);
  void add_timer(std::int64_t id, const core::Timer& timer);
  // A Doctor's healing (004 L248: "with time"): a timer of kind 'healing' in the timers table,
  // kept out of the rules' timers (it keeps nobody out of a fight). The wound is gone when it
  // ends: character() reads it so at once, and settle_timers() writes it before the next event.
  void start_healing(std::int64_t id, std::int64_t duration_ms);
  std::optional<std::int64_t> healing_left_ms(std::int64_t id);  // nullopt: no healing runs now
  // A Judge's jail sentence (004 L274): a timer of kind 'jail'; when it ends the term is served
  // and the character goes free (settle_timers), as a release would set them.
  void start_jail_term(std::int64_t id, std::int64_t duration_ms);
  std::optional<std::int64_t> jail_left_ms(std::int64_t id);     // nullopt: no jail term runs now
  void end_jail_term(std::int64_t id);                           // released early: the term is gone
  // Healings and jail terms that ended since the last event take effect: written before it.
  void settle_timers();
  std::vector<std::string> held(std::int64_t id, const std::string& kind);

  std::int64_t seq() const { return seq_; }
  std::int64_t now_ms() const { return now_ms_; }
  Database& db() { return db_; }

 private:
  void add_timer_of_kind(std::int64_t id, const char* kind, std::int64_t start_ms, std::int64_t duration_ms);
  Database& db_;
  std::int64_t seq_;
  std::int64_t now_ms_;
};

}  // namespace marshal::db
