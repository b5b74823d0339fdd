// The memory-model operations the single-pass device collectives need between blocks, written once
// in PTX for the GPU and once with CUDA atomics and fences for the engine.
//
// Decoupled look-back (Merrill and Garland, 2016) publishes each tile's aggregate and inclusive
// prefix for the tiles after it; a block spins until its predecessors have published. A packed
// status word (status and a 32-bit value in one 64-bit word) needs only single-copy atomicity:
// relaxed stores and loads at GPU scope. A separate value needs release/acquire: the value is
// written before the status with release semantics, and read after an acquiring load of the status.
//
// On the GPU these are ld/st.relaxed.gpu and ld.acquire/st.release.gpu (PTX ISA, memory consistency
// model). On the engine they are atomics and __threadfence(), the forms the race detector
// understands as release and acquire (a fence followed by an atomic store; an atomic load followed
// by a fence): `warpsafe check` then sees the look-back as correctly synchronised.
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

// Four consecutive words (32-byte aligned), each read with LoadRelaxed64's guarantee; not one
// atomic 32-byte read. Two vector loads: the PTX memory model treats a vector access as accesses
// to its elements, so each 64-bit element is single-copy atomic.
WARPSAFE_DEVICE void LoadRelaxed64x4(const unsigned long long* p, unsigned long long (&v)[4]) {
#if defined(__CUDA_ARCH__)
  asm volatile("ld.relaxed.gpu.global.v2.b64 {%0, %1}, [%4];\n\t"
               "ld.relaxed.gpu.global.v2.b64 {%2, %3}, [%4+16];"
               : "=l"(v[0]), "=l"(v[1]), "=l"(v[2]), "=l"(v[3])
               : "l"(p)
               : "memory");
#else
  for (int i = 0; i < 4; ++i) v[i] = LoadRelaxed64(p + i);
#endif
}

WARPSAFE_DEVICE void StoreRelease32(unsigned* p, unsigned v) {
#if defined(__CUDA_ARCH__)
  asm volatile("st.release.gpu.global.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
#else
  __threadfence();
  atomicExch(p, v);
#endif
}

WARPSAFE_DEVICE unsigned LoadAcquire32(const unsigned* p) {
#if defined(__CUDA_ARCH__)
  unsigned v;
  asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
#else
  const unsigned v = atomicAdd(const_cast<unsigned*>(p), 0u);
  __threadfence();
  return v;
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
WARPSAFE_DEVICE void Backoff(unsigned& delay_ns) {
  __nanosleep(delay_ns);
  delay_ns = delay_ns < 256u ? delay_ns * 2u : delay_ns;
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_MEMORY_ORDER_CUH_
