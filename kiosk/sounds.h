#pragma once
// The kiosk's three short sounds, distinct by pitch and shape so that a player who is not
// looking still knows: a code was read (one short high beep), something was refused (two low
// falling tones), a hand-over or ballot was recorded (two rising tones). Made in memory as WAV
// (no sound files to install); a machine with no sound device stays silent without complaint.
#include <cstdint>
#include <utility>
#include <vector>

#include <wx/sound.h>

namespace marshal::kiosk {

inline constexpr int sound_rate_hz = 22050;

enum class Sound { scan, refusal, recorded };

// A 16-bit mono PCM WAV of the notes, each (frequency in Hz, length in ms), with soft edges.
std::vector<std::uint8_t> tone_wav(const std::vector<std::pair<double, int>>& notes);

class KioskSounds {
 public:
  KioskSounds();
  void play(Sound sound);

 private:
  wxSound scan_, refusal_, recorded_;
};

}  // namespace marshal::kiosk
