// NVRTC, run-time compilation of CUDA C++, as the engine provides it (engine/src/nvrtc/).
//
// A program hands NVRTC source text and gets back an image to load with the driver API. Here the
// source is built by the same front end and host compiler as the program's own .cu files (the
// `warpsafe` command, which `warpsafe run` and `warpsafe check` name to the program), into a shared
// object of the program's kernels; the "PTX" and "CUBIN" are a short text naming that object, and
// cuModuleLoadData on such an image loads it, so cuModuleGetFunction finds its kernels by their
// symbols' names. docs/semantics/nvrtc.md says what each call does and how options are taken.
//
// The names, values and signatures below are NVRTC's interface; nothing else of NVRTC is here.
#pragma once
#define __NVRTC_H__

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  NVRTC_SUCCESS = 0,
  NVRTC_ERROR_OUT_OF_MEMORY = 1,
  NVRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  NVRTC_ERROR_INVALID_INPUT = 3,
  NVRTC_ERROR_INVALID_PROGRAM = 4,
  NVRTC_ERROR_INVALID_OPTION = 5,
  NVRTC_ERROR_COMPILATION = 6,
  NVRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  NVRTC_ERROR_INTERNAL_ERROR = 11,
  NVRTC_ERROR_TIME_FILE_WRITE_FAILED = 12,
  NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED = 13,
  NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED = 14,
  NVRTC_ERROR_PCH_CREATE = 15,
  NVRTC_ERROR_CANCELLED = 16,
  NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED = 17
} nvrtcResult;

typedef struct _nvrtcProgram* nvrtcProgram;

// The enumerator's own name ("NVRTC_ERROR_COMPILATION"); "NVRTC_ERROR unknown" for other values.
const char* nvrtcGetErrorString(nvrtcResult result);
// The CUDA release the engine's headers stand for (13.0, as __CUDACC_VER_MAJOR__/MINOR__).
nvrtcResult nvrtcVersion(int* major, int* minor);
// The architectures `--gpu-architecture` accepts: those `warpsafe run --arch` builds for.
nvrtcResult nvrtcGetNumSupportedArchs(int* numArchs);
nvrtcResult nvrtcGetSupportedArchs(int* supportedArchs);

nvrtcResult nvrtcCreateProgram(nvrtcProgram* prog, const char* src, const char* name, int numHeaders,
                               const char* const* headers, const char* const* includeNames);
nvrtcResult nvrtcDestroyProgram(nvrtcProgram* prog);
nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char* const* options);

// The image of a compiled program (the same text for both; sizes count the terminating NUL).
nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t* ptxSizeRet);
nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char* ptx);
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t* cubinSizeRet);
nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char* cubin);

// What the compiler printed (sizes count the terminating NUL).
nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t* logSizeRet);
nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char* log);

// Kernels and variables named by C++ expressions ("&ns::k<int>"), added before compiling; after it,
// their symbols' names (valid until the program is destroyed).
nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char* const name_expression);
nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char* const name_expression, const char** lowered_name);

// LTO IR, OptiX IR and precompiled headers are not provided: a program that asks for them does not
// compile, rather than get an image that would not load.

#ifdef __cplusplus
}
#endif
