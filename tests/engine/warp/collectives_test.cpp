// Every warp collective against the PTX reference model, on random inputs, for every width,
// lane argument (including out-of-range and negative ones), mask and schedule.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

#include "engine_test_util.h"
#include "sched/block.h"
#include "warp/ptx_reference.h"

namespace warpsafe::engine {
namespace {

using testing::kSchedules;
using testing::RunKernel;
using testing::ScheduleScope;
namespace ref = warpsafe::reference;

ref::Mode RefMode(ShflMode m) {
  switch (m) {
    case ShflMode::kIdx: return ref::Mode::kIdx;
    case ShflMode::kUp: return ref::Mode::kUp;
    case ShflMode::kDown: return ref::Mode::kDown;
    case ShflMode::kXor: return ref::Mode::kBfly;
  }
  return ref::Mode::kIdx;
}

template <class T>
T CallShfl(ShflMode mode, unsigned mask, T v, int arg, int width) {
  switch (mode) {
    case ShflMode::kIdx: return __shfl_sync(mask, v, arg, width);
    case ShflMode::kUp: return __shfl_up_sync(mask, v, static_cast<unsigned>(arg), width);
    case ShflMode::kDown: return __shfl_down_sync(mask, v, static_cast<unsigned>(arg), width);
    case ShflMode::kXor: return __shfl_xor_sync(mask, v, arg, width);
  }
  return v;
}

constexpr ShflMode kModes[] = {ShflMode::kIdx, ShflMode::kUp, ShflMode::kDown, ShflMode::kXor};
constexpr int kWidths[] = {1, 2, 4, 8, 16, 32};
constexpr int kArgs[] = {0, 1, 2, 3, 5, 7, 8, 15, 16, 17, 31, 32, 33, 45, -1, -7};

TEST(Shuffle, MatchesPtxReferenceFor32BitValuesEveryModeWidthAndArgument) {
  std::mt19937 rng(1);
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    for (ShflMode mode : kModes) {
      for (int width : kWidths) {
        for (int arg : kArgs) {
          std::array<std::uint32_t, 32> in{};
          for (auto& v : in) v = rng();
          std::array<std::uint32_t, 32> out{};
          ASSERT_EQ(0, RunKernel(1, 32, [&] {
            const unsigned lane = threadIdx.x;
            out[lane] = CallShfl(mode, 0xffffffffu, in[lane], arg, width);
          }));
          const auto want = ref::CudaShfl(RefMode(mode), in, 0xffffffffu, arg, width);
          for (int lane = 0; lane < 32; ++lane) {
            ASSERT_EQ(want[lane].value, out[lane]) << "mode " << int(mode) << " width " << width << " arg " << arg
                                                   << " lane " << lane;
          }
        }
      }
    }
  }
}

TEST(Shuffle, EachLaneMayPassItsOwnArgumentAndWidth) {
  // PTX takes b and c per thread; CUDA's intrinsics pass them per call. Lanes of one collective
  // may differ (e.g. srcLane = lane ^ k).
  std::mt19937 rng(2);
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    std::array<std::uint32_t, 32> in{}, out{};
    std::array<int, 32> src{};
    for (int i = 0; i < 32; ++i) {
      in[i] = rng();
      src[i] = static_cast<int>(rng() % 64) - 16;
    }
    ASSERT_EQ(0, RunKernel(1, 32, [&] { out[threadIdx.x] = __shfl_sync(0xffffffffu, in[threadIdx.x], src[threadIdx.x]); }));
    for (int lane = 0; lane < 32; ++lane) {
      const auto want = ref::CudaShfl(ref::Mode::kIdx, in, 0xffffffffu, src[lane], 32);
      EXPECT_EQ(want[lane].value, out[lane]) << "lane " << lane;
    }
  }
}

