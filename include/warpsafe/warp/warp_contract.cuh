// WarpContract: what the caller of a warp collective (WarpScan, WarpReduce) promises about the
// threads that call it. A stronger promise lets the collective use a member mask the compiler
// knows at compile time, and so skip the run-time convergence check ptxas puts before a group of
// shuffles whose mask it cannot prove (`MATCH.ANY`/`REDUX.OR`/`VOTEU`/`BRA.DIV` in the SASS).
//
//  - kPartialWarps (default): every lane of the caller's logical warp that exists calls. Blocks
//    whose size is not a multiple of 32 are fine (the tail is a shorter logical warp), and each
//    logical warp of a hardware warp may call on its own, e.g. in a branch the others skip.
//    Member mask: the logical warp's existing lanes.
//  - kWholeWarps: as kPartialWarps, and every hardware warp is complete (the block's thread count
//    is a multiple of 32), the precondition of CUB's warp collectives. A 32-lane logical warp's
//    mask is then the literal 0xffffffff; a narrower one's still depends on the lane, as in CUB.
//  - kWholeWarpsCall: as kWholeWarps, and every logical warp of a hardware warp makes the same
//    calls (the same member functions, in the same order: all 32 lanes call, the case of code that
//    the whole block runs, such as a tile loop). The logical warps need not arrive together, and
//    may call from different branches: shfl.sync waits for every lane its mask names (PTX ISA,
//    sm_70 and later). Every width then shuffles under the literal 0xffffffff and keeps to its own
//    lanes with the shuffles' clamps, so a narrow logical warp runs with no convergence check, as
//    a 32-lane one does.
//
// Breaking a promise names, in a member mask, lanes that do not make the call: undefined on a GPU
// (a hang or garbage); `warpsafe run` and `warpsafe check` report it (mismatched collective, a
// shuffle naming an exited lane, or a deadlock, with the lanes and source lines).
#pragma once
#ifndef WARPSAFE_WARP_WARP_CONTRACT_CUH_
#define WARPSAFE_WARP_WARP_CONTRACT_CUH_

namespace warpsafe {

enum class WarpContract { kPartialWarps, kWholeWarps, kWholeWarpsCall };

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_WARP_CONTRACT_CUH_
