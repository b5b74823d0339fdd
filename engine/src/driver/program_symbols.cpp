#include "driver/program_symbols.h"

#include <cstdint>
#include <string_view>
#include <unordered_map>

#include "race/mapped_executable.h"
#include "race/symbolizer.h"

namespace warpsafe::engine::driver {
namespace {

struct Symbols {
  bool have = false;
  std::vector<ProgramSymbol> all;
  std::unordered_multimap<std::string, std::size_t> by_name;
  std::unordered_multimap<const void*, std::size_t> by_address;
  std::vector<bool> global;
};

const Symbols& Load() {
  static Symbols* symbols = [] {
    auto* s = new Symbols();  // outlives static destructors
    const race::MappedExecutable exe;
    // The load bias of a position-independent executable: symbol values are offsets from it.
    const std::uintptr_t bias = 0 - race::ExecutableOffset(0);
    s->have = exe.ForEachSymbol([&](const Elf64_Sym& sym, std::string_view name, std::string_view) {
      const unsigned type = ELF64_ST_TYPE(sym.st_info);
      if ((type != STT_FUNC && type != STT_OBJECT) || sym.st_shndx == SHN_UNDEF || name.empty()) return;
      const auto* address = reinterpret_cast<const void*>(static_cast<std::uintptr_t>(sym.st_value) + bias);
      const std::size_t index = s->all.size();
      s->all.push_back(ProgramSymbol{std::string(name), address, static_cast<std::size_t>(sym.st_size), type == STT_FUNC});
      s->global.push_back(ELF64_ST_BIND(sym.st_info) != STB_LOCAL);
      s->by_name.emplace(s->all.back().name, index);
      s->by_address.emplace(address, index);
    });
    return s;
  }();
  return *symbols;
}

}  // namespace

bool HaveProgramSymbols() { return Load().have; }

const ProgramSymbol* FindProgramSymbol(const std::string& name, bool function) {
  const Symbols& s = Load();
  const ProgramSymbol* found = nullptr;
  auto [first, last] = s.by_name.equal_range(name);
  for (auto it = first; it != last; ++it) {
    const ProgramSymbol& sym = s.all[it->second];
    if (sym.function != function) continue;
    if (s.global[it->second]) return &sym;
    if (found == nullptr) found = &sym;
  }
  return found;
}

std::vector<const ProgramSymbol*> FunctionsAt(const void* address) {
  const Symbols& s = Load();
  std::vector<const ProgramSymbol*> out;
  auto [first, last] = s.by_address.equal_range(address);
  for (auto it = first; it != last; ++it) {
    if (s.all[it->second].function) out.push_back(&s.all[it->second]);
  }
  return out;
}

}  // namespace warpsafe::engine::driver
