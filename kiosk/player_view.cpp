#include "kiosk/player_view.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace marshal::kiosk {

namespace {

std::string capitalised(std::string word) {
  if (!word.empty()) word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
  return word;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

}  // namespace

std::string clock_text(std::int64_t ms) {
  std::int64_t seconds = std::max<std::int64_t>(0, (ms + 999) / 1000);
  return fmt::format("{}:{:02d}", seconds / 60, seconds % 60);
}

PlayerView player_view(const Json& v, std::int64_t fetched_ms, std::int64_t now_ms) {
  PlayerView p;
  p.name = v.value("name", "");
  const Json& use = v.contains("in_use") ? v["in_use"] : v.value("attributes", Json::object());
  p.attributes = fmt::format("Hand-to-hand {}    Speed {}    Accuracy {}    Gambling {}    Riding {}",
                             use.value("hth", 0), use.value("speed", 0), use.value("accuracy", 0),
                             use.value("gambling", 0), use.value("riding", 0));
  if (v.value("dead", false)) p.standing = "DEAD: dead is final for the evening";
  else if (v.value("wounded", false)) {
    std::string limb = v.value("wounded_limb", "");
    p.standing = "WOUNDED" + (limb.empty() ? std::string() : " (" + limb + ")") +
                 ": every attribute -1 until a Doctor heals you";
  } else {
    p.standing = "Alive and well";
  }
  if (v.value("jailed", false)) p.standing += ". IN JAIL";
  else if (v.value("arrested", false)) p.standing += ". UNDER ARREST";
  for (const auto& t : v.value("timers", Json::array())) {
    std::int64_t left = t.value("remaining_ms", std::int64_t{0}) - (now_ms - fetched_ms);
    if (left <= 0) continue;
    std::string kind = t.value("kind", "");
    p.timers.push_back(fmt::format("{}: {} left", kind == "knocked_out" ? "Knocked out" : capitalised(kind),
                                   clock_text(left)));
  }
  p.lines.push_back(fmt::format("Innocent bystanders left: {}", v.value("bystanders_left", 0)));
  std::vector<std::string> tricks, horses;
  for (const auto& c : v.value("cards", Json::array())) {
    std::string kind = c.value("kind", ""), title = c.value("title", "");
    if (kind == "trick") tricks.push_back(title);
    else if (kind == "horse") {
      std::string owner = c.value("owner", ""), holder = c.value("holder", "");
      horses.push_back(owner == p.name || owner.empty() ? title : title + " (owned by " + owner + ")");
      p.horses.push_back({c.value("code", ""), title, owner == p.name && (holder.empty() || holder == p.name)});
    } else if (kind == "secret") {
      const Json& detail = c.value("detail", Json::object());
      p.secrets.push_back({c.value("code", ""), title, detail.value("text", "")});
    }
  }
  p.lines.push_back("Poker tricks to play: " + (tricks.empty() ? std::string("none") : joined(tricks)));
  p.lines.push_back("Horses with you: " + (horses.empty() ? std::string("none") : joined(horses)));
  std::vector<std::string> powers;
  for (const auto& power : v.value("powers", Json::array())) powers.push_back(capitalised(power.get<std::string>()));
  if (!powers.empty()) p.lines.push_back("Powers: " + joined(powers));
  return p;
}

}  // namespace marshal::kiosk
