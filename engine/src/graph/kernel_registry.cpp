#include "graph/kernel_registry.h"

#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "warpsafe/engine/runtime_templates.h"

namespace warpsafe::engine {
namespace runtime {
namespace {

struct Registry {
  std::mutex mutex;
  std::unordered_map<const void*, KernelBinder> binders;
  std::unordered_map<const void*, const char*> names;
  std::unordered_map<const void*, const ParameterLayoutHead*> layouts;
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

void RegisterKernelName(const void* func, const char* name) {
  Registry& r = State();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.names.emplace(func, name);
}

void RegisterKernelLayout(const void* func, const ParameterLayoutHead* layout) {
  Registry& r = State();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.layouts.emplace(func, layout);
}

const ParameterLayoutHead* KernelLayout(const void* func) {
  Registry& r = State();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.layouts.find(func);
  return it != r.layouts.end() ? it->second : nullptr;
}

bool IsRegisteredKernel(const void* func) {
  Registry& r = State();
  std::lock_guard<std::mutex> lock(r.mutex);
  return r.binders.count(func) != 0;
}

void ForEachNamedKernel(void (*visit)(const void* func, const char* name, void* context), void* context) {
  std::vector<std::pair<const void*, const char*>> named;
  {
    Registry& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    named.assign(r.names.begin(), r.names.end());
  }
  for (const auto& [func, name] : named) visit(func, name, context);
}

const char* KernelNameOr(const void* func, const char* fallback) {
  Registry& r = State();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.names.find(func);
  return it != r.names.end() ? it->second : fallback;
}

cudaError_t BindKernel(const void* func, void** args, KernelEntry* entry, void** closure, const ClosureOps** ops) {
  KernelBinder binder = nullptr;
  {
    Registry& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.binders.find(func);
    if (it != r.binders.end()) binder = it->second;
  }
  if (binder == nullptr) return cudaErrorInvalidDeviceFunction;
  return binder(func, args, entry, closure, ops);
}

cudaError_t LaunchByAddress(const LaunchSpec& spec, void** args) {
  KernelEntry entry = nullptr;
  void* closure = nullptr;
  const ClosureOps* ops = nullptr;
  if (cudaError_t e = BindKernel(spec.kernel_key, args, &entry, &closure, &ops); e != cudaSuccess) return Fail(e);
  Launch(spec, entry, closure, ops);
  ops->destroy(closure);
  return LastLaunchResult();
}

}  // namespace runtime

namespace graph {

cudaError_t BindKernelNode(const cudaKernelNodeParams& params, KernelLaunch* launch) {
  launch->spec = LaunchSpec{params.gridDim, params.blockDim, params.sharedMemBytes, nullptr, params.func,
                            runtime::KernelNameOr(params.func, "a kernel node"), Site{"(graph)", 0}};
  return runtime::BindKernel(params.func, params.kernelParams, &launch->entry, &launch->closure, &launch->ops);
}

}  // namespace graph
}  // namespace warpsafe::engine
