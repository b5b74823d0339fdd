#include "nvrtc/module_image.h"

#include <cxxabi.h>
#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string_view>

#include "race/mapped_executable.h"
#include "race/symbolizer.h"
#include "runtime/copy_checks.h"

namespace warpsafe::engine::nvrtc {
namespace {

// The first line of every image. Not PTX: a GPU driver given it would refuse it, and a reader of a
// dumped image learns what it is.
constexpr const char kMagic[] = "// warpsafe NVRTC image (a CPU build, not PTX): ";

}  // namespace

const char kNameExpressionPrefix[] = "warpsafe_nvrtc_name_expression_";

std::string ImageFor(const std::string& object_path) { return std::string(kMagic) + object_path + "\n"; }

bool ObjectOfImage(const void* image, std::string* object_path) {
  if (image == nullptr) return false;
  const char* text = static_cast<const char*>(image);
  const std::size_t magic = sizeof kMagic - 1;
  if (std::strncmp(text, kMagic, magic) != 0) return false;
  const char* start = text + magic;
  const char* end = start;
  while (*end != '\0' && *end != '\n') ++end;
  if (end == start || *start != '/') return false;
  object_path->assign(start, end);
  return true;
}

void* LoadObject(const std::string& path, std::string* error) {
  // dlerror is process-wide state: one load at a time.
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  dlerror();
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    *error = why != nullptr ? why : "dlopen failed";
    return nullptr;
  }
  race::AddCodeObject(path);  // reports name the lines of its source
  // Its variables are device memory, as the executable's static storage is.
  link_map* map = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map != nullptr) {
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* data) {
          if (info->dlpi_addr != static_cast<const link_map*>(data)->l_addr) return 0;
          for (unsigned i = 0; i < info->dlpi_phnum; ++i) {
            const ElfW(Phdr)& ph = info->dlpi_phdr[i];
            if (ph.p_type == PT_LOAD) {
              runtime::AddLoadedStaticStorage(reinterpret_cast<const void*>(info->dlpi_addr + ph.p_vaddr), ph.p_memsz);
            }
          }
          return 1;
        },
        map);
  }
  return handle;
}

namespace {

// `symbol` demangled, without the namespaces the front end gives entities of internal linkage
// (tools/warpsafe/frontend/internal_linkage.h): a `static __constant__ x` is found as "x".
std::string SourceName(const char* symbol) {
  int status = 0;
  char* text = abi::__cxa_demangle(symbol, nullptr, nullptr, &status);
  std::string name = status == 0 && text != nullptr ? text : symbol;
  std::free(text);
  static constexpr char kUnit[] = "warpsafe_internal_";
  for (std::size_t at = name.find(kUnit); at != std::string::npos; at = name.find(kUnit, at)) {
    const std::size_t end = name.find("::", at);
    if (end == std::string::npos) break;
    name.erase(at, end + 2 - at);
  }
  return name;
}

// An entity of internal linkage named `name` in the object's symbol table (not exported, so dlsym
// cannot see it): CUDA's modules find a `static` variable or kernel by its own name.
void* FindInternal(void* handle, const std::string& name, bool function, std::size_t* size) {
  link_map* map = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == nullptr || map->l_name == nullptr) return nullptr;
  const race::MappedExecutable file(map->l_name);
  void* found = nullptr;
  file.ForEachSymbol([&](const Elf64_Sym& sym, std::string_view symbol, std::string_view) {
    const unsigned type = ELF64_ST_TYPE(sym.st_info);
    if (found != nullptr || sym.st_shndx == SHN_UNDEF || type != (function ? STT_FUNC : STT_OBJECT)) return;
    if (symbol.find("warpsafe_internal_") == std::string_view::npos) return;
    if (SourceName(std::string(symbol).c_str()) != name) return;
    found = reinterpret_cast<void*>(map->l_addr + sym.st_value);
    if (size != nullptr) *size = sym.st_size;
  });
  return found;
}

}  // namespace

void* FindInObject(void* handle, const std::string& name, bool function, std::size_t* size) {
  void* address = dlsym(handle, name.c_str());
  if (address == nullptr) return FindInternal(handle, name, function, size);
  if (function && name.rfind(kNameExpressionPrefix, 0) == 0) return *static_cast<void* const*>(address);
  Dl_info info{};
  ElfW(Sym)* symbol = nullptr;
  if (dladdr1(address, &info, reinterpret_cast<void**>(&symbol), RTLD_DL_SYMENT) == 0 || symbol == nullptr) {
    return nullptr;
  }
  const bool is_function = ELF64_ST_TYPE(symbol->st_info) == STT_FUNC;
  if (is_function != function) return nullptr;
  if (size != nullptr) *size = symbol->st_size;
  return address;
}

}  // namespace warpsafe::engine::nvrtc
