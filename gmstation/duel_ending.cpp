// How a duel ends (the duel screen's second half; duel_page.cpp has the first): a round's
// result shown, both duelists agreeing to stop, a third person joining (the duel becomes a
// shootout), and the record.
#include "gmstation/duel_page.h"

#include <algorithm>

#include <fmt/format.h>

#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::utf8;
using ui::wx_tr;

namespace {

// A shot of 13 or more, as its shooter chose (the rules' word for the choice).
std::string duel_choice_words(const std::string& choice) {
  // TRANSLATORS: a shot of 13 or more: what its shooter chose (kill, wound, or disable: shot out
  // of the fight).
  if (choice == "kill") return tr("13+: kill");
  if (choice == "wound") return tr("13+: wound");
  if (choice == "disable") return tr("13+: disable");
  return "13+: " + choice;
}

// Each duelist dead or wounded, a line each (each line starting with a line break).
std::string duelists_fates(const Json& duelists) {
  std::string lines;
  for (const auto& d : duelists)
    // TRANSLATORS: {} is a duelist's name.
    if (d.value("dead", false)) lines += "\n" + fmt::format(fmt::runtime(tr("{} is dead")), d["name"].get<std::string>());
    else if (d.value("wounded", false))
      // TRANSLATORS: a duelist's name, then the Speed and Accuracy left after the wound.
      lines += "\n" + fmt::format(fmt::runtime(tr("{} is wounded: a limb lost (the player picks it below), -1 to "
                                                  "everything: Speed now {}, Accuracy now {}")),
                                  d["name"].get<std::string>(), std::max(0, d["speed"].get<int>() - 1),
                                  std::max(0, d["accuracy"].get<int>() - 1));
  return lines;
}

}  // namespace

void DuelPage::show_round(const SessionOutcome& o) {
  show_duelists(&o.resolution["result"]["duelists"]);
  const Json& steps = o.resolution["steps"];
  wxString lines;
  const Json& last = steps.back();
  for (const auto& shot : last["shots"])
    if (shot["result"] == "shooters_choice" && !chosen_.count(shot["shooter"].get<std::string>())) {
      step_ = Step::choice;
      choosing_ = shot["shooter"];
      set_result(wxString::FromUTF8(fmt::format("{} -> {}: {} + {} = {}", choosing_, shot["target"].get<std::string>(),
                                                         shot["card"].get<int>(), shot["accuracy"].get<int>(),
                                                         shot["total"].get<int>())));
      // TRANSLATORS: the shooter, then the target; Ctrl+K, Ctrl+W and Ctrl+D are the keys: keep them.
      show_instruction(utf8(fmt::format(fmt::runtime(tr("13 or more! {} chooses what happens to {}: Ctrl+K kill, "
                                                        "Ctrl+W wound, Ctrl+D disable (shot out of the fight)")),
                                        choosing_, shot["target"].get<std::string>())),
                       ui::provisional_amber);
      return;
    }
  step_ = Step::shoot;
  for (const auto& shot : last["shots"])
    lines += wxString::FromUTF8(fmt::format("{} -> {}: {} + {} = {}  {}\n", shot["shooter"].get<std::string>(),
                                            shot["target"].get<std::string>(), shot["card"].get<int>(),
                                            shot["accuracy"].get<int>(), shot["total"].get<int>(),
                                            shot.contains("choice") ? duel_choice_words(shot["choice"].get<std::string>())
                                                                    : result_words(shot["result"].get<std::string>())));
  const Json& result = o.resolution["result"];
  for (auto* f : card_) f->Clear();
  if (result["over"].get<bool>()) {
    std::string winner = result["winner"].is_null()
                             ? tr("Nobody is left standing")
                             : fmt::format(fmt::runtime(tr("{} wins the duel")), result["winner"].get<std::string>());
    winner += duelists_fates(result["duelists"]);
    set_result(lines + wxString::FromUTF8(winner));
    step_ = Step::done;
    for (auto* f : card_) f->SetBackgroundColour(*wxWHITE);
    record();
  } else {
    set_result(lines);
    // TRANSLATORS: {} is the round's number.
    show_prompt(utf8(fmt::format(fmt::runtime(tr("Round {}: scan the cards (or type them and press Enter)")), steps.size())));
    mark_waiting_card(card_fields());
  }
  Layout();
}

void DuelPage::both_stop() {
  if (step_ == Step::choice) return refuse(wx_tr("First the shooter's choice: Ctrl+K kill, Ctrl+W wound, Ctrl+D disable"));
  if (step_ == Step::done) return refuse(wx_tr("The duel is over: Esc, or a new F-key, for the next"));
  if (step_ != Step::shoot) return refuse(wx_tr("Nothing is drawn yet, so nothing to record: Esc ends this duel"));
  Json& input = session_->input();
  input["stop"] = true;
  SessionOutcome o = session_->resolve();
  if (!o.ok) {
    input.erase("stop");
    return refuse(refusal_words(o.error));
  }
  const Json& result = o.resolution["result"];
  show_duelists(&result["duelists"]);
  for (auto* f : card_) {
    f->Clear();
    f->SetBackgroundColour(*wxWHITE);
  }
  result_->SetForegroundColour(ui::ink);
  set_result(wx_tr("Both duelists agree to stop") + utf8(duelists_fates(result["duelists"])));
  step_ = Step::done;
  record();
  Layout();
}

void DuelPage::someone_joins(const std::string& code) {
  ask_character_at(step_, code, [this, code](const Lookup& who) { joins(code, who); });
}

void DuelPage::joins(const std::string& code, const Lookup& who) {
  if (!who.found) return refuse(refusal_words(who.refusal));
  std::string why;
  if (!session_->add_participant("join", code, who.data, why)) return refuse(refusal_words(why));
  Json& input = session_->input();
  std::vector<std::string> players = names_;
  players.push_back(who.data["name"]);
  if (step_ == Step::draw) {
    // Nothing drawn, nothing happened: no duel to record, the shootout starts with the three.
    Json everybody = input["duelists"];
    everybody.push_back(input["join"].back());
    becomes_shootout_(session_->became("shootout", "participants", everybody), std::move(players));
    return start();
  }
  SessionOutcome o = session_->resolve();
  if (!o.ok) {
    session_->forget("join", players.back());
    return refuse(refusal_words(o.error));
  }
  record_conflict(session_->record_payload(o), "duel",
                  [this, players, everybody = o.resolution["became_shootout"]["participants"]]() mutable {
                    if (!recorded()) return session_->forget("join", players.back());
                    // TRANSLATORS: in the status bar; {} is the record's number in the ledger.
                    status_(recorded_seq_ > 0
                                ? utf8(fmt::format(fmt::runtime(tr("Duel recorded as #{}: it became a shootout")),
                                                   recorded_seq_))
                                : wx_tr("Duel kept provisionally: it syncs when the ledger returns"));
                    becomes_shootout_(session_->became("shootout", "participants", everybody), std::move(players));
                    start();
                  });
}

void DuelPage::record() {
  SessionOutcome o = session_->resolve();
  record_conflict(session_->record_payload(o), "duel", [this, wounded = session_->newly_wounded(o)] {
    if (!recorded()) return;
    ask_limbs(wounded);
    // TRANSLATORS: in the status bar; {} is the record's number in the ledger.
    status_(recorded_seq_ > 0 ? utf8(fmt::format(fmt::runtime(tr("Duel recorded as #{}")), recorded_seq_))
                              : wx_tr("Duel kept provisionally: it syncs when the ledger returns"));
  });
}

}  // namespace marshal::gm
