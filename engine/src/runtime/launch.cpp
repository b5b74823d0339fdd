// Launch(): validates a kernel launch as CUDA's runtime does, then hands the grid to the
// scheduler (RunGrid). The checks and their errors:
//  - a sticky error is set: nothing runs; the launch fails with it;
//  - a block dimension 0 or above maxThreadsDim, more than maxThreadsPerBlock threads, or a grid
//    dimension 0 or above maxGridSize: cudaErrorInvalidConfiguration ("a kernel launch is
//    requesting resources that can never be satisfied by the current device", CUDA Runtime API);
//  - more dynamic shared memory than the kernel's cudaFuncAttributeMaxDynamicSharedMemorySize
//    (48 KB until raised; func_attributes.h): cudaErrorInvalidValue. The enum's documentation
//    names cudaErrorInvalidConfiguration for too much shared memory, but drivers reject the
//    request in the launch's argument check with CUDA_ERROR_INVALID_VALUE / cudaErrorInvalidValue
//    ("invalid argument"): cupy/cupy#2118 (98304 bytes without opt-in), NVIDIA/numba-cuda-mlir#143
//    (49152 bytes plus static shared memory), and deepseek-ai/DeepJIT#15 (a launch above a lowered
//    attribute fails: the attribute, not 48 KB, is the limit);
//  - a stream that is not live: cudaErrorInvalidResourceHandle;
//  - a cooperative launch with more blocks than the device holds at once:
//    cudaErrorCooperativeLaunchTooLarge.
// On a stream being captured, a valid launch becomes a kernel node instead (graph/capture.h). A
// launch from device code runs after its parent's grid (runtime/child_launches.h).
// A failed check is recorded as the last error and the kernel does not run. A kernel that traps
// or fails an assert leaves its error sticky, as a GPU context is corrupted by one.
#include <string>

#include "cuda_runtime_api.h"
#include "graph/capture.h"
#include "race/api_checks.h"
#include "race/race.h"
#include "report/report.h"
#include "runtime/child_launches.h"
#include "runtime/device_limits.h"
#include "runtime/func_attributes.h"
#include "runtime/held_launch.h"
#include "runtime/runtime_call.h"
#include "runtime/streams.h"
#include "sched/grid.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine {
namespace runtime {
namespace {

thread_local cudaError_t tls_last_launch = cudaSuccess;

bool ValidBlock(const DeviceLimits& d, dim3 block) {
  if (block.x == 0 || block.y == 0 || block.z == 0) return false;
  if (block.x > static_cast<unsigned>(d.max_block_dim[0]) || block.y > static_cast<unsigned>(d.max_block_dim[1]) ||
      block.z > static_cast<unsigned>(d.max_block_dim[2])) {
    return false;
  }
  const unsigned long long threads = 1ull * block.x * block.y * block.z;
  return threads <= static_cast<unsigned long long>(d.max_threads_per_block);
}

bool ValidGrid(const DeviceLimits& d, dim3 grid) {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0) return false;
  return grid.x <= static_cast<unsigned>(d.max_grid_dim[0]) && grid.y <= static_cast<unsigned>(d.max_grid_dim[1]) &&
         grid.z <= static_cast<unsigned>(d.max_grid_dim[2]);
}

// A cooperative launch must fit on the device at once: at most the occupancy calculator's blocks
// per multiprocessor times the multiprocessors (docs/semantics/cg.md, CG-GRID-RESIDENT).
cudaError_t ValidateCooperative(const DeviceLimits& d, const LaunchSpec& spec) {
  int per_sm = 0;
  const int block = static_cast<int>(spec.block.x * spec.block.y * spec.block.z);
  // The key only selects the kernel's shared-memory attribute; cudaLaunchCooperativeKernel always
  // names its kernel, so a null key (any other key means "no attribute set") does not occur there.
  static const char kNoKernel = 0;
  const void* key = spec.kernel_key != nullptr ? spec.kernel_key : &kNoKernel;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, key, block, spec.dynamic_smem) != cudaSuccess) {
    return cudaErrorCooperativeLaunchTooLarge;
  }
  const unsigned long long blocks = 1ull * spec.grid.x * spec.grid.y * spec.grid.z;
  if (blocks > 1ull * static_cast<unsigned>(per_sm) * static_cast<unsigned>(d.multiprocessors)) {
    return cudaErrorCooperativeLaunchTooLarge;
  }
  if (blocks * static_cast<unsigned>(block) > kMaxResidentThreads) {
    Report(DefectKind::kUnsupported)
        .At(spec.site, "a cooperative launch of " + std::to_string(blocks) + " blocks of " + std::to_string(block) +
                           " threads")
        .Line("the device could hold it, but the engine keeps at most " + std::to_string(kMaxResidentThreads) +
              " threads of a cooperative launch resident at once (each needs its own stack): launch fewer blocks")
        .Emit();
  }
  return cudaSuccess;
}