TEST(Shuffle, SixtyFourBitAndFloatingPointTypesMoveWhole) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    std::array<double, 32> d{};
    std::array<long long, 32> ll{};
    std::array<unsigned long long, 32> ull{};
    std::array<float, 32> f{};
    std::array<long, 32> l{};
    ASSERT_EQ(0, RunKernel(1, 32, [&] {
      const int lane = static_cast<int>(threadIdx.x);
      d[lane] = __shfl_down_sync(0xffffffffu, 1.5e300 * (lane + 1), 3);
      ll[lane] = __shfl_xor_sync(0xffffffffu, -(1LL << 40) - lane, 5);
      ull[lane] = __shfl_up_sync(0xffffffffu, 0xfedcba9876543210ull + static_cast<unsigned>(lane), 2, 16);
      f[lane] = __shfl_sync(0xffffffffu, 0.25f * static_cast<float>(lane), 31 - lane);
      l[lane] = __shfl_sync(0xffffffffu, 100000000000L * lane, 7, 8);
    }));
    for (int lane = 0; lane < 32; ++lane) {
      EXPECT_EQ(d[lane], 1.5e300 * ((lane + 3 <= 31 ? lane + 3 : lane) + 1));
      EXPECT_EQ(ll[lane], -(1LL << 40) - (lane ^ 5));
      const int up = (lane % 16) >= 2 ? lane - 2 : lane;
      EXPECT_EQ(ull[lane], 0xfedcba9876543210ull + static_cast<unsigned>(up));
      EXPECT_EQ(f[lane], 0.25f * static_cast<float>(31 - lane));
      EXPECT_EQ(l[lane], 100000000000L * ((lane & ~7) | 7));
    }
  }
}

TEST(Shuffle, SubWarpMaskFromADivergentBranch) {
  // Lanes 0-15 shuffle among themselves while 16-31 do something else: valid since Volta.
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    std::array<int, 32> out{};
    ASSERT_EQ(0, RunKernel(1, 32, [&] {
      const int lane = static_cast<int>(threadIdx.x);
      if (lane < 16) {
        out[lane] = __shfl_xor_sync(0x0000ffffu, lane * 10, 1, 16);
      } else {
        out[lane] = __shfl_down_sync(0xffff0000u, lane * 10, 1, 16);
      }
    }));
    for (int lane = 0; lane < 16; ++lane) EXPECT_EQ(out[lane], (lane ^ 1) * 10);
    for (int lane = 16; lane < 32; ++lane) EXPECT_EQ(out[lane], (lane < 31 ? lane + 1 : lane) * 10);
  }
}

TEST(Shuffle, IfElseWithFullMaskFromTwoCallSitesCompletesTogether) {
  // The Volta-only pattern of SYNC-RENDEZVOUS: one __shfl_xor_sync(FULL) per branch.
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    std::array<float, 32> out{};
    ASSERT_EQ(0, RunKernel(1, 32, [&] {
      const int tid = static_cast<int>(threadIdx.x);
      float val = static_cast<float>(tid);
      float swapped;
      if (tid % warpSize < 16) {
        swapped = __shfl_xor_sync(0xffffffff, val, 16);
      } else {
        swapped = __shfl_xor_sync(0xffffffff, val, 16);
      }
      out[tid] = swapped;
    }));
    for (int lane = 0; lane < 32; ++lane) EXPECT_EQ(out[lane], static_cast<float>(lane ^ 16));
  }
}

TEST(Shuffle, PartialWarpWhoseSourcesExistIsFine) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    std::array<int, 48> out{};
    ASSERT_EQ(0, RunKernel(1, 48, [&] {
      const int t = static_cast<int>(threadIdx.x);
      // Warp 1 has lanes 0-15; the full mask names lanes that do not exist, which behave as exited.
      out[t] = __shfl_xor_sync(0xffffffffu, t, 1);
    }));
    for (int t = 0; t < 48; ++t) EXPECT_EQ(out[t], t ^ 1);
  }
}

TEST(Vote, BallotAnyAllOverTheLanesThatTakePart) {
  std::mt19937 rng(3);
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    for (int trial = 0; trial < 20; ++trial) {
      const std::uint32_t preds = trial == 0 ? 0u : trial == 1 ? ~0u : static_cast<std::uint32_t>(rng());
      const std::uint32_t mask = trial < 10 ? 0xffffffffu : static_cast<std::uint32_t>(rng()) | 1u;
      std::array<std::uint32_t, 32> ballot{};
      std::array<int, 32> any{}, all{}, uni{};
      ASSERT_EQ(0, RunKernel(1, 32, [&] {
        const unsigned lane = threadIdx.x;
        if ((mask >> lane) & 1u) {
          const int p = static_cast<int>((preds >> lane) & 1u);
          ballot[lane] = __ballot_sync(mask, p);
          any[lane] = __any_sync(mask, p);
          all[lane] = __all_sync(mask, p);
          uni[lane] = __uni_sync(mask, p);
        }
      }));
      for (unsigned lane = 0; lane < 32; ++lane) {
        if (((mask >> lane) & 1u) == 0) continue;
        EXPECT_EQ(ballot[lane], ref::Ballot(mask, preds));
        EXPECT_EQ(any[lane] != 0, ref::Any(mask, preds));
        EXPECT_EQ(all[lane] != 0, ref::All(mask, preds));
        EXPECT_EQ(uni[lane] != 0, ref::Uni(mask, preds));
      }
    }
  }
}

