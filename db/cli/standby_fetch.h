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

inline db::Fetch pinned_fetch(const std::string& primary_url, const std::string& token) {
  auto http = std::make_shared<client::HttpClient>(primary_url);
  http->set_token(token);
  return [http](const std::string& path, std::int64_t epoch, long timeout_ms) {
    http->set_header("X-Marshal-Epoch", std::to_string(epoch));
    client::HttpReply reply = http->get(path, timeout_ms);
    return db::FetchReply{.reached = reply.reached, .status = reply.status, .body = std::move(reply.body),
                          .error = std::move(reply.error)};
  };
}

}  // namespace marshal::cli
