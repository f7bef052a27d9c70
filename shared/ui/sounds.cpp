#include "ui/sounds.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include <wx/log.h>

namespace marshal::ui {

namespace {

void put16(std::vector<std::uint8_t>& out, std::uint32_t v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xFF));
  out.push_back(static_cast<std::uint8_t>((v >> 8) & 0xFF));
}

void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  put16(out, v & 0xFFFF);
  put16(out, v >> 16);
}

void create(wxSound& sound, const std::vector<std::uint8_t>& wav) {
  wxLogNull quiet;  // no sound device: silence, never a dialog at a kiosk
  sound.Create(wav.size(), wav.data());
}

}  // namespace

std::vector<std::uint8_t> tone_wav(const std::vector<std::pair<double, int>>& notes) {
  std::vector<std::int16_t> samples;
  for (const auto& [hz, ms] : notes) {
    const int n = sound_rate_hz * ms / 1000;
    const int edge = std::min(n / 4, sound_rate_hz / 200);  // 5 ms fades: no clicks
    for (int i = 0; i < n; ++i) {
      double gain = 0.5;
      if (i < edge) gain *= static_cast<double>(i) / edge;
      if (n - 1 - i < edge) gain *= static_cast<double>(n - 1 - i) / edge;
      samples.push_back(static_cast<std::int16_t>(32767 * gain * std::sin(2 * std::numbers::pi * hz * i / sound_rate_hz)));
    }
  }
  const auto data_bytes = static_cast<std::uint32_t>(samples.size() * 2);
  std::vector<std::uint8_t> wav;
  wav.reserve(44 + data_bytes);
  for (char c : std::string("RIFF")) wav.push_back(static_cast<std::uint8_t>(c));
  put32(wav, 36 + data_bytes);
  for (char c : std::string("WAVEfmt ")) wav.push_back(static_cast<std::uint8_t>(c));
  put32(wav, 16);                  // the fmt chunk's size
  put16(wav, 1);                   // PCM
  put16(wav, 1);                   // mono
  put32(wav, sound_rate_hz);
  put32(wav, sound_rate_hz * 2);   // bytes a second
  put16(wav, 2);                   // bytes a frame
  put16(wav, 16);                  // bits a sample
  for (char c : std::string("data")) wav.push_back(static_cast<std::uint8_t>(c));
  put32(wav, data_bytes);
  for (std::int16_t s : samples) put16(wav, static_cast<std::uint16_t>(s));
  return wav;
}

Sounds::Sounds() {
  create(scan_, tone_wav({{1320, 60}}));
  create(refusal_, tone_wav({{330, 160}, {220, 220}}));
  create(recorded_, tone_wav({{660, 110}, {990, 160}}));
}

void Sounds::play(Sound sound) {
  if (!enabled_) return;
  wxLogNull quiet;
  wxSound& s = sound == Sound::scan ? scan_ : sound == Sound::refusal ? refusal_ : recorded_;
  if (s.IsOk()) s.Play(wxSOUND_ASYNC);
}

}  // namespace marshal::ui
