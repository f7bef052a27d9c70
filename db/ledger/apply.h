#pragma once
// One function per event type: validate against the town as it is, then write the projections.
// docs/ledger.md lists the types and their payloads.
#include "core/chips.h"
#include "core/injury.h"
#include "ledger/ledger.h"
#include "ledger/town.h"

namespace marshal::db {

struct ApplyContext {
  Town& town;
  const Json& payload;
  Json& ledger;          // what the ledger determines: stored with the event
  bool replaying;        // random choices are then read back from `recorded`
  // The stored event's ledger part when replaying (empty otherwise): only the ledger's own
  // random choices are read back from it; the rest is worked out again into `ledger` and the
  // whole compared, so a key the replay does not write fails it.
  const Json& recorded;
  LedgerRandomness& randomness;
  const Json& options;   // the event's options (RULES.md), as its definition set them
};

void apply_event_defined(Town& town, const Json& payload);
void apply_conflict_resolved(ApplyContext& ctx);
void apply_card_event(const std::string& type, ApplyContext& ctx);    // bystanders, tricks, horses, secrets, codes
void apply_person_event(const std::string& type, ApplyContext& ctx);  // heal, arrest, jail, correction
void apply_vote_event(const std::string& type, ApplyContext& ctx);    // called, ballots, counted, overridden
// The town's offices (apply_offices.cpp): deputies, sentences, overrides, disputes, Fair prizes.
void apply_office_event(const std::string& type, ApplyContext& ctx);
// A vote's count or a Judge's override of it, as a decision an override may name (`of_seq`: the
// count the override overrides).
void record_vote_decision(Town& town, const std::string& type, std::int64_t made_by, std::optional<std::int64_t> of_seq,
                          const std::string& ruling);
// A decision of a Mayor or Judge (a notarized deal...) an override may name by its event's number.
void record_decision_of(Town& town, const std::string& type, std::int64_t made_by);
// Land (apply_land.cpp): a deed sold, mortgaged or redeemed before a notary; an override of the
// last deal of a deed puts it back (refused when the land changed hands again since).
void apply_land_transfer(ApplyContext& ctx);
void undo_land_transfer(Town& town, std::int64_t seq);
// Promissory notes (apply_notes.cpp): issued by a banker before a notary, passed on, paid once;
// an override of the issue voids an unpaid note.
void apply_note_event(const std::string& type, ApplyContext& ctx);
void undo_note_issue(Town& town, std::int64_t seq);
// A character without the lawman power arresting: allowed once when a Judge deputized them for
// it (to arrest `arrested`, or a task in words), which ends the task; its event's number, or
// nullopt when they hold no deputy's task. Refused when the task names someone else.
std::optional<std::int64_t> deputy_arrest(Town& town, std::int64_t deputy, std::int64_t arrested);
void apply_chip_event(const std::string& type, ApplyContext& ctx);    // a tabletop night's Bennies and chips
// The holder id of the GM's pool of chips (characters start at 1).
inline constexpr std::int64_t gm_chip_pool = 0;
// "gm" for the GM's pool, else a living character's badge (refused as character_by_badge and
// require_alive refuse it).
std::int64_t chip_holder(Town& town, const Json& who, const std::string& field);
void add_chips(Database& db, std::int64_t holder, const std::string& colour, std::int64_t n);
// One `colour` chip of `holder` spent on `use`: refused (bad_input, field) where the ruleset
// forbids that spend, (no_chip, field) when none is held. True when the GM's pool gained one
// (a red chip's d6 or cancelled Critical Failure in deadlands-ru, 002 L22).
bool spend_chip(Town& town, std::int64_t holder, const std::string& colour, core::ChipUse use, const std::string& field);
// The Joker's +2 claimed for a roll of `who` (000 L54): the last round dealt of the fight under
// way decides (no deal, no Joker), and a claim that differs is refused (outcome_mismatch at `field`).
void check_joker_claim(Town& town, std::int64_t who, bool claimed, const std::string& field);
// A payload's `chip` {"by", "colour"} spent on `use` for the character `who` (`name` for the
// refusal): their own chip, or the GM's pool's for the GM's characters (001 L37); refused
// (not_allowed, "chip.by") for anyone else's. Notes the GM's pool's gain in the ledger part.
void pay_own_chip(ApplyContext& ctx, std::int64_t who, const std::string& name, core::ChipUse use, const Json& paid);
// Joker's Wild (savage, 001 L35, L39): a Benny to every living character of the posse (a Joker
// drawn by the posse), or to the GM's pool and each of the GM's living Wild Cards; what was given,
// {"characters", "gm_pool"}. The caller checks the ruleset has the rule.
Json give_jokers_wild(Town& town, bool posse);
// A tabletop fight (apply_fight.cpp, apply_harm.cpp; issue 32): started and ended, damage against
// a combat sheet's Toughness, a Soak and Shaken ended.
void apply_fight_event(const std::string& type, ApplyContext& ctx);
void apply_harm_event(const std::string& type, ApplyContext& ctx);
// Injuries (apply_injury.cpp; 000 L173-178): the group's table written at event_defined, and
// injury_drawn, the Injury an Incapacitation roll left.
void apply_injury_table(Town& town, const core::InjuryTable& table);
void apply_injury_drawn(ApplyContext& ctx);
void apply_roll_event(ApplyContext& ctx);
void apply_token_event(const std::string& type, ApplyContext& ctx);   // tokens of fortune: issued, played
// The West That Wasn't's action time (apply_twtw.cpp): rounds, steps, Undo, the End Step.
void apply_twtw_event(const std::string& type, ApplyContext& ctx);
void apply_twtw_definition(Town& town, const TwtwDefinition& def);  // event_defined's TWTW part

// `seq` names a recorded roll (roll_recorded, the `rolls` projection); refused otherwise.
void require_recorded_roll(Database& db, const Json& seq, const std::string& field);

// A new card code from the ledger's randomness (recorded; a replay reads it back), unused so far.
std::string fresh_card_code(ApplyContext& ctx);                             // roll_recorded: a trait roll's dice judged

// The dead do nothing for the rest of the evening (RULES.md): they give, sell, receive, owe and
// sacrifice nothing (a knock-out does not stop a card changing hands). Refused "dead".
void require_not_dead(Town& town, std::int64_t id, const std::string& field);

// When (the venue's clock, "21:14") and at which station the event `seq` was recorded; nullopt
// for no seq (a card spent before migration 16) or no such event.
struct RecordedAt {
  std::string clock, station;
};
std::optional<RecordedAt> recorded_at(Town& town, std::optional<std::int64_t> seq);

// The Mayor or Judge a deal is notarized before (004 L258, L272): holds either power and is up
// to it; refused "not_allowed" naming them otherwise.
std::int64_t notary_by_badge(Town& town, const Json& badge, const std::string& field);

// A trick already spent, refused naming when (the venue's clock) and at which station the event
// that spent it was recorded: "trick X was already played this evening, at 21:14 at saloon-gm".
LedgerRefusal trick_already_played(Town& town, const CardRow& trick, const std::string& field);

// The event types apply() knows, for messages and docs.
const std::vector<std::string>& event_types();

}  // namespace marshal::db
