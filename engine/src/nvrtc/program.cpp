// NVRTC's entry points (nvrtc.h): a program's state, and the checks NVRTC makes on each call.
// The build itself is compile.h's. docs/semantics/nvrtc.md.
#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "nvrtc.h"
#include "nvrtc/compile.h"
#include "nvrtc/compile_options.h"
#include "nvrtc/module_image.h"
#include "options.h"  // the engine's (engine/src/options.h)
#include "race/race.h"

struct _nvrtcProgram {
  warpsafe::engine::nvrtc::CompileInput input;
  bool compiled = false;  // nvrtcCompileProgram succeeded
  bool attempted = false;  // nvrtcCompileProgram ran (a log exists)
  std::string log;
  std::string image;  // ImageFor(the object), with its NUL counted by the sizes
  std::vector<std::string> lowered_names;
};

namespace warpsafe::engine::nvrtc {
namespace {

struct Programs {
  std::mutex mutex;
  std::vector<_nvrtcProgram*> live;
};

Programs& State() {
  static auto* state = new Programs();  // outlives static destructors
  return *state;
}

bool Live(nvrtcProgram prog) {
  Programs& s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  return prog != nullptr && std::find(s.live.begin(), s.live.end(), prog) != s.live.end();
}

// Copies `text` and its terminating NUL.
nvrtcResult CopyOut(const std::string& text, char* out) {
  if (out == nullptr) return NVRTC_ERROR_INVALID_INPUT;
  std::memcpy(out, text.c_str(), text.size() + 1);
  return NVRTC_SUCCESS;
}

}  // namespace
}  // namespace warpsafe::engine::nvrtc

namespace nv = warpsafe::engine::nvrtc;

extern "C" const char* nvrtcGetErrorString(nvrtcResult result) {
  switch (result) {
    case NVRTC_SUCCESS: return "NVRTC_SUCCESS";
    case NVRTC_ERROR_OUT_OF_MEMORY: return "NVRTC_ERROR_OUT_OF_MEMORY";
    case NVRTC_ERROR_PROGRAM_CREATION_FAILURE: return "NVRTC_ERROR_PROGRAM_CREATION_FAILURE";
    case NVRTC_ERROR_INVALID_INPUT: return "NVRTC_ERROR_INVALID_INPUT";
    case NVRTC_ERROR_INVALID_PROGRAM: return "NVRTC_ERROR_INVALID_PROGRAM";
    case NVRTC_ERROR_INVALID_OPTION: return "NVRTC_ERROR_INVALID_OPTION";
    case NVRTC_ERROR_COMPILATION: return "NVRTC_ERROR_COMPILATION";
    case NVRTC_ERROR_BUILTIN_OPERATION_FAILURE: return "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE";
    case NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION: return "NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION";
    case NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION: return "NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION";
    case NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID: return "NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID";
    case NVRTC_ERROR_INTERNAL_ERROR: return "NVRTC_ERROR_INTERNAL_ERROR";
    case NVRTC_ERROR_TIME_FILE_WRITE_FAILED: return "NVRTC_ERROR_TIME_FILE_WRITE_FAILED";
    case NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED: return "NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED";
    case NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED: return "NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED";
    case NVRTC_ERROR_PCH_CREATE: return "NVRTC_ERROR_PCH_CREATE";
    case NVRTC_ERROR_CANCELLED: return "NVRTC_ERROR_CANCELLED";
    case NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED: return "NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED";
  }
  return "NVRTC_ERROR unknown";
}

extern "C" nvrtcResult nvrtcVersion(int* major, int* minor) {
  if (major == nullptr || minor == nullptr) return NVRTC_ERROR_INVALID_INPUT;
  *major = 13;
  *minor = 0;
  return NVRTC_SUCCESS;
}

extern "C" nvrtcResult nvrtcGetNumSupportedArchs(int* numArchs) {
  if (numArchs == nullptr) return NVRTC_ERROR_INVALID_INPUT;
  *numArchs = static_cast<int>(nv::SupportedArchs().size());
  return NVRTC_SUCCESS;
}

extern "C" nvrtcResult nvrtcGetSupportedArchs(int* supportedArchs) {
  if (supportedArchs == nullptr) return NVRTC_ERROR_INVALID_INPUT;
  std::copy(nv::SupportedArchs().begin(), nv::SupportedArchs().end(), supportedArchs);
  return NVRTC_SUCCESS;
}

