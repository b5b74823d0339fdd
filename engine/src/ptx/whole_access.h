// Loads and stores of 1, 2, 4, 8 or 16 bytes at an address that is a multiple of their size, made
// so that a thread on another OS thread (the engine runs blocks on several workers) sees each one
// whole: never half of an old value and half of a new one.
//
// On a GPU an aligned access of up to 16 bytes is one access: a vector `ld.v4.u32` or
// `st.v2.u64` moves its 16 bytes together, and CUB's decoupled look-back packs a tile's status
// and value into one such word for that reason. (The PTX memory model describes a vector access
// as one access per element in no stated order; a whole access is one of the orders it allows.)
// docs/semantics/ptx.md, PTX-MEM-4, states the rule and names its tests.
#pragma once

namespace warpsafe::engine::ptx {

// How the access is ordered with the thread's other memory accesses (C++'s memory orders).
enum class WholeOrder { kRelaxed, kAcquire, kRelease };

// Copies `bytes` (1, 2, 4, 8 or 16) bytes from `p` to `out`. Requires p % bytes == 0.
void LoadWhole(const void* p, unsigned bytes, void* out, WholeOrder order);
// Copies `bytes` (1, 2, 4, 8 or 16) bytes from `in` to `p`. Requires p % bytes == 0.
void StoreWhole(void* p, const void* in, unsigned bytes, WholeOrder order);

}  // namespace warpsafe::engine::ptx
