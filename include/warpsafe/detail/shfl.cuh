// Shuffles of any trivially copyable type, split into 32-bit words, and the predicate forms of
// shfl.sync.up / shfl.sync.down with a per-lane clamp.
//
// ShflUpClamped / ShflDownClamped are the primitives of the scans and reductions. The clamp is a
// hardware lane given per lane: up returns the value of lane-delta when lane-delta >= clamp, down
// that of lane+delta when lane+delta <= clamp; otherwise the caller's own value, and `pred` says
// which. On the GPU this is one `shfl.sync.{up,down}.b32 d|p` per word, whose c operand is the clamp
// and whose predicate output is p (PTX ISA, shfl.sync: "pval = (j >= maxLane)" for .up, "(j <=
// maxLane)" for .down). A clamp per lane expresses logical warps of any width, partial warps and
// head-flag segments alike. The portable form computes the source lane and uses __shfl_sync, so it
// never reads a lane outside `mask` (whose value CUDA leaves undefined).
//
// The up clamp is the whole c operand, so it may also be given in the segment-mask form the PTX ISA
// defines (UpClampOfSegment): bits 12:8 a mask of the lane bits that select the segment, and then
// maxLane = (lane & segment mask) | (c[4:0] & ~segment mask). For an aligned power-of-two logical
// warp that is a compile-time constant, which ptxas encodes as an immediate (as CUB's scans do)
// instead of a register holding each lane's segment start; the predicate is the same.
#pragma once
#ifndef WARPSAFE_DETAIL_SHFL_CUH_
#define WARPSAFE_DETAIL_SHFL_CUH_

#include "warpsafe/detail/lane.cuh"

