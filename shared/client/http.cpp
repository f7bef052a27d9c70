#include "client/http.h"

#include <curl/curl.h>
#include <cstdlib>
#include <sodium.h>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "protocol/enrollment.h"
#include "protocol/json_depth.h"

namespace marshal::client {

namespace {
size_t collect(char* data, size_t size, size_t count, void* out) {
  static_cast<std::string*>(out)->append(data, size * count);
  return size * count;
}
std::once_flag curl_global;
}  // namespace

namespace {
// libcurl's form of a pin: "sha256//" and the hash in base64.
std::string curl_pin(const std::string& hex) {
  unsigned char hash[32];
  std::size_t size = 0;
  if (sodium_hex2bin(hash, sizeof hash, hex.data(), hex.size(), nullptr, &size, nullptr) != 0 || size != sizeof hash)
    return "";
  char base64[64];
  sodium_bin2base64(base64, sizeof base64, hash, sizeof hash, sodium_base64_VARIANT_ORIGINAL);
  return std::string("sha256//") + base64;
}
}  // namespace

HttpClient::HttpClient(std::string base_url, long timeout_ms) : given_url_(std::move(base_url)), timeout_ms_(timeout_ms) {
  std::call_once(curl_global, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  curl_ = curl_easy_init();
  while (!given_url_.empty() && given_url_.back() == '/') given_url_.pop_back();
  const protocol::ServerAddress address = protocol::split_pinned_url(given_url_);
  base_url_ = address.url;
  std::string why;
  if (base_url_.empty())
    refusal_ = i18n::tr("no ledger address: enrol this station with its card");
  else if (!protocol::valid_server_url(given_url_, why))
    refusal_ = why;
  else if (base_url_.rfind("https://", 0) == 0 && address.key_pin.empty())
    refusal_ = fmt::format(fmt::runtime(i18n::tr("no key pin for {}: enrol this station with its enrollment card (or give "
                                                 "the address as https://HOST:PORT#sha256=PIN, the pin from marshal head)")),
                           base_url_);
  else if (!address.key_pin.empty())
    curl_pin_ = curl_pin(address.key_pin);
}

HttpClient::~HttpClient() { curl_easy_cleanup(static_cast<CURL*>(curl_)); }

void HttpClient::set_token(const std::string& token) {
  std::lock_guard lock(mutex_);
  token_ = token;
}

void HttpClient::set_header(const std::string& name, const std::string& value) {
  std::lock_guard lock(mutex_);
  if (value.empty()) headers_.erase(name);
  else headers_[name] = value;
}

HttpReply HttpClient::get(const std::string& path, long timeout_ms) {
  return perform("GET", path, nullptr, timeout_ms);
}

HttpReply HttpClient::get_text(const std::string& path, long timeout_ms) {
  return perform("GET", path, nullptr, timeout_ms, Body::text);
}

HttpReply HttpClient::post(const std::string& path, const Json& body) {
  std::string text = body.dump();
  return perform("POST", path, &text, 0);
}

HttpReply HttpClient::perform(const std::string& method, const std::string& path,
                              const std::string* body, long timeout_ms, Body read_as) {
  std::lock_guard lock(mutex_);
  CURL* curl = static_cast<CURL*>(curl_);
  HttpReply reply;
  if (!curl) {
    reply.error = i18n::tr("libcurl could not start");
    return reply;
  }
  if (!refusal_.empty()) {  // nothing, not even the token, goes to an address not trusted
    reply.error = refusal_;
    return reply;
  }
  curl_easy_reset(curl);
  std::string url = base_url_ + path, received;
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &collect);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &received);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, std::min(timeout_ms_, 2000L));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms > 0 ? timeout_ms : timeout_ms_);
  if (!curl_pin_.empty()) {
    // The pin is the trust: the self-signed certificate's chain and names are not checked.
    curl_easy_setopt(curl, CURLOPT_PINNEDPUBLICKEY, curl_pin_.c_str());
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 0L);
  }
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");  // i18n: not words (HTTP headers)
  std::string auth = "Authorization: Bearer " + token_;  // i18n: not words (HTTP headers)
  if (!token_.empty()) headers = curl_slist_append(headers, auth.c_str());
  for (const auto& [name, value] : headers_) headers = curl_slist_append(headers, (name + ": " + value).c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  if (method == "POST") {
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body->data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body->size()));
  }
  CURLcode rc = curl_easy_perform(curl);
  curl_slist_free_all(headers);
  if (rc == CURLE_SSL_PINNEDPUBKEYNOTMATCH) {
    reply.wrong_key = true;
    reply.error = wrong_key_words;
    return reply;
  }
  if (rc != CURLE_OK) {
    reply.error = curl_easy_strerror(rc);
    return reply;
  }
  reply.reached = true;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply.status);
  curl_header* epoch = nullptr;
  if (curl_easy_header(curl, "X-Marshal-Epoch", 0, CURLH_HEADER, -1, &epoch) == CURLHE_OK && epoch && epoch->value) {
    char* end = nullptr;
    const long long value = std::strtoll(epoch->value, &end, 10);
    if (end && *end == '\0' && value > 0) reply.epoch = value;
  }
  if (read_as == Body::text) {
    reply.text = std::move(received);
    return reply;
  }
  // A reply nested past the limit is no reply of a Marshal server: read as no body.
  reply.body = protocol::json_nesting_exceeds(received) ? Json(nullptr) : Json::parse(received, nullptr, false);
  if (reply.body.is_discarded()) reply.body = nullptr;
  return reply;
}

}  // namespace marshal::client
