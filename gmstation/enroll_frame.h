#pragma once
// A GM station started against a ledger server it is not enrolled with yet: one window asking for
// the station's enrollment card (docs/kiosk.md: `marshal station add NAME --role gm --card
// FILE.pdf --server URL`). Scanned (or its code typed), the card enrolls the station and the
// station's main window opens in its place.
#include <functional>
#include <memory>
#include <string>

#include <wx/frame.h>
#include <wx/stattext.h>

#include "gmstation/station_backend.h"
#include "ui/scan_input.h"

namespace marshal::gm {

class EnrollFrame : public wxFrame {
 public:
  // `enrolled` gets the backend once the ledger accepted the card; this window then closes.
  EnrollFrame(std::string cache_path, std::function<void(std::unique_ptr<StationBackend>)> enrolled);
  wxString problem() const { return problem_->GetLabel(); }
  ui::ScanInput* scan_input() { return scan_; }

 private:
  void on_code(const std::string& code);

  std::string cache_path_;
  std::function<void(std::unique_ptr<StationBackend>)> enrolled_;
  wxStaticText* problem_;
  ui::ScanInput* scan_;
};

}  // namespace marshal::gm
