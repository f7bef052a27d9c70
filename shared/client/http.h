#pragma once
// A small HTTP/JSON client on libcurl for stations: one connection kept alive per HttpClient,
// short timeouts (a venue network either answers fast or is down), and no exceptions for
// network failures: a reply says whether the server was reached at all.
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
  Json body;             // parsed JSON, or null when the body was not JSON
  std::string error;     // why the server was not reached
};

class HttpClient {
 public:
  // base_url like "http://192.168.1.10:8080".
  explicit HttpClient(std::string base_url, long timeout_ms = 3000);
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  void set_token(const std::string& token);
  // A header sent with every request from now on (a kiosk's X-Sign-In); an empty value drops it.
  void set_header(const std::string& name, const std::string& value);
  HttpReply get(const std::string& path, long timeout_ms = 0);
  HttpReply post(const std::string& path, const Json& body);
  const std::string& base_url() const { return base_url_; }

 private:
  HttpReply perform(const std::string& method, const std::string& path, const std::string* body,
                    long timeout_ms);

  std::string base_url_;
  long timeout_ms_;
  std::string token_;
  std::map<std::string, std::string> headers_;
  std::mutex mutex_;
  void* curl_ = nullptr;  // CURL*, kept for keep-alive
};

}  // namespace marshal::client
