#include "client/server_list.h"

#include <algorithm>

#include "protocol/enrollment.h"
#include "protocol/json_fields.h"

namespace marshal::client {

namespace {
// A URL a station may be sent to by a ledger: valid, and https only with its key's pin.
bool usable(const std::string& url) {
  std::string why;
  if (!protocol::valid_server_url(url, why)) return false;
  const protocol::ServerAddress address = protocol::split_pinned_url(url);
  return !address.url.starts_with("https://") || !address.key_pin.empty();
}
}  // namespace

ServerList::ServerList(const std::string& first) {
  if (!first.empty()) urls_.push_back(first);
}

ServerList ServerList::from_settings(const std::string& kept_json, const std::string& first, const std::string& current) {
  ServerList list(first);
  const protocol::Json kept = protocol::Json::parse(kept_json, nullptr, false);
  if (kept.is_array())
    for (const protocol::Json& url : kept)
      if (url.is_string() && list.urls_.size() < max_servers && usable(url) && !list.contains(url))
        list.urls_.push_back(url);
  if (list.contains(current)) list.make_current(current);
  return list;
}

const std::string& ServerList::current() const {
  static const std::string none;
  return urls_.empty() ? none : urls_[current_];
}

bool ServerList::contains(const std::string& url) const { return std::ranges::find(urls_, url) != urls_.end(); }

bool ServerList::add(const std::string& url) {
  if (contains(url) || !usable(url)) return false;
  const std::string address = protocol::split_pinned_url(url).url;
  for (std::size_t i = 0; i < urls_.size(); ++i)
    if (protocol::split_pinned_url(urls_[i]).url == address) {
      // Never the enrolled ledger's pin, nor the current one's: a standby advertising another's
      // address by mistake (or with a stolen token) must not re-pin the ledger a station trusts.
      if (i == 0 || i == current_) return false;
      urls_[i] = url;
      return true;
    }
  if (urls_.size() >= max_servers) {
    // The oldest learnt one goes: never the first (enrolled at) nor the current.
    for (std::size_t i = 1; i < urls_.size(); ++i)
      if (i != current_) {
        urls_.erase(urls_.begin() + static_cast<std::ptrdiff_t>(i));
        if (current_ > i) --current_;
        break;
      }
  }
  urls_.push_back(url);
  return true;
}

bool ServerList::learn_from_health(const protocol::Json& health) {
  bool changed = false;
  if (health.is_object())
    for (const char* key : {"standby_url", "following"})
      if (health.contains(key) && health[key].is_string()) changed = add(health[key].get<std::string>()) || changed;
  return changed;
}

void ServerList::make_current(const std::string& url) {
  const auto found = std::ranges::find(urls_, url);
  if (found != urls_.end()) current_ = static_cast<std::size_t>(found - urls_.begin());
}

std::vector<std::string> ServerList::others() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < urls_.size(); ++i)
    if (i != current_) out.push_back(urls_[i]);
  return out;
}

std::string ServerList::to_json() const { return protocol::Json(urls_).dump(); }

}  // namespace marshal::client
