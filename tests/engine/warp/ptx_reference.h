// An independent reference model of the warp collectives, written from the rules of
// docs/semantics.md (which restate the PTX ISA's shfl.sync, vote.sync, match.sync and redux.sync
// and the CUDA C++ Programming Guide, with links), never from the engine's code. Tests compare the
// engine against it.
//
// Header-only, pure C++17, no dependency on the engine or on GTest. Every function models ONE
// group of lanes of ONE warp that executed the same collective with the same membermask:
//
//   participating  bit i set <=> lane i is named in the membermask, exists (partial warps: the
//                  missing lanes behave as exited) and has not exited. The callers are exactly the
//                  participating lanes (a caller outside its own mask is undefined behaviour and
//                  is not modelled: the engine reports "caller not named in its own mask").
//
// Results for lanes outside `participating` are computed by the same formula where that is
// meaningful, but they have no meaning on a GPU; tests must only look at participating lanes.
//
// The rule ids in the comments (SHFL-1, VOTE-2, ...) refer to docs/semantics.md.
#pragma once

#include <array>
#include <cstdint>

namespace warpsafe::reference {

inline constexpr int kWarpSize = 32;

// ---- shfl.sync ---------------------------------------------------------------------------------

// The four shfl.sync modes. CUDA's __shfl_sync is .idx, __shfl_up_sync .up, __shfl_down_sync
// .down and __shfl_xor_sync .bfly (the engine's ShflMode::kXor).
enum class Mode : std::uint8_t { kIdx, kUp, kDown, kBfly };

struct ShflResult {
  std::uint32_t value;  // d
  bool pred;            // p: true when the computed source lane is in range
  bool source_valid;    // false: d would be read from a lane that is not in `participating`
                        // (undefined: the engine must report "shuffle from inactive lane")
};

// The same, for a 64-bit value: CUDA shuffles the two 32-bit halves with two shfl.sync that use
// the same b and c, so both halves come from the same lane j.
struct ShflResult64 {
  std::uint64_t value;
  bool pred;
  bool source_valid;
};

namespace detail {

// Source lane j and predicate pval of one lane; j is already replaced by `lane` when !pval.
struct ShflSource {
  int j;
  bool pval;
};

// The source lane j and the in-range flag pval of shfl.sync (docs/semantics.md, SHFL-2): b gives
// the lane or offset (5 bits), c the clamp lane (bits 4:0) and the segment mask (bits 12:8);
// maxLane bounds the range test, minLane is the first lane of the caller's segment. A lane whose
// j is out of range reads itself.
// j is an ordinary (signed, unbounded) integer, not a 5-bit field: lane - bval may be negative
// and lane + bval may exceed 31 (docs/semantics.md, A1).
inline ShflSource ComputeSource(Mode mode, int lane, std::uint32_t b, std::uint32_t c) {
  const int bval = static_cast<int>(b & 0x1fu);            // low 5 bits of b
  const int cval = static_cast<int>(c & 0x1fu);            // clamp lane: bits 4:0 of c
  const int segmask = static_cast<int>((c >> 8) & 0x1fu);  // segment mask: bits 12:8 of c
  const int not_segmask = ~segmask & 0x1f;                 // its 5-bit complement
  const int max_lane = (lane & segmask) | (cval & not_segmask);
  const int min_lane = lane & segmask;
  int j = lane;
  bool pval = false;
  switch (mode) {
    case Mode::kUp:
      j = lane - bval;
      pval = (j >= max_lane);
      break;
    case Mode::kDown:
      j = lane + bval;
      pval = (j <= max_lane);
      break;
    case Mode::kBfly:
      j = lane ^ bval;
      pval = (j <= max_lane);
      break;
    case Mode::kIdx:
      j = min_lane | (bval & not_segmask);
      pval = (j <= max_lane);
      break;
  }
  if (!pval) j = lane;  // out of range: the lane keeps its own value
  return ShflSource{j, pval};
}

inline bool HasLane(std::uint32_t set, int lane) {
  return lane >= 0 && lane < kWarpSize && ((set >> lane) & 1u) != 0;
}

}  // namespace detail

// shfl.sync.mode.b32 d|p, a, b, c, membermask for every lane of one participating group: d is a
// of lane j and p is pval. Reading a lane that is inactive or outside the mask is undefined
// (SHFL-7), which source_valid records.
// `b` is the raw 32-bit operand (CUDA passes srcLane/delta/laneMask converted to unsigned), `c` the
// packed clamp/segment operand (see CudaShflC).
inline std::array<ShflResult, kWarpSize> Shfl(Mode mode, const std::array<std::uint32_t, kWarpSize>& a,
                                              std::uint32_t participating, std::uint32_t b,
                                              std::uint32_t c) {
  std::array<ShflResult, kWarpSize> out{};
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const detail::ShflSource src = detail::ComputeSource(mode, lane, b, c);
    out[lane] = ShflResult{a[src.j], src.pval, detail::HasLane(participating, src.j)};
  }
  return out;
}

