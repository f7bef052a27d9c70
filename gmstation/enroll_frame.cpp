#include "gmstation/enroll_frame.h"

#include <wx/sizer.h>

#include <fmt/format.h>

#include "protocol/enrollment.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace marshal::gm {

using ui::tr;
using ui::utf8;
using ui::wx_tr;

EnrollFrame::EnrollFrame(std::string cache_path, std::function<void(std::unique_ptr<StationBackend>)> enrolled)
    : wxFrame(nullptr, wxID_ANY, wx_tr("Marshal GM station: enrollment"), wxDefaultPosition, wxSize(1024, 600)),
      cache_path_(std::move(cache_path)),
      enrolled_(std::move(enrolled)) {
  ui::apply(this);
  auto* s = new wxBoxSizer(wxVERTICAL);
  auto* title = new wxStaticText(this, wxID_ANY, wx_tr("This GM station is not enrolled yet."));
  title->SetFont(ui::font(26, true));
  // TRANSLATORS: the second line is a command an organiser types: keep it as it is.
  auto* how = new wxStaticText(this, wxID_ANY,
                               wx_tr("Scan its enrollment card: an organiser prints it with\n"
                                     "marshal station add NAME --role gm --card FILE.pdf --server https://HOST:PORT"));
  how->SetFont(ui::font(16));
  problem_ = new wxStaticText(this, wxID_ANY, "");
  problem_->SetFont(ui::font(16, true));
  problem_->SetForegroundColour(ui::refusal_red);
  scan_ = new ui::ScanInput(this, [this](const std::string& code) { on_code(code); });
  s->AddStretchSpacer();
  s->Add(title, 0, wxALIGN_CENTER | wxALL, 10);
  s->Add(how, 0, wxALIGN_CENTER | wxALL, 10);
  s->Add(problem_, 0, wxALIGN_CENTER | wxALL, 10);
  s->AddStretchSpacer();
  s->Add(scan_, 0, wxEXPAND | wxALL, 4);
  SetSizer(s);
  scan_->watch_keyboard(this);
  scan_->focus_field();
}

void EnrollFrame::on_code(const std::string& code) {
  std::string problem;
  auto enrollment = protocol::parse_enrollment_payload(code, &problem);
  if (!enrollment) {
    problem_->SetLabel(
        problem.empty() ? wx_tr("That is not an enrollment card: scan the card printed by marshal station add --card.")
                        : utf8(fmt::format(fmt::runtime(tr("Not enrolled: {}")), ui::enrollment_problem_words(problem))));
    problem_->Wrap(GetClientSize().GetWidth() - 40);
    Layout();
    return;
  }
  try {
    enrolled_(connect_to_server(enrollment->pinned_url(), cache_path_, enrollment->code,
                                enrollment->standby_pinned_url()));
    Close(true);
  } catch (const std::exception& e) {
    problem_->SetLabel(wxString::FromUTF8(e.what()));  // "Not enrolled: ..." (connect_to_server)
    problem_->Wrap(GetClientSize().GetWidth() - 40);
    Layout();
  }
}

}  // namespace marshal::gm
