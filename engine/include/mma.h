// <mma.h>: CUDA's warp matrix operations (nvcuda::wmma) on the engine. A fragment holds, in each
// lane, its share of a matrix tile; load_matrix_sync, store_matrix_sync and mma_sync are collective
// over the whole warp, which must reach them together with the same arguments. The engine keeps
// the share of lane l as the tile's row-major elements l, l + 32, l + 64, ... (CUDA leaves the
// mapping unspecified), loads and stores them from the lane itself, and multiplies on the engine's
// warp rendezvous (warpsafe/engine/wmma.h). Rules: docs/semantics/wmma.md.
//
// Provided: the dense shapes and types of CUDA's WMMA API, half (m16n16k16, m32n8k16, m8n32k16;
// half or float accumulators), bfloat16 and 8-bit integers (the same shapes; float and int
// accumulators), tf32 (m16n16k8) and double (m8n8k4). The sub-byte experimental types (u4, s4, b1)
// are not: their fragments do not compile.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "warpsafe/engine/wmma.h"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700
#error "<mma.h>: warp matrix operations need compute capability 7.0 or later (build with --arch sm_70 or newer)"
#endif

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
namespace precision {
struct tf32;
}

enum layout_t { mem_row_major, mem_col_major };

// Rounds to the nearest value with tf32's 10 fraction bits (ties away from zero), as
// cvt.rna.tf32.f32 does; infinities and NaN pass through.
inline float __float_to_tf32(float in) {
  std::uint32_t bits;
  std::memcpy(&bits, &in, sizeof bits);
  if ((bits & 0x7f800000u) != 0x7f800000u) bits = (bits + 0x1000u) & ~0x1fffu;
  float out;
  std::memcpy(&out, &bits, sizeof out);
  return out;
}

namespace detail {

template <class Use, int M, int N, int K>
struct Tile;
template <int M, int N, int K>
struct Tile<matrix_a, M, N, K> {
  static constexpr int kRows = M, kCols = K;
};
template <int M, int N, int K>
struct Tile<matrix_b, M, N, K> {
  static constexpr int kRows = K, kCols = N;
};
template <int M, int N, int K>
struct Tile<accumulator, M, N, K> {
  static constexpr int kRows = M, kCols = N;
};

template <class T>
struct Storage {
  using type = T;
};
template <>
struct Storage<precision::tf32> {
  using type = float;
};

template <int M, int N, int K>
constexpr bool kHalfShape = (M == 16 && N == 16 && K == 16) || (M == 32 && N == 8 && K == 16) ||
                            (M == 8 && N == 32 && K == 16);

// The shapes and element types CUDA's WMMA API has (the dense ones).
template <class Use, int M, int N, int K, class T>
constexpr bool Valid() {
  if constexpr (std::is_same_v<Use, accumulator>) {
    return (kHalfShape<M, N, K> && (std::is_same_v<T, __half> || std::is_same_v<T, float> || std::is_same_v<T, int>)) ||
           (M == 16 && N == 16 && K == 8 && std::is_same_v<T, float>) ||
           (M == 8 && N == 8 && K == 4 && std::is_same_v<T, double>);
  } else {
    return (kHalfShape<M, N, K> && (std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16> ||
                                    std::is_same_v<T, signed char> || std::is_same_v<T, unsigned char>)) ||
           (M == 16 && N == 16 && K == 8 && std::is_same_v<T, precision::tf32>) ||
           (M == 8 && N == 8 && K == 4 && std::is_same_v<T, double>);
  }
}

template <class T, class S>
inline double ToDouble(S v) {
  if constexpr (std::is_same_v<T, __half>) {
    return static_cast<double>(__half2float(v));
  } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    return static_cast<double>(__bfloat162float(v));
  } else if constexpr (std::is_same_v<T, precision::tf32>) {
    // The tensor cores read a tf32 operand's sign, exponent and top 10 fraction bits only.
    std::uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    bits &= ~0x1fffu;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return static_cast<double>(f);
  } else {
    return static_cast<double>(v);
  }
}

