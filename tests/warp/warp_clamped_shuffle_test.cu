// The clamped shuffles under the scans and reductions (detail::ShflUpClamped / ShflDownClamped,
// include/warpsafe/detail/shfl.cuh) against the PTX ISA's definition of shfl.sync's c operand:
// maxLane = (lane & c[12:8]) | (c[4:0] & ~c[12:8]); .up reads lane - delta when that is >= maxLane,
// .down reads lane + delta when that is <= maxLane, otherwise the caller's own value, and the
// predicate says which. The up clamp is given per lane both as a plain lane and in the segment-mask
// form the warp scan passes for power-of-two logical warps; on the GPU this checks that the engine's
// decoding of c is the hardware's. Values of one and four 32-bit words share one predicate.
#include <vector>

#include "test_cases.cuh"

namespace wstest {

struct Four {
  unsigned v[4];
};

enum ClampOutput { kUpValue, kUpPred, kDownValue, kDownPred, kClampOutputs };

template <class T>
__global__ void ClampKernel(const T* in, const unsigned* up_clamp, const unsigned* down_clamp, unsigned delta,
                            T* values, int* preds) {
  const int tid = int(blockIdx.x * blockDim.x + threadIdx.x);
  const unsigned lane = warpsafe::detail::LaneId();
  bool up_pred = false, down_pred = false;
  values[2 * tid] = warpsafe::detail::ShflUpClamped(warpsafe::kFullMask, in[tid], lane, delta, up_clamp[tid], up_pred);
  values[2 * tid + 1] =
      warpsafe::detail::ShflDownClamped(warpsafe::kFullMask, in[tid], lane, delta, down_clamp[tid], down_pred);
  preds[2 * tid] = up_pred ? 1 : 0;
  preds[2 * tid + 1] = down_pred ? 1 : 0;
}

// A random c operand for .up: a plain lane, or a segment mask (the aligned power-of-two segments
// the scans use, or any 5 bits) with a clamp lane in the low bits.
inline unsigned RandomUpClamp(Random& rng) {
  static const unsigned kSegments[] = {0u, 0x10u, 0x18u, 0x1cu, 0x1eu, 0x1fu};
  const unsigned segment = rng.Bool(25) ? unsigned(rng.Int(0, 31)) : kSegments[rng.Int(0, 5)];
  const unsigned lane = rng.Bool(50) ? 0u : unsigned(rng.Int(0, 31));
  return (segment << 8) | lane;
}

template <class T>
T MakeWordValue(Random& rng);
template <> unsigned MakeWordValue<unsigned>(Random& rng) { return unsigned(rng.Next()); }
template <> Four MakeWordValue<Four>(Random& rng) {
  return Four{unsigned(rng.Next()), unsigned(rng.Next()), unsigned(rng.Next()), unsigned(rng.Next())};
}

template <class T>
void TestClamps(Harness& h, Random& rng, const char* type) {
  constexpr int kThreads = 64;  // complete warps: the full member mask names every lane read
  const int n = kBlocks * kThreads;
  std::vector<T> in(n);
  std::vector<unsigned> up_clamp(n), down_clamp(n);
  for (int i = 0; i < n; ++i) {
    in[i] = MakeWordValue<T>(rng);
    up_clamp[i] = RandomUpClamp(rng);
    down_clamp[i] = unsigned(rng.Int(0, 31));
  }
  DeviceBuffer<T> d_in(n), d_values(std::size_t(n) * 2);
  DeviceBuffer<unsigned> d_up(n), d_down(n);
  DeviceBuffer<int> d_preds(std::size_t(n) * 2);
  d_in.Upload(in.data());
  d_up.Upload(up_clamp.data());
  d_down.Upload(down_clamp.data());
  for (unsigned delta : {1u, 2u, 3u, 4u, 8u, 16u, 31u}) {
    d_values.Poison();
    d_preds.Poison();
    ClampKernel<T><<<kBlocks, kThreads>>>(d_in.get(), d_up.get(), d_down.get(), delta, d_values.get(), d_preds.get());
    WS_LAUNCHED();
    std::vector<T> values(std::size_t(n) * 2);
    std::vector<int> preds(std::size_t(n) * 2);
    d_values.Download(values.data());
    d_preds.Download(preds.data());
    for (int tid = 0; tid < n; ++tid) {
      const int lane = tid % 32, warp_first = tid - lane;
      const unsigned c = up_clamp[tid], segment = (c >> 8) & 31u;
      const int up_max = int((unsigned(lane) & segment) | (c & 31u & ~segment));
      const int up_src = lane - int(delta), down_src = lane + int(delta);
      const bool up_ok = up_src >= up_max, down_ok = down_src <= int(down_clamp[tid]);
      const T& up_want = in[warp_first + (up_ok ? up_src : lane)];
      const T& down_want = in[warp_first + (down_ok ? down_src : lane)];
      h.Expect(std::memcmp(&values[2 * tid], &up_want, sizeof(T)) == 0 && preds[2 * tid] == int(up_ok),
               "%s up: thread %d delta %u c 0x%x: predicate %d, want %d (or the value differs)", type, tid, delta, c,
               preds[2 * tid], int(up_ok));
      h.Expect(std::memcmp(&values[2 * tid + 1], &down_want, sizeof(T)) == 0 && preds[2 * tid + 1] == int(down_ok),
               "%s down: thread %d delta %u clamp %u: predicate %d, want %d (or the value differs)", type, tid, delta,
               down_clamp[tid], preds[2 * tid + 1], int(down_ok));
    }
  }
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random rng(3);
  wstest::TestClamps<unsigned>(h, rng, "b32");
  wstest::TestClamps<wstest::Four>(h, rng, "4 words");
  return h.Finish();
}