// The 64-bit form: CUDA's 8-byte __shfl_*_sync are two shfl.sync.b32 with the same b and c.
inline std::array<ShflResult64, kWarpSize> Shfl64(Mode mode, const std::array<std::uint64_t, kWarpSize>& a,
                                                  std::uint32_t participating, std::uint32_t b,
                                                  std::uint32_t c) {
  std::array<ShflResult64, kWarpSize> out{};
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const detail::ShflSource src = detail::ComputeSource(mode, lane, b, c);
    out[lane] = ShflResult64{a[src.j], src.pval, detail::HasLane(participating, src.j)};
  }
  return out;
}

// The c operand that CUDA's headers (sm_30_intrinsics.hpp) build from `width`:
//   __shfl_sync, __shfl_down_sync, __shfl_xor_sync:  int c = ((warpSize-width) << 8) | 0x1f;
//   __shfl_up_sync:                                  int c = (warpSize-width) << 8;
// Computed in unsigned arithmetic so that an invalid width (0, negative, > 32) gives the same bits
// as the device's two's complement int arithmetic instead of C++ undefined behaviour.
inline std::uint32_t CudaShflC(Mode mode, int width) {
  const std::uint32_t seg = (static_cast<std::uint32_t>(kWarpSize) - static_cast<std::uint32_t>(width)) << 8;
  return mode == Mode::kUp ? seg : (seg | 0x1fu);
}

// A width is valid when it is a power of two from 1 to 32; other widths are undefined (SHFL-6;
// older Guide editions start at 2, see docs/semantics.md, A3).
inline bool IsValidWidth(int width) {
  return width >= 1 && width <= kWarpSize && (width & (width - 1)) == 0;
}

// A CUDA-level call __shfl_*_sync(mask, var, lane_arg, width) of every participating lane with the
// same lane_arg and width: b is lane_arg converted to unsigned (only b[4:0] matters), c from width.
inline std::array<ShflResult, kWarpSize> CudaShfl(Mode mode, const std::array<std::uint32_t, kWarpSize>& a,
                                                  std::uint32_t participating, int lane_arg, int width) {
  return Shfl(mode, a, participating, static_cast<std::uint32_t>(lane_arg), CudaShflC(mode, width));
}

// ---- vote.sync ---------------------------------------------------------------------------------
// `preds` bit i is lane i's source predicate (bits of non-participating lanes are ignored).

// vote.sync.ballot.b32: bit i of the result is lane i's predicate for the lanes that take part,
// and 0 for lanes outside the mask or exited (VOTE-1, VOTE-2).
inline std::uint32_t Ballot(std::uint32_t participating, std::uint32_t preds) { return participating & preds; }

// vote.sync.any: true when the predicate is true in at least one lane that takes part (VOTE-1).
inline bool Any(std::uint32_t participating, std::uint32_t preds) { return (participating & preds) != 0; }

// vote.sync.all: true when the predicate is true in every lane that takes part (VOTE-1).
inline bool All(std::uint32_t participating, std::uint32_t preds) { return (participating & ~preds) == 0; }

