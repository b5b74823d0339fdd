#include "race/constant_memory.h"

#include <elf.h>
#include <link.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace warpsafe::engine::race {
namespace {

constexpr const char kSectionPrefix[] = "warpsafe_constant.";

// The main executable's load bias (0 unless it is position-independent): the first object
// dl_iterate_phdr reports.
std::uintptr_t LoadBias() {
  std::uintptr_t bias = 0;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        *static_cast<std::uintptr_t*>(out) = info->dlpi_addr;
        return 1;
      },
      &bias);
  return bias;
}

}  // namespace

ConstantMemory& GetConstantMemory() {
  static auto* memory = new ConstantMemory();
  return *memory;
}

void ConstantMemory::Load() {
  if (loaded_) return;
  loaded_ = true;
  // Only the header, the section table and the section names are read (not the debug information).
  std::ifstream file("/proc/self/exe", std::ios::binary);
  auto read = [&](std::size_t offset, void* out, std::size_t size) {
    file.seekg(static_cast<std::streamoff>(offset));
    return static_cast<bool>(file.read(static_cast<char*>(out), static_cast<std::streamsize>(size)));
  };
  Elf64_Ehdr header;
  if (!read(0, &header, sizeof header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
      header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_shoff == 0 || header.e_shentsize != sizeof(Elf64_Shdr) ||
      header.e_shstrndx >= header.e_shnum) {
    return;
  }
  std::vector<Elf64_Shdr> sections(header.e_shnum);
  if (!read(header.e_shoff, sections.data(), sections.size() * sizeof(Elf64_Shdr))) return;
  const Elf64_Shdr& names_header = sections[header.e_shstrndx];
  std::string names(names_header.sh_size, '\0');
  if (!read(names_header.sh_offset, names.data(), names.size())) return;
  const std::uintptr_t bias = LoadBias();
  for (const Elf64_Shdr& s : sections) {
    if (s.sh_addr == 0 || s.sh_size == 0 || s.sh_name >= names.size()) continue;
    if (names.compare(s.sh_name, sizeof kSectionPrefix - 1, kSectionPrefix) != 0) continue;
    ranges_.emplace_back(bias + s.sh_addr, bias + s.sh_addr + s.sh_size);
  }
  std::sort(ranges_.begin(), ranges_.end());
  if (!ranges_.empty()) {
    lo_ = ranges_.front().first;
    for (const auto& r : ranges_) hi_ = std::max(hi_, r.second);
  }
}

}  // namespace warpsafe::engine::race
