#include "gmstation/chase_page.h"

#include <wx/sizer.h>

#include <fmt/format.h>

#include "core/card_code.h"
#include "protocol/odds_json.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::utf8;
using ui::wx_tr;

namespace {

std::string joined(const Json& names, const char* separator) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : separator) + n.get<std::string>();
  return out;
}

// Why a scanned card that is neither a badge nor a horse has no part in a chase, by its kind.
std::string chase_card_refusal(const std::string& kind) {
  if (kind == "badge") return tr("Refused: a badge card has no part in a chase");
  if (kind == "secret") return tr("Refused: a secret card has no part in a chase");
  if (kind == "trick") return tr("Refused: a trick card has no part in a chase");
  if (kind == "bystander") return tr("Refused: a bystander card has no part in a chase");
  if (kind == "power") return tr("Refused: a power card has no part in a chase");
  if (kind == "token") return tr("Refused: a token card has no part in a chase");
  // TRANSLATORS: {} is a card's kind as the ledger names it (an English word such as game).
  return fmt::format(fmt::runtime(tr("Refused: a {} card has no part in a chase")), kind);
}

}  // namespace

ChasePage::ChasePage(wxWindow* parent, LedgerAsker& asker)
    // TRANSLATORS: the chase screen's title.
    : ConflictPage(parent, wx_tr("CHASE"), asker), backend_(asker.backend()), wait_timer_(this) {
  state_ = new wxStaticText(this, wxID_ANY, "");
  state_->SetFont(ui::font(ui::body_points));
  sizer_->Add(state_, 0, wxALL | wxEXPAND, 8);
  countdown_ = new wxStaticText(this, wxID_ANY, "");
  countdown_->SetFont(ui::font(30, true));
  countdown_->SetForegroundColour(ui::provisional_amber);
  inputs_->Add(countdown_, 0, wxALL, 8);
  auto* toggles = new wxWrapSizer(wxHORIZONTAL);  // as many lines as the page's width needs
  inputs_->Add(toggles, 0, wxLEFT | wxRIGHT | wxEXPAND, 8);
  add_odds_toggle(toggles, [this] { return odds_text(); });
  result_ = add_result_area(16);
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) { tick(); });
  start();
}

void ChasePage::start() {
  open_screen();
  wait_timer_.Stop();
  wait_left_s_ = 0;
  session_ = std::make_unique<ConflictSession>("chase");
  step_ = Step::varmint;
  last_rider_.clear();
  last_side_.clear();
  ambush_next_ = false;
  start_next_ = false;
  pending_posse_ = Json::array();
  pending_varmint_.clear();
  recorded_seq_ = 0;
  set_result("");
  ask<Lookup>([](StationBackend& backend) { return backend.event(); }, [this](const Lookup& event) { begin(event); });
}

void ChasePage::begin(const Lookup& event) {
  if (!event.found) {
    step_ = Step::done;
    state_->SetLabel("");
    // TRANSLATORS: {} says why, in the ledger's words.
    return refuse(utf8(fmt::format(fmt::runtime(tr("The ledger's locations cannot be read: {}")), event.refusal)));
  }
  event_ = event.data;
  Json& input = session_->input();
  input["locations"] = event_["locations"];
  input["options"] = event_["options"];
  input["varmint"] = Json::array();
  input["posse"] = Json::array();
  input["hands"] = {{"varmint", Json::array()}, {"posse", Json::array()}};
  input["turns"] = Json::array();
  show_state();
  show_prompt(wx_tr("Scan the fleeing riders' badges (a horse card after a badge is that rider's horse). "
                    "Ctrl+B: name an ambush.  Ctrl+L: it starts out of town.  Ctrl+N: they are off"));
}

