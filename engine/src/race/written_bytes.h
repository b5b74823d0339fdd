// Which bytes of a cudaMalloc block something has written (docs/semantics/checker.md, MEM-3):
// a copy or fill by the runtime, or a store, atomic or memory intrinsic of a kernel. A kernel's
// read of bytes nothing wrote reads memory CUDA never initialised (the engine fills it with
// runtime::kUninitializedByte). One bit per byte, only for kDevice blocks: the host can write
// managed and pinned memory with plain stores the checker does not see.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace warpsafe::engine::race {

class WrittenBytes {
 public:
  explicit WrittenBytes(std::size_t size) : bits_((size + 63) / 64, 0) {}
  // [offset, offset + n) of the block was written (clipped to the block).
  void Mark(std::size_t offset, std::size_t n) {
    const std::size_t end = std::min(offset + n, bits_.size() * 64);
    for (std::size_t i = offset; i < end;) {
      if (i % 64 == 0 && end - i >= 64) {
        bits_[i / 64] = ~std::uint64_t{0};
        i += 64;
      } else {
        bits_[i / 64] |= std::uint64_t{1} << (i % 64);
        ++i;
      }
    }
  }
  // True when no byte of [offset, offset + n) inside the block was written.
  bool None(std::size_t offset, std::size_t n) const {
    const std::size_t end = std::min(offset + n, bits_.size() * 64);
    for (std::size_t i = offset; i < end; ++i) {
      if ((bits_[i / 64] >> (i % 64) & 1) != 0) return false;
    }
    return true;
  }
  // True when every byte of [offset, offset + n) inside the block was written.
  bool All(std::size_t offset, std::size_t n) const {
    const std::size_t end = std::min(offset + n, bits_.size() * 64);
    for (std::size_t i = offset; i < end; ++i) {
      if ((bits_[i / 64] >> (i % 64) & 1) == 0) return false;
    }
    return true;
  }

 private:
  std::vector<std::uint64_t> bits_;
};

}  // namespace warpsafe::engine::race
