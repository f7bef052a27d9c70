#pragma once
// The JSON examples of docs/examples, which the protocol tests read as a user would.
#include <fstream>
#include <sstream>
#include <string>

#include "protocol/json_fields.h"

inline marshal::protocol::Json doc_example(const std::string& name) {
  std::ifstream f(std::string(MARSHAL_SOURCE_DIR) + "/docs/examples/" + name);
  std::stringstream s;
  s << f.rdbuf();
  return marshal::protocol::Json::parse(s.str());
}
