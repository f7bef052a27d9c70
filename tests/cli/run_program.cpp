#include "run_program.h"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace {

std::string quote(const std::string& arg) {
  std::string q = "'";
  for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace

std::string source_path(const std::string& relative) {
  return std::string(MARSHAL_SOURCE_DIR) + "/" + relative;
}

ProgramRun run_marshal(const std::vector<std::string>& args, const std::string& input) {
  std::string dir = "/tmp/marshal-cli-test-" + std::to_string(getpid());
  std::string in_file = dir + ".in", out_file = dir + ".out", err_file = dir + ".err";
  {
    std::ofstream in(in_file);
    in << input;
  }
  std::string command = quote(MARSHAL_BINARY);
  for (const auto& a : args) command += " " + quote(a);
  command += " <" + in_file + " >" + out_file + " 2>" + err_file;
  int status = std::system(command.c_str());
  ProgramRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = slurp(out_file);
  run.err = slurp(err_file);
  std::remove(in_file.c_str());
  std::remove(out_file.c_str());
  std::remove(err_file.c_str());
  return run;
}
