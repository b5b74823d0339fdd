// Launches made by running kernels: CUDA dynamic parallelism as CUDA 12 defines it (CDP2;
// docs/semantics/dynamic_parallelism.md). A kernel that launches a kernel does not wait for it (CDP2
// has no device-side wait), and its grid is complete only when every grid it launched, directly or
// through its children, is complete. The engine keeps each device-side launch, with a copy of its
// arguments, in the family of the grid the host launched, and runs the family's grids one after
// another once the host's grid has finished: first the ordinary launches in the order they were
// made (children of children join the end), then the tail launches (cudaStreamTailLaunch), which
// CUDA runs only after their parent and its other work. Every order this gives is one a GPU may
// take: a child may start any time after its launch, grids on different streams are unordered, and
// grids on one stream keep their order. A parent that waits for its child (a spin on a flag the
// child sets) would wait forever on a GPU too when the child cannot start, and is reported as a
// hang here.
//
// Internal to the engine; called from the launch path (runtime/launch.cpp, runtime/held_launch.cpp).
#pragma once

#include "driver_types.h"
#include "sched/grid.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine::runtime {

// Records a launch made by the calling GPU thread for its family (the configuration has been
// validated). Returns cudaSuccess, or the error CUDA gives when the nesting depth (24) would be
// exceeded. `ops` copies the closure; null (a launch form without a copy) is reported unsupported.
cudaError_t QueueChildLaunch(const LaunchSpec& spec, KernelEntry entry, void* closure, const ClosureOps* ops);

// Runs a grid launched by the host and then every grid its threads launched, in the order above.
// Returns the first non-zero RunGrid result (a grid after a failed one does not run, as a GPU's
// context is lost with the first fault).
// When the host's grid parks (spec.may_park; sched/grid.h), returns kGridParked and keeps the
// family: ResumeGridAndChildren resumes the grid and then runs its children, with the same result.
int RunGridAndChildren(const GridSpec& spec);
int ResumeGridAndChildren(bool may_park);

// Whether `stream` is one of device code's named streams (cudaStreamTailLaunch,
// cudaStreamFireAndForget), valid only for launches from device code.
bool IsDeviceNamedStream(const void* stream);

}  // namespace warpsafe::engine::runtime
