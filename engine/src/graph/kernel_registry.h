// Kernel nodes built from cudaKernelNodeParams (and the untyped launches, runtime::LaunchByAddress)
// name their kernel by address and their arguments as an array of untyped pointers. Calling a
// kernel that way needs its parameter types, which only the kernel's declaration has: a kernel is
// callable from such an array once its typed form has been registered (RegisterKernelBinder): by the
// static the front end writes after each non-template kernel definition (kernel_registration.h),
// or by the typed runtime templates (runtime_templates.h). Internal to the engine.
#pragma once

#include "driver_types.h"
#include "graph/graph.h"

namespace warpsafe::engine::graph {

// Fills `launch` from the node's parameters: its spec, and a closure holding a copy of the
// arguments. cudaErrorInvalidDeviceFunction for a kernel whose typed form was never registered.
cudaError_t BindKernelNode(const cudaKernelNodeParams& params, KernelLaunch* launch);

}  // namespace warpsafe::engine::graph
