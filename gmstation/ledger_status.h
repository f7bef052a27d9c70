#pragma once
// What a GM station's status bar says of its ledger (issue 29, docs/gmstation.md "Which ledger"):
// the server it talks to, and whether that ledger has a standby in step, from the server's last
// /health. Loud ("NO STANDBY") while the evening is on one disk only, so that the GM fetches the
// second laptop; plain while all is well.
#include <string>

#include "protocol/json_fields.h"

namespace marshal::gm {

// `server_url`: the address talked to (its pin is not shown); `health`: its last /health (null
// when not known yet).
std::string ledger_status_words(const std::string& server_url, const protocol::Json& health);

}  // namespace marshal::gm
