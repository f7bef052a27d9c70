#pragma once
// The stations' three short sounds (the kiosk's and the GM station's), distinct by pitch and
// shape so that someone who is not looking still knows: a code was read (one short high beep),
// something was refused (two low falling tones), a record was made (two rising tones). Made in
// memory as WAV (no sound files to install); a machine with no sound device stays silent
// without complaint, and so does a station whose settings say sound = off.
#include <cstdint>
#include <utility>
#include <vector>

#include <wx/sound.h>

namespace marshal::ui {

inline constexpr int sound_rate_hz = 22050;

enum class Sound { scan, refusal, recorded };

// A 16-bit mono PCM WAV of the notes, each (frequency in Hz, length in ms), with soft edges.
std::vector<std::uint8_t> tone_wav(const std::vector<std::pair<double, int>>& notes);

class Sounds {
 public:
  Sounds();
  void play(Sound sound);
  void set_enabled(bool enabled) { enabled_ = enabled; }
  bool enabled() const { return enabled_; }

 private:
  wxSound scan_, refusal_, recorded_;
  bool enabled_ = true;
};

}  // namespace marshal::ui
