// Modules, and the kernels and device variables found in them.
//
// On a GPU a module is code loaded from a cubin, fatbin or PTX file built from a .cu file. warpsafe
// builds kernels from source: the .cu files given to `warpsafe run` with the host file are compiled
// into the program, every non-template kernel registers itself before main (the front end's
// kernel_registration.h), and device variables are the program's globals. So a module here is a
// view of the whole program: loading one reads neither the file nor the image (a missing file is
// not an error), and every module finds every kernel and device variable by the name its symbol
// has, as a GPU module does: an extern "C" kernel by its own name, any other by its mangled name
// (docs/semantics/driver_api.md, DRV-7). A name no kernel has returns CUDA_ERROR_NOT_FOUND, as on
// a GPU, with a note on stderr naming the program's kernels: under warpsafe that is almost always a
// kernel's .cu file left off the command line.
//
// An image from NVRTC (engine/src/nvrtc) is the exception: it names the shared object its program
// was built into, and a module loaded from it finds the kernels and variables of that object
// alone, by their symbols' names (docs/semantics/nvrtc.md).
#include <cxxabi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "driver/driver_call.h"
#include "driver/program_symbols.h"
#include "nvrtc/module_image.h"
#include "report/report.h"

// A loaded module: where it came from (the file name, or "an image"), for nothing but messages,
// and the runtime-compiled object it stands for (null: the program's own kernels).
struct CUmod_st {
  std::string source;
  bool unloaded = false;
  void* object = nullptr;
};

namespace warpsafe::engine::driver {
namespace {

struct Modules {
  std::mutex mutex;
  std::vector<CUmod_st*> all;  // unloaded ones stay, so that a later use is told apart
  std::set<std::tuple<const char*, unsigned, unsigned, std::string>> noted;  // (site, name) already noted
};

Modules& State() {
  static auto* state = new Modules();  // outlives static destructors
  return *state;
}

CUresult CheckModule(CUmodule m) {
  Modules& s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (m == nullptr || std::find(s.all.begin(), s.all.end(), m) == s.all.end() || m->unloaded) {
    return CUDA_ERROR_INVALID_HANDLE;
  }
  return CUDA_SUCCESS;
}

CUresult Load(CUmodule* module, std::string source, const void* image = nullptr) {
  if (CUresult r = RequireContext(); r != CUDA_SUCCESS) return r;
  if (module == nullptr) return CUDA_ERROR_INVALID_VALUE;
  void* object = nullptr;
  if (std::string path; nvrtc::ObjectOfImage(image, &path)) {
    std::string error;
    object = nvrtc::LoadObject(path, &error);
    if (object == nullptr) {
      std::fprintf(stderr, "warpsafe note: the runtime-compiled program %s does not load: %s\n", path.c_str(),
                   error.c_str());
      return CUDA_ERROR_INVALID_IMAGE;
    }
  }
  auto* m = new CUmod_st{std::move(source), false, object};
  Modules& s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.all.push_back(m);
  *module = m;
  return CUDA_SUCCESS;
}

// The qualified name a demangled symbol names, without its parameter list ("ns::k(float*)" ->
// "ns::k"); the symbol itself when it is not a mangled name.
std::string Demangled(const std::string& symbol) {
  int status = 0;
  char* text = abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status);
  if (status != 0 || text == nullptr) return symbol;
  std::string out(text);
  std::free(text);
  // The parameter list is the last top-level parenthesis.
  int depth = 0;
  for (std::size_t i = out.size(); i-- > 0;) {
    if (out[i] == ')') ++depth;
    if (out[i] == '(' && --depth == 0) return out.substr(0, i);
  }
  return out;
}

std::string WithoutLeadingScope(const char* name) {
  return std::strncmp(name, "::", 2) == 0 ? std::string(name + 2) : std::string(name);
}

struct NamedKernel {
  const void* address;
  std::string registered;  // as its definition spells it
  std::string symbol;      // its symbol's name (mangled for C++ linkage); the registered name without one
};

std::vector<NamedKernel> ProgramKernels() {
  std::vector<NamedKernel> kernels;
  runtime::ForEachNamedKernel(
      [](const void* func, const char* name, void* context) {
        auto* out = static_cast<std::vector<NamedKernel>*>(context);
        NamedKernel k{func, WithoutLeadingScope(name), WithoutLeadingScope(name)};
        for (const ProgramSymbol* s : FunctionsAt(func)) {
          // A kernel's symbol, not a local alias of the same code.
          if (Demangled(s->name) == k.registered || s->name == k.registered) {
            k.symbol = s->name;
            break;
          }
        }
        out->push_back(std::move(k));
      },
      &kernels);
  std::sort(kernels.begin(), kernels.end(),
            [](const NamedKernel& a, const NamedKernel& b) { return a.symbol < b.symbol; });
  return kernels;
}

// The kernel whose symbol is `name`. Without a symbol table, a registered name matches an unmangled
// request and a mangled request matches by its demangled name.
const void* FindKernel(const std::string& name) {
  if (HaveProgramSymbols()) {
    const ProgramSymbol* s = FindProgramSymbol(name, true);
    return s != nullptr && runtime::IsRegisteredKernel(s->address) ? s->address : nullptr;
  }
  const std::string wanted = Demangled(name);
  for (const NamedKernel& k : ProgramKernels()) {
    if (k.registered == wanted) return k.address;
  }
  return nullptr;
}

// Whether this (site, name) was noted already: a lookup in a loop notes once.
bool FirstNote(Site site, const std::string& name) {
  Modules& s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.noted.emplace(site.file, site.line, site.column, name).second;
}

void NoteMissingKernel(const std::string& name, Site site) {
  if (!FirstNote(site, name)) return;
  const std::vector<NamedKernel> kernels = ProgramKernels();
  std::string listed;
  std::string linkage;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const NamedKernel& k = kernels[i];
    if (k.registered == name && k.symbol != name) {
      linkage = "; " + name + " has C++ linkage, so its symbol is " + k.symbol +
                ": ask for that name or declare the kernel extern \"C\", as on a GPU";
    }
    if (i == 8) {
      listed += ", and " + std::to_string(kernels.size() - 8) + " more";
      continue;
    }
    if (i > 8) continue;
    listed += (i == 0 ? "" : ", ") + k.symbol + (k.symbol != k.registered ? " (" + k.registered + ")" : "");
  }
  if (!linkage.empty()) {
    std::fprintf(stderr, "warpsafe note: cuModuleGetFunction at %s: no kernel's symbol is \"%s\"%s\n",
                 FormatSite(site).c_str(), name.c_str(), linkage.c_str());
    return;
  }
  std::fprintf(stderr,
               "warpsafe note: cuModuleGetFunction at %s: the program has no kernel \"%s\" (%s%s); warpsafe builds "
               "kernels from the .cu files it is given, not from module files: pass the one that defines it with "
               "the host file (warpsafe run main.cpp kernels.cu)\n",
               FormatSite(site).c_str(), name.c_str(), kernels.empty() ? "it defines no kernel" : "its kernels: ",
               listed.c_str());
}

}  // namespace
}  // namespace warpsafe::engine::driver

