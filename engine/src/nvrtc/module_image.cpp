#include "nvrtc/module_image.h"

#include <dlfcn.h>
#include <link.h>

#include <cstring>
#include <mutex>

#include "race/symbolizer.h"

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
  return handle;
}

void* FindInObject(void* handle, const std::string& name, bool function, std::size_t* size) {
  void* address = dlsym(handle, name.c_str());
  if (address == nullptr) return nullptr;
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
