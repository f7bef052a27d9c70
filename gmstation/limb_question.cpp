#include "gmstation/limb_question.h"

#include <fmt/format.h>

#include "core/limbs.h"
#include "protocol/refusal_json.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::utf8;
using ui::wx_tr;

LimbQuestion::LimbQuestion(wxWindow* page, wxSizer* sizer, Callbacks callbacks)
    : page_(page), callbacks_(std::move(callbacks)) {
  row_ = new wxBoxSizer(wxHORIZONTAL);
  question_ = new wxStaticText(page, wxID_ANY, "");
  question_->SetFont(ui::font(17, true));
  question_->SetForegroundColour(ui::provisional_amber);
  // TRANSLATORS: names the number typed in a refusal ("The limb: 7 is out of range: 1 to 4").
  field_ = new OneKeyNumber(page, wx_tr("The limb"));
  field_->set_range(0, static_cast<int>(core::limbs.size()));
  field_->on_done([this] { chosen(); });
  field_->on_refused([this](const wxString& why) { callbacks_.refuse(why); });
  row_->Add(question_, 1, wxALIGN_CENTER_VERTICAL | wxRIGHT, 12);
  row_->Add(field_, 0, wxALIGN_CENTER_VERTICAL);
  sizer->Add(row_, 0, wxALL | wxEXPAND, 8);
  sizer->Show(row_, false, true);
}

void LimbQuestion::ask(LedgerAsker& asker, std::vector<WoundedPerson> wounded) {
  asker_ = &asker;
  owed_ = std::move(wounded);
  ask_next();
}

void LimbQuestion::cancel() {
  owed_.clear();
  row_->ShowItems(false);
  page_->Layout();
}

void LimbQuestion::ask_next() {
  if (owed_.empty()) {
    cancel();
    if (callbacks_.done) callbacks_.done();
    return;
  }
  // TRANSLATORS: {0} is the wounded character; {1} the keys: "1 left arm   2 right arm ...".
  question_->SetLabel(utf8(fmt::format(fmt::runtime(tr("Which limb does {} lose the use of? The player chooses: {}")),
                                       owed_.front().name, core::limb_keys_words())));
  field_->set_range(0, static_cast<int>(core::limbs.size()));
  field_->set_value(0);
  row_->ShowItems(true);
  question_->Wrap(std::max(300, page_->GetClientSize().x - field_->GetSize().x - 40));
  page_->Layout();
  field_->SetFocus();
}

void LimbQuestion::chosen() {
  if (owed_.empty() || asker_->recording()) return;  // a digit pressed again while the last one is recorded
  const int key = field_->value();
  // TRANSLATORS: the keys that answer are the digits 1 to 4.
  if (key < 1) return callbacks_.refuse(wx_tr("The player chooses the limb: a digit, 1 to 4"));
  const WoundedPerson who = owed_.front();
  const std::string limb = core::limbs[static_cast<std::size_t>(key - 1)];
  asker_->record<RecordOutcome>(
      [who, limb](StationBackend& backend) {
        return backend.record("wound_limb_named", {{"character", who.badge}, {"limb", limb}});
      },
      [this, who, limb](const RecordOutcome& r) {
        if (owed_.empty() || owed_.front().badge != who.badge) return;  // a new screen meanwhile
        if (r.status == RecordOutcome::Status::refused)
          // TRANSLATORS: {} says why, in the ledger's words.
          return callbacks_.refuse(utf8(fmt::format(fmt::runtime(tr("Refused: {}")), r.reason)));
        // TRANSLATORS: {0} is the wounded character, {1} the limb (left arm).
        callbacks_.answered(
            utf8(fmt::format(fmt::runtime(tr("{} loses the use of the {}")), who.name, core::limb_words(limb))));
        owed_.erase(owed_.begin());
        ask_next();
      });
}

}  // namespace marshal::gm
