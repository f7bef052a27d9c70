#pragma once
// The Table screen's Action Cards without wx (issue 32): who is dealt a card, the round's deal
// by the station or typed from a real deck, and a chip's new card (001 L45; 000 L52-54), each
// as the payload the ledger judges (cards_dealt, card_redrawn; docs/ledger.md).
#include <string>
#include <string_view>
#include <vector>

#include "core/csprng.h"
#include "protocol/json_fields.h"

namespace marshal::gm::table_fight {

using protocol::Json;

// The badges dealt a card this round (in GET /table's order): every living character with a
// combat sheet still in the fight (fighting, or on a Last Stand).
std::vector<std::string> fighters_in(const Json& table);
// Who is dealt a card this round, in GET /table's order: each of fighters_in alone, but like
// Extras share one (SWD): the GM's Extras of one name make a group, up to max_shared_card.
std::vector<std::vector<std::string>> deal_groups(const Json& table);
// The most Extras one card goes to (the ledger's limit, db/ledger/apply_fight.cpp max_card_group).
inline constexpr std::size_t max_shared_card = 20;
// The groups' numbers in the list as the deal's prompt names them: "1, 2, 7+8".
std::string deal_numbers(const Json& table);
// The round's Action Cards dealt by the station (cards_dealt's payload): a card each to
// deal_groups (`to` a badge, or a group's badges), uniformly from the deck as the fight left it (GET /table's fight.out, the cards
// dealt since the last shuffle), shuffled first when the last round dealt a Joker (SWD) or fewer
// cards are left than groups. Refused (core::Refusal, missing_input) with no fighter in.
Json deal_payload(const Json& table, core::Csprng& rng);
// The same with the cards typed from a physical deck, one per group in deal_groups' order
// (the list's numbers, low to high), spaces or commas between: "AS 10h bj". On a Russian layout
// the same keys read the same ("фы 10р ио"). Shuffled as deal_payload decides (the GM shuffles
// the physical deck at the same points). Refused (core::Refusal, field "cards") naming a card
// that is none, or the count when it is not one a group.
Json typed_deal_payload(const Json& table, std::string_view text);

// One card typed from a physical deck ("QH", "10s", "bj"; a Russian layout's keys read the same)
// as the ledger spells it ("QH"). Refused (core::Refusal, field `field`) naming what was typed.
std::string parse_typed_card(std::string_view text, const std::string& field);

// card_redrawn's payload (001 L45) for `who` (a character of GET /table's): a card the station
// draws from the deck as the fight left it (fight.out), kept when it acts before the card held
// (the holder keeps their choice of all their draws: the better, as nearly always), paid with
// chip_to_spend; "held" names the card held, for the screen (not the ledger's: drop it before
// recording). Refused (core::Refusal): no card held this round ("to"), no chip to pay with
// ("chip"), no card left in the deck ("card").
Json redraw_payload(const Json& table, const Json& who, core::Csprng& rng);

}  // namespace marshal::gm::table_fight