namespace drv = warpsafe::engine::driver;
using warpsafe::engine::Site;

extern "C" CUresult cuModuleLoad(CUmodule* module, const char* fname, Site) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (fname == nullptr) return CUDA_ERROR_INVALID_VALUE;
  // A file holding an NVRTC image (written out by the program) loads that image's object.
  char head[4096] = {};
  if (std::FILE* f = std::fopen(fname, "rb")) {
    const std::size_t n = std::fread(head, 1, sizeof head - 1, f);
    std::fclose(f);
    head[n] = '\0';
  }
  return drv::Load(module, fname, head);
}

extern "C" CUresult cuModuleLoadData(CUmodule* module, const void* image, Site) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (image == nullptr) return CUDA_ERROR_INVALID_VALUE;
  return drv::Load(module, "an image", image);
}

// The JIT options are accepted and ignored: nothing is compiled at load time. The logs it asks for
// are empty, and the wall time 0.
extern "C" CUresult cuModuleLoadDataEx(CUmodule* module, const void* image, unsigned int numOptions,
                                       CUjit_option* options, void** optionValues, Site site) {
  if (numOptions != 0 && (options == nullptr || optionValues == nullptr)) return CUDA_ERROR_INVALID_VALUE;
  const CUresult r = cuModuleLoadData(module, image, site);
  if (r != CUDA_SUCCESS) return r;
  // The logs' sizes as given, before they are answered: a buffer with room gets an empty string.
  std::uintptr_t info_size = 0, error_size = 0;
  for (unsigned i = 0; i < numOptions; ++i) {
    if (options[i] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES) info_size = reinterpret_cast<std::uintptr_t>(optionValues[i]);
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES) error_size = reinterpret_cast<std::uintptr_t>(optionValues[i]);
  }
  for (unsigned i = 0; i < numOptions; ++i) {
    switch (options[i]) {
      case CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
      case CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
        optionValues[i] = nullptr;  // 0 bytes written
        break;
      case CU_JIT_WALL_TIME: {
        const float zero = 0.0f;
        std::memcpy(&optionValues[i], &zero, sizeof zero);
        break;
      }
      case CU_JIT_INFO_LOG_BUFFER:
        if (optionValues[i] != nullptr && info_size > 0) *static_cast<char*>(optionValues[i]) = '\0';
        break;
      case CU_JIT_ERROR_LOG_BUFFER:
        if (optionValues[i] != nullptr && error_size > 0) *static_cast<char*>(optionValues[i]) = '\0';
        break;
      default:
        break;
    }
  }
  return CUDA_SUCCESS;
}

