// `warpsafe`: runs CUDA C++ programs on the CPU engine. See `warpsafe --help` and commands.h.
#include <iostream>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/pass_equivalence.h"
#include "frontend/translate.h"
#include "toolchain_config.h"
#include "warpsafe/engine/api.h"

int main(int argc, char** argv) {
  using namespace warpsafe::cli;
  const std::vector<std::string> args(argv + 1, argv + argc);
  const ParseResult parsed = ParseCommandLine(args);
  if (!parsed.line) {
    std::cerr << "warpsafe: " << parsed.error << std::endl;
    return warpsafe::engine::kExitUsage;
  }
  const CommandLine& cl = *parsed.line;
  switch (cl.command) {
    case Subcommand::kHelp:
      std::cout << HelpText(cl.help_topic);
      return 0;
    case Subcommand::kVersion:
      std::cout << "warpsafe " << config::kVersion << std::endl;
      return 0;
    case Subcommand::kRun:
      return RunCommand(cl, argc > 0 ? argv[0] : "warpsafe");
    case Subcommand::kBuild:
      return BuildCommand(cl);
    case Subcommand::kTranslate:
      return TranslateCommand(cl);
    case Subcommand::kCheck:
      return CheckCommand(cl, argc > 0 ? argv[0] : "warpsafe");
    case Subcommand::kJoinPasses:
      return JoinPassesCommand(cl);
    case Subcommand::kDevicePass:
      return DevicePassLauncher(cl.program_args, cl.verbose);
    case Subcommand::kBuildModule:
      return BuildModuleCommand(cl);
    case Subcommand::kHostPass:
      return HostPassLauncher(cl.program_args, warpsafe::frontend::ParseArch(cl.arch), cl.verbose);
  }
  return warpsafe::engine::kExitInternal;
}
