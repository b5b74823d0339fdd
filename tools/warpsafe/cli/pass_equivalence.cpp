#include "cli/pass_equivalence.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include "cli/compile_limits.h"
#include "cli/process.h"
#include "cli/program_cache.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::cli {
namespace fs = std::filesystem;

namespace {

bool StartsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// Options that take the next word as their value, and that name outputs.
bool IsDepfileOption(const std::string& a) { return a == "-MF" || a == "-MT" || a == "-MQ"; }

int Run(const std::vector<std::string>& cmd, bool verbose) {
  if (verbose) std::cerr << "warpsafe: " << ShellJoin(cmd) << std::endl;
  ProcessSpec spec;
  spec.executable = cmd[0];
  spec.argv = cmd;
  // Bounded like a compile (WARPSAFE_COMPILE_SECONDS).
  spec.timeout_seconds = QuietCompileTimeLimit();
  const ProcessStatus st = RunProcess(spec);
  if (!st.started) return engine::kExitToolchain;
  if (st.timed_out) return engine::kExitCompileError;
  if (st.signal != 0) return 128 + st.signal;
  return st.exit_code;
}

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The index of the source file: the word after -c, else the last word.
std::size_t SourceIndex(const std::vector<std::string>& cmd) {
  for (std::size_t i = 0; i + 1 < cmd.size(); ++i) {
    if (cmd[i] == "-c" && !cmd[i + 1].empty() && cmd[i + 1][0] != '-') return i + 1;
  }
  return cmd.size() - 1;
}

}  // namespace

std::vector<std::string> PreprocessCommand(const std::vector<std::string>& device_command, bool with_arch,
                                           bool keep_depfile, const std::string& out) {
  std::vector<std::string> cmd;
  for (std::size_t i = 0; i < device_command.size(); ++i) {
    const std::string& a = device_command[i];
    if (a == "-c" || StartsWith(a, "-D__WARPSAFE_DEVICE_PASS__")) continue;
    if (!with_arch && StartsWith(a, "-D__CUDA_ARCH__")) continue;
    if (a == "-o") {
      ++i;
      continue;
    }
    if (StartsWith(a, "-o") && a.size() > 2) continue;
    if (!keep_depfile && (a == "-MD" || a == "-MMD")) continue;
    if (!keep_depfile && IsDepfileOption(a)) {
      ++i;
      continue;
    }
    if (!keep_depfile && (StartsWith(a, "-MF") || StartsWith(a, "-MT") || StartsWith(a, "-MQ"))) continue;
    cmd.push_back(a);
  }
  cmd.insert(cmd.end(), {"-E", "-o", out});
  return cmd;
}

bool DevicePassNeeded(const std::vector<std::string>& device_command, bool verbose) {
  std::error_code ec;
  const std::string base = (fs::temp_directory_path(ec) / ("warpsafe-passes" + UniqueSuffix())).string();
  const std::string with = base + ".device.ii", without = base + ".host.ii";
  bool needed = true;
  if (Run(PreprocessCommand(device_command, true, true, with), verbose) == 0 &&
      Run(PreprocessCommand(device_command, false, false, without), verbose) == 0) {
    needed = Slurp(with) != Slurp(without);
  }
  fs::remove(with, ec);
  fs::remove(without, ec);
  return needed;
}

std::vector<std::string> EmptyObjectCommand(const std::vector<std::string>& device_command) {
  std::vector<std::string> cmd;
  const std::size_t source = SourceIndex(device_command);
  for (std::size_t i = 0; i < device_command.size(); ++i) {
    const std::string& a = device_command[i];
    if (i == source) {
      cmd.insert(cmd.end(), {"-x", "c++", "/dev/null"});
      continue;
    }
    if (a == "-MD" || a == "-MMD" || (StartsWith(a, "-M") && a.size() > 3 && !IsDepfileOption(a))) continue;
    if (IsDepfileOption(a)) {
      ++i;
      continue;
    }
    cmd.push_back(a);
  }
  return cmd;
}

int DevicePassLauncher(const std::vector<std::string>& command, bool verbose) {
  if (command.empty()) return engine::kExitUsage;
  if (DevicePassNeeded(command, verbose)) return Run(command, verbose);
  // The depfile was written by the preprocessing with __CUDA_ARCH__.
  return Run(EmptyObjectCommand(command), verbose);
}

std::vector<std::string> DeviceCommandOf(const std::vector<std::string>& host_command, int arch) {
  std::vector<std::string> cmd;
  bool marked = false;
  for (const std::string& a : host_command) {
    if (StartsWith(a, "-D__WARPSAFE_HOST_PASS__")) {
      cmd.insert(cmd.end(), {"-D__WARPSAFE_DEVICE_PASS__=1", "-D__CUDA_ARCH__=" + std::to_string(arch * 10)});
      marked = true;
      continue;
    }
    cmd.push_back(a);
  }
  if (!marked) cmd.clear();
  return cmd;
}

int HostPassLauncher(const std::vector<std::string>& command, int arch, bool verbose) {
  if (command.empty()) return engine::kExitUsage;
  const std::vector<std::string> device = DeviceCommandOf(command, arch);
  if (device.empty() || DevicePassNeeded(device, verbose)) return Run(command, verbose);
  std::vector<std::string> alone;
  for (const std::string& a : command) {
    alone.push_back(a);
    if (StartsWith(a, "-D__WARPSAFE_HOST_PASS__")) {
      // The one object holds the kernels: their shifts and float-to-integer conversions are
      // checked, as the CLI's one-compile programs' are (toolchain.cpp).
      alone.insert(alone.end(),
                   {"-D__WARPSAFE_ONE_PASS__=1", "-fsanitize=shift-exponent", "-fsanitize=float-cast-overflow"});
    }
  }
  return Run(alone, verbose);
}

}  // namespace warpsafe::cli
