// Single-pass calls queued back to back on one stream, sharing one temporary storage, with no
// synchronisation between them (detail/device_launch.cuh). On an sm_90 GPU each scan, select and
// reduction kernel is launched to overlap the clear of its storage just before it, so its first
// blocks run while that clear still runs: a pass that read its ticket, tile states or block counter
// before the clear's stores were visible would take stale tile numbers or another call's
// prefixes, and a clear that began before the previous pass ended would wipe the states that pass
// still reads. The calls here go from larger to smaller inputs, so every tile state a call reads
// was last written by the call before it. Every output is poisoned before the queue, every item
// checked after one synchronisation; then the same calls with the ordinary launch (kOverlap =
// false) must give the same results. On the engine, which runs a stream's work in order, the
// same calls check the stream semantics and the host paths.
//
// The library's own clear is over in a microsecond or two, before the pass's blocks get far, so
// the queue alone does not show where a kernel waits. SlowClear does: it lets the pass launch at
// once, then sleeps about 50 us before it zeroes storage that the test filled with 0xff bytes. A
// pass that took its ticket or read a tile state before WaitForPriorGrid would meet those bytes
// (moving the scan kernel's wait one line down makes this part fail on an H200).
#include <cstdint>
#include <vector>

#include <warpsafe/device.cuh>

#include "device_cases.cuh"

namespace wstest {

#if defined(__WARPSAFE__)
const std::int64_t kSizes[] = {65536 * 3 + 17, 24577, 8193, 4097, 2};
#else
const std::int64_t kSizes[] = {(1 << 22) + 5, (1 << 20) + 3, 65536 * 3 + 17, 24577, 8193, 4097, 2};
#endif

// One call's buffers and the host's expected results.
struct Call {
  std::int64_t n;
  std::vector<long long> in64;
  std::vector<int> in32;
  std::vector<unsigned char> flags;
  DeviceBuffer<long long> d_in64, d_scan64;
  DeviceBuffer<int> d_in32, d_scan32, d_selected, d_sum;
  DeviceBuffer<unsigned char> d_flags;
  DeviceBuffer<long long> d_count;
  Call(Random& r, std::int64_t items)
      : n(items), in64(std::size_t(items)), in32(std::size_t(items)), flags(std::size_t(items)), d_in64(items),
        d_scan64(items), d_in32(items), d_scan32(items), d_selected(items), d_sum(1), d_flags(items), d_count(1) {
    for (long long& x : in64) x = (long long)(r.Next() >> 24) - (1ll << 39);
    for (int& x : in32) x = r.Int(-1000, 1000);
    for (unsigned char& f : flags) f = r.Bool(50) ? 1 : 0;
    d_in64.Upload(in64.data());
    d_in32.Upload(in32.data());
    d_flags.Upload(flags.data());
  }
  void Poison() {
    d_scan64.Poison();
    d_scan32.Poison();
    d_selected.Poison();
    d_sum.Poison();
    d_count.Poison();
  }
};

// Queues one call's four passes (inclusive int64 sum, exclusive int32 sum, select by flags, int32
// sum) on `stream`. With temp null, only raises `bytes` to the most any of them needs.
template <bool kOverlap>
void Queue(Call& c, void* temp, std::size_t& bytes, cudaStream_t stream) {
  namespace wd = warpsafe::detail;
  std::size_t need = 0, most = 0;
  WS_CUDA((wd::DispatchScan<false, kOverlap>(nullptr, need, c.d_in64.get(), c.d_scan64.get(), warpsafe::Sum{}, 0ll,
                                             c.n, stream)));
  most = need > most ? need : most;
  WS_CUDA((wd::DispatchScan<true, kOverlap>(nullptr, need, c.d_in32.get(), c.d_scan32.get(), warpsafe::Sum{}, 0, c.n,
                                            stream)));
  most = need > most ? need : most;
  const wd::ByFlag<unsigned char> decide{c.d_flags.get()};
  WS_CUDA(wd::DispatchSelect<kOverlap>(nullptr, need, c.d_in32.get(), decide, c.d_selected.get(), c.d_count.get(),
                                       c.n, stream));
  most = need > most ? need : most;
  WS_CUDA(warpsafe::DeviceReduce::Sum(nullptr, need, c.d_in32.get(), c.d_sum.get(), c.n, stream));
  most = need > most ? need : most;
  if (temp == nullptr) {
    bytes = most > bytes ? most : bytes;
    return;
  }
  WS_CUDA((wd::DispatchScan<false, kOverlap>(temp, bytes, c.d_in64.get(), c.d_scan64.get(), warpsafe::Sum{}, 0ll, c.n,
                                             stream)));
  WS_CUDA((wd::DispatchScan<true, kOverlap>(temp, bytes, c.d_in32.get(), c.d_scan32.get(), warpsafe::Sum{}, 0, c.n,
                                            stream)));
  WS_CUDA(wd::DispatchSelect<kOverlap>(temp, bytes, c.d_in32.get(), decide, c.d_selected.get(), c.d_count.get(), c.n,
                                       stream));
  WS_CUDA(warpsafe::DeviceReduce::Sum(temp, bytes, c.d_in32.get(), c.d_sum.get(), c.n, stream));
}

void Verify(Harness& h, Call& c, const char* launch) {
  const std::size_t n = std::size_t(c.n);
  std::vector<long long> scan64(n);
  std::vector<int> scan32(n), selected(n);
  int sum = 0;
  long long count = 0;
  c.d_scan64.Download(scan64.data());
  c.d_scan32.Download(scan32.data());
  c.d_selected.Download(selected.data());
  c.d_sum.Download(&sum);
  c.d_count.Download(&count);
  long long running64 = 0;
  int running32 = 0, bad64 = 0, bad32 = 0, bad_selected = 0;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < n; ++i) {
    running64 = (long long)(std::uint64_t(running64) + std::uint64_t(c.in64[i]));
    bad64 += scan64[i] != running64;
    bad32 += scan32[i] != running32;  // exclusive
    running32 += c.in32[i];
    if (c.flags[i]) bad_selected += kept < n && selected[kept++] != c.in32[i];
  }
  h.Expect(bad64 == 0, "%s launch, n=%lld: %d items of the int64 inclusive sum wrong", launch, (long long)c.n, bad64);
  h.Expect(bad32 == 0, "%s launch, n=%lld: %d items of the int32 exclusive sum wrong", launch, (long long)c.n, bad32);
  h.Expect(count == (long long)kept && bad_selected == 0, "%s launch, n=%lld: select kept %lld (want %zu), %d wrong",
           launch, (long long)c.n, count, kept, bad_selected);
  h.Expect(sum == running32, "%s launch, n=%lld: reduce gave %d, want %d", launch, (long long)c.n, sum, running32);
}

