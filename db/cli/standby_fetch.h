#pragma once
// How a standby reaches its primary (server/replica_follower.h's Fetch): the stations' pinned
// HTTPS client (shared/client/http.h) with the standby's token. Header only: the follower lives in
// db/, which does not link the client library; the programs that run a standby (marshal serve, the
// tests, the benchmark) link both.
#include <memory>
#include <string>

#include "client/http.h"
#include "server/replica_follower.h"

namespace marshal::cli {

// `http`: the client on the primary's pinned URL, its token set; kept by the caller too, which
// may add a header later (db::standby_url_header, once the standby's port is known).
inline db::Fetch pinned_fetch(std::shared_ptr<client::HttpClient> http) {
  return [http](const std::string& path, std::int64_t epoch, long timeout_ms) {
    http->set_header("X-Marshal-Epoch", std::to_string(epoch));
    client::HttpReply reply = http->get_text(path, timeout_ms);
    return db::FetchReply{.reached = reply.reached, .status = reply.status, .text = std::move(reply.text),
                          .error = std::move(reply.error)};
  };
}

inline db::Fetch pinned_fetch(const std::string& primary_url, const std::string& token) {
  auto http = std::make_shared<client::HttpClient>(primary_url);
  http->set_token(token);
  return pinned_fetch(std::move(http));
}

}  // namespace marshal::cli
