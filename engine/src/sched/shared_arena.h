// A block's shared memory: its dynamic part (extern __shared__) at the start of the worker's
// storage, then its static part, where every registered static __shared__ declaration has the
// slot shared_layout.h gave it before the block ran. Only the first lane of the block to reach a
// declaration does anything more than find it: that slot is poisoned (a GPU's shared memory
// starts as garbage) and counted against the block's limit.
//
// The arena decides addresses and poisoning only; the Block reports a block that needs more
// shared memory than the engine provides and tells the race detector of each new declaration.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace warpsafe::engine {

class SharedArena {
 public:
  // Where the static part starts: after the dynamic part, rounded up to 256 bytes.
  static std::size_t StaticBase(std::size_t dynamic_bytes) { return (dynamic_bytes + 255) / 256 * 256; }
  // What a block with `dynamic_bytes` of dynamic shared memory needs the storage to hold: every
  // registered declaration's slot, and room for unregistered ones up to `limit` in all.
  static std::size_t CapacityFor(std::size_t dynamic_bytes, std::size_t limit);

  // A block starts on `storage` (`capacity` bytes, 256-byte aligned, at least CapacityFor), with
  // `dynamic_bytes` of dynamic shared memory (poisoned now) and at most `limit` bytes in all.
  void Reset(unsigned char* storage, std::size_t capacity, std::size_t dynamic_bytes, std::size_t limit);

  void* dynamic() const { return storage_; }

  // The block's storage for static declaration `key` (`size` bytes at `align`). `*first` says
  // whether the block reached it for the first time (it was just poisoned). Null when the block's
  // shared memory would exceed its limit.
  void* Static(const void* key, std::size_t size, std::size_t align, bool* first);

  // Bytes of shared memory the block uses so far (dynamic, then each declaration it reached).
  std::size_t used() const { return used_; }

 private:
  unsigned char* storage_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t limit_ = 0;
  std::size_t static_base_ = 0;
  std::size_t unregistered_end_ = 0;  // offset from storage_ where the next unregistered key goes
  std::size_t used_ = 0;
  // Declarations this block reached, with their offsets from storage_ (a few per kernel: a scan).
  std::vector<std::pair<const void*, std::size_t>> reached_;
};

}  // namespace warpsafe::engine
