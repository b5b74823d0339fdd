// The look-back walks of detail/device_tile_state.cuh over tile states laid out in advance: every
// tile's aggregate published, inclusive prefixes published by tile 0 and by a random subset of the
// others (none, a few, half, all), and one block walking back from a chosen tile. The walk must
// return op over every tile before it, whichever tiles its windows meet a prefix in: the last
// lane, a middle lane, only an earlier warp, only an earlier window. In the scans themselves
// (device_scan_test) the engine's few workers rarely leave a window without a prefix in its last
// lanes, so the combining across lanes and warps is checked here. Non-commutative operators of 4
// and 8 bytes (both state layouts) and int32 / int64 sums; the warp walk (1 and 4 tiles a lane)
// and the block walk (1 to 4 warps, 1 to 4 tiles a thread). And the 8-byte state read with halves of
// different statuses.
#include <cstring>
#include <vector>

#include <warpsafe/device.cuh>

#include "device_cases.cuh"

namespace wstest {

using warpsafe::detail::BlockLookBackScratch;
using warpsafe::detail::TileState;

// Thread i publishes tile i's aggregate, then its inclusive prefix where has_prefix[i].
template <class T>
__global__ void PublishKernel(TileState<T> state, const T* aggregate, const T* prefix, const unsigned char* has_prefix,
                              int tiles) {
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= tiles) return;
  if (i > 0) state.Publish(i, warpsafe::detail::kTileAggregate, aggregate[i]);
  if (has_prefix[i]) state.Publish(i, warpsafe::detail::kTilePrefix, prefix[i]);
}

// kThreads == 0: the first warp's walk, kPer tiles a lane; otherwise the block's, kPer a thread.
// Every thread that walked writes what it got.
template <int kThreads, int kPer, class T, class Op>
__global__ void WalkKernel(TileState<T> state, std::int64_t tile, Op op, T* out) {
  constexpr int kWarps = kThreads > 0 ? kThreads / 32 : 1;
  __shared__ BlockLookBackScratch<T, kWarps> scratch;
  if constexpr (kThreads == 0) {
    out[threadIdx.x] = warpsafe::detail::LookBackWalk<kPer, T>(state, tile, op, warpsafe::detail::NoProbe(), 32u, 256u);
  } else {
    out[threadIdx.x] =
        warpsafe::detail::BlockLookBackWalk<kThreads, kPer, T>(state, tile, op, warpsafe::detail::NoProbe(), scratch);
  }
}

template <class C, int kThreads, int kPer>
void RunWalk(Harness& h, Random& r, int tiles, double prefix_share, const char* shape) {
  using T = typename C::T;
  std::vector<T> aggregate(tiles), prefix(tiles);
  std::vector<unsigned char> has_prefix(tiles);
  for (int i = 0; i < tiles; ++i) {
    aggregate[i] = C::Make(r);
    prefix[i] = i == 0 ? aggregate[0] : C::HostOp(prefix[i - 1], aggregate[i]);
    has_prefix[i] = i == 0 || r.Next() % 1000 < unsigned(prefix_share * 1000);
  }
  using State = TileState<T>;
  void* storage = nullptr;
  WS_CUDA(cudaMalloc(&storage, State::Bytes(tiles)));
  WS_CUDA(cudaMemset(storage, 0, State::Bytes(tiles)));
  const State state(storage, tiles);
  DeviceBuffer<T> d_aggregate(tiles), d_prefix(tiles);
  DeviceBuffer<unsigned char> d_has(tiles);
  d_aggregate.Upload(aggregate.data());
  d_prefix.Upload(prefix.data());
  d_has.Upload(has_prefix.data());
  PublishKernel<<<(tiles + 127) / 128, 128>>>(state, d_aggregate.get(), d_prefix.get(), d_has.get(), tiles);
  WS_CUDA(cudaGetLastError());
  constexpr int kWalkers = kThreads > 0 ? kThreads : 32;
  DeviceBuffer<T> d_out(kWalkers);
  std::vector<T> out(kWalkers);
  // The last tile, one just past a window's reach, and a few random ones.
  const int window = kWalkers * kPer;
  std::vector<int> walkers = {tiles - 1, 1, window < tiles ? window : tiles - 1, window + 1 < tiles ? window + 1 : 1};
  for (int k = 0; k < 4; ++k) walkers.push_back(1 + int(r.Next() % unsigned(tiles - 1)));
  for (int tile : walkers) {
    d_out.Poison();
    WalkKernel<kThreads, kPer, T><<<1, kWalkers>>>(state, tile, typename C::Op{}, d_out.get());
    WS_CUDA(cudaGetLastError());
    WS_CUDA(cudaDeviceSynchronize());
    d_out.Download(out.data());
    int wrong = 0;
    for (int t = 0; t < kWalkers; ++t) wrong += !C::Equal(out[t], prefix[tile - 1]);
    char g[64], w[64];
    C::Print(g, out[0]);
    C::Print(w, prefix[tile - 1]);
    h.Expect(wrong == 0, "%s %s, %d tiles, %.0f%% prefixes, tile %d: %d threads wrong (thread 0 got %s, want %s)",
             C::kName, shape, tiles, prefix_share * 100, tile, wrong, g, w);
  }
  WS_CUDA(cudaFree(storage));
}

