// Runs the built `warpsafe` binary from a test and collects what it printed.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace warpsafe::test {

struct CliResult {
  int status = -1;  // the exit status (the shell's 128+N for a signal)
  std::string out;
  std::string err;
};

inline std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string DataFile(const std::string& name) { return std::string(WARPSAFE_TEST_DATA) + "/" + name; }

// A fresh directory under the test scratch area.
inline std::string ScratchDir(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(WARPSAFE_TEST_SCRATCH) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

// `args` is appended to the command as shell text; `env` (NAME=V ...) goes in front of it.
inline CliResult RunCli(const std::string& args, const std::string& env = "") {
  // Per process: ctest may run several test processes at once.
  static const std::string dir = ScratchDir("cli_output_" + std::to_string(getpid()));
  static int counter = 0;
  const std::string base = dir + "/" + std::to_string(counter++);
  const std::string cmd = env + " " + WARPSAFE_CLI + " " + args + " >" + base + ".out 2>" + base + ".err </dev/null";
  const int raw = std::system(cmd.c_str());
  CliResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  r.out = Slurp(base + ".out");
  r.err = Slurp(base + ".err");
  return r;
}

}  // namespace warpsafe::test