template <class S>
inline S FromDouble(double v) {
  if constexpr (std::is_same_v<S, __half>) {
    return __float2half(static_cast<float>(v));
  } else {
    return static_cast<S>(v);
  }
}

inline void CheckPointer(const void* p, unsigned ldm, std::size_t element_bytes, const char* call,
                         ::warpsafe::engine::Site site) {
  if (reinterpret_cast<std::uintptr_t>(p) % 32 != 0) {
    ::warpsafe::engine::WmmaInvalid(site, call, "the matrix pointer is not 256-bit (32-byte) aligned");
  }
  if ((ldm * element_bytes) % 16 != 0) {
    ::warpsafe::engine::WmmaInvalid(site, call, "the leading dimension is not a multiple of 16 bytes");
  }
}

}  // namespace detail

template <class Use, int M, int N, int K, class T, class Layout = void>
class fragment {
  static_assert(detail::Valid<Use, M, N, K, T>(),
                "nvcuda::wmma::fragment: a shape and element type CUDA's WMMA API does not have (or a sub-byte "
                "type, which the engine does not provide)");
  static_assert(std::is_same_v<Use, accumulator> || std::is_same_v<Layout, row_major> ||
                    std::is_same_v<Layout, col_major>,
                "nvcuda::wmma::fragment: matrix_a and matrix_b fragments need a layout (row_major or col_major)");

 public:
  using element_type = T;
  using storage_element_type = typename detail::Storage<T>::type;
  static constexpr int kRows = detail::Tile<Use, M, N, K>::kRows;
  static constexpr int kCols = detail::Tile<Use, M, N, K>::kCols;
  enum { num_elements = kRows * kCols / 32, num_storage_elements = kRows * kCols / 32 };
  storage_element_type x[num_elements];
};

template <class Use, int M, int N, int K, class T, class Layout>
inline void fill_fragment(fragment<Use, M, N, K, T, Layout>& f,
                          const typename fragment<Use, M, N, K, T, Layout>::storage_element_type& v) {
  for (int i = 0; i < f.num_elements; ++i) f.x[i] = v;
}

namespace detail {
// Loads lane l's elements of an R x C tile stored row- or column-major with leading dimension ldm.
template <class F, class P>
inline void Load(F& f, const P* p, unsigned ldm, bool row_major, const char* call, ::warpsafe::engine::Site site) {
  const unsigned lane = ::warpsafe::engine::WmmaConverge(site, call);
  CheckPointer(p, ldm, sizeof(P), call, site);
  for (int i = 0; i < F::num_elements; ++i) {
    const unsigned e = lane + 32u * static_cast<unsigned>(i);
    const unsigned r = e / F::kCols, c = e % F::kCols;
    f.x[i] = p[row_major ? static_cast<std::size_t>(r) * ldm + c : static_cast<std::size_t>(c) * ldm + r];
  }
}
}  // namespace detail

template <class Use, int M, int N, int K, class T, class Layout, class P>
inline void load_matrix_sync(fragment<Use, M, N, K, T, Layout>& f, const P* p, unsigned ldm,
                             ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  static_assert(!std::is_same_v<Use, accumulator>,
                "load_matrix_sync of an accumulator fragment takes the memory layout (mem_row_major or mem_col_major)");
  detail::Load(f, p, ldm, std::is_same_v<Layout, row_major>, "load_matrix_sync", site);
}

template <int M, int N, int K, class T, class P>
inline void load_matrix_sync(fragment<accumulator, M, N, K, T>& f, const P* p, unsigned ldm, layout_t layout,
                             ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  detail::Load(f, p, ldm, layout == mem_row_major, "load_matrix_sync", site);
}