TEST(Vote, ExitedLanesNamedInTheMaskContributeNothing) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    std::array<std::uint32_t, 32> ballot{};
    ASSERT_EQ(0, RunKernel(1, 32, [&] {
      if (threadIdx.x >= 20) return;
      ballot[threadIdx.x] = __ballot_sync(0xffffffffu, 1);
    }));
    for (int lane = 0; lane < 20; ++lane) EXPECT_EQ(ballot[lane], 0x000fffffu);
  }
}

TEST(Match, AnyAndAllOn32And64BitValues) {
  std::mt19937 rng(4);
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    for (int trial = 0; trial < 10; ++trial) {
      std::array<std::uint64_t, 32> v64{};
      std::array<std::uint32_t, 32> v32{};
      for (int i = 0; i < 32; ++i) {
        v64[i] = trial == 0 ? 42 : (rng() % 4) << 40;
        v32[i] = trial == 0 ? 7 : rng() % 3;
      }
      std::array<std::uint32_t, 32> any64{}, any32{}, all64{}, all32{};
      std::array<int, 32> p64{}, p32{};
      ASSERT_EQ(0, RunKernel(1, 32, [&] {
        const unsigned lane = threadIdx.x;
        any64[lane] = __match_any_sync(0xffffffffu, static_cast<unsigned long long>(v64[lane]));
        any32[lane] = __match_any_sync(0xffffffffu, v32[lane]);
        all64[lane] = __match_all_sync(0xffffffffu, static_cast<unsigned long long>(v64[lane]), &p64[lane]);
        all32[lane] = __match_all_sync(0xffffffffu, v32[lane], &p32[lane]);
      }));
      std::array<std::uint64_t, 32> w32{};
      for (int i = 0; i < 32; ++i) w32[i] = v32[i];
      const auto want_any64 = ref::MatchAny(0xffffffffu, v64);
      const auto want_any32 = ref::MatchAny(0xffffffffu, w32);
      bool want_p64 = false, want_p32 = false;
      const auto want_all64 = ref::MatchAll(0xffffffffu, v64, &want_p64);
      const auto want_all32 = ref::MatchAll(0xffffffffu, w32, &want_p32);
      for (int lane = 0; lane < 32; ++lane) {
        EXPECT_EQ(any64[lane], want_any64[lane]);
        EXPECT_EQ(any32[lane], want_any32[lane]);
        EXPECT_EQ(all64[lane], want_all64[lane]);
        EXPECT_EQ(all32[lane], want_all32[lane]);
        EXPECT_EQ(p64[lane] != 0, want_p64);
        EXPECT_EQ(p32[lane] != 0, want_p32);
      }
    }
  }
}

TEST(Reduce, EveryOperatorSignedAndUnsigned) {
  std::mt19937 rng(5);
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    for (int trial = 0; trial < 10; ++trial) {
      const std::uint32_t mask = trial < 5 ? 0xffffffffu : static_cast<std::uint32_t>(rng()) | 0x80000000u;
      std::array<std::uint32_t, 32> v{};
      for (auto& x : v) x = trial == 1 ? 0xffffffffu : static_cast<std::uint32_t>(rng());
      std::array<std::array<std::uint32_t, 9>, 32> out{};
      ASSERT_EQ(0, RunKernel(1, 32, [&] {
        const unsigned lane = threadIdx.x;
        if (((mask >> lane) & 1u) == 0) return;
        const std::uint32_t u = v[lane];
        const int s = static_cast<int>(u);
        out[lane] = {__reduce_add_sync(mask, u), static_cast<std::uint32_t>(__reduce_add_sync(mask, s)),
                     __reduce_min_sync(mask, u), static_cast<std::uint32_t>(__reduce_min_sync(mask, s)),
                     __reduce_max_sync(mask, u), static_cast<std::uint32_t>(__reduce_max_sync(mask, s)),
                     __reduce_and_sync(mask, u), __reduce_or_sync(mask, u), __reduce_xor_sync(mask, u)};
      }));
      for (unsigned lane = 0; lane < 32; ++lane) {
        if (((mask >> lane) & 1u) == 0) continue;
        EXPECT_EQ(out[lane][0], ref::ReduxAdd(mask, v));
        EXPECT_EQ(out[lane][1], ref::ReduxAdd(mask, v));
        EXPECT_EQ(out[lane][2], ref::ReduxMinU(mask, v));
        EXPECT_EQ(static_cast<std::int32_t>(out[lane][3]), ref::ReduxMinS(mask, v));
        EXPECT_EQ(out[lane][4], ref::ReduxMaxU(mask, v));
        EXPECT_EQ(static_cast<std::int32_t>(out[lane][5]), ref::ReduxMaxS(mask, v));
        EXPECT_EQ(out[lane][6], ref::ReduxAnd(mask, v));
        EXPECT_EQ(out[lane][7], ref::ReduxOr(mask, v));
        EXPECT_EQ(out[lane][8], ref::ReduxXor(mask, v));
      }
    }
  }
}

