#include "ui/camera.h"

namespace marshal::ui {

std::unique_ptr<scan::CameraScanner> start_camera(wxWindow* window, ScanInput* input, const std::string& pipeline_or_device,
                                                  std::function<void(const std::string& why)> on_stopped,
                                                  std::function<void(bool seen)> on_card_seen) {
  const std::string pipeline =
      pipeline_or_device.rfind("/dev/", 0) == 0 ? scan::camera_pipeline(pipeline_or_device) : pipeline_or_device;
  return std::make_unique<scan::CameraScanner>(
      pipeline, [window, input](const std::string& code) { window->CallAfter([input, code] { input->deliver(code); }); },
      [window, on_stopped](const std::string& message) { window->CallAfter([on_stopped, message] { on_stopped(message); }); },
      scan::DecoderOptions{},
      [window, on_card_seen](bool seen) { window->CallAfter([on_card_seen, seen] { on_card_seen(seen); }); });
}

}  // namespace marshal::ui