// Lets the kernel after it start (AllowDependentLaunch), sleeps about delay_us, then zeroes `count`
// 16-byte words: the library's clear, made slow.
__global__ void SlowClear(uint4* words, std::size_t count, unsigned delay_us) {
  warpsafe::detail::AllowDependentLaunch();
  for (unsigned i = 0; i < delay_us; ++i) __nanosleep(1000);
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
       i += std::size_t(gridDim.x) * blockDim.x)
    words[i] = make_uint4(0u, 0u, 0u, 0u);
}

// The scan and the select of c behind SlowClear, each launched as the library launches them.
void RunBehindSlowClear(Harness& h, Call& c, cudaStream_t stream) {
  namespace wd = warpsafe::detail;
  using ScanPolicy = wd::ScanPolicy<int>;
  using ScanTile = wd::StripedTile<int, ScanPolicy::kBlockThreads, ScanPolicy::kRows>;
  using SelectPolicy = wd::SelectPolicy<int>;
  using SelectTile = wd::StripedTile<int, SelectPolicy::kBlockThreads, SelectPolicy::kRows>;
  const std::int64_t scan_tiles = (c.n + ScanTile::kTileItems - 1) / ScanTile::kTileItems;
  const std::int64_t select_tiles = (c.n + SelectTile::kTileItems - 1) / SelectTile::kTileItems;
  using ScanStorage = wd::LookBackStorage<int, ScanPolicy::kStateBytes>;
  using SelectStorage = wd::LookBackStorage<int>;
  const std::size_t scan_bytes = ScanStorage::Bytes(scan_tiles), select_bytes = SelectStorage::Bytes(select_tiles);
  void* temp = nullptr;
  WS_CUDA(cudaMalloc(&temp, scan_bytes > select_bytes ? scan_bytes : select_bytes));
  for (int pass = 0; pass < 2; ++pass) {
    c.Poison();
    WS_CUDA(cudaMemset(temp, 0xff, scan_bytes > select_bytes ? scan_bytes : select_bytes));
    WS_CUDA(cudaDeviceSynchronize());
    const std::size_t bytes = pass == 0 ? scan_bytes : select_bytes;
    SlowClear<<<8, 256, 0, stream>>>(static_cast<uint4*>(temp), bytes / 16, 50);
    WS_CUDA(cudaGetLastError());
    if (pass == 0) {
      const ScanStorage::State state(temp, scan_tiles);
      WS_CUDA((wd::LaunchScan<ScanPolicy, true, true>(c.d_in32.get(), c.d_scan32.get(), warpsafe::Sum{}, 0, c.n,
                                                     scan_tiles, state, ScanStorage::Ticket(temp, scan_tiles), true,
                                                     stream)));
    } else {
      const wd::TileState<int> state(temp, select_tiles);
      WS_CUDA((wd::LaunchSelect<SelectPolicy, int, true>(
          c.d_in32.get(), wd::ByFlag<unsigned char>{c.d_flags.get()}, c.d_selected.get(), c.d_count.get(), c.n,
          select_tiles, state, SelectStorage::Ticket(temp, select_tiles), true, stream)));
    }
    WS_CUDA(cudaStreamSynchronize(stream));
    const std::size_t n = std::size_t(c.n);
    std::vector<int> out(n);
    int bad = 0;
    if (pass == 0) {
      c.d_scan32.Download(out.data());
      int running = 0;
      for (std::size_t i = 0; i < n; ++i) {
        bad += out[i] != running;
        running += c.in32[i];
      }
    } else {
      long long count = 0;
      c.d_selected.Download(out.data());
      c.d_count.Download(&count);
      std::size_t kept = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (c.flags[i]) bad += kept < n && out[kept++] != c.in32[i];
      }
      bad += count != (long long)kept;
    }
    h.Expect(bad == 0, "behind a slow clear, n=%lld: %d items of the %s wrong", (long long)c.n, bad,
             pass == 0 ? "int32 exclusive sum" : "select (or its count)");
  }
  WS_CUDA(cudaFree(temp));
}

