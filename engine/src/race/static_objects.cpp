#include "race/static_objects.h"

#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <string_view>

#include "race/symbolizer.h"

namespace warpsafe::engine::race {
namespace {

constexpr std::string_view kDeviceSuffix = ".device";  // pass_join.h's DeviceSymbolName
constexpr std::string_view kDeviceSections[] = {"warpsafe_device.", "warpsafe_constant."};  // keywords.h

// The executable's symbol table, mapped for the time of the walk.
class MappedExecutable {
 public:
  MappedExecutable() {
    const int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (fstat(fd, &st) == 0 && st.st_size > static_cast<off_t>(sizeof(Elf64_Ehdr))) {
      void* p = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      if (p != MAP_FAILED) {
        data_ = static_cast<const unsigned char*>(p);
        size_ = static_cast<std::size_t>(st.st_size);
      }
    }
    close(fd);
  }
  ~MappedExecutable() {
    if (data_ != nullptr) munmap(const_cast<unsigned char*>(data_), size_);
  }
  MappedExecutable(const MappedExecutable&) = delete;
  MappedExecutable& operator=(const MappedExecutable&) = delete;

  // Calls f(symbol, name, section name) for every symbol of .symtab; false when there is none.
  template <class F>
  bool ForEachSymbol(F f) const {
    if (data_ == nullptr) return false;
    const auto* eh = reinterpret_cast<const Elf64_Ehdr*>(data_);
    if (std::memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64) return false;
    if (eh->e_shoff == 0 || eh->e_shoff + std::size_t{eh->e_shnum} * sizeof(Elf64_Shdr) > size_) return false;
    const auto* sh = reinterpret_cast<const Elf64_Shdr*>(data_ + eh->e_shoff);
    if (eh->e_shstrndx >= eh->e_shnum || sh[eh->e_shstrndx].sh_offset + sh[eh->e_shstrndx].sh_size > size_)
      return false;
    const char* section_names = reinterpret_cast<const char*>(data_ + sh[eh->e_shstrndx].sh_offset);
    const std::size_t section_names_size = sh[eh->e_shstrndx].sh_size;
    const auto section_name = [&](unsigned index) {
      if (index >= eh->e_shnum || sh[index].sh_name >= section_names_size) return std::string_view();
      return std::string_view(section_names + sh[index].sh_name);
    };
    for (unsigned i = 0; i < eh->e_shnum; ++i) {
      if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum) continue;
      const Elf64_Shdr& strtab = sh[sh[i].sh_link];
      if (sh[i].sh_offset + sh[i].sh_size > size_ || strtab.sh_offset + strtab.sh_size > size_) return false;
      const auto* syms = reinterpret_cast<const Elf64_Sym*>(data_ + sh[i].sh_offset);
      const std::size_t count = sh[i].sh_size / sizeof(Elf64_Sym);
      const char* names = reinterpret_cast<const char*>(data_ + strtab.sh_offset);
      for (std::size_t k = 0; k < count; ++k) {
        if (syms[k].st_name >= strtab.sh_size) continue;
        f(syms[k], std::string_view(names + syms[k].st_name), section_name(syms[k].st_shndx));
      }
      return true;
    }
    return false;
  }

 private:
  const unsigned char* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace

StaticObjects& GetStaticObjects() {
  static auto* objects = new StaticObjects();  // never destroyed: accesses may come during exit
  return *objects;
}

void StaticObjects::Load() {
  if (loaded_) return;
  loaded_ = true;
  const MappedExecutable exe;
  // The load bias of a position-independent executable: symbol values are offsets from it.
  const std::uintptr_t bias = 0 - ExecutableOffset(0);
  exe.ForEachSymbol([&](const Elf64_Sym& s, std::string_view name, std::string_view section) {
    if (ELF64_ST_TYPE(s.st_info) != STT_OBJECT || s.st_shndx == SHN_UNDEF || s.st_size == 0) return;
    const StaticObject object{static_cast<std::uintptr_t>(s.st_value) + bias, static_cast<std::size_t>(s.st_size)};
    bool device = false;
    for (std::string_view prefix : kDeviceSections) device |= section.substr(0, prefix.size()) == prefix;
    if (device) {
      device_variables_.push_back(object);
    } else if (ELF64_ST_BIND(s.st_info) == STB_GLOBAL && ELF64_ST_VISIBILITY(s.st_other) == STV_DEFAULT &&
               !(name.size() > kDeviceSuffix.size() &&
                 name.substr(name.size() - kDeviceSuffix.size()) == kDeviceSuffix)) {
      host_globals_.push_back(object);
    }
  });
  const auto by_start = [](const StaticObject& a, const StaticObject& b) { return a.start < b.start; };
  std::sort(device_variables_.begin(), device_variables_.end(), by_start);
  std::sort(host_globals_.begin(), host_globals_.end(), by_start);
}

const StaticObject* StaticObjects::Find(const std::vector<StaticObject>& objects, std::uintptr_t address) {
  auto it = std::upper_bound(objects.begin(), objects.end(), address,
                             [](std::uintptr_t a, const StaticObject& o) { return a < o.start; });
  if (it == objects.begin()) return nullptr;
  --it;
  return &*it;
}

}  // namespace warpsafe::engine::race
