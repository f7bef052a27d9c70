#pragma once
// The brawl screen: scan 3 or more badges, Ctrl+N to start (or it continues a fistfight that a
// third fighter joined). Each round every standing fighter's card is typed (F: flees before the
// round) or drawn by the station, Enter; the lowest total is out. A tie for lowest asks for the
// tied fighters' redraws. Between rounds a scanned badge joins. One left standing: recorded,
// with the headaches of those thrown out.
#include <array>
#include <memory>

#include <wx/checkbox.h>
#include <wx/textctrl.h>

#include "gmstation/conflict_page.h"
#include "gmstation/conflict_session.h"

namespace marshal::gm {

class BrawlPage : public ConflictPage {
 public:
  static constexpr int max_fighters = 8;
  BrawlPage(wxWindow* parent, LedgerAsker& asker);
  void start() override;  // a new brawl
  // A fistfight that a third fighter joined: the brawl goes on in the same record.
  void continue_fistfight(std::unique_ptr<ConflictSession> fistfight, std::vector<std::string> fighters);
  void on_scan(const std::string& code) override;
  bool on_key(int key) override;  // Ctrl+N: start

 private:
  // The ledger's answer on a fighter scanned.
  void took_fighter(const std::string& code, const Lookup& who);
  // An action card scanned (ACT01..ACT10): into the next card field of a fighter who draws; the
  // round (or tie-break) is played once each of them has a card.
  void card_scanned(int value);
  enum class Step { scanning, cards, tiebreak, done };
  void begin_rounds();
  void on_enter();
  void play_round();
  void play_tiebreak();
  // Resolves what is entered; a missing redraw leads to the tie-break step.
  void settle();
  void show_fighters();
  std::string odds_text();
  const Json& brawl_part(const Json& resolution) const;
  Json& rounds() { return session_->input()[rounds_key_]; }
  void record();

  StationBackend& backend_;
  std::unique_ptr<ConflictSession> session_;
  std::string rounds_key_ = "rounds";
  std::vector<std::string> names_;     // the brawl's fighters in order, then those joining
  std::vector<std::string> joining_;   // scanned since the last round
  Json pending_join_ = Json::array();  // their characters, for the next round's "join"
  std::vector<std::string> tied_;      // who redraws now
  Step step_ = Step::scanning;
  SessionOutcome last_;
  std::array<wxStaticText*, max_fighters> fighter_{};
  std::array<wxTextCtrl*, max_fighters> card_{};
  std::array<wxStaticText*, max_fighters> state_{};
  wxStaticText* result_;
};

}  // namespace marshal::gm
