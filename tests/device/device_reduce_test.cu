// DeviceReduce against a sequential host reduction on random data: sums of int32, int64, float and
// double, int32 max, non-commutative operators of 4 and 8 bytes (item order kept), with an initial
// value; sizes from 0 and 1 to 2^30 on a GPU; aligned and misaligned input. The output is poisoned
// before each run.
#include <vector>

#include <warpsafe/device.cuh>

#include "device_cases.cuh"

namespace wstest {

template <class C>
void RunSize(Harness& h, Random& r, std::int64_t n) {
  using T = typename C::T;
  using Op = typename C::Op;
  std::vector<T> in(std::size_t(n) + 1);
  for (T& x : in) x = C::Make(r);
  const T initial = C::Make(r);
  DeviceBuffer<T> d_in(std::size_t(n) + 1), d_out(1);
  d_in.Upload(in.data());
  std::size_t bytes = 0;
  WS_CUDA(warpsafe::DeviceReduce::Reduce(nullptr, bytes, d_in.get(), d_out.get(), n, Op{}, initial));
  void* temp = nullptr;
  WS_CUDA(cudaMalloc(&temp, bytes));
  for (int offset = 0; offset <= 1; ++offset) {
    T want = initial;
    for (std::int64_t i = 0; i < n; ++i) want = C::HostOp(want, in[std::size_t(i + offset)]);
    d_out.Poison();
    WS_CUDA(warpsafe::DeviceReduce::Reduce(temp, bytes, d_in.get() + offset, d_out.get(), n, Op{}, initial));
    WS_CUDA(cudaDeviceSynchronize());
    T got;
    d_out.Download(&got);
    char g[64], w[64];
    const bool ok = C::Equal(got, want);
    if (!ok) {
      C::Print(g, got);
      C::Print(w, want);
    }
    h.Expect(ok, "%s reduce n=%lld offset %d: got %s, want %s", C::kName, (long long)n, offset, ok ? "" : g, ok ? "" : w);
  }
  WS_CUDA(cudaFree(temp));
}

template <class C>
void Run(Harness& h, Random& r, bool large) {
  for (std::int64_t n : kSmallSizes) RunSize<C>(h, r, n);
  if (large) {
    for (std::int64_t n : kLargeSizes) RunSize<C>(h, r, n);
  }
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random r(2029);
  wstest::Run<wstest::I32Sum>(h, r, true);
  wstest::Run<wstest::I32Max>(h, r, true);
  wstest::Run<wstest::I64Sum>(h, r, true);
  wstest::Run<wstest::F32Sum>(h, r, true);
  wstest::Run<wstest::F64Sum>(h, r, true);
  wstest::Run<wstest::Affine4>(h, r, false);
  wstest::Run<wstest::Affine8>(h, r, true);
  return h.Finish();
}
