// The subcommands of `warpsafe`. Each returns the process exit status (api.h's kExit* values, or
// the program's own for `run`) and prints its messages, every one starting with "warpsafe: ".
#pragma once

#include <string>

#include "cli/command_line.h"

namespace warpsafe::cli {

// `invocation` is argv[0] as typed, for the replay command.
int RunCommand(const CommandLine& cl, const std::string& invocation);
int BuildCommand(const CommandLine& cl);
int TranslateCommand(const CommandLine& cl);

}  // namespace warpsafe::cli
