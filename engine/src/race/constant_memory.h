// Which static storage is __constant__ memory, which kernels may read but never write (the checker)
// and which `__isConstant` answers 1 for. Every build gives each __constant__ variable a section of
// its own, `warpsafe_constant.N` (engine/include/warpsafe/engine/keywords.h); the ranges of those
// sections are read once from the executable's section headers.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace warpsafe::engine::race {

class ConstantMemory {
 public:
  // Reads the ranges (idempotent); a program without such sections has none.
  void Load();
  bool Contains(std::uintptr_t address) const {
    if (address < lo_ || address >= hi_) return false;
    for (const auto& [base, end] : ranges_) {
      if (address >= base && address < end) return true;
    }
    return false;
  }

 private:
  std::vector<std::pair<std::uintptr_t, std::uintptr_t>> ranges_;
  std::uintptr_t lo_ = 0;
  std::uintptr_t hi_ = 0;
  bool loaded_ = false;
};

ConstantMemory& GetConstantMemory();

}  // namespace warpsafe::engine::race