// An 8-byte value's state as a reader may find it: words of (status << 32 | half), written here
// directly. Halves with different statuses (the prefix's low half over the aggregate's high one,
// as between the two elements of the vector store) must read as not there yet, never as a value.
__global__ void ReadKernel(TileState<long long> state, unsigned* status, long long* value) {
  *status = state.Read(0, *value);
}
void ReadTornStates(Harness& h) {
  using warpsafe::detail::kTileAggregate;
  using warpsafe::detail::kTileEmpty;
  using warpsafe::detail::kTilePrefix;
  const unsigned long long lo = 0x89abcdefull, hi = 0x01234567ull;
  const long long joined = (long long)(hi << 32 | lo);
  struct Case {
    unsigned low_status, high_status, want_status;
  };
  const Case cases[] = {{kTileAggregate, kTileAggregate, kTileAggregate}, {kTilePrefix, kTilePrefix, kTilePrefix},
                        {kTilePrefix, kTileAggregate, kTileEmpty},        {kTileAggregate, kTilePrefix, kTileEmpty},
                        {kTileAggregate, kTileEmpty, kTileEmpty},         {kTileEmpty, kTilePrefix, kTileEmpty},
                        {kTileEmpty, kTileEmpty, kTileEmpty}};
  DeviceBuffer<unsigned long long> words(16);
  DeviceBuffer<unsigned> status(1);
  DeviceBuffer<long long> value(1);
  for (const Case& c : cases) {
    unsigned long long w[16] = {};
    w[0] = (unsigned long long)c.low_status << 32 | lo;
    w[1] = (unsigned long long)c.high_status << 32 | hi;
    words.Upload(w);
    status.Poison();
    value.Poison();
    ReadKernel<<<1, 1>>>(TileState<long long>(words.get(), 1), status.get(), value.get());
    WS_CUDA(cudaGetLastError());
    unsigned got = 0;
    long long got_value = 0;
    status.Download(&got);
    value.Download(&got_value);
    h.Expect(got == c.want_status && (got == kTileEmpty || got_value == joined),
             "8-byte state with halves of status %u / %u reads as status %u (want %u), value %llx", c.low_status,
             c.high_status, got, c.want_status, (unsigned long long)got_value);
  }
}

template <class C>
void Run(Harness& h, Random& r) {
  for (double share : {0.0, 0.01, 0.1, 0.5, 1.0}) {
    for (int tiles : {2, 33, 700}) {
      RunWalk<C, 0, 1>(h, r, tiles, share, "warp walk, 1 tile a lane");
      RunWalk<C, 0, 4>(h, r, tiles, share, "warp walk, 4 tiles a lane");
      RunWalk<C, 32, 1>(h, r, tiles, share, "block walk, 1 warp, 1 tile a thread");
      RunWalk<C, 64, 2>(h, r, tiles, share, "block walk, 2 warps, 2 tiles a thread");
      RunWalk<C, 128, 1>(h, r, tiles, share, "block walk, 4 warps, 1 tile a thread");
      RunWalk<C, 96, 3>(h, r, tiles, share, "block walk, 3 warps, 3 tiles a thread");
      RunWalk<C, 128, 4>(h, r, tiles, share, "block walk, 4 warps, 4 tiles a thread");
    }
  }
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random r(2031);
  wstest::ReadTornStates(h);
  wstest::Run<wstest::I32Sum>(h, r);
  wstest::Run<wstest::I64Sum>(h, r);
  wstest::Run<wstest::Affine4>(h, r);
  wstest::Run<wstest::Affine8>(h, r);
  return h.Finish();
}