// `from_device`: a launch made by device code, where the named streams of dynamic parallelism are
// valid and a cooperative launch is not (CUDA has none from device code).
cudaError_t Validate(const LaunchSpec& spec, bool from_device = false) {
  const DeviceLimits& d = CurrentDeviceLimits();
  if (!ValidBlock(d, spec.block) || !ValidGrid(d, spec.grid)) return cudaErrorInvalidConfiguration;
  if (spec.dynamic_smem > MaxDynamicSharedBytes(spec.kernel_key)) return cudaErrorInvalidValue;
  if (!(from_device && IsDeviceNamedStream(spec.stream)) && !IsValidStream(static_cast<cudaStream_t>(spec.stream))) {
    return cudaErrorInvalidResourceHandle;
  }
  if (spec.cooperative) return from_device ? cudaErrorNotSupported : ValidateCooperative(d, spec);
  return cudaSuccess;
}

// Which limit a refused launch broke, for `warpsafe check`'s listing (race/api_checks.h).
std::string WhyRejected(const LaunchSpec& spec) {
  const DeviceLimits& d = CurrentDeviceLimits();
  const dim3 b = spec.block;
  const dim3 g = spec.grid;
  auto dims = [](dim3 v) {
    return "(" + std::to_string(v.x) + "," + std::to_string(v.y) + "," + std::to_string(v.z) + ")";
  };
  if (b.x == 0 || b.y == 0 || b.z == 0) return "the block " + dims(b) + " has a zero dimension";
  if (g.x == 0 || g.y == 0 || g.z == 0) return "the grid " + dims(g) + " has a zero dimension";
  const unsigned long long threads = 1ull * b.x * b.y * b.z;
  if (threads > static_cast<unsigned long long>(d.max_threads_per_block)) {
    return "the block " + dims(b) + " has " + std::to_string(threads) + " threads, above maxThreadsPerBlock (" +
           std::to_string(d.max_threads_per_block) + ")";
  }
  if (!ValidBlock(d, b)) {
    return "the block " + dims(b) + " exceeds maxThreadsDim (" + std::to_string(d.max_block_dim[0]) + "," +
           std::to_string(d.max_block_dim[1]) + "," + std::to_string(d.max_block_dim[2]) + ")";
  }
  if (!ValidGrid(d, g)) {
    return "the grid " + dims(g) + " exceeds maxGridSize (" + std::to_string(d.max_grid_dim[0]) + "," +
           std::to_string(d.max_grid_dim[1]) + "," + std::to_string(d.max_grid_dim[2]) + ")";
  }
  if (spec.dynamic_smem > MaxDynamicSharedBytes(spec.kernel_key)) {
    return std::to_string(spec.dynamic_smem) + " bytes of dynamic shared memory, above the kernel's maximum (" +
           std::to_string(MaxDynamicSharedBytes(spec.kernel_key)) + ")";
  }
  return "the stream is not a live stream";
}

// A launch from device code (dynamic parallelism): validated as the host's are, then kept for after
// the parent's grid (runtime/child_launches.h). Device code's named streams are valid only here.
cudaError_t LaunchFromDevice(const LaunchSpec& spec, KernelEntry entry, void* closure, const ClosureOps* ops) {
  cudaError_t e = Validate(spec, /*from_device=*/true);
  if (e == cudaSuccess) e = QueueChildLaunch(spec, entry, closure, ops);
  return e == cudaSuccess ? cudaSuccess : Fail(e);
}

cudaError_t LaunchChecked(const LaunchSpec& spec, KernelEntry entry, void* closure, const ClosureOps* ops) {
  if (tls_lane != nullptr) return LaunchFromDevice(spec, entry, closure, ops);
  if (cudaError_t sticky = StickyError(); sticky != cudaSuccess) return sticky;
  LaunchValidation validating;
  if (cudaError_t e = Validate(spec); e != cudaSuccess) {
    if (race::Enabled()) race::LaunchRejected(spec.site, spec.kernel_name, e, WhyRejected(spec));
    return Fail(e);
  }
  if (const auto stream = static_cast<cudaStream_t>(spec.stream); graph::IsCapturing(stream)) {
    const cudaError_t e = graph::CaptureKernel(stream, spec, entry, closure, ops);
    return e == cudaSuccess ? cudaSuccess : Fail(e);
  }
  // Run now, or held back by `warpsafe check` to explore the order of unordered kernels (STREAM-7).
  const int result = IssueLaunch(GridSpec{spec.grid, spec.block, spec.dynamic_smem, entry, closure, spec.kernel_name,
                                          spec.site, spec.cooperative, spec.stream, spec.closure_size},
                                 spec.cooperative ? nullptr : ops);
  if (result != cudaSuccess) {
    SetStickyError(static_cast<cudaError_t>(result));
    return StickyError();
  }
  return cudaSuccess;
}

}  // namespace

cudaError_t LastLaunchResult() { return tls_last_launch; }

}  // namespace runtime

void Launch(const LaunchSpec& spec, KernelEntry entry, void* closure, const ClosureOps* ops) {
  runtime::tls_runtime_called = true;  // a <<<>>> launch binds the primary context, as any runtime call
  runtime::tls_last_launch = runtime::LaunchChecked(spec, entry, closure, ops);
}

}  // namespace warpsafe::engine
