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
// Copies each object into cl.output as device-N.o / host-N.o (N: its position) and joins them
// there (pass_join.h): cmake/Warpsafe.cmake's step between compiling both passes and linking.
int JoinPassesCommand(const CommandLine& cl);
// Builds FILE (device code compiled at run time through NVRTC) into the shared object cl.output,
// through the cache (engine/src/nvrtc/compile.h). Exits 65 when FILE does not compile.
int BuildModuleCommand(const CommandLine& cl);
// Names this executable to the programs it runs (WARPSAFE_CLI), so that their runtime compilation
// (NVRTC) builds with the same front end and compiler.
void ExportCliPath();
// check_command.cpp: builds instrumented, explores schedules, reports the first defect.
int CheckCommand(const CommandLine& cl, const std::string& invocation);

// Translates and compiles FILE.cu for the engine, or finds it in the cache (`run`; `check` with
// `instrumented`, under its own key). Returns 0 with *exe set to the executable, or the exit
// status to leave with after saying why.
int BuildCachedProgram(const CommandLine& cl, bool instrumented, std::string* exe);

}  // namespace warpsafe::cli
