// DeviceSelect against a sequential host compaction on random data: by flags (unsigned char and
// int flags) and by predicate, items of 4 and 8 bytes, selection rates from none to all; sizes from
// 0 and 1 to 2^30 on a GPU; aligned and misaligned input. The output and the count are poisoned
// before each run; the items past the count must be left untouched.
#include <string>
#include <type_traits>
#include <vector>

#include <warpsafe/device.cuh>

#include "device_cases.cuh"

namespace wstest {

struct Divisible {
  int by;
  template <class T>
  __host__ __device__ bool operator()(const T& x) const { return (long long)x % by == 0; }
};

// Besides the public API (Policy void), which picks the tile shape by the item count
// (SmallSelectPolicy, MidSelectPolicy, SelectPolicy), a tile shape Policy forced at any count: the
// larger inputs' ones, so that the sizes here also cover the tiles the API takes for 8-byte items
// only from 2^21 and 2^23 items, and tiles of one warp and one row, whose look-backs walk many
// windows.
template <class T, class Policy>
struct SelectCalls {
  template <class Decide>
  static cudaError_t Select(void* temp, std::size_t& bytes, const T* in, Decide decide, T* out, long long* count,
                            std::int64_t n) {
    static_assert(!std::is_void<Policy>::value, "the public API is called directly otherwise");
    return warpsafe::detail::DispatchSelectCounted<Policy, int>(temp, bytes, in, decide, out, count, n, 0);
  }
};

template <class T, class F, class Policy = void>
void RunSize(Harness& h, Random& r, std::int64_t n, int percent, bool predicate) {
  constexpr bool kForced = !std::is_void<Policy>::value;
  using Calls = SelectCalls<T, Policy>;
  std::vector<T> in(std::size_t(n) + 1);
  std::vector<F> flags(std::size_t(n) + 1);
  for (T& x : in) x = T(r.Int(-1000000, 1000000));
  for (F& f : flags) f = F(r.Bool(percent) ? (r.Int(1, 3)) : 0);
  const Divisible pred{percent == 0 ? 1 << 30 : percent == 100 ? 1 : 3};
  DeviceBuffer<T> d_in(std::size_t(n) + 1), d_out(std::size_t(n) + 1);
  DeviceBuffer<F> d_flags(std::size_t(n) + 1);
  DeviceBuffer<long long> d_count(1);
  d_in.Upload(in.data());
  d_flags.Upload(flags.data());
  std::size_t bytes = 0;
  if constexpr (kForced) {
    WS_CUDA(Calls::Select(nullptr, bytes, d_in.get(), warpsafe::detail::ByFlag<F>{d_flags.get()}, d_out.get(),
                          d_count.get(), n));
  } else {
    WS_CUDA(warpsafe::DeviceSelect::Flagged(nullptr, bytes, d_in.get(), d_flags.get(), d_out.get(), d_count.get(), n));
  }
  std::size_t if_bytes = 0;
  WS_CUDA(warpsafe::DeviceSelect::If(nullptr, if_bytes, d_in.get(), d_out.get(), d_count.get(), n, pred));
  if (if_bytes > bytes) bytes = if_bytes;
  void* temp = nullptr;
  WS_CUDA(cudaMalloc(&temp, bytes));
  for (int offset = 0; offset <= 1; ++offset) {
    std::vector<T> want;
    for (std::int64_t i = 0; i < n; ++i) {
      const std::size_t j = std::size_t(i + offset);
      if (predicate ? pred(in[j]) : flags[j] != 0) want.push_back(in[j]);
    }
    d_out.Poison();
    d_count.Poison();
    if constexpr (kForced) {
      if (predicate) {
        WS_CUDA(Calls::Select(temp, bytes, d_in.get() + offset, warpsafe::detail::ByPredicate<Divisible>{pred},
                              d_out.get(), d_count.get(), n));
      } else {
        WS_CUDA(Calls::Select(temp, bytes, d_in.get() + offset, warpsafe::detail::ByFlag<F>{d_flags.get() + offset},
                              d_out.get(), d_count.get(), n));
      }
    } else if (predicate) {
      WS_CUDA(warpsafe::DeviceSelect::If(temp, bytes, d_in.get() + offset, d_out.get(), d_count.get(), n, pred));
    } else {
      WS_CUDA(warpsafe::DeviceSelect::Flagged(temp, bytes, d_in.get() + offset, d_flags.get() + offset, d_out.get(),
                                              d_count.get(), n));
    }
    WS_CUDA(cudaDeviceSynchronize());
    long long count = -1;
    d_count.Download(&count);
    std::vector<T> got(std::size_t(n) + 1);
    d_out.Download(got.data());
    std::string shape;
    if constexpr (kForced) {
      shape = " (tiles of " + std::to_string(Policy::kBlockThreads) + " x " + std::to_string(Policy::kRows) + ")";
    }
    const std::string how_text = (predicate ? "If" : "Flagged") + shape;
    const char* how = how_text.c_str();
    h.Expect(count == (long long)want.size(), "select %s %zu-byte n=%lld rate %d%% offset %d: count %lld, want %zu", how,
             sizeof(T), (long long)n, percent, offset, count, want.size());
    std::size_t bad = want.size();
    for (std::size_t i = 0; i < want.size(); ++i) {
      if (got[i] != want[i]) {
        bad = i;
        break;
      }
    }
    h.Expect(bad == want.size(), "select %s %zu-byte n=%lld rate %d%% offset %d: item %zu wrong", how, sizeof(T),
             (long long)n, percent, offset, bad);
    // Past the count, the poison must be intact.
    T poison;
    std::memset(&poison, 0xAB, sizeof(T));
    bool intact = true;
    for (std::size_t i = want.size(); i < got.size(); ++i) intact = intact && std::memcmp(&got[i], &poison, sizeof(T)) == 0;
    h.Expect(intact, "select %s n=%lld: items past the count left untouched", how, (long long)n);
  }
  WS_CUDA(cudaFree(temp));
}

template <class T, class F>
void Run(Harness& h, Random& r, bool large) {
  for (std::int64_t n : kSmallSizes) {
    for (int percent : {0, 30, 100}) {
      RunSize<T, F>(h, r, n, percent, false);
      RunSize<T, F>(h, r, n, percent, true);
    }
  }
  if constexpr (!std::is_same<warpsafe::detail::SelectPolicy<T>, warpsafe::detail::SmallSelectPolicy<T>>::value) {
    for (std::int64_t n : kSmallSizes) {
      RunSize<T, F, warpsafe::detail::SelectPolicy<T>>(h, r, n, 30, false);
      RunSize<T, F, warpsafe::detail::SelectPolicy<T>>(h, r, n, 30, true);
    }
  }
  if constexpr (!std::is_same<warpsafe::detail::MidSelectPolicy<T>, warpsafe::detail::SmallSelectPolicy<T>>::value) {
    for (std::int64_t n : kSmallSizes) {
      RunSize<T, F, warpsafe::detail::MidSelectPolicy<T>>(h, r, n, 30, false);
      RunSize<T, F, warpsafe::detail::MidSelectPolicy<T>>(h, r, n, 30, true);
    }
  }
  // 1537 or 3073 tiles (the small-grid look-back), and 4097 or more (the large-grid one).
  using Tiny = warpsafe::detail::SelectShape<32, 1>;
  RunSize<T, F, Tiny>(h, r, 65536 * 3 + 17, 30, false);
  RunSize<T, F, Tiny>(h, r, 4096 * 512 / std::int64_t(sizeof(T)) + 77, 30, true);
  if (large) {
    for (std::int64_t n : kLargeSizes) RunSize<T, F>(h, r, n, 50, false);
  }
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random r(2030);
  wstest::Run<int, unsigned char>(h, r, true);
  wstest::Run<long long, int>(h, r, false);
  wstest::Run<float, unsigned char>(h, r, false);
  wstest::Run<double, unsigned char>(h, r, false);
  return h.Finish();
}