// vote.sync.uni: true when the predicate has one value in every lane that takes part (VOTE-4;
// CUDA's __uni_sync, which the Programming Guide does not list).
inline bool Uni(std::uint32_t participating, std::uint32_t preds) {
  return All(participating, preds) || !Any(participating, preds);
}

// ---- match.sync --------------------------------------------------------------------------------
// `values` holds each lane's operand a. For match.sync.b32 pass the 32-bit values zero-extended:
// the comparison is of bit patterns (.b32/.b64 types), so +0.0f != -0.0f and equal NaN bit
// patterns match (MATCH-3).

// match.any.sync: each lane gets the set of lanes taking part whose value equals its own
// (MATCH-2). One d per lane; 0 for lanes outside `participating`.
inline std::array<std::uint32_t, kWarpSize> MatchAny(std::uint32_t participating,
                                                     const std::array<std::uint64_t, kWarpSize>& values) {
  std::array<std::uint32_t, kWarpSize> out{};
  for (int lane = 0; lane < kWarpSize; ++lane) {
    if (!detail::HasLane(participating, lane)) continue;
    std::uint32_t d = 0;
    for (int other = 0; other < kWarpSize; ++other) {
      if (detail::HasLane(participating, other) && values[other] == values[lane]) d |= 1u << other;
    }
    out[lane] = d;
  }
  return out;
}

// match.all.sync: when every lane taking part holds the same value, d is the set of those lanes
// and p is true; otherwise d is 0 and p false (MATCH-3). d and p are the same in every
// participating lane; lanes outside `participating` get 0. `pred` may be null.
inline std::array<std::uint32_t, kWarpSize> MatchAll(std::uint32_t participating,
                                                     const std::array<std::uint64_t, kWarpSize>& values,
                                                     bool* pred) {
  bool all_same = true;
  bool have_first = false;
  std::uint64_t first = 0;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    if (!detail::HasLane(participating, lane)) continue;
    if (!have_first) {
      first = values[lane];
      have_first = true;
    } else if (values[lane] != first) {
      all_same = false;
    }
  }
  if (pred != nullptr) *pred = all_same;
  std::array<std::uint32_t, kWarpSize> out{};
  for (int lane = 0; lane < kWarpSize; ++lane) {
    if (detail::HasLane(participating, lane)) out[lane] = all_same ? participating : 0u;
  }
  return out;
}

// ---- redux.sync --------------------------------------------------------------------------------
// redux.sync combines the 32-bit values of the lanes taking part with one operation (REDUX-2).
// Requires sm_80 (REDUX-1). The result is the same in every participating lane.

enum class ReduxOp : std::uint8_t { kAdd, kMin, kMax, kAnd, kOr, kXor };

// redux.sync.op.{u32,s32} (add/min/max) and redux.sync.op.b32 (and/or/xor).
// The sum of .add is truncated to 32 bits.
// `is_signed` selects .s32 for min/max (two's complement comparison); it does not change .add
// (the truncated sum has the same bits either way) nor the bitwise operations.
// With an empty `participating` set (impossible on a GPU: the caller participates) the result is
// the operation's identity.
inline std::uint32_t Redux(ReduxOp op, bool is_signed, std::uint32_t participating,
                           const std::array<std::uint32_t, kWarpSize>& values) {
  std::uint32_t acc = 0;
  bool first = true;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    if (!detail::HasLane(participating, lane)) continue;
    const std::uint32_t v = values[lane];
    if (first) {
      acc = v;
      first = false;
      continue;
    }
    switch (op) {
      case ReduxOp::kAdd: acc += v; break;  // unsigned wrap-around = truncation to 32 bits
      case ReduxOp::kMin:
        if (is_signed ? static_cast<std::int32_t>(v) < static_cast<std::int32_t>(acc) : v < acc) acc = v;
        break;
      case ReduxOp::kMax:
        if (is_signed ? static_cast<std::int32_t>(v) > static_cast<std::int32_t>(acc) : v > acc) acc = v;
        break;
      case ReduxOp::kAnd: acc &= v; break;
      case ReduxOp::kOr: acc |= v; break;
      case ReduxOp::kXor: acc ^= v; break;
    }
  }
  if (!first) return acc;
  switch (op) {  // identities, for the empty set only
    case ReduxOp::kAdd: return 0u;
    case ReduxOp::kMin: return is_signed ? 0x7fffffffu : 0xffffffffu;
    case ReduxOp::kMax: return is_signed ? 0x80000000u : 0u;
    case ReduxOp::kAnd: return 0xffffffffu;
    case ReduxOp::kOr: return 0u;
    case ReduxOp::kXor: return 0u;
  }
  return 0u;
}

