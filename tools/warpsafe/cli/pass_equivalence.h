// Whether a translated file needs its device pass. The two passes of a .cu file compile the same
// text; they can differ only where the preprocessor sees __CUDA_ARCH__ (the pass markers of
// keywords.h aside, which change symbols, not code). If the file preprocesses to the same text
// with and without __CUDA_ARCH__, one compilation is exactly the program both would make, and the
// second compile is skipped. The test is the preprocessor's own (two -E runs, far cheaper than a
// compile), so it also sees __CUDA_ARCH__ in system and -I headers the front end never reads.
#pragma once

#include <string>
#include <vector>

namespace warpsafe::cli {

// The device pass's compile command, rewritten to preprocess (`-E -o out`), with (`with_arch`) or
// without __CUDA_ARCH__, and without the pass marker; `keep_depfile` keeps -MD/-MF/-MT options (so
// a build system's depfile is still written).
std::vector<std::string> PreprocessCommand(const std::vector<std::string>& device_command, bool with_arch,
                                           bool keep_depfile, const std::string& out);

// Runs both preprocessings; true unless their outputs are identical. A preprocessing that fails
// answers true (the compile then reports the error).
bool DevicePassNeeded(const std::vector<std::string>& device_command, bool verbose);

// The command that writes an empty object in place of a device pass that is not needed (the join
// then keeps the host pass's object whole): the device command with /dev/null as its source.
std::vector<std::string> EmptyObjectCommand(const std::vector<std::string>& device_command);

// `warpsafe device-pass -- COMMAND...`: the compiler launcher cmake/Warpsafe.cmake puts before a
// device pass compile. Runs COMMAND if the pass is needed, else writes an empty object and the
// depfile. Returns the exit status.
int DevicePassLauncher(const std::vector<std::string>& command, bool verbose);

// The device pass's command of the file a host pass compiles: the host pass's marker
// (-D__WARPSAFE_HOST_PASS__...) replaced by the device pass's and __CUDA_ARCH__ for `arch` (90 for
// sm_90), everything else as it is (both passes take the same options). Empty when the command
// holds no host pass marker.
std::vector<std::string> DeviceCommandOf(const std::vector<std::string>& host_command, int arch);

// `warpsafe host-pass --arch sm_XY -- COMMAND...`: the compiler launcher cmake/Warpsafe.cmake puts
// before the host pass of a single-file program, beside device-pass. When the device pass is not
// needed (the same test, on the same options, so the two launchers agree), the host object is the
// whole program and its kernels are the ones that run: COMMAND runs with __WARPSAFE_ONE_PASS__
// defined, as the CLI's one-compile programs are built (keywords.h: kernels compiled as any
// function, not optnone under clang). Otherwise COMMAND runs as it is. Returns the exit status.
int HostPassLauncher(const std::vector<std::string>& command, int arch, bool verbose);

}  // namespace warpsafe::cli
