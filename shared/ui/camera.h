#pragma once
// A camera for a station's window (GM station, kiosk): codes decoded on the camera's own thread
// (scan::CameraScanner) reach the window's thread with CallAfter, into its scan input, where they
// count like any scan; a card in view but not read yet shows the window's "hold it still" hint;
// a camera that stops says why.
#include <functional>
#include <memory>
#include <string>

#include <wx/window.h>

#include "scan/frame_source.h"
#include "ui/scan_input.h"

namespace marshal::ui {

// `pipeline_or_device`: a device such as /dev/video0, or a GStreamer pipeline ending in
// `appsink name=sink`. `on_stopped` runs on the window's thread with the reason; `on_card_seen`
// too, with true when the hint is to appear and false when it is to go.
std::unique_ptr<scan::CameraScanner> start_camera(wxWindow* window, ScanInput* input, const std::string& pipeline_or_device,
                                                  std::function<void(const std::string& why)> on_stopped,
                                                  std::function<void(bool seen)> on_card_seen);

}  // namespace marshal::ui
