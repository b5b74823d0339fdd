#include "report/defect_kind.h"

namespace warpsafe::engine {

// No default: a new kind must get its title here, or the build warns (-Wswitch).
const char* DefectTitle(DefectKind kind) {
  switch (kind) {
    case DefectKind::kNotInKernel: return "device built-in used in host code";
    case DefectKind::kCallerNotInMask: return "caller not named in its own mask";
    case DefectKind::kCollectiveMismatch: return "mismatched warp collective";
    case DefectKind::kShflInactiveSource: return "shuffle from inactive lane";
    case DefectKind::kBadShflWidth: return "invalid shuffle width";
    case DefectKind::kDivergentBarrier: return "divergent __syncthreads";
    case DefectKind::kDeadlock: return "deadlock";
    case DefectKind::kLivelock: return "livelock";
    case DefectKind::kHang: return "no progress (hang)";
    case DefectKind::kStackOverflow: return "stack overflow in GPU thread";
    case DefectKind::kIllegalAddress: return "illegal memory access in GPU thread";
    case DefectKind::kDivisionByZero: return "integer division by zero in GPU thread";
    case DefectKind::kDivisionOverflow: return "integer division overflow in GPU thread";
    case DefectKind::kShiftOutOfRange: return "shift count out of range in GPU thread";
    case DefectKind::kFloatConversionOutOfRange: return "float-to-integer conversion out of range in GPU thread";
    case DefectKind::kMissingReturn: return "function ended without returning a value";
    case DefectKind::kAbortInKernel: return "abort() called in GPU thread";
    case DefectKind::kExitInKernel: return "exit() called in GPU thread";
    case DefectKind::kUnsupported: return "unsupported by the engine";
    case DefectKind::kUnsupportedPtx: return "unsupported PTX";
    case DefectKind::kDataRace: return "data race";
    case DefectKind::kOutOfBounds: return "out-of-bounds access";
    case DefectKind::kUninitializedRead: return "read of uninitialized shared memory";
    case DefectKind::kUninitializedGlobalRead: return "read of uninitialized global memory";
    case DefectKind::kInvalidCopy: return "invalid memory copy";
    case DefectKind::kMisalignedAccess: return "misaligned memory access";
    case DefectKind::kConstantWrite: return "write to __constant__ memory";
    case DefectKind::kInvalidLocalAccess: return "invalid __local__ access";
    case DefectKind::kBarrierAfterExit: return "__syncthreads after part of the block exited";
    case DefectKind::kScheduleDependentFailure: return "schedule-dependent failure";
    case DefectKind::kNotValidBeforeVolta: return "not valid before Volta (sm_6x)";
    case DefectKind::kPartialGroupCollective: return "group collective reached by part of the group";
    case DefectKind::kGridSyncNotCooperative: return "grid.sync() in a launch that is not cooperative";
    case DefectKind::kGridSyncDeadlock: return "grid.sync() deadlock";
    case DefectKind::kBlocksNotResident: return "blocks wait for blocks that cannot be resident";
    case DefectKind::kFalseAssumption: return "__builtin_assume of a false condition";
    case DefectKind::kInvalidTextureFetch: return "invalid texture fetch";
    case DefectKind::kInvalidSurfaceAccess: return "invalid surface access";
    case DefectKind::kInvalidMatrixOperation: return "invalid warp matrix operation";
    case DefectKind::kUndefinedCondition: return "conditional node read an undefined handle";
  }
  return "unknown defect";
}

const char* DefectId(DefectKind kind) {
  switch (kind) {
    case DefectKind::kNotInKernel: return "not-in-kernel";
    case DefectKind::kCallerNotInMask: return "caller-not-in-mask";
    case DefectKind::kCollectiveMismatch: return "collective-mismatch";
    case DefectKind::kShflInactiveSource: return "shfl-inactive-source";
    case DefectKind::kBadShflWidth: return "shfl-bad-width";
    case DefectKind::kDivergentBarrier: return "divergent-barrier";
    case DefectKind::kDeadlock: return "deadlock";
    case DefectKind::kLivelock: return "livelock";
    case DefectKind::kHang: return "hang";
    case DefectKind::kStackOverflow: return "stack-overflow";
    case DefectKind::kIllegalAddress: return "illegal-address";
    case DefectKind::kDivisionByZero: return "division-by-zero";
    case DefectKind::kDivisionOverflow: return "division-overflow";
    case DefectKind::kShiftOutOfRange: return "shift-out-of-range";
    case DefectKind::kFloatConversionOutOfRange: return "float-conversion-out-of-range";
    case DefectKind::kMissingReturn: return "missing-return";
    case DefectKind::kAbortInKernel: return "abort-in-kernel";
    case DefectKind::kExitInKernel: return "exit-in-kernel";
    case DefectKind::kUnsupported: return "unsupported";
    case DefectKind::kUnsupportedPtx: return "unsupported-ptx";
    case DefectKind::kDataRace: return "data-race";
    case DefectKind::kOutOfBounds: return "out-of-bounds";
    case DefectKind::kUninitializedRead: return "uninitialized-shared-read";
    case DefectKind::kUninitializedGlobalRead: return "uninitialized-global-read";
    case DefectKind::kInvalidCopy: return "invalid-copy";
    case DefectKind::kMisalignedAccess: return "misaligned-access";
    case DefectKind::kConstantWrite: return "constant-write";
    case DefectKind::kInvalidLocalAccess: return "invalid-local-access";
    case DefectKind::kBarrierAfterExit: return "barrier-after-exit";
    case DefectKind::kScheduleDependentFailure: return "schedule-dependent-failure";
    case DefectKind::kNotValidBeforeVolta: return "not-valid-before-volta";
    case DefectKind::kPartialGroupCollective: return "partial-group-collective";
    case DefectKind::kGridSyncNotCooperative: return "grid-sync-not-cooperative";
    case DefectKind::kGridSyncDeadlock: return "grid-sync-deadlock";
    case DefectKind::kBlocksNotResident: return "blocks-not-resident";
    case DefectKind::kFalseAssumption: return "false-assumption";
    case DefectKind::kInvalidTextureFetch: return "invalid-texture-fetch";
    case DefectKind::kInvalidSurfaceAccess: return "invalid-surface-access";
    case DefectKind::kInvalidMatrixOperation: return "invalid-matrix-operation";
    case DefectKind::kUndefinedCondition: return "undefined-condition";
  }
  return "unknown";
}

}  // namespace warpsafe::engine