extern "C" nvrtcResult nvrtcCreateProgram(nvrtcProgram* prog, const char* src, const char* name, int numHeaders,
                                          const char* const* headers, const char* const* includeNames) {
  if (prog == nullptr || src == nullptr || numHeaders < 0) return NVRTC_ERROR_INVALID_INPUT;
  if (numHeaders > 0 && (headers == nullptr || includeNames == nullptr)) return NVRTC_ERROR_INVALID_INPUT;
  auto* p = new (std::nothrow) _nvrtcProgram();
  if (p == nullptr) return NVRTC_ERROR_OUT_OF_MEMORY;
  p->input.source = src;
  p->input.name = name != nullptr && *name != '\0' ? name : "default_program";
  for (int i = 0; i < numHeaders; ++i) {
    if (headers[i] == nullptr || includeNames[i] == nullptr) {
      delete p;
      return NVRTC_ERROR_INVALID_INPUT;
    }
    p->input.headers.emplace_back(includeNames[i], headers[i]);
  }
  nv::Programs& s = nv::State();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.live.push_back(p);
  *prog = p;
  return NVRTC_SUCCESS;
}

extern "C" nvrtcResult nvrtcDestroyProgram(nvrtcProgram* prog) {
  if (prog == nullptr) return NVRTC_ERROR_INVALID_INPUT;
  nv::Programs& s = nv::State();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = std::find(s.live.begin(), s.live.end(), *prog);
    if (*prog == nullptr || it == s.live.end()) return NVRTC_ERROR_INVALID_PROGRAM;
    s.live.erase(it);
  }
  // The built object stays loaded: modules loaded from its image keep their kernels.
  delete *prog;
  *prog = nullptr;
  return NVRTC_SUCCESS;
}

extern "C" nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char* const* options) {
  if (!nv::Live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (numOptions < 0 || (numOptions > 0 && options == nullptr)) return NVRTC_ERROR_INVALID_INPUT;
  std::vector<std::string> given;
  for (int i = 0; i < numOptions; ++i) {
    if (options[i] == nullptr) return NVRTC_ERROR_INVALID_INPUT;
    given.emplace_back(options[i]);
  }
  prog->attempted = true;
  prog->compiled = false;
  nv::BuildOptions parsed = nv::ParseOptions(given, "sm_" + std::to_string(warpsafe::engine::GetOptions().arch));
  if (!parsed.error.empty()) {
    prog->log = "warpsafe: nvrtcCompileProgram: " + parsed.error + "\n";
    return NVRTC_ERROR_INVALID_OPTION;
  }
  prog->input.options = parsed;
  // A program built for `warpsafe check` has its runtime-compiled code instrumented too, so that the
  // checker sees its loads and stores.
  prog->input.instrumented = warpsafe::engine::race::Enabled();
  const nv::CompileOutput out = nv::Compile(prog->input);
  prog->log = out.log;
  switch (out.status) {
    case nv::CompileStatus::kBuilt:
      prog->compiled = true;
      prog->image = nv::ImageFor(out.object_path);
      prog->lowered_names = out.lowered_names;
      return NVRTC_SUCCESS;
    case nv::CompileStatus::kCompileError:
      return NVRTC_ERROR_COMPILATION;
    case nv::CompileStatus::kNoBuilder:
      return NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
  }
  return NVRTC_ERROR_INTERNAL_ERROR;
}

extern "C" nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t* ptxSizeRet) {
  if (!nv::Live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (ptxSizeRet == nullptr) return NVRTC_ERROR_INVALID_INPUT;
  if (!prog->compiled) return NVRTC_ERROR_INVALID_PROGRAM;
  *ptxSizeRet = prog->image.size() + 1;
  return NVRTC_SUCCESS;
}

extern "C" nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char* ptx) {
  if (!nv::Live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (!prog->compiled) return NVRTC_ERROR_INVALID_PROGRAM;
  return nv::CopyOut(prog->image, ptx);
}

extern "C" nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t* cubinSizeRet) {
  return nvrtcGetPTXSize(prog, cubinSizeRet);
}

extern "C" nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char* cubin) { return nvrtcGetPTX(prog, cubin); }

extern "C" nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t* logSizeRet) {
  if (!nv::Live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (logSizeRet == nullptr) return NVRTC_ERROR_INVALID_INPUT;
  *logSizeRet = prog->log.size() + 1;
  return NVRTC_SUCCESS;
}

extern "C" nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char* log) {
  if (!nv::Live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  return nv::CopyOut(prog->log, log);
}

extern "C" nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char* const name_expression) {
  if (!nv::Live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (name_expression == nullptr || *name_expression == '\0') return NVRTC_ERROR_INVALID_INPUT;
  if (prog->attempted) return NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  std::vector<std::string>& all = prog->input.name_expressions;
  if (std::find(all.begin(), all.end(), name_expression) == all.end()) all.emplace_back(name_expression);
  return NVRTC_SUCCESS;
}

extern "C" nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char* const name_expression,
                                           const char** lowered_name) {
  if (!nv::Live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (name_expression == nullptr || lowered_name == nullptr) return NVRTC_ERROR_INVALID_INPUT;
  if (!prog->compiled) return NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
  const std::vector<std::string>& all = prog->input.name_expressions;
  const auto it = std::find(all.begin(), all.end(), name_expression);
  if (it == all.end()) return NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID;
  *lowered_name = prog->lowered_names[static_cast<std::size_t>(it - all.begin())].c_str();
  return NVRTC_SUCCESS;
}
