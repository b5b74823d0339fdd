// Every kind of defect the engine reports about a user's program. Each has a stable title: the
// first line of its report is `warpsafe: <title>`, which tests and users grep for.
#pragma once

namespace warpsafe::engine {

enum class DefectKind {
  kNotInKernel,         // a device intrinsic (__shfl_sync, __syncthreads, ...) called from host code
  kCallerNotInMask,     // a lane called a _sync intrinsic whose mask does not name it
  kCollectiveMismatch,  // lanes named in a mask wait at a different collective or with another mask
  kShflInactiveSource,  // a shuffle read from an exited, non-existent or non-participating lane
  kBadShflWidth,        // width not a power of two in [1, 32]
  kDivergentBarrier,    // one block's threads reached __syncthreads at different call sites
  kDeadlock,            // every live thread of a block is blocked
  kLivelock,            // a block made no progress within the step bound
  kHang,                // a lane ran past the time bound without reaching a scheduling point
  kStackOverflow,       // a GPU thread overflowed its stack
  kIllegalAddress,      // a GPU thread faulted on a memory access
  kDivisionByZero,      // a GPU thread divided an integer by zero (undefined; a GPU does not trap)
  kDivisionOverflow,    // a GPU thread divided the most negative integer by -1 (undefined)
  kShiftOutOfRange,     // a GPU thread shifted by a negative count or one not less than the width (undefined)
  kFloatConversionOutOfRange,  // a GPU thread converted a floating-point value its integer type cannot hold (undefined)
  kAbortInKernel,       // a GPU thread called abort() (or died of SIGABRT)
  kExitInKernel,        // a GPU thread called exit()
  kUnsupported,         // the program uses something this engine does not provide
  kUnsupportedPtx,      // inline PTX the engine cannot run (an instruction or form it does not implement)
  // Found by `warpsafe check` (instrumented builds):
  kDataRace,            // conflicting accesses with no happens-before between them
  kOutOfBounds,         // an access outside a cudaMalloc allocation or a __shared__ array
  kUninitializedRead,   // a read of shared memory no thread of the block wrote
  kUninitializedGlobalRead,  // a read of cudaMalloc memory that no copy, memset or kernel wrote
  kInvalidCopy,         // a cudaMemcpy/cudaMemset outside an allocation or against its pointers' direction
  kMisalignedAccess,    // a load or store at an address not a multiple of its type's alignment
  kConstantWrite,       // device code wrote __constant__ memory (read-only to kernels)
  kInvalidLocalAccess,  // an access past a GPU thread's local array (into its frame's guard zones)
  kBarrierAfterExit,    // (checked builds) a __syncthreads completed after part of the block had exited
  kScheduleDependentFailure,  // the program fails under some schedule but passes under lockstep
  kNotValidBeforeVolta,  // --arch sm_60: valid since Volta, not under Pascal's warp rules
  // Cooperative groups (docs/semantics/cg.md):
  kPartialGroupCollective,  // a group's collective completed without lanes of the group that exited
  kGridSyncNotCooperative,  // grid.sync() in a kernel not launched with cudaLaunchCooperativeKernel
  kGridSyncDeadlock,        // grid.sync() waits for a block of the cooperative grid that exited
  kBlocksNotResident,       // resident blocks wait for blocks the device cannot hold at once (docs/semantics/coresidency.md)
  kFalseAssumption,         // __builtin_assume(c) with c false (undefined)
  kInvalidTextureFetch,     // a texture fetch CUDA leaves undefined (docs/semantics/texture.md)
  kInvalidSurfaceAccess,    // a surface read or write CUDA leaves undefined (docs/semantics/surface.md)
  kInvalidMatrixOperation,  // a warp matrix (wmma) operation CUDA leaves undefined (docs/semantics/wmma.md)
  kUndefinedCondition,      // a conditional graph node read a handle with no value (docs/semantics/graphs.md)
  kMissingReturn,  // a function with a non-void return type ran to its end (docs/semantics/missing_return.md)
};

// The stable title, e.g. "shuffle from inactive lane".
const char* DefectTitle(DefectKind kind);
// A short machine name, e.g. "shfl-inactive-source" (SARIF rule id, test names).
const char* DefectId(DefectKind kind);

}  // namespace warpsafe::engine