TEST(SyncWarp, OrdersSharedExchangesOfTheButterflyReduction) {
  // A butterfly sum through shared memory with __syncwarp between every read of a partner's slot
  // and the write of the lane's own, and between that write and the next read: correct under every
  // schedule. It stops at distance 2 and adds the last two slots, so lane 0 holds the whole sum.
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    float result = 0;
    ASSERT_EQ(0, RunKernel(1, 32, [&] {
      static thread_local float slot[32];
      const int lane = static_cast<int>(threadIdx.x);
      slot[lane] = static_cast<float>(lane);
      __syncwarp();
      for (int bit = 16; bit >= 2; bit /= 2) {
        const float partner = slot[lane ^ bit];
        __syncwarp();
        slot[lane] += partner;
        __syncwarp();
      }
      if (lane == 0) result = slot[0] + slot[1];
    }));
    EXPECT_EQ(result, 496.0f);
  }
}

// The rendezvous computes a group whose lanes all pass the same lane argument and width in one
// specialised pass, with a participation check when the group is not the whole warp; a lane that
// differs sends the group through the general per-lane path. Both against the reference.
TEST(Shuffle, PartialMasksClosedUnderTheirSourcesMatchTheReference) {
  std::mt19937 rng(4);
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    for (ShflMode mode : kModes) {
      for (int width : kWidths) {
        for (int arg : {0, 1, 3, 31, -1}) {
          // A random non-empty set of whole segments, closed under "the lane it reads": every
          // source a participant computes takes part.
          const std::uint32_t segment = width == 32 ? 0xffffffffu : ((1u << width) - 1);
          std::uint32_t mask = 0;
          while (mask == 0) {
            for (int s = 0; s < 32 / width; ++s) {
              if (rng() % 2) mask |= segment << (s * width);
            }
          }
          for (std::uint32_t before = 0; before != mask;) {
            before = mask;
            for (unsigned j = 0; j < 32; ++j) {  // the reference says which lanes read lane j
              std::array<std::uint32_t, 32> probe{};
              probe[j] = 1;
              const auto r = ref::CudaShfl(RefMode(mode), probe, 0xffffffffu, arg, width);
              for (int lane = 0; lane < 32; ++lane) {
                if ((before & (1u << lane)) && r[lane].value == 1) mask |= 1u << j;
              }
            }
          }
          std::array<std::uint32_t, 32> in{}, out{};
          for (auto& v : in) v = rng();
          ASSERT_EQ(0, RunKernel(1, 32, [&] {
            const unsigned lane = threadIdx.x;
            if (mask & (1u << lane)) out[lane] = CallShfl(mode, mask, in[lane], arg, width);
          }));
          const auto want = ref::CudaShfl(RefMode(mode), in, mask, arg, width);
          for (int lane = 0; lane < 32; ++lane) {
            if ((mask & (1u << lane)) == 0) continue;
            ASSERT_TRUE(want[lane].source_valid);
            ASSERT_EQ(want[lane].value, out[lane]) << "mode " << int(mode) << " width " << width << " arg " << arg
                                                   << " mask " << mask << " lane " << lane;
          }
        }
      }
    }
  }
}

TEST(Shuffle, OneLaneWithAnotherWidthOrArgumentTakesTheGeneralPath) {
  std::mt19937 rng(5);
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    for (ShflMode mode : kModes) {
      for (int odd : {0, 13, 31}) {  // the lane that differs arrives early, in the middle or last
        std::array<std::uint32_t, 32> in{}, width_out{}, arg_out{};
        for (auto& v : in) v = rng();
        ASSERT_EQ(0, RunKernel(1, 32, [&] {
          const int lane = static_cast<int>(threadIdx.x);
          width_out[lane] = CallShfl(mode, 0xffffffffu, in[lane], 2, lane == odd ? 8 : 32);
          arg_out[lane] = CallShfl(mode, 0xffffffffu, in[lane], lane == odd ? 5 : 2, 32);
        }));
        for (int lane = 0; lane < 32; ++lane) {
          const auto by_width = ref::CudaShfl(RefMode(mode), in, 0xffffffffu, 2, lane == odd ? 8 : 32);
          const auto by_arg = ref::CudaShfl(RefMode(mode), in, 0xffffffffu, lane == odd ? 5 : 2, 32);
          ASSERT_EQ(by_width[lane].value, width_out[lane]) << "mode " << int(mode) << " lane " << lane;
          ASSERT_EQ(by_arg[lane].value, arg_out[lane]) << "mode " << int(mode) << " lane " << lane;
        }
      }
    }
  }
}