std::optional<std::string> ChasePage::location_of(const std::string& code) {
  const Json& locations = event_["locations"];
  if (auto number = core::deck_card_number(core::location_deck_prefix, code)) {
    std::size_t index = static_cast<std::size_t>(*number);
    if (index < locations.size()) return locations[index]["name"].get<std::string>();
    // TRANSLATORS: {} are location card codes (LOC07; the last of the deck: LOC12).
    refuse(utf8(fmt::format(fmt::runtime(tr("{} is not a location of this event (LOC00 to {})")),
                            core::deck_card_code(core::location_deck_prefix, *number),
                            core::deck_card_code(core::location_deck_prefix, static_cast<int>(locations.size()) - 1))));
    return std::nullopt;
  }
  // TRANSLATORS: {} is the scanned code; LOCnn is how a location card's code is written.
  refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {} is not a location card (LOCnn)")), code)));
  return std::nullopt;
}

void ChasePage::on_scan(const std::string& code) {
  switch (step_) {
    case Step::varmint:
    case Step::waiting: {
      if (start_next_) {
        auto location = location_of(code);
        if (!location) return;
        session_->input()["start"] = *location;
        start_next_ = false;
        show_state();
        return show_prompt(wx_tr("The chase starts there: each side's first card must lead on from it. Scan more "
                                 "riders, or Ctrl+N"));
      }
      if (ambush_next_) {
        auto location = location_of(code);
        if (!location) return;
        session_->input()["ambush"] = *location;
        ambush_next_ = false;
        show_state();
        return show_prompt(wx_tr("The ambush is named (kept secret). Scan more riders, or Ctrl+N"));
      }
      // A rider's badge, else a horse card: asked in one request.
      struct RiderOrHorse {
        Lookup who, card;
        static RiderOrHorse failed(const std::string& what) {
          RiderOrHorse answer;
          answer.who.refusal = answer.card.refusal = what;
          return answer;
        }
      };
      const std::string side = step_ == Step::varmint ? "varmint" : "posse";
      return ask<RiderOrHorse>(
          [code](StationBackend& backend) {
            RiderOrHorse answer{backend.character(code), {}};
            if (!answer.who.found) answer.card = backend.card(code);
            return answer;
          },
          [this, side, code](const RiderOrHorse& answer) {
            if (answer.who.found) return add_rider(side, code, answer.who);
            const Lookup& card = answer.card;
            if (card.found && card.data.value("kind", "") == "horse") return add_horse(side, card);
            refuse(utf8(card.found ? chase_card_refusal(card.data["kind"].get<std::string>())
                                   : fmt::format(fmt::runtime(tr("Refused: {}")), answer.who.refusal)));
          });
    }
    case Step::varmint_hand:
    case Step::posse_hand: {
      auto location = location_of(code);
      if (location) deal(step_ == Step::varmint_hand ? "varmint" : "posse", *location);
      return;
    }
    case Step::varmint_turn:
    case Step::posse_turn: {
      auto location = location_of(code);
      if (location) play(*location);
      return;
    }
    case Step::done: return refuse(wx_tr("The chase is over: Esc"));
  }
}

void ChasePage::add_rider(const std::string& side, const std::string& code, const Lookup& who) {
  std::string why;
  std::optional<Json> character = session_->admit(code, who.data, why);
  if (!character) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), why)));
  session_->input()[side].push_back({{"character", *character}, {"horse", 0}});
  last_rider_ = who.data["name"];
  last_side_ = side;
  if (side == "posse" && wait_timer_.IsRunning()) {
    wait_timer_.Stop();  // the posse came in time
    wait_left_s_ = 0;
  }
  show_state();
  // TRANSLATORS: {} is a rider's name.
  show_prompt(utf8(fmt::format(fmt::runtime(side == "varmint" ? tr("{} flees. Their horse card, more riders, or Ctrl+N")
                                                      : tr("{} rides with the posse. Their horse card, more riders, or Ctrl+N")),
                       last_rider_)));
}

