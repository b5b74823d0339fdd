#include "graph/kernel_registry.h"

#include <mutex>
#include <unordered_map>

#include "warpsafe/engine/runtime_templates.h"

namespace warpsafe::engine {
namespace runtime {
namespace {

struct Registry {
  std::mutex mutex;
  std::unordered_map<const void*, KernelBinder> binders;
};

Registry& State() {
  static auto* state = new Registry();  // outlives static destructors
  return *state;
}

}  // namespace

void RegisterKernelBinder(const void* func, KernelBinder binder) {
  Registry& r = State();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.binders.emplace(func, binder);
}

}  // namespace runtime

namespace graph {

cudaError_t BindKernelNode(const cudaKernelNodeParams& params, KernelLaunch* launch) {
  runtime::KernelBinder binder = nullptr;
  {
    runtime::Registry& r = runtime::State();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.binders.find(params.func);
    if (it != r.binders.end()) binder = it->second;
  }
  if (binder == nullptr) return cudaErrorInvalidDeviceFunction;
  launch->spec = LaunchSpec{params.gridDim, params.blockDim, params.sharedMemBytes, nullptr, params.func,
                            "a kernel node", Site{"(graph)", 0}};
  return binder(params.func, params.kernelParams, &launch->entry, &launch->closure, &launch->ops);
}

}  // namespace graph
}  // namespace warpsafe::engine