// The order in which the lanes of two warps reach each of 40 full-warp collectives under the
// random schedule: shuffles, which on x86-64 wait through Shfl's assembly path, or __syncwarp,
// which waits through the C++ (Block::Suspend). Optionally after an __activemask point, whose
// picks go through the policy's general Pick and leave the run queue's record of the last drawn
// position (RunQueue::picked_) stale, so that the assembly path must find the caller's position
// in pos_ instead.
std::vector<int> ArrivalOrder(bool shuffle, std::uint64_t seed, bool activemask_first) {
  ScheduleScope scope(Schedule::kRandom, seed);
  std::vector<int> order;
  int sink = 0;
  EXPECT_EQ(0, RunKernel(1, 64, [&] {
    int v = static_cast<int>(threadIdx.x);
    if (activemask_first) v += static_cast<int>(__activemask() & 1u);
    for (int i = 0; i < 40; ++i) {
      order.push_back(static_cast<int>(threadIdx.x));
      if (shuffle) {
        v = __shfl_xor_sync(0xffffffffu, v, 1);
      } else {
        __syncwarp();
      }
    }
    if (v == -1) ++sink;
  }));
  EXPECT_EQ(sink, 0);
  return order;
}

TEST(Shuffle, WaitingLanesPickTheLanesTheRuntimePicks) {
  for (std::uint64_t seed : {1u, 2u, 9u}) {
    for (bool activemask_first : {false, true}) {
      const std::vector<int> shuffles = ArrivalOrder(true, seed, activemask_first);
      ASSERT_EQ(shuffles.size(), 64u * 40u);
      EXPECT_EQ(shuffles, ArrivalOrder(false, seed, activemask_first))
          << "seed " << seed << (activemask_first ? " after __activemask" : "");
    }
  }
}

// Each waiting lane of a full-warp shuffle goes on with the lane that the lane before it guessed
// it would pick (Block::likely_pick_) while its own pick is computed; the guess must be right
// every time nothing else changed the run queue in between. Under seeds 1, 2 and 9, one warp's
// lanes record, before each shuffle, the guess the block holds, and the order in which they
// arrive gives the lane each one's pick took (the lane picked runs next). From the second shuffle
// on (every lane has run), every arrival but the first and the last of a shuffle follows a lane
// that waited on the assembly path: its guess is its pick. The first follows the last lane of the
// previous shuffle, which completed the group and made no guess; the last picks nothing.
TEST(Shuffle, TheLikelyPickIsThePickWhileTheRunQueueIsUnchanged) {
#if defined(__x86_64__) && defined(__ELF__) && !defined(WARPSAFE_FIBER_BOOST)
  constexpr int kRounds = 40;
  for (std::uint64_t seed : {1u, 2u, 9u}) {
    ScheduleScope scope(Schedule::kRandom, seed);
    std::vector<int> order, guess;
    int sink = 0;
    ASSERT_EQ(0, RunKernel(1, 32, [&] {
      int v = static_cast<int>(threadIdx.x);
      for (int i = 0; i < kRounds; ++i) {
        order.push_back(static_cast<int>(threadIdx.x));
        const Lane* likely = tls_block->likely_pick();
        guess.push_back(likely == nullptr ? -1 : likely->tid);
        v = __shfl_xor_sync(0xffffffffu, v, 1);
      }
      if (v == -1) ++sink;
    }));
    ASSERT_EQ(order.size(), 32u * kRounds);
    int checked = 0;
    for (std::size_t j = 32; j + 1 < order.size(); ++j) {
      const std::size_t position = j % 32;
      if (position == 0 || position == 31) continue;
      EXPECT_EQ(guess[j], order[j + 1]) << "seed " << seed << ", arrival " << j;
      ++checked;
    }
    EXPECT_EQ(checked, 30 * (kRounds - 1));
    EXPECT_EQ(sink, 0);
  }
#else
  GTEST_SKIP() << "Shfl's assembly path (x86-64, the engine's own switch) keeps the guess";
#endif
}

}  // namespace
}  // namespace warpsafe::engine