template <bool kOverlap>
void RunQueue(Harness& h, std::vector<Call*>& calls, cudaStream_t stream, const char* launch) {
  std::size_t bytes = 0;
  for (Call* c : calls) Queue<kOverlap>(*c, nullptr, bytes, stream);
  void* temp = nullptr;
  WS_CUDA(cudaMalloc(&temp, bytes));
  for (int round = 0; round < 2; ++round) {  // the second round finds the first's states in temp
    for (Call* c : calls) c->Poison();
    WS_CUDA(cudaDeviceSynchronize());
    for (Call* c : calls) Queue<kOverlap>(*c, temp, bytes, stream);
    WS_CUDA(cudaStreamSynchronize(stream));
    for (Call* c : calls) Verify(h, *c, launch);
  }
  WS_CUDA(cudaFree(temp));
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random r(2031);
  std::vector<wstest::Call*> calls;
  for (std::int64_t n : wstest::kSizes) calls.push_back(new wstest::Call(r, n));
  cudaStream_t stream;
  WS_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  wstest::RunQueue<true>(h, calls, stream, "overlapped");
  wstest::RunQueue<false>(h, calls, stream, "ordinary");
  for (wstest::Call* c : calls) wstest::RunBehindSlowClear(h, *c, stream);
  WS_CUDA(cudaStreamDestroy(stream));
  for (wstest::Call* c : calls) delete c;
  return h.Finish();
}