// Convenience forms named after CUDA's __reduce_*_sync.
inline std::uint32_t ReduxAdd(std::uint32_t participating, const std::array<std::uint32_t, kWarpSize>& v) {
  return Redux(ReduxOp::kAdd, false, participating, v);
}
inline std::uint32_t ReduxMinU(std::uint32_t participating, const std::array<std::uint32_t, kWarpSize>& v) {
  return Redux(ReduxOp::kMin, false, participating, v);
}
inline std::uint32_t ReduxMaxU(std::uint32_t participating, const std::array<std::uint32_t, kWarpSize>& v) {
  return Redux(ReduxOp::kMax, false, participating, v);
}
inline std::int32_t ReduxMinS(std::uint32_t participating, const std::array<std::uint32_t, kWarpSize>& v) {
  return static_cast<std::int32_t>(Redux(ReduxOp::kMin, true, participating, v));
}
inline std::int32_t ReduxMaxS(std::uint32_t participating, const std::array<std::uint32_t, kWarpSize>& v) {
  return static_cast<std::int32_t>(Redux(ReduxOp::kMax, true, participating, v));
}
inline std::uint32_t ReduxAnd(std::uint32_t participating, const std::array<std::uint32_t, kWarpSize>& v) {
  return Redux(ReduxOp::kAnd, false, participating, v);
}
inline std::uint32_t ReduxOr(std::uint32_t participating, const std::array<std::uint32_t, kWarpSize>& v) {
  return Redux(ReduxOp::kOr, false, participating, v);
}
inline std::uint32_t ReduxXor(std::uint32_t participating, const std::array<std::uint32_t, kWarpSize>& v) {
  return Redux(ReduxOp::kXor, false, participating, v);
}

}  // namespace warpsafe::reference

// ---- self-check --------------------------------------------------------------------------------
// g++ -std=c++17 -Wall -Wextra -DWARPSAFE_REFERENCE_SELFTEST -x c++ tests/engine/warp/ptx_reference.h
//   -o /tmp/ptx_reference_selftest && /tmp/ptx_reference_selftest
// Hand-worked cases only: the model must not be checked against itself.
#ifdef WARPSAFE_REFERENCE_SELFTEST
#include <cstdio>

