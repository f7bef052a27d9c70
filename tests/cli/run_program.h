#pragma once
// Runs the real `marshal` program as a user would: arguments, standard input, and both output
// streams captured, with its exit code.
#include <string>
#include <vector>

struct ProgramRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

ProgramRun run_marshal(const std::vector<std::string>& args, const std::string& input = "");
std::string source_path(const std::string& relative);
