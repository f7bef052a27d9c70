// The kiosk's admin screen: opened by the kiosk's admin card and admin PIN (checked against the
// hash the ledger gave at enrollment, so it works with the ledger away). Nothing else leaves the
// kiosk's full screen.
#include "kiosk/kiosk_frame.h"

#include <algorithm>
#include <filesystem>

#include <wx/sizer.h>

#include "kiosk/frame_style.h"
#include "protocol/enrollment.h"

namespace marshal::kiosk {

using namespace style;

namespace {

constexpr int admin_tries_before_lock = 5;
constexpr std::int64_t admin_try_window_ms = 5 * 60'000;

// "" for no camera, then the video devices this machine has.
std::vector<std::string> camera_choices() {
  std::vector<std::string> found;
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator("/dev", ignored))
    if (entry.path().filename().string().rfind("video", 0) == 0) found.push_back(entry.path().string());
  std::sort(found.begin(), found.end());
  found.insert(found.begin(), "");
  return found;
}

}  // namespace

void KioskFrame::build_admin(wxWindow* book) {
  auto* page = new wxPanel(book);
  ui::apply(page);
  auto* s = new wxBoxSizer(wxVERTICAL);
  admin_text_ = label(page, "", headline_points - 4, true);
  s->Add(admin_text_, 0, wxALL | wxEXPAND, 8);
  admin_scanned_ = label(page, "", body_points, true);
  s->Add(admin_scanned_, 0, wxALL | wxEXPAND, 8);
  s->AddStretchSpacer();
  auto* grid = new wxGridSizer(2, 3, 6, 6);
  admin_full_screen_ = big_button(page, "Leave full screen", &KioskFrame::admin_full_screen);
  admin_camera_ = big_button(page, "Camera: none", &KioskFrame::admin_camera);
  for (wxButton* b : {admin_full_screen_, big_button(page, "Scanner test", &KioskFrame::admin_scanner_test),
                      big_button(page, "Re-enroll", &KioskFrame::admin_reenroll), admin_camera_,
                      big_button(page, "Quit the kiosk", &KioskFrame::admin_quit),
                      big_button(page, "Back (Esc)", &KioskFrame::show_attract)})
    grid->Add(b, 0, wxEXPAND);
  s->Add(grid, 0, wxEXPAND | wxALL, 8);
  page->SetSizer(s);
  book_->AddPage(page, "admin");
}

void KioskFrame::admin_pin_entered(const std::string& pin) {
  const std::int64_t now = now_ms();
  std::erase_if(admin_wrong_ms_, [&](std::int64_t t) { return now - t >= admin_try_window_ms; });
  if (static_cast<int>(admin_wrong_ms_.size()) >= admin_tries_before_lock)
    return show_message("Too many wrong admin PINs: try again in five minutes.", false, Screen::attract);
  if (!client_->admin_ok(admin_code_, pin)) {
    admin_wrong_ms_.push_back(now);
    return pin_refused("Wrong admin PIN.");
  }
  admin_wrong_ms_.clear();
  asking_admin_pin_ = false;
  admin_code_.clear();
  pin_name_->SetLabel("");
  scanner_test_ = false;
  cameras_ = camera_choices();
  admin_text_->SetLabel(wxString::FromUTF8("Admin: kiosk " + client_->station_name() + " at " +
                                           protocol::split_pinned_url(client_->server_url()).url));
  admin_scanned_->SetLabel("");
  admin_full_screen_->SetLabel(IsFullScreen() ? "Leave full screen" : "Full screen");
  show(Screen::admin);
}

void KioskFrame::admin_full_screen() {
  ShowFullScreen(!IsFullScreen());
  admin_full_screen_->SetLabel(IsFullScreen() ? "Leave full screen" : "Full screen");
}

void KioskFrame::admin_scanner_test() {
  scanner_test_ = true;
  admin_scanned_->SetLabel("Scanner test: scan anything; what the scanner sent shows here.");
  relayout();
}

void KioskFrame::admin_reenroll() {
  forget_player();
  client_->forget_enrollment();
  enroll_problem_->SetLabel("");
  show(Screen::enroll);
}

void KioskFrame::admin_quit() { Close(true); }

void KioskFrame::admin_camera() {
  if (cameras_.empty()) cameras_ = camera_choices();
  camera_choice_ = (camera_choice_ + 1) % cameras_.size();
  const std::string& device = cameras_[camera_choice_];
  if (device.empty()) {
    camera_.reset();
    camera_status_.clear();
  } else {
    start_camera(device);
  }
  admin_camera_->SetLabel(wxString::FromUTF8("Camera: " + (device.empty() ? std::string("none") : device)));
}

}  // namespace marshal::kiosk
