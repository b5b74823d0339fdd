#include "stub_engine.h"

#include "warpsafe/engine/parameter_layout.h"

#include <cstdlib>
#include <map>
#include <memory>

namespace warpsafe::engine {

__thread const LaneView* tls_lane = nullptr;
// The built-in variables device code reads (warpsafe/engine/builtin_variables.h), set per lane.
__thread uint3 stub_thread_idx __asm__("threadIdx");
__thread uint3 stub_block_idx __asm__("blockIdx");
__thread dim3 stub_block_dim __asm__("blockDim");
__thread dim3 stub_grid_dim __asm__("gridDim");

namespace {
std::map<const void*, std::unique_ptr<unsigned char[]>> g_block_shared;  // this block's statics
std::vector<unsigned char> g_dynamic;
}  // namespace

void NotInKernel(const char*, Site) { std::abort(); }

// The launch's host-pointer note is the engine's; rewritten code only has to call it.
void NoteHostPointerArgument(const LaunchSpec&, unsigned, const volatile void*) {}
// A layout mismatch between the passes is the join's finding; snippets are compiled in one pass.
void ReportParameterLayoutMismatch(const LaunchSpec&, const ParameterLayoutHead&, const ParameterLayoutEntry&) {
  std::abort();
}

void Launch(const LaunchSpec& spec, KernelEntry entry, void* closure, const ClosureOps*) {
  stub::Launches().push_back(stub::RecordedLaunch{spec.grid, spec.block, spec.dynamic_smem, spec.stream,
                                                  spec.kernel_key, spec.kernel_name, spec.site.line});
  for (unsigned bz = 0; bz < spec.grid.z; ++bz)
    for (unsigned by = 0; by < spec.grid.y; ++by)
      for (unsigned bx = 0; bx < spec.grid.x; ++bx) {
        g_block_shared.clear();
        g_dynamic.assign(spec.dynamic_smem, 0);
        for (unsigned tz = 0; tz < spec.block.z; ++tz)
          for (unsigned ty = 0; ty < spec.block.y; ++ty)
            for (unsigned tx = 0; tx < spec.block.x; ++tx) {
              LaneView view{uint3{tx, ty, tz}, uint3{bx, by, bz}, spec.block, spec.grid};
              tls_lane = &view;
              stub_thread_idx = view.thread_idx;
              stub_block_idx = view.block_idx;
              stub_block_dim = view.block_dim;
              stub_grid_dim = view.grid_dim;
              entry(closure);
              tls_lane = nullptr;
            }
      }
}

void* StaticShared(const void* key, std::size_t size, std::size_t align, Site) {
  stub::SharedKeys().push_back(key);
  auto& slot = g_block_shared[key];
  if (!slot) {
    slot.reset(new unsigned char[size + align]());
  }
  const auto base = reinterpret_cast<std::uintptr_t>(slot.get());
  return reinterpret_cast<void*>((base + align - 1) / align * align);
}

void* DynamicShared(Site) { return g_dynamic.data(); }

// The stub lays shared memory out per key on first use: the registration has nothing to decide.
void RegisterStaticShared(const void*, std::size_t, std::size_t) {}

}  // namespace warpsafe::engine

namespace stub {
std::vector<RecordedLaunch>& Launches() {
  static std::vector<RecordedLaunch> launches;
  return launches;
}
std::vector<const void*>& SharedKeys() {
  static std::vector<const void*> keys;
  return keys;
}
std::vector<const void*>& RegisteredKernels() {
  static std::vector<const void*> kernels;
  return kernels;
}
}  // namespace stub