template <int M, int N, int K, class T, class P>
inline void store_matrix_sync(P* p, const fragment<accumulator, M, N, K, T>& f, unsigned ldm, layout_t layout,
                              ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  using F = fragment<accumulator, M, N, K, T>;
  const unsigned lane = ::warpsafe::engine::WmmaConverge(site, "store_matrix_sync");
  detail::CheckPointer(p, ldm, sizeof(P), "store_matrix_sync", site);
  for (int i = 0; i < F::num_elements; ++i) {
    const unsigned e = lane + 32u * static_cast<unsigned>(i);
    const unsigned r = e / F::kCols, c = e % F::kCols;
    p[layout == mem_row_major ? static_cast<std::size_t>(r) * ldm + c : static_cast<std::size_t>(c) * ldm + r] = f.x[i];
  }
}

namespace detail {
template <int M, int N, int K, class TA, class LA, class TB, class LB, class TC, class TD>
inline void Multiply(fragment<accumulator, M, N, K, TD>& d, const fragment<matrix_a, M, N, K, TA, LA>& a,
                     const fragment<matrix_b, M, N, K, TB, LB>& b, const fragment<accumulator, M, N, K, TC>& c,
                     bool satf, ::warpsafe::engine::Site site) {
  static_assert(std::is_same_v<TA, TB>, "mma_sync: matrix_a and matrix_b fragments of different element types");
  static_assert(std::is_same_v<TC, TD>, "mma_sync: accumulator fragments of different element types");
  using A = fragment<matrix_a, M, N, K, TA, LA>;
  using B = fragment<matrix_b, M, N, K, TB, LB>;
  using C = fragment<accumulator, M, N, K, TC>;
  constexpr ::warpsafe::engine::WmmaArith arith =
      std::is_same_v<TA, double>
          ? ::warpsafe::engine::WmmaArith::kDouble
          : (std::is_same_v<TA, signed char> || std::is_same_v<TA, unsigned char>) ? ::warpsafe::engine::WmmaArith::kInteger
                                                                                   : ::warpsafe::engine::WmmaArith::kSingle;
  double da[A::num_elements], db[B::num_elements], dc[C::num_elements], dd[C::num_elements];
  for (int i = 0; i < A::num_elements; ++i) da[i] = ToDouble<TA>(a.x[i]);
  for (int i = 0; i < B::num_elements; ++i) db[i] = ToDouble<TB>(b.x[i]);
  for (int i = 0; i < C::num_elements; ++i) dc[i] = ToDouble<TC>(c.x[i]);
  ::warpsafe::engine::WmmaMultiply(M, N, K, arith, satf, da, db, dc, dd, site);
  for (int i = 0; i < C::num_elements; ++i) d.x[i] = FromDouble<typename C::storage_element_type>(dd[i]);
}
}  // namespace detail

// D = A B + C. Every lane of the warp, together, with the same fragments' shapes.
template <int M, int N, int K, class TA, class LA, class TB, class LB, class TC, class TD>
inline void mma_sync(fragment<accumulator, M, N, K, TD>& d, const fragment<matrix_a, M, N, K, TA, LA>& a,
                     const fragment<matrix_b, M, N, K, TB, LB>& b, const fragment<accumulator, M, N, K, TC>& c,
                     ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  detail::Multiply(d, a, b, c, false, site);
}

// The 8-bit integer forms take `satf`: a sum past the int range saturates instead of wrapping.
template <int M, int N, int K, class TA, class LA, class TB, class LB, class TC, class TD>
inline void mma_sync(fragment<accumulator, M, N, K, TD>& d, const fragment<matrix_a, M, N, K, TA, LA>& a,
                     const fragment<matrix_b, M, N, K, TB, LB>& b, const fragment<accumulator, M, N, K, TC>& c,
                     bool satf, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  static_assert(std::is_same_v<TA, signed char> || std::is_same_v<TA, unsigned char>,
                "mma_sync: only the 8-bit integer forms take satf");
  detail::Multiply(d, a, b, c, satf, site);
}

}  // namespace wmma
}  // namespace nvcuda
