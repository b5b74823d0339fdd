// The running executable's ELF file mapped read-only, for walks over its symbol table: the race
// detector's static objects (static_objects.cpp) and the driver API's module lookups
// (engine/src/driver/program_symbols.cpp, and engine/src/nvrtc for objects loaded at run time).
// Internal to the engine.
#pragma once

#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <string_view>

namespace warpsafe::engine::race {

// The executable's symbol table (or that of the ELF file at `path`: an object loaded at run time,
// engine/src/nvrtc), mapped for the time of the walk.
class MappedExecutable {
 public:
  explicit MappedExecutable(const char* path = "/proc/self/exe") {
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
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

}  // namespace warpsafe::engine::race
