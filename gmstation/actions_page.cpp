#include "gmstation/actions_page.h"

#include <fmt/format.h>

#include "ui/theme.h"

namespace marshal::gm {

ActionsPage::ActionsPage(wxWindow* parent, StationBackend& backend)
    : ConflictPage(parent, "GM ACTIONS"), backend_(backend) {
  who_ = new wxStaticText(this, wxID_ANY, "");
  who_->SetFont(ui::font(16, true));
  auto* keys = new wxStaticText(this, wxID_ANY,
                                "Ctrl+H  heal a wound (then the Doctor's badge)\n"
                                "Ctrl+D  dock a random innocent bystander\n"
                                "Ctrl+A  arrest (then the Lawman's badge)     Ctrl+J  jail     Ctrl+R  release");
  keys->SetFont(ui::font(14));
  result_ = new wxStaticText(this, wxID_ANY, "");
  result_->SetFont(ui::font(16, true));
  sizer_->Add(who_, 0, wxALL | wxEXPAND, 8);
  sizer_->Add(keys, 0, wxALL, 8);
  sizer_->Add(result_, 1, wxALL | wxEXPAND, 8);
  start();
}

void ActionsPage::start() {
  waiting_ = Waiting::character;
  badge_.clear();
  recorded_seq_ = 0;
  who_->SetLabel("");
  set_result(result_, "");
  say("Scan the badge of the character to act on");
}

void ActionsPage::show_character() {
  Lookup who = backend_.character(badge_);
  if (!who.found) return;
  const Json& v = who.data;
  who_->SetLabel(wxString::FromUTF8(fmt::format("{}{}{}{}  ·  bystanders left: {}", v["name"].get<std::string>(),
                                                v.value("dead", false) ? "  DEAD" : "",
                                                v.value("wounded", false) ? "  wounded" : "",
                                                v.value("jailed", false)     ? "  in jail"
                                                : v.value("arrested", false) ? "  arrested"
                                                                             : "",
                                                v.value("bystanders_left", 0))));
  Layout();
}

void ActionsPage::on_scan(const std::string& code) {
  if (waiting_ == Waiting::doctor || waiting_ == Waiting::lawman) {
    bool doctor = waiting_ == Waiting::doctor;
    Json payload{{"character", badge_}, {doctor ? "doctor" : "lawman", code}};
    record(doctor ? "wound_healed" : "arrested", payload, doctor ? "The wound is healed" : "Arrested");
    return;
  }
  Lookup who = backend_.character(code);
  if (!who.found) return refuse("Refused: " + wxString::FromUTF8(who.refusal));
  badge_ = code;
  waiting_ = Waiting::action;
  recorded_seq_ = 0;
  set_result(result_, "");
  show_character();
  say("Press the action's key (Ctrl + letter)");
}

bool ActionsPage::on_key(int key) {
  if (waiting_ != Waiting::action) return false;
  switch (key) {
    case 'H':
      waiting_ = Waiting::doctor;
      say("Scan the Doctor's badge");
      return true;
    case 'A':
      waiting_ = Waiting::lawman;
      say("Scan the Lawman's badge");
      return true;
    case 'D': record("bystander_docked", {{"character", badge_}}, "Docked"); return true;
    case 'J': record("jailed", {{"character", badge_}}, "In jail"); return true;
    case 'R': record("released", {{"character", badge_}}, "Released"); return true;
    default: return false;
  }
}

void ActionsPage::record(const std::string& type, const Json& payload, const wxString& done) {
  RecordOutcome r = backend_.record(type, payload);
  waiting_ = Waiting::action;
  show_record(r, "action");
  if (r.status == RecordOutcome::Status::refused) return;
  wxString text = done;
  if (type == "bystander_docked") {
    const Json& pick = r.ledger.value("pick", Json());
    if (pick.is_string()) {
      Lookup card = backend_.card(pick);
      text = wxString::FromUTF8("Docked: take the bystander card \"" +
                                (card.found ? card.data["title"].get<std::string>() : pick.get<std::string>()) + "\"");
    } else if (r.status == RecordOutcome::Status::accepted) {
      text = "No bystander left to dock: recorded, nothing taken";
    }
  }
  set_result(result_, text);
  show_character();
}

}  // namespace marshal::gm