namespace warpsafe::detail {

template <class T>
struct Words {
  static_assert(std::is_trivially_copyable<T>::value, "warp shuffles move trivially copyable types");
  static constexpr int kCount = int((sizeof(T) + 3) / 4);
  std::uint32_t w[kCount];
};

template <class T>
WARPSAFE_DEVICE Words<T> ToWords(const T& value) {
  Words<T> words;
  if constexpr (sizeof(T) % 4 != 0) words.w[Words<T>::kCount - 1] = 0;
  memcpy(words.w, &value, sizeof(T));
  return words;
}

template <class T>
WARPSAFE_DEVICE T FromWords(const Words<T>& words) {
  T value;
  memcpy(&value, words.w, sizeof(T));
  return value;
}

// The value of `value` at hardware lane `src`; `src` must be in `mask`.
template <class T>
WARPSAFE_DEVICE T ShflIdx(std::uint32_t mask, const T& value, unsigned src) {
  Words<T> words = ToWords(value);
WARPSAFE_UNROLL
  for (int i = 0; i < Words<T>::kCount; ++i) words.w[i] = __shfl_sync(mask, words.w[i], int(src));
  return FromWords<T>(words);
}

// The value at hardware lane `lane ^ lane_mask` (width 32); that lane must be in `mask`.
template <class T>
WARPSAFE_DEVICE T ShflXor(std::uint32_t mask, const T& value, unsigned lane_mask) {
  Words<T> words = ToWords(value);
WARPSAFE_UNROLL
  for (int i = 0; i < Words<T>::kCount; ++i) words.w[i] = __shfl_xor_sync(mask, words.w[i], int(lane_mask));
  return FromWords<T>(words);
}

#if defined(__CUDA_ARCH__)
// Not `asm volatile`: a volatile asm keeps NVVM from unswitching a caller's loop on
// WithMemberMask's blockDim test, so each call branched between its two copies (see
// warp_scan_shfl.cuh for the measurement and why the non-volatile form stays in place).
WARPSAFE_DEVICE std::uint32_t ShflUpWordPtx(std::uint32_t mask, std::uint32_t word, unsigned delta, unsigned clamp,
                                            unsigned& pred) {
  std::uint32_t out;
  asm(
      "{\n\t.reg .pred p;\n\t"
      "shfl.sync.up.b32 %0|p, %2, %3, %4, %5;\n\t"
      "selp.u32 %1, 1, 0, p;\n\t}"
      : "=r"(out), "=r"(pred)
      : "r"(word), "r"(delta), "r"(clamp), "r"(mask));
  return out;
}
WARPSAFE_DEVICE std::uint32_t ShflDownWordPtx(std::uint32_t mask, std::uint32_t word, unsigned delta, unsigned clamp,
                                              unsigned& pred) {
  std::uint32_t out;
  asm(
      "{\n\t.reg .pred p;\n\t"
      "shfl.sync.down.b32 %0|p, %2, %3, %4, %5;\n\t"
      "selp.u32 %1, 1, 0, p;\n\t}"
      : "=r"(out), "=r"(pred)
      : "r"(word), "r"(delta), "r"(clamp), "r"(mask));
  return out;
}
#endif

// The lowest source lane an up shuffle with c operand `clamp` accepts for the caller's `lane`:
// maxLane of the PTX ISA's shfl.sync (a plain lane when bits 12:8 are zero).
WARPSAFE_DEVICE constexpr unsigned UpClampLane(unsigned clamp, unsigned lane) {
  const unsigned segment_bits = (clamp >> 8) & 31u;
  return (lane & segment_bits) | (clamp & 31u & ~segment_bits);
}

// The up clamp at the first lane of the caller's aligned kWidth-lane segment (kWidth a power of
// two), in segment-mask form: a constant, whatever the lane.
template <int kWidth>
WARPSAFE_DEVICE constexpr unsigned UpClampOfSegment() {
  static_assert(kWidth >= 1 && kWidth <= kWarpThreads && (kWidth & (kWidth - 1)) == 0,
                "the segment-mask clamp describes aligned power-of-two segments");
  return unsigned(kWarpThreads - kWidth) << 8;
}

// Value of hardware lane `lane - delta` if that lane is >= UpClampLane(clamp, lane), else the
// caller's own; `pred` is true in the first case. All lanes from that clamp lane to `lane` must be in
// `mask`. `lane` is the caller's lane.
template <class T>
WARPSAFE_DEVICE T ShflUpClamped(std::uint32_t mask, const T& value, unsigned lane, unsigned delta, unsigned clamp,
                                bool& pred) {
  Words<T> words = ToWords(value);
#if defined(__CUDA_ARCH__)
  (void)lane;
  unsigned p = 0;
WARPSAFE_UNROLL
  for (int i = 0; i < Words<T>::kCount; ++i) words.w[i] = ShflUpWordPtx(mask, words.w[i], delta, clamp, p);
  pred = p != 0;
#else
  const int src = int(lane) - int(delta);
  pred = src >= int(UpClampLane(clamp, lane));
  const int from = pred ? src : int(lane);
  for (int i = 0; i < Words<T>::kCount; ++i) words.w[i] = __shfl_sync(mask, words.w[i], from);
#endif
  return FromWords<T>(words);
}

// Value of hardware lane `lane + delta` if that lane is <= clamp, else the caller's own; `pred` is
// true in the first case. All lanes in [lane, clamp] must be in `mask`.
template <class T>
WARPSAFE_DEVICE T ShflDownClamped(std::uint32_t mask, const T& value, unsigned lane, unsigned delta, unsigned clamp,
                                  bool& pred) {
  Words<T> words = ToWords(value);
#if defined(__CUDA_ARCH__)
  (void)lane;
  unsigned p = 0;
WARPSAFE_UNROLL
  for (int i = 0; i < Words<T>::kCount; ++i) words.w[i] = ShflDownWordPtx(mask, words.w[i], delta, clamp, p);
  pred = p != 0;
#else
  const unsigned src = lane + delta;
  pred = src <= clamp;
  const int from = pred ? int(src) : int(lane);
  for (int i = 0; i < Words<T>::kCount; ++i) words.w[i] = __shfl_sync(mask, words.w[i], from);
#endif
  return FromWords<T>(words);
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_SHFL_CUH_