namespace warpsafe::reference::selftest {

inline int failures = 0;

inline void Check(bool ok, const char* what, int lane, long long got, long long want) {
  if (ok) return;
  ++failures;
  std::printf("FAIL %s lane %d: got %lld, want %lld\n", what, lane, got, want);
}

inline std::array<std::uint32_t, kWarpSize> Iota(std::uint32_t (*f)(int)) {
  std::array<std::uint32_t, kWarpSize> a{};
  for (int i = 0; i < kWarpSize; ++i) a[i] = f(i);
  return a;
}

constexpr std::uint32_t kFull = 0xffffffffu;

// An inclusive sum within 8-lane groups (examples/scan_width8.cu): lane l starts from 31 - l and,
// for distances 1, 2, 4, adds the shuffled-up value when its rank in the group is at least the
// distance. Lane 8s+k ends with sum_{t=0..k} (31 - 8s - t) = (k+1)(31-8s) - k(k+1)/2, e.g. lane 0: 31,
// lane 7: 220, lane 8: 23, lane 15: 156, lane 24: 7, lane 31: 28.
inline void ScanWidth8() {
  auto value = Iota([](int lane) { return static_cast<std::uint32_t>(31 - lane); });
  for (int i = 1; i <= 4; i *= 2) {
    const auto r = CudaShfl(Mode::kUp, value, kFull, i, 8);
    for (int lane = 0; lane < kWarpSize; ++lane) {
      Check(r[lane].source_valid, "scan8 source_valid", lane, r[lane].source_valid, 1);
      // The predicate is exactly the example's condition: rank in the group >= distance.
      Check(r[lane].pred == ((lane & 7) >= i), "scan8 pred", lane, r[lane].pred, (lane & 7) >= i);
      if (!r[lane].pred) Check(r[lane].value == value[lane], "scan8 own value", lane, r[lane].value, value[lane]);
      if ((lane & 7) >= i) value[lane] += r[lane].value;
    }
  }
  const int spot[][2] = {{0, 31}, {7, 220}, {8, 23}, {15, 156}, {24, 7}, {31, 28}};
  for (const auto& s : spot) Check(value[s[0]] == static_cast<std::uint32_t>(s[1]), "scan8 spot", s[0], value[s[0]], s[1]);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const int seg = lane / 8, k = lane % 8;
    const int want = (k + 1) * (31 - 8 * seg) - k * (k + 1) / 2;
    Check(value[lane] == static_cast<std::uint32_t>(want), "scan8", lane, value[lane], want);
  }
}

// A butterfly sum (examples/butterfly_reduction.cu): lane l starts from 31 - l and adds the
// xor-shuffled value at distances 16, 8, 4, 2, 1; every lane ends with 0+1+...+31 = 496.
inline void ButterflySum() {
  auto value = Iota([](int lane) { return static_cast<std::uint32_t>(31 - lane); });
  for (int i = 16; i >= 1; i /= 2) {
    const auto r = CudaShfl(Mode::kBfly, value, kFull, i, 32);
    for (int lane = 0; lane < kWarpSize; ++lane) {
      Check(r[lane].pred && r[lane].source_valid, "bfly pred", lane, r[lane].pred, 1);
      Check(r[lane].value == value[lane ^ i], "bfly partner", lane, r[lane].value, value[lane ^ i]);
    }
    for (int lane = 0; lane < kWarpSize; ++lane) value[lane] += r[lane].value;
  }
  for (int lane = 0; lane < kWarpSize; ++lane) Check(value[lane] == 496u, "bfly sum", lane, value[lane], 496);
}

// A broadcast (examples/broadcast.cu): only lane 0 holds 1234; an index shuffle from lane 0
// gives 1234 everywhere.
inline void Broadcast() {
  auto value = Iota([](int lane) { return lane == 0 ? 1234u : 0xdeadbeefu; });
  const auto r = CudaShfl(Mode::kIdx, value, kFull, 0, 32);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    Check(r[lane].value == 1234u && r[lane].pred && r[lane].source_valid, "broadcast", lane, r[lane].value, 1234);
  }
}

// Scans in the predicate form (SHFL-8): shfl.sync.up with c = 0 at offsets 1..16, adding only
// where p is set, and the reverse scan with shfl.sync.down and c = 0x1f. Over all-ones inputs: scan gives lane+1, reverse scan 32-lane.
inline void PredicateFormScans() {
  auto x = Iota([](int) { return 1u; });
  for (std::uint32_t off = 1; off <= 16; off *= 2) {
    const auto r = Shfl(Mode::kUp, x, kFull, off, 0x0);
    for (int lane = 0; lane < kWarpSize; ++lane) {
      Check(r[lane].pred == (lane >= static_cast<int>(off)), "ptx up pred", lane, r[lane].pred, lane >= static_cast<int>(off));
      if (r[lane].pred) x[lane] += r[lane].value;
    }
  }
  for (int lane = 0; lane < kWarpSize; ++lane) Check(x[lane] == static_cast<std::uint32_t>(lane + 1), "ptx scan", lane, x[lane], lane + 1);
  auto y = Iota([](int) { return 1u; });
  for (std::uint32_t off = 1; off <= 16; off *= 2) {
    const auto r = Shfl(Mode::kDown, y, kFull, off, 0x1f);
    for (int lane = 0; lane < kWarpSize; ++lane) {
      if (r[lane].pred) y[lane] += r[lane].value;
    }
  }
  for (int lane = 0; lane < kWarpSize; ++lane) Check(y[lane] == static_cast<std::uint32_t>(32 - lane), "ptx rscan", lane, y[lane], 32 - lane);
}

