// The warp-wide product of nvcuda::wmma::mma_sync (warpsafe/engine/wmma.h). Each lane puts its
// elements of A, B and C into its warp's scratch, the warp meets, each lane computes its own
// elements of D from the whole tiles, and the warp meets again before the scratch is reused. The
// scratch is the worker thread's (every lane of a block runs on one thread), one per warp; being
// engine code it is not instrumented, so `warpsafe check` sees only the fragments' loads and
// stores, which are the program's.
#include "warpsafe/engine/wmma.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "report/report.h"
#include "sched/lane.h"
#include "warp/rendezvous.h"
#include "warp/warp.h"

namespace warpsafe::engine {
namespace {

constexpr std::uint32_t kFullWarp = 0xffffffffu;

struct Scratch {
  std::vector<double> a, b, c;
  // Which lanes arrived at each warp matrix operation, by the operation's number modulo 3 (WMMA-1):
  // lanes count their operations in `ops`. A lane arriving at operation g clears the mask of g + 1,
  // which is g - 2's: every lane has read that one, since all of them arrived at g - 1 before this
  // lane could leave it; and no lane sets g + 1's before g's rendezvous, which waits for this lane.
  std::uint32_t arrived[3] = {0, 0, 0};
  std::uint32_t ops[32] = {};
};

Scratch& ScratchOf(const void* warp) {
  // References into an unordered_map stay valid when it grows: a lane keeps its warp's while it
  // waits at the rendezvous and other warps of the block add theirs.
  thread_local std::unordered_map<const void*, Scratch> scratch;
  return scratch[warp];
}

double Sum(WmmaArith arith, bool saturate, const Scratch& s, int n, int k, int row, int col) {
  switch (arith) {
    case WmmaArith::kSingle: {
      // Products of half, bfloat16 and tf32 values are exact in double; the sum of k of them and
      // C is rounded once, to float.
      double acc = s.c[static_cast<std::size_t>(row) * n + col];
      for (int i = 0; i < k; ++i) acc += s.a[static_cast<std::size_t>(row) * k + i] * s.b[static_cast<std::size_t>(i) * n + col];
      return static_cast<double>(static_cast<float>(acc));
    }
    case WmmaArith::kDouble: {
      double acc = s.c[static_cast<std::size_t>(row) * n + col];
      for (int i = 0; i < k; ++i) {
        acc = std::fma(s.a[static_cast<std::size_t>(row) * k + i], s.b[static_cast<std::size_t>(i) * n + col], acc);
      }
      return acc;
    }
    case WmmaArith::kInteger: {
      std::int64_t acc = static_cast<std::int64_t>(s.c[static_cast<std::size_t>(row) * n + col]);
      for (int i = 0; i < k; ++i) {
        acc += static_cast<std::int64_t>(s.a[static_cast<std::size_t>(row) * k + i]) *
               static_cast<std::int64_t>(s.b[static_cast<std::size_t>(i) * n + col]);
      }
      if (saturate) return static_cast<double>(std::clamp<std::int64_t>(acc, INT32_MIN, INT32_MAX));
      return static_cast<double>(static_cast<std::int32_t>(static_cast<std::uint32_t>(acc)));
    }
  }
  return 0;
}

}  // namespace

namespace {

// WmmaConverge's rendezvous; returns the warp's scratch, which mma_sync goes on to use.
Scratch& Converge(const Lane* lane, Site site, const char* call) {
  Scratch& s = ScratchOf(lane->warp_state);
  const unsigned l = lane->lane;
  const std::uint32_t op = s.ops[l]++;
  s.arrived[(op + 1) % 3] = 0;
  s.arrived[op % 3] |= 1u << l;
  SyncWarp(kFullWarp, site);
  // The rendezvous counts an exited lane as arrived; a warp matrix operation needs all 32 threads.
  const std::uint32_t present = s.arrived[op % 3];
  if (present != kFullWarp) {
    Report(DefectKind::kInvalidMatrixOperation)
        .AtRunning(site, call)
        .Line("reached by " + std::to_string(__builtin_popcount(present)) + " threads of the warp (lane mask " +
              FormatMask(present) + "): every thread of the warp must reach a warp matrix operation together, and the others " +
              (lane->warp_state->exists == kFullWarp ? "have exited" : "do not exist (a partial warp)") +
              " (undefined; docs/semantics/wmma.md)")
        .Emit();
  }
  return s;
}

}  // namespace

unsigned WmmaConverge(Site site, const char* call) {
  const Lane* lane = CurrentLaneOrNull();
  Converge(lane, site, call);
  return lane->lane;
}

void WmmaMultiply(int m, int n, int k, WmmaArith arith, bool saturate, const double* a, const double* b,
                  const double* c, double* d, Site site) {
  const Lane* lane = CurrentLaneOrNull();
  Scratch& s = Converge(lane, site, "mma_sync");
  s.a.resize(static_cast<std::size_t>(m) * k);
  s.b.resize(static_cast<std::size_t>(k) * n);
  s.c.resize(static_cast<std::size_t>(m) * n);
  const unsigned l = lane->lane;
  for (int i = 0; i < m * k / 32; ++i) s.a[l + 32u * i] = a[i];
  for (int i = 0; i < k * n / 32; ++i) s.b[l + 32u * i] = b[i];
  for (int i = 0; i < m * n / 32; ++i) s.c[l + 32u * i] = c[i];
  SyncWarp(kFullWarp, site);
  for (int i = 0; i < m * n / 32; ++i) {
    const int e = static_cast<int>(l + 32u * i);
    d[i] = Sum(arith, saturate, s, n, k, e / n, e % n);
  }
  SyncWarp(kFullWarp, site);
}

void WmmaInvalid(Site site, const char* call, const char* why) {
  Report(DefectKind::kInvalidMatrixOperation)
      .AtRunning(site, call)
      .Line(std::string(why) + " (undefined; docs/semantics/wmma.md)")
      .Emit();
}

}  // namespace warpsafe::engine
