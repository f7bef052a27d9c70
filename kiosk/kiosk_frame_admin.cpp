// The kiosk's admin screen: opened by the kiosk's admin card and admin PIN (checked against the
// hash the ledger gave at enrollment, so it works with the ledger away). Nothing else leaves the
// kiosk's full screen.
#include "kiosk/kiosk_frame.h"

#include <algorithm>
#include <filesystem>

#include <wx/sizer.h>

#include <fmt/format.h>

#include "kiosk/frame_style.h"
#include "protocol/enrollment.h"
#include "ui/words.h"

namespace marshal::kiosk {

using namespace style;
using ui::tr;
using ui::utf8;
using ui::wx_tr;

namespace {

constexpr int admin_tries_before_lock = 5;
constexpr std::int64_t admin_try_window_ms = 5 * 60 * 1000;

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
  admin_full_screen_ = big_button(page, wx_tr("Leave full screen"), &KioskFrame::admin_full_screen);
  admin_camera_ = big_button(page, wx_tr("Camera: none"), &KioskFrame::admin_camera);
  for (wxButton* b : {admin_full_screen_, big_button(page, wx_tr("Scanner test"), &KioskFrame::admin_scanner_test),
                      big_button(page, wx_tr("Re-enroll"), &KioskFrame::admin_reenroll), admin_camera_,
                      big_button(page, wx_tr("Quit the kiosk"), &KioskFrame::admin_quit),
                      big_button(page, wx_tr("Back (Esc)"), &KioskFrame::show_attract)})
    grid->Add(b, 0, wxEXPAND);
  s->Add(grid, 0, wxEXPAND | wxALL, 8);
  page->SetSizer(s);
  book_->AddPage(page, "admin");
}

void KioskFrame::admin_pin_entered(const std::string& pin) {
  const std::int64_t now = now_ms();
  std::erase_if(admin_wrong_ms_, [&](std::int64_t t) { return now - t >= admin_try_window_ms; });
  if (static_cast<int>(admin_wrong_ms_.size()) >= admin_tries_before_lock)
    return show_message(tr("Too many wrong admin PINs: try again in five minutes."), false, Screen::attract);
  if (!client_->admin_ok(admin_code_, pin)) {
    admin_wrong_ms_.push_back(now);
    return pin_refused(tr("Wrong admin PIN."));
  }
  admin_wrong_ms_.clear();
  asking_admin_pin_ = false;
  admin_code_.clear();
  pin_name_->SetLabel("");
  scanner_test_ = false;
  cameras_ = camera_choices();
  // TRANSLATORS: the kiosk's station name, then the ledger server's address.
  admin_text_->SetLabel(utf8(fmt::format(fmt::runtime(tr("Admin: kiosk {} at {}")), client_->station_name(),
                                         protocol::split_pinned_url(client_->server_url()).url)));
  admin_text_->Wrap(GetClientSize().GetWidth() - 40);
  admin_scanned_->SetLabel("");
  admin_full_screen_->SetLabel(IsFullScreen() ? wx_tr("Leave full screen") : wx_tr("Full screen"));
  show(Screen::admin);
}

void KioskFrame::admin_full_screen() {
  ShowFullScreen(!IsFullScreen());
  admin_full_screen_->SetLabel(IsFullScreen() ? wx_tr("Leave full screen") : wx_tr("Full screen"));
}

void KioskFrame::admin_scanner_test() {
  scanner_test_ = true;
  admin_scanned_->SetLabel(wx_tr("Scanner test: scan anything; what the scanner sent shows here."));
  relayout();
}

void KioskFrame::admin_reenroll() {
  forget_player();
  worker_->post([client = client_.get()] { client->forget_enrollment(); });
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
  admin_camera_->SetLabel(device.empty() ? wx_tr("Camera: none")
                                         // TRANSLATORS: {} is the camera's device, such as /dev/video0.
                                         : utf8(fmt::format(fmt::runtime(tr("Camera: {}")), device)));
}

}  // namespace marshal::kiosk