// The c encoding and the 5-bit truncation of b.
inline void OperandEncoding() {
  Check(CudaShflC(Mode::kIdx, 32) == 0x1fu, "c idx 32", 0, CudaShflC(Mode::kIdx, 32), 0x1f);
  Check(CudaShflC(Mode::kUp, 32) == 0x0u, "c up 32", 0, CudaShflC(Mode::kUp, 32), 0x0);
  Check(CudaShflC(Mode::kDown, 8) == 0x181fu, "c down 8", 0, CudaShflC(Mode::kDown, 8), 0x181f);
  Check(CudaShflC(Mode::kUp, 8) == 0x1800u, "c up 8", 0, CudaShflC(Mode::kUp, 8), 0x1800);
  Check(CudaShflC(Mode::kBfly, 16) == 0x101fu, "c xor 16", 0, CudaShflC(Mode::kBfly, 16), 0x101f);
  Check(CudaShflC(Mode::kIdx, 1) == 0x1f1fu, "c idx 1", 0, CudaShflC(Mode::kIdx, 1), 0x1f1f);
  const int valid[] = {1, 2, 4, 8, 16, 32};
  for (int w : valid) Check(IsValidWidth(w), "valid width", w, 0, 1);
  const int invalid[] = {0, -1, 3, 6, 12, 33, 64, -32};
  for (int w : invalid) Check(!IsValidWidth(w), "invalid width", w, 1, 0);

  const auto id = Iota([](int lane) { return static_cast<std::uint32_t>(lane); });
  // srcLane 33 -> bval = 1: every lane reads lane 1 (guide: srcLane modulo width).
  auto r = CudaShfl(Mode::kIdx, id, kFull, 33, 32);
  for (int lane = 0; lane < kWarpSize; ++lane) Check(r[lane].value == 1u, "idx 33", lane, r[lane].value, 1);
  // srcLane -1 with width 8 -> bval = 31 -> last lane of each segment (-1 modulo 8 = 7).
  r = CudaShfl(Mode::kIdx, id, kFull, -1, 8);
  for (int lane = 0; lane < kWarpSize; ++lane) Check(r[lane].value == static_cast<std::uint32_t>((lane & ~7) | 7), "idx -1 w8", lane, r[lane].value, (lane & ~7) | 7);
  // srcLane 10 with width 8 -> 10 modulo 8 = 2 within the caller's segment.
  r = CudaShfl(Mode::kIdx, id, kFull, 10, 8);
  for (int lane = 0; lane < kWarpSize; ++lane) Check(r[lane].value == static_cast<std::uint32_t>((lane & ~7) | 2), "idx 10 w8", lane, r[lane].value, (lane & ~7) | 2);
  // delta 33 -> bval = 1: an out-of-range b still transfers data with p true (PTX, SHFL-3),
  // although the Guide's wording would leave every lane unchanged.
  r = CudaShfl(Mode::kUp, id, kFull, 33, 32);
  Check(!r[0].pred && r[0].value == 0u, "up 33 lane 0", 0, r[0].value, 0);
  for (int lane = 1; lane < kWarpSize; ++lane) Check(r[lane].pred && r[lane].value == static_cast<std::uint32_t>(lane - 1), "up 33", lane, r[lane].value, lane - 1);
  // delta 32 -> bval = 0: every lane reads itself, predicate true.
  r = CudaShfl(Mode::kDown, id, kFull, 32, 32);
  for (int lane = 0; lane < kWarpSize; ++lane) Check(r[lane].pred && r[lane].value == static_cast<std::uint32_t>(lane), "down 32", lane, r[lane].value, lane);
  // width 1: every lane is its own segment; idx/up/down read the caller itself.
  for (Mode m : {Mode::kIdx, Mode::kUp, Mode::kDown}) {
    r = CudaShfl(m, id, kFull, 1, 1);
    for (int lane = 0; lane < kWarpSize; ++lane) Check(r[lane].value == static_cast<std::uint32_t>(lane), "width 1", lane, r[lane].value, lane);
  }
  // ...but xor may still reach an earlier group (SHFL-5): with laneMask 1 odd lanes read lane-1.
  r = CudaShfl(Mode::kBfly, id, kFull, 1, 1);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const int want = (lane & 1) ? lane - 1 : lane;
    Check(r[lane].value == static_cast<std::uint32_t>(want) && r[lane].pred == ((lane & 1) != 0), "xor width 1", lane, r[lane].value, want);
  }
  // down with width 8: the upper delta lanes of each segment keep their own value, pred false.
  r = CudaShfl(Mode::kDown, id, kFull, 3, 8);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const bool in = (lane & 7) + 3 <= 7;
    Check(r[lane].pred == in, "down w8 pred", lane, r[lane].pred, in);
    Check(r[lane].value == static_cast<std::uint32_t>(in ? lane + 3 : lane), "down w8", lane, r[lane].value, in ? lane + 3 : lane);
  }
  // xor with width 8 and laneMask 8: a group reads the earlier group, a later one gives own value.
  r = CudaShfl(Mode::kBfly, id, kFull, 8, 8);
  Check(r[0].value == 0u && !r[0].pred, "xor w8 lane 0 (later group: own)", 0, r[0].value, 0);
  Check(r[8].value == 0u && r[8].pred, "xor w8 lane 8 (earlier group)", 8, r[8].value, 0);
  Check(r[17].value == 17u && !r[17].pred, "xor w8 lane 17 (later group: own)", 17, r[17].value, 17);
  Check(r[25].value == 17u && r[25].pred, "xor w8 lane 25 (earlier group)", 25, r[25].value, 17);
}

