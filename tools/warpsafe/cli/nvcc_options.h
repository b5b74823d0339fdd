// nvcc's own options on warpsafe's command line, so that the compile line of a Makefile or a
// README (`nvcc -O3 -arch=sm_80 -std=c++17 -Xcompiler -fopenmp -lcublas main.cu`) works with
// `warpsafe run` / `check` / `build` in place of `nvcc`, unchanged.
//
// Each nvcc option is one of:
// - mapped to what it means on the engine: the architecture (`-arch`, `-gencode`, `-code`: the
//   highest listed sm_XY the engine emulates, since the engine runs one device pass), include
//   directories and macros (`-isystem`, `-U`), the language of the files (`-x cu`), host compiler
//   and linker options (`-Xcompiler`, `-Xlinker`, `-std`, `-l`, `-L`, `-w`);
// - accepted and without effect, because the engine has no such stage: GPU code generation and
//   optimisation (`-O3`, `-lineinfo`, `-G`, `-Xptxas`, `-maxrregcount`, `-rdc`, `--use_fast_math`:
//   the engine computes IEEE results either way), CUDA's own libraries (`-lcudart`, `-lcublas`, ...:
//   the engine provides them), front-end relaxations the engine's C++ already allows
//   (`--expt-relaxed-constexpr`, `--extended-lambda`), and diagnostics settings;
// - refused with one sentence: the options that ask nvcc for something other than a program
//   (`-c`, `-ptx`, `-E`, `-lib`, ...), and architectures the engine does not emulate.
// The reference is nvcc's documentation, "NVCC Command Options":
// https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#nvcc-command-options
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "cli/command_line.h"

namespace warpsafe::cli {

enum class NvccOption {
  kNotNvcc,  // not an nvcc option: the caller reports it as unknown
  kTaken,    // applied to `cl` (`*i` moved past its value, if it has one)
  kError,    // nvcc's, but not meaningful here: `*error` says why
};

// Reads the nvcc option at args[*i] (with its value: `-arch=sm_80`, `-arch sm_80`, `-arch sm_80`
// spelled `--gpu-architecture`, `-lcublas`, `-l cublas`, `-Xcompiler -fopenmp,-Wall`).
NvccOption TakeNvccOption(const std::vector<std::string>& args, std::size_t* i, CommandLine* cl, std::string* error);

}  // namespace warpsafe::cli
