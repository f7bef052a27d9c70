#pragma once
// A small HTTPS/JSON client on libcurl for stations: one connection kept alive per HttpClient,
// short timeouts (a venue network either answers fast or is down), and no exceptions for
// network failures: a reply says whether the server was reached at all.
//
// Trust (docs/server.md, "Venue network"): the ledger's address comes with its key's pin,
// https://HOST:PORT#sha256=HEX (protocol/enrollment.h). The client accepts exactly that public
// key (CURLOPT_PINNEDPUBLICKEY) and nothing else: no CA, no host name check, so an address
// changed by DHCP still works and a laptop on the Wi-Fi posing as the ledger is refused. An
// https address without a pin, or plain http to anything but this machine, is never contacted:
// every request answers why at once.
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "protocol/json_fields.h"

namespace marshal::client {

using protocol::Json;

struct HttpReply {
  bool reached = false;  // false: no answer (network down, server stopped, timeout)
  long status = 0;
  Json body;             // parsed JSON, or null when the body was not JSON (or read with get_text)
  std::string text;      // get_text's: the body as it came
  std::string error;     // why the server was not reached
  // The server answered with another key than the pinned one: not this station's ledger.
  bool wrong_key = false;
  // The ledger's epoch, from its X-Marshal-Epoch header (docs/server.md, A standby ledger); 0
  // when it sent none.
  std::int64_t epoch = 0;
};

// What a station says when the server's key is not the pinned one (shown as it is to a GM).
inline constexpr const char* wrong_key_words =
    "this is not your ledger: its key does not match the one on your enrolment card";  // i18n: not words (a marker each station words itself)

class HttpClient {
 public:
  // base_url like "https://192.168.1.10:8443#sha256=HEX", or "http://127.0.0.1:8080" for a
  // ledger on this machine.
  explicit HttpClient(std::string base_url, long timeout_ms = 3000);
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  void set_token(const std::string& token);
  // A header sent with every request from now on (a kiosk's X-Sign-In); an empty value drops it.
  void set_header(const std::string& name, const std::string& value);
  HttpReply get(const std::string& path, long timeout_ms = 0);
  // The body as text, not parsed: for a caller with a faster reader of its own (a standby's
  // follow, ledger/replica_answer.h).
  HttpReply get_text(const std::string& path, long timeout_ms = 0);
  HttpReply post(const std::string& path, const Json& body);
  // The address as given, pin included (what a station keeps to reach this server again).
  const std::string& base_url() const { return given_url_; }

 private:
  enum class Body { json, text };
  HttpReply perform(const std::string& method, const std::string& path, const std::string* body,
                    long timeout_ms, Body read_as = Body::json);

  std::string given_url_;  // with the pin
  std::string base_url_;   // without it
  std::string curl_pin_;   // "sha256//BASE64" for libcurl, empty for a plain loopback server
  std::string refusal_;    // when set, why no request is ever sent to this address
  long timeout_ms_;
  std::string token_;
  std::map<std::string, std::string> headers_;
  std::mutex mutex_;
  void* curl_ = nullptr;  // CURL*, kept for keep-alive
};

}  // namespace marshal::client