void ChasePage::add_horse(const std::string& side, const Lookup& horse) {
  const Json& card = horse.data;
  if (last_rider_.empty() || last_side_ != side)
    return refuse(wx_tr("Scan the rider's badge first, then their horse"));
  if (card.value("holder", "") != last_rider_)
    // TRANSLATORS: {0} is a horse's name, {1} a rider's.
    return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {} is not {}'s horse")), card["title"].get<std::string>(),
                                   last_rider_)));
  for (auto& rider : session_->input()[side])
    if (rider["character"]["name"] == last_rider_) rider["horse"] = card["detail"].value("rating", 0);
  show_state();
  // TRANSLATORS: {0} is a rider's name, {1} their horse's.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("{} rides {}. More riders, or Ctrl+N")), last_rider_,
                       card["title"].get<std::string>())));
}

bool ChasePage::on_key(int key) {
  if (key == 'N') {
    next();
    return true;
  }
  if (key == 'L' && (step_ == Step::varmint || step_ == Step::waiting)) {
    start_next_ = true;
    ambush_next_ = false;
    show_prompt(wx_tr("Out of town: scan the location card where the chase starts"));
    return true;
  }
  if (key == 'B' && (step_ == Step::varmint || step_ == Step::waiting)) {
    ambush_next_ = true;
    start_next_ = false;
    show_prompt(wx_tr("Ambush: scan the location card the fleeing side names (the posse must not see it)"));
    return true;
  }
  return false;
}

void ChasePage::next() {
  Json& input = session_->input();
  switch (step_) {
    case Step::varmint: {
      if (input["varmint"].empty()) return refuse(wx_tr("Scan at least one fleeing rider's badge"));
      const Json& o = event_["options"];
      int low = o.value("chase_min_wait_s", 60), high = std::max(low, o.value("chase_max_wait_s", 180));
      wait_left_s_ = low + static_cast<int>(rng_.uniform(static_cast<std::uint32_t>(high - low + 1)));
      wait_timer_.Start(1000);
      step_ = Step::waiting;
      last_rider_.clear();
      show_state();
      return show_prompt(wx_tr("They ride out. Posse: scan your badges before the time runs out, then Ctrl+N"));
    }
    case Step::waiting:
      if (input["posse"].empty()) return refuse(wx_tr("Nobody has come to chase yet: scan a posse badge"));
      wait_timer_.Stop();
      wait_left_s_ = 0;
      step_ = Step::varmint_hand;
      show_state();
      return show_prompt(utf8(fmt::format(
          fmt::runtime(tr("Deal the varmint's best rider {} location cards; scan each as it is dealt")),
          hand_size("varmint"))));
    case Step::varmint_hand:
      step_ = Step::posse_hand;
      show_state();
      return show_prompt(utf8(fmt::format(
          fmt::runtime(tr("Deal the posse's best rider {} location cards; scan each as it is dealt")),
          hand_size("posse"))));
    case Step::posse_hand: {
      SessionOutcome o = session_->resolve();
      if (!o.ok) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), o.error)));
      if (o.resolution["result"]["status"] != "running") return record();
      step_ = Step::varmint_turn;
      show_state();
      return show_prompt(wx_tr("Turn 1: scan the card the varmint plays"));
    }
    case Step::posse_turn: return end_posse_turn();
    default: return;
  }
}

int ChasePage::hand_size(const std::string& side) {
  SessionOutcome o = session_->resolve();
  return o.ok ? o.resolution["steps"][0]["hand_sizes"][side].get<int>() : 0;
}

void ChasePage::deal(const std::string& side, const std::string& location) {
  Json& hand = session_->input()["hands"][side];
  hand.push_back(location);
  SessionOutcome o = session_->resolve();
  if (!o.ok) {
    hand.erase(hand.size() - 1);
    return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), o.error)));
  }
  int size = o.resolution["steps"][0]["hand_sizes"][side];
  show_state();
  if (static_cast<int>(hand.size()) < size)
    // TRANSLATORS: {0} is the location just dealt; then how many cards are dealt of how many.
    return show_prompt(utf8(fmt::format(fmt::runtime(tr("{}: {} of {} dealt. Scan the next card (Ctrl+N: that is all)")),
                                location, hand.size(), size)));
  next();  // the hand is full
}