extern "C" CUresult cuModuleLoadFatBinary(CUmodule* module, const void* fatCubin, Site site) {
  return cuModuleLoadData(module, fatCubin, site);
}

extern "C" CUresult cuModuleUnload(CUmodule hmod) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (CUresult r = drv::CheckModule(hmod); r != CUDA_SUCCESS) return r;
  drv::Modules& s = drv::State();
  std::lock_guard<std::mutex> lock(s.mutex);
  hmod->unloaded = true;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuModuleGetFunction(CUfunction* hfunc, CUmodule hmod, const char* name, Site site) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (hfunc == nullptr || name == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = drv::CheckModule(hmod); r != CUDA_SUCCESS) return r;
  if (hmod->object != nullptr) {
    void* kernel = warpsafe::engine::nvrtc::FindInObject(hmod->object, name, true, nullptr);
    if (kernel == nullptr || !warpsafe::engine::runtime::IsRegisteredKernel(kernel)) {
      if (drv::FirstNote(site, name)) {
        std::fprintf(stderr,
                     "warpsafe note: cuModuleGetFunction at %s: the runtime-compiled program has no kernel \"%s\"%s; "
                     "a kernel is found by its symbol's name: declare it extern \"C\", or ask for the lowered name "
                     "of its name expression (nvrtcGetLoweredName)\n",
                     warpsafe::engine::FormatSite(site).c_str(), name,
                     kernel != nullptr ? " (a function of that name is not a kernel, or is an overloaded one)" : "");
      }
      return CUDA_ERROR_NOT_FOUND;
    }
    *hfunc = static_cast<CUfunction>(kernel);
    return CUDA_SUCCESS;
  }
  const void* kernel = drv::FindKernel(name);
  if (kernel == nullptr) {
    drv::NoteMissingKernel(name, site);
    return CUDA_ERROR_NOT_FOUND;
  }
  *hfunc = static_cast<CUfunction>(const_cast<void*>(kernel));
  return CUDA_SUCCESS;
}

extern "C" CUresult cuModuleGetGlobal(CUdeviceptr* dptr, size_t* bytes, CUmodule hmod, const char* name, Site site) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (name == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = drv::CheckModule(hmod); r != CUDA_SUCCESS) return r;
  if (hmod->object != nullptr) {
    std::size_t size = 0;
    void* variable = warpsafe::engine::nvrtc::FindInObject(hmod->object, name, false, &size);
    if (variable == nullptr) {
      if (drv::FirstNote(site, name)) {
        std::fprintf(stderr,
                     "warpsafe note: cuModuleGetGlobal at %s: the runtime-compiled program has no variable \"%s\" "
                     "(variables are found by their symbols' names)\n",
                     warpsafe::engine::FormatSite(site).c_str(), name);
      }
      return CUDA_ERROR_NOT_FOUND;
    }
    if (dptr != nullptr) *dptr = drv::DevicePointer(variable);
    if (bytes != nullptr) *bytes = size;
    return CUDA_SUCCESS;
  }
  const drv::ProgramSymbol* s = drv::FindProgramSymbol(name, false);
  if (s == nullptr) {
    if (drv::FirstNote(site, name)) {
      std::fprintf(stderr,
                   "warpsafe note: cuModuleGetGlobal at %s: the program has no variable \"%s\"%s; warpsafe finds "
                   "__device__ and __constant__ variables in the .cu files it is given, by their symbols' names\n",
                   warpsafe::engine::FormatSite(site).c_str(), name,
                   drv::HaveProgramSymbols() ? "" : " (the executable has no symbol table)");
    }
    return CUDA_ERROR_NOT_FOUND;
  }
  if (dptr != nullptr) *dptr = drv::DevicePointer(s->address);
  if (bytes != nullptr) *bytes = s->size;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuModuleGetGlobal_v2(CUdeviceptr* dptr, size_t* bytes, CUmodule hmod, const char* name,
                                         Site site) {
  return cuModuleGetGlobal(dptr, bytes, hmod, name, site);
}
