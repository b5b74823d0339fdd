// DeviceScan against a sequential host scan on random data: inclusive and exclusive, sums of int32,
// int64, float and double, int32 max, non-commutative operators of 4 and 8 bytes; sizes from 0 and
// 1 through several tiles to 2^30 on a GPU; 16-byte-aligned and misaligned arrays; in place. The
// output is poisoned before each run, and every item is checked.
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include <warpsafe/device.cuh>

#include "device_cases.cuh"

namespace wstest {

template <class C>
void Check(Harness& h, const std::vector<typename C::T>& in, const std::vector<typename C::T>& out, bool exclusive,
           typename C::T initial, const char* what) {
  using T = typename C::T;
  T running = initial;
  bool have = exclusive;
  int failures = 0;
  for (std::size_t i = 0; i < in.size() && failures < 3; ++i) {
    T want;
    if (exclusive) {
      want = running;
      running = C::HostOp(running, in[i]);
    } else {
      running = have ? C::HostOp(running, in[i]) : in[i];
      have = true;
      want = running;
    }
    if (!C::Equal(out[i], want)) {
      char g[64], w[64];
      C::Print(g, out[i]);
      C::Print(w, want);
      h.Expect(false, "%s %s n=%zu item %zu: got %s, want %s", C::kName, what, in.size(), i, g, w);
      ++failures;
    }
  }
  if (failures == 0) h.Expect(true, "");
}

// The host path a run takes: the public API (Policy void), which picks the tile shape by the item
// count (ScanPolicy, SmallScanPolicy, TinyScanPolicy), or the tile shape Policy forced at any
// count, so that the sizes here also cover 8-byte items' other tiles, which the API takes only
// from 2^21 or 2^24 items, and tiles held in shared memory, which no policy takes now but
// device_bench's sweeps compare.
template <class T, class Policy>
struct ScanCalls {
  template <class Op>
  static cudaError_t Inclusive(void* temp, std::size_t& bytes, const T* in, T* out, Op op, std::int64_t n) {
    if constexpr (!std::is_void<Policy>::value) {
      T unused;
      std::memset(&unused, 0, sizeof(T));
      return warpsafe::detail::DispatchScanWith<Policy, false>(temp, bytes, in, out, op, unused, n, 0);
    } else {
      return warpsafe::DeviceScan::InclusiveScan(temp, bytes, in, out, op, n);
    }
  }
  template <class Op>
  static cudaError_t Exclusive(void* temp, std::size_t& bytes, const T* in, T* out, Op op, T initial, std::int64_t n) {
    if constexpr (!std::is_void<Policy>::value) {
      return warpsafe::detail::DispatchScanWith<Policy, true>(temp, bytes, in, out, op, initial, n, 0);
    } else {
      return warpsafe::DeviceScan::ExclusiveScan(temp, bytes, in, out, op, initial, n);
    }
  }
};

template <class C, class Policy = void>
void RunSize(Harness& h, Random& r, std::int64_t n, bool all_variants) {
  using Calls = ScanCalls<typename C::T, Policy>;
  using T = typename C::T;
  using Op = typename C::Op;
  std::vector<T> in(std::size_t(n) + 1), out(std::size_t(n) + 1);
  for (T& x : in) x = C::Make(r);
  const T initial = C::Make(r);
  // One extra item in front, so that d_in + 1 / d_out + 1 are misaligned views of the same data.
  DeviceBuffer<T> d_in(std::size_t(n) + 1), d_out(std::size_t(n) + 1);
  d_in.Upload(in.data());
  std::size_t bytes = 0;
  WS_CUDA(Calls::Inclusive(nullptr, bytes, d_in.get(), d_out.get(), Op{}, n));
  h.Expect(bytes > 0, "%s n=%lld: a temporary-storage query returns a size", C::kName, (long long)n);
  void* temp = nullptr;
  WS_CUDA(cudaMalloc(&temp, bytes));
  std::vector<T> host_in(in.begin(), in.begin() + n), host_out(static_cast<std::size_t>(n));

  struct Variant {
    bool exclusive;
    int in_offset, out_offset;
    bool in_place;
    const char* name;
  };
  const Variant variants[] = {{false, 0, 0, false, "inclusive"},          {true, 0, 0, false, "exclusive"},
                              {false, 1, 1, false, "inclusive misaligned"}, {true, 1, 0, false, "exclusive misaligned in"},
                              {false, 0, 0, true, "inclusive in place"}, {true, 0, 0, true, "exclusive in place"}};
  for (const Variant& v : variants) {
    if (!all_variants && v.in_offset + v.out_offset + int(v.in_place) > 0) continue;
    std::vector<T> src(in.begin() + v.in_offset, in.begin() + v.in_offset + n);
    T* d_src = d_in.get() + v.in_offset;
    T* d_dst = d_out.get() + v.out_offset;
    d_out.Poison();
    if (v.in_place) {
      WS_CUDA(cudaMemcpy(d_out.get(), d_in.get(), d_in.bytes(), cudaMemcpyDeviceToDevice));
      d_src = d_dst;
    }
    if (v.exclusive) {
      WS_CUDA(Calls::Exclusive(temp, bytes, d_src, d_dst, Op{}, initial, n));
    } else {
      WS_CUDA(Calls::Inclusive(temp, bytes, d_src, d_dst, Op{}, n));
    }
    WS_CUDA(cudaDeviceSynchronize());
    if (n > 0) WS_CUDA(cudaMemcpy(host_out.data(), d_dst, std::size_t(n) * sizeof(T), cudaMemcpyDeviceToHost));
    std::string what = v.name;
    if constexpr (!std::is_void<Policy>::value) {
      what += " (tiles of " + std::to_string(Policy::kBlockThreads) + " x " + std::to_string(Policy::kRows) +
              (Policy::kStaged ? " in shared memory)" : ")");
    }
    Check<C>(h, src, host_out, v.exclusive, initial, what.c_str());
  }
  // Too little temporary storage is refused, not overrun.
  std::size_t small = bytes - 1;
  h.Expect(Calls::Inclusive(temp, small, d_in.get(), d_out.get(), Op{}, n) == cudaErrorInvalidValue,
           "%s n=%lld: too little temporary storage gives cudaErrorInvalidValue", C::kName, (long long)n);
  WS_CUDA(cudaFree(temp));
}

template <class C>
void Run(Harness& h, Random& r, bool large) {
  for (std::int64_t n : kSmallSizes) RunSize<C>(h, r, n, true);
  if constexpr (!std::is_same<warpsafe::detail::ScanPolicy<typename C::T>,
                              warpsafe::detail::SmallScanPolicy<typename C::T>>::value) {
    for (std::int64_t n : kSmallSizes) RunSize<C, warpsafe::detail::ScanPolicy<typename C::T>>(h, r, n, true);
  }
  if constexpr (!std::is_same<warpsafe::detail::SmallScanPolicy<typename C::T>,
                              warpsafe::detail::TinyScanPolicy<typename C::T>>::value) {
    // 8-byte items: the API takes TinyScanPolicy (the block's look-back) below 2^21 items, and
    // SmallScanPolicy (the warp's) from there to 2^24.
    for (std::int64_t n : kSmallSizes) RunSize<C, warpsafe::detail::SmallScanPolicy<typename C::T>>(h, r, n, false);
  }
  if constexpr (sizeof(typename C::T) == 8) {
    using Staged = warpsafe::detail::ScanShape<256, 8, true>;
    for (std::int64_t n : kSmallSizes) RunSize<C, Staged>(h, r, n, false);
  }
  // Tiles of one warp and one row (128 4-byte or 64 8-byte items), so that look-backs walk many
  // windows at sizes the engine runs quickly: 1537 or 3073 tiles (the small-grid look-back, 4
  // tiles a lane for 4-byte values), and 4097 tiles and more (the large-grid one, with its sleeps).
  using Tiny = warpsafe::detail::ScanShape<32, 1, false>;
  RunSize<C, Tiny>(h, r, 65536 * 3 + 17, false);
  RunSize<C, Tiny>(h, r, 4096 * 512 / std::int64_t(sizeof(typename C::T)) + 77, false);
  // The look-back read by the whole block (two warps, 2 tiles a thread: windows of 128 tiles) over
  // 769 or 1537 tiles of one row.
  using TinyBlockLookBack =
      warpsafe::detail::ScanShape<64, 1, false, 128, warpsafe::detail::LookBackDelays<1290, 32, 256, 4096, 1, 2>>;
  RunSize<C, TinyBlockLookBack>(h, r, 65536 * 3 + 17, false);
  if (large) {
    for (std::int64_t n : kLargeSizes) RunSize<C>(h, r, n, n <= (1 << 20) + 3);
  }
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random r(2028);
  wstest::Run<wstest::I32Sum>(h, r, true);
  wstest::Run<wstest::I32Max>(h, r, false);
  wstest::Run<wstest::I64Sum>(h, r, true);
  wstest::Run<wstest::F32Sum>(h, r, true);
  wstest::Run<wstest::F64Sum>(h, r, true);
  wstest::Run<wstest::Affine4>(h, r, false);
  wstest::Run<wstest::Affine8>(h, r, false);
  // A negative count is refused.
  std::size_t bytes = 0;
  h.Expect(warpsafe::DeviceScan::InclusiveSum(nullptr, bytes, (const int*)nullptr, (int*)nullptr, -1) ==
               cudaErrorInvalidValue,
           "a negative item count gives cudaErrorInvalidValue");
  return h.Finish();
}