void ChasePage::play(const std::string& location) {
  if (step_ == Step::varmint_turn) {
    pending_varmint_ = location;
    pending_posse_ = Json::array();
    step_ = Step::posse_turn;
    show_state();
    return show_prompt(wx_tr("The varmint plays a card. Posse: scan your card (riding hard: one after another), then Ctrl+N"));
  }
  pending_posse_.push_back(location);
  show_state();
  // TRANSLATORS: {} is the posse's route: locations joined by arrows.
  show_prompt(utf8(fmt::format(fmt::runtime(tr("The posse rides {}. Another card, or Ctrl+N")), joined(pending_posse_, " -> "))));
}

void ChasePage::end_posse_turn() {
  Json& turns = session_->input()["turns"];
  turns.push_back({{"varmint", pending_varmint_}, {"posse", pending_posse_}});
  SessionOutcome o = session_->resolve();
  if (!o.ok) {
    turns.erase(turns.size() - 1);
    pending_varmint_.clear();
    pending_posse_ = Json::array();
    step_ = Step::varmint_turn;
    show_state();
    // TRANSLATORS: {} says why the turn is refused, in the rules' words.
    return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}. Play the turn again: the varmint's card first")),
                                   o.error)));
  }
  pending_varmint_.clear();
  pending_posse_ = Json::array();
  const Json& turn = o.resolution["steps"].back();
  int escape_after = event_["options"].value("chase_escape_after", 3);
  std::string so_far = result_text().ToStdString(wxConvUTF8);
  set_result(utf8((so_far.empty() ? "" : so_far + "\n") +
                  (turn["matched"].get<bool>()
                       // TRANSLATORS: {0} is the turn's number, {1} a location.
                       ? fmt::format(fmt::runtime(tr("Turn {}: the posse catches up at {}")), turn["number"].get<int>(),
                                     turn["varmint"].get<std::string>())
                       // TRANSLATORS: {0} is the turn's number; then how many turns in a row of how many.
                       : fmt::format(fmt::runtime(tr("Turn {}: the varmint is ahead, {} of {} in a row")),
                                     turn["number"].get<int>(), turn["unmatched_in_a_row"].get<int>(), escape_after))));
  if (o.resolution["result"]["status"] != "running") return record();
  step_ = Step::varmint_turn;
  show_state();
  show_prompt(utf8(fmt::format(fmt::runtime(tr("Turn {}: scan the card the varmint plays")), turns.size() + 1)));
}

std::string ChasePage::odds_text() {
  // Before the hands are dealt: the chance of holding no ROAD card, and a plain-play estimate.
  const Json& input = session_->input();
  if (step_ != Step::waiting && step_ != Step::varmint_hand && step_ != Step::posse_hand) return "";
  if (!input.contains("posse") || input["posse"].empty()) return "";
  try {
    Json odds_input{{"locations", input["locations"]}, {"options", input["options"]}, {"varmint", input["varmint"]},
                    {"posse", input["posse"]}, {"trials", 2000}};
    Json o = protocol::odds("chase", odds_input, rng_);
    // TRANSLATORS: ROAD cards are the location cards that lead out of town; {:.0f}% are percentages.
    return fmt::format(fmt::runtime(tr("Odds before the deal: the varmint stuck in town {:.0f}%, the posse {:.0f}%; "
                                       "played plainly, the varmint escapes about {:.0f}%")),
                       100 * o["varmint"]["stuck_in_town"].get<double>(), 100 * o["posse"]["stuck_in_town"].get<double>(),
                       100 * o["whole_chase_monte_carlo"]["estimates"]["escaped"]["p"].get<double>());
  } catch (const std::exception& e) {
    // TRANSLATORS: {} says why, in the odds engine's words.
    return fmt::format(fmt::runtime(tr("No odds: {}")), e.what());
  }
}

void ChasePage::tick() {
  if (wait_left_s_ > 0) --wait_left_s_;
  if (wait_left_s_ == 0) {
    wait_timer_.Stop();
    if (session_->input()["posse"].empty()) {
      step_ = Step::done;
      set_result(wx_tr("ESCAPED: nobody came to chase in time"));
      show_instruction(wx_tr("The varmint got away. Esc: back"), ui::accepted_green);
    }
  }
  show_state();
}

