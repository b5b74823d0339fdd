// DeviceSelect against a sequential host compaction on random data: by flags (unsigned char and
// int flags) and by predicate, items of 4 and 8 bytes, selection rates from none to all; sizes from
// 0 and 1 to 2^30 on a GPU; aligned and misaligned input. The output and the count are poisoned
// before each run; the items past the count must be left untouched.
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

// Besides the public API, which picks the tile shape by the item count (SelectPolicy,
// SmallSelectPolicy), the large-input shape forced at any count, so that the sizes here also cover
// 8-byte items' large tiles, which the API takes only from 2^23 items.
template <class T, bool kForceLarge>
struct SelectCalls {
  template <class Decide>
  static cudaError_t Select(void* temp, std::size_t& bytes, const T* in, Decide decide, T* out, long long* count,
                            std::int64_t n) {
    static_assert(kForceLarge, "the public API is called directly otherwise");
    return warpsafe::detail::DispatchSelectCounted<warpsafe::detail::SelectPolicy<T>, int>(temp, bytes, in, decide, out,
                                                                                           count, n, 0);
  }
};

template <class T, class F, bool kForceLarge = false>
void RunSize(Harness& h, Random& r, std::int64_t n, int percent, bool predicate) {
  using Calls = SelectCalls<T, kForceLarge>;
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
  if constexpr (kForceLarge) {
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
    if constexpr (kForceLarge) {
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
    const char* how = predicate ? (kForceLarge ? "If (large-input tiles)" : "If")
                                : (kForceLarge ? "Flagged (large-input tiles)" : "Flagged");
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
      RunSize<T, F, true>(h, r, n, 30, false);
      RunSize<T, F, true>(h, r, n, 30, true);
    }
  }
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