// Reading from a lane that is not participating is flagged; reading one's own value never is.
inline void InactiveSource() {
  const auto id = Iota([](int lane) { return static_cast<std::uint32_t>(lane); });
  // Lane 31 exited (or a 31-thread block): shfl_down by 1 makes lane 30 read lane 31.
  const std::uint32_t p = 0x7fffffffu;
  auto r = CudaShfl(Mode::kDown, id, p, 1, 32);
  for (int lane = 0; lane < 31; ++lane) Check(r[lane].source_valid == (lane != 30), "down from exited", lane, r[lane].source_valid, lane != 30);
  // Mask of the even lanes: __shfl_xor(.., 1) reads an odd lane, outside the mask.
  r = CudaShfl(Mode::kBfly, id, 0x55555555u, 1, 32);
  for (int lane = 0; lane < kWarpSize; lane += 2) Check(!r[lane].source_valid, "xor outside mask", lane, r[lane].source_valid, 0);
  // A lane whose pval is false copies its own value: valid even if j would have been inactive.
  r = CudaShfl(Mode::kUp, id, 0x1u, 1, 32);
  Check(r[0].source_valid && !r[0].pred && r[0].value == 0u, "up lane 0 own", 0, r[0].value, 0);
}

inline void VoteMatchRedux() {
  // Lanes 0..15 participate (e.g. a 16-thread block); predicate true on even lanes and on lane 31.
  const std::uint32_t p = 0x0000ffffu, preds = 0x80005555u;
  Check(Ballot(p, preds) == 0x5555u, "ballot", 0, Ballot(p, preds), 0x5555);
  Check(Any(p, preds), "any", 0, Any(p, preds), 1);
  Check(!All(p, preds), "all", 0, All(p, preds), 0);
  Check(All(p, 0x0000ffffu), "all over participating only", 0, All(p, 0x0000ffffu), 1);
  Check(!Any(p, 0xffff0000u), "any ignores exited lanes", 0, Any(p, 0xffff0000u), 0);
  Check(Uni(p, 0u) && Uni(p, 0xffffu) && !Uni(p, 0x1u), "uni", 0, 0, 1);

  std::array<std::uint64_t, kWarpSize> v{};
  for (int lane = 0; lane < kWarpSize; ++lane) v[lane] = static_cast<std::uint64_t>(lane % 3);
  v[5] = 0x100000002ull;  // differs from 2 only above bit 31: a .b64 match must tell them apart
  const auto any = MatchAny(p, v);
  Check(any[0] == 0x9249u, "match.any lane 0", 0, any[0], 0x9249);    // lanes 0,3,6,9,12,15
  Check(any[2] == 0x4904u, "match.any lane 2", 2, any[2], 0x4904);    // lanes 2,8,11,14 (not 5)
  Check(any[5] == 0x20u, "match.any lane 5", 5, any[5], 0x20);
  Check(any[20] == 0u, "match.any non-participating", 20, any[20], 0);
  bool pred = true;
  auto all = MatchAll(p, v, &pred);
  Check(!pred && all[0] == 0u, "match.all differ", 0, all[0], 0);
  std::array<std::uint64_t, kWarpSize> same{};
  for (int lane = 0; lane < kWarpSize; ++lane) same[lane] = lane < 16 ? 7u : static_cast<std::uint64_t>(lane);
  all = MatchAll(p, same, &pred);
  Check(pred && all[3] == p, "match.all same (lanes outside ignored)", 3, all[3], p);

  std::array<std::uint32_t, kWarpSize> r{};
  for (int lane = 0; lane < kWarpSize; ++lane) r[lane] = static_cast<std::uint32_t>(31 - lane);
  Check(ReduxAdd(kFull, r) == 496u, "redux add", 0, ReduxAdd(kFull, r), 496);
  Check(ReduxAdd(p, r) == 376u, "redux add participating", 0, ReduxAdd(p, r), 376);  // 31+..+16
  r[3] = 0xffffffffu;  // -1 signed, UINT_MAX unsigned
  Check(ReduxMinS(p, r) == -1, "redux min s32", 0, ReduxMinS(p, r), -1);
  Check(ReduxMinU(p, r) == 16u, "redux min u32", 0, ReduxMinU(p, r), 16);
  Check(ReduxMaxU(p, r) == 0xffffffffu, "redux max u32", 0, ReduxMaxU(p, r), 0xffffffffll);
  Check(ReduxMaxS(p, r) == 31, "redux max s32", 0, ReduxMaxS(p, r), 31);
  std::array<std::uint32_t, kWarpSize> big{};
  big.fill(0x80000000u);
  Check(ReduxAdd(0x3u, big) == 0u, "redux add truncates", 0, ReduxAdd(0x3u, big), 0);
  std::array<std::uint32_t, kWarpSize> bits{};
  for (int lane = 0; lane < kWarpSize; ++lane) bits[lane] = (1u << lane) | 0x1u;
  Check(ReduxOr(p, bits) == 0xffffu, "redux or", 0, ReduxOr(p, bits), 0xffff);
  Check(ReduxAnd(p, bits) == 0x1u, "redux and", 0, ReduxAnd(p, bits), 1);
  Check(ReduxXor(0x7u, bits) == 0x7u, "redux xor", 0, ReduxXor(0x7u, bits), 7);  // 1^3^5 = 7
}

}  // namespace warpsafe::reference::selftest

int main() {
  using namespace warpsafe::reference::selftest;
  ScanWidth8();
  ButterflySum();
  Broadcast();
  PredicateFormScans();
  OperandEncoding();
  InactiveSource();
  VoteMatchRedux();
  if (failures != 0) {
    std::printf("ptx_reference self-check: %d failure(s)\n", failures);
    return 1;
  }
  std::printf("ptx_reference self-check: all passed\n");
  return 0;
}
#endif  // WARPSAFE_REFERENCE_SELFTEST