void ChasePage::show_state() {
  const Json& input = session_->input();
  std::string text;
  for (const char* side : {"varmint", "posse"}) {
    if (!input.contains(side)) continue;
    std::string riders;
    for (const auto& r : input[side])
      riders += (riders.empty() ? "" : ", ") +
                // TRANSLATORS: a rider and their horse's rating: Kid Calloway (horse 2).
                fmt::format(fmt::runtime(tr("{} (horse {})")), r["character"]["name"].get<std::string>(),
                            r["horse"].get<int>());
    if (riders.empty()) riders = "-";
    text += fmt::format(fmt::runtime(std::string(side) == "varmint" ? tr("Fleeing: {}") : tr("Posse: {}")), riders) + "\n";
  }
  if (input.contains("ambush")) text += tr("An ambush is named (secret)") + "\n";
  // TRANSLATORS: {} is a location: the chase starts there, out of town.
  if (input.contains("start")) text += fmt::format(fmt::runtime(tr("Starts out of town at {}")), input["start"].get<std::string>()) + "\n";
  countdown_->SetLabel(wait_left_s_ > 0 ? wxString::Format(wx_tr("The posse has %d:%02d to come"), wait_left_s_ / 60,
                                                          wait_left_s_ % 60)
                                        : wxString());
  if (step_ >= Step::varmint_hand && input.contains("hands"))
    text += fmt::format(fmt::runtime(tr("Cards dealt: varmint {}, posse {}")), input["hands"]["varmint"].size(),
                        input["hands"]["posse"].size()) +
            "\n";
  if (!pending_varmint_.empty())
    // TRANSLATORS: {} is the posse's route so far: locations joined by arrows (may be empty).
    text += fmt::format(fmt::runtime(tr("The varmint has played; the posse: {}")), joined(pending_posse_, " -> ")) + "\n";
  state_->SetLabel(utf8(text));
  update_odds();
  Layout();
}

void ChasePage::record() {
  step_ = Step::done;
  wait_timer_.Stop();
  SessionOutcome o = session_->resolve();
  if (!o.ok) return refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), o.error)));
  const Json& r = o.resolution["result"];
  std::string text = result_text().ToStdString(wxConvUTF8) + "\n";
  if (r["status"] == "escaped") {
    text += tr("THE VARMINT HAS ESCAPED");
  } else {
    const bool duel = r["fight"] == "duel";
    if (r["ambush_sprung"].get<bool>()) {
      // TRANSLATORS: {} is the ambush's location, where the fight is.
      text += fmt::format(fmt::runtime(tr("AMBUSH at {}: a shootout; the ambushers get a free round first")),
                          r["caught_at"].get<std::string>());
    } else if (r["caught_at"] == "town") {
      text += duel ? tr("CAUGHT in town (stuck in town): a duel") : tr("CAUGHT in town (stuck in town): a shootout");
    } else {
      // TRANSLATORS: {} is the location where the posse caught the varmint.
      text += fmt::format(fmt::runtime(duel ? tr("CAUGHT at {}: a duel") : tr("CAUGHT at {}: a shootout")),
                          r["caught_at"].get<std::string>());
    }
    text += duel ? " (F2)" : " (F6)";
  }
  // Out of town a side stuck at the start held no card leading on from it.
  const bool in_town = !session_->input().contains("start");
  if (r["varmint_stuck_in_town"].get<bool>())
    text += "\n" + (in_town ? tr("The varmint held no ROAD card: stuck in town")
                            : tr("The varmint held no card leading on from where the chase started"));
  if (r["posse_stuck_in_town"].get<bool>())
    text += "\n" + (in_town ? tr("The posse held no ROAD card: stuck in town")
                            : tr("The posse held no card leading on from where the chase started"));
  set_result(utf8(text));
  show_state();
  record_conflict(session_->record_payload(o), "chase");
}

}  // namespace marshal::gm
