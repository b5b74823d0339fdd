// The memory-model operations the single-pass device collectives need between blocks, written once
// in PTX for the GPU and once with CUDA atomics for the engine.
//
// Decoupled look-back (Merrill and Garland, 2016) publishes each tile's aggregate and inclusive
// prefix for the tiles after it; a block spins until its predecessors have published. Every word
// of a tile state carries its own status (detail/device_tile_state.cuh), so it needs only
// single-copy atomicity: relaxed stores and loads at GPU scope (ld/st.relaxed.gpu, PTX ISA, memory
// consistency model). On the engine they are atomics, which `warpsafe check` sees as race-free.
// The reduction's partials use a plain store and an L1-bypassing load, ordered by the last block's
// atomic count and fences (detail/device_reduce_kernel.cuh).
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_MEMORY_ORDER_CUH_
#define WARPSAFE_DETAIL_DEVICE_MEMORY_ORDER_CUH_

#include "warpsafe/detail/config.cuh"

namespace warpsafe::detail {

WARPSAFE_DEVICE void StoreRelaxed64(unsigned long long* p, unsigned long long v) {
#if defined(__CUDA_ARCH__)
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
#else
  atomicExch(p, v);
#endif
}

WARPSAFE_DEVICE unsigned long long LoadRelaxed64(const unsigned long long* p) {
#if defined(__CUDA_ARCH__)
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
#else
  return atomicAdd(const_cast<unsigned long long*>(p), 0ull);
#endif
}

// Two consecutive words (16-byte aligned), each with StoreRelaxed64's / LoadRelaxed64's guarantee:
// one vector access, which the PTX memory model treats as accesses to its elements, so each 64-bit
// element is single-copy atomic but the pair is not one atomic 16-byte access.
WARPSAFE_DEVICE void StoreRelaxed64x2(unsigned long long* p, unsigned long long v0, unsigned long long v1) {
#if defined(__CUDA_ARCH__)
  asm volatile("st.relaxed.gpu.global.v2.b64 [%0], {%1, %2};" ::"l"(p), "l"(v0), "l"(v1) : "memory");
#else
  StoreRelaxed64(p, v0);
  StoreRelaxed64(p + 1, v1);
#endif
}
WARPSAFE_DEVICE void LoadRelaxed64x2(const unsigned long long* p, unsigned long long (&v)[2]) {
#if defined(__CUDA_ARCH__)
  asm volatile("ld.relaxed.gpu.global.v2.b64 {%0, %1}, [%2];" : "=l"(v[0]), "=l"(v[1]) : "l"(p) : "memory");
#else
  v[0] = LoadRelaxed64(p);
  v[1] = LoadRelaxed64(p + 1);
#endif
}

// A plain load that bypasses the (non-coherent) L1 cache: for data another block published before
// a release this thread (or its block, through a barrier) has acquired.
template <class T>
WARPSAFE_DEVICE T LoadCoherent(const T* p) {
#if defined(__CUDA_ARCH__)
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "published values are 4 or 8 bytes");
  using Word = typename std::conditional<sizeof(T) == 4, unsigned, unsigned long long>::type;
  const Word word = __ldcg(reinterpret_cast<const Word*>(p));
  T value;
  memcpy(&value, &word, sizeof(T));
  return value;
#else
  return *p;
#endif
}

// Wait a little before polling again: on the GPU the warp sleeps (leaving issue slots to the
// blocks that do the work); on the engine __nanosleep is a scheduling point.
WARPSAFE_DEVICE void Backoff(unsigned& delay_ns, unsigned max_ns = 256u) {
  __nanosleep(delay_ns);
  delay_ns = delay_ns < max_ns ? delay_ns * 2u : delay_ns;
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_MEMORY_ORDER_CUH_
