// nvrtcCompileProgram's options, as the arguments of `warpsafe build-module`.
//
// NVRTC takes nvcc's device options; the engine builds a runtime-compiled program with its own
// front end and host compiler, so each option is either carried over (include directories, macros,
// the architecture, the C++ standard, pre-included headers) or has nothing to change on a CPU
// (optimisation, floating-point and register hints, debug and line information, the
// default-device mode) and is accepted as it is. An option NVRTC does not know is refused as NVRTC
// refuses it (NVRTC_ERROR_INVALID_OPTION), with the log naming it. Pure: tested in
// tests/engine/nvrtc/compile_options_test.cpp. docs/semantics/nvrtc.md, NVRTC-3.
#pragma once

#include <string>
#include <vector>

namespace warpsafe::engine::nvrtc {

struct BuildOptions {
  std::vector<std::string> include_dirs;      // -I
  std::vector<std::string> defines;           // -D NAME[=VALUE]
  std::vector<std::string> compiler_options;  // for the host compiler: -U, -include, -std
  std::string arch = "sm_90";                 // --arch of `warpsafe build-module`
  std::string error;                          // non-empty: the option that is refused, and why
};

// `options` as given to nvrtcCompileProgram. `default_arch` is what the program is built for when
// no architecture is named (the engine's device).
BuildOptions ParseOptions(const std::vector<std::string>& options, const std::string& default_arch);

// The architectures NVRTC may be asked for here, as numbers (75 for sm_75): those the engine
// builds for.
const std::vector<int>& SupportedArchs();

}  // namespace warpsafe::engine::nvrtc
