// The address-space predicates of a generic address (__isGlobal, __isShared, __isLocal,
// __isConstant, __isGridConstant). On a GPU a generic address falls in one state space's window; on
// the engine every space is host memory, so the space is found from what holds the address: the
// runtime's allocation table or the program's static storage (global: cudaMalloc, managed and
// host-allocated memory, __device__ variables), the sections of __constant__ variables (constant),
// the calling block's shared-memory arena, or the calling lane's own stack (local: its automatic
// variables, less its copies of __grid_constant__ parameters, which are grid-constant).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "race/constant_memory.h"
#include "runtime/allocations.h"
#include "runtime/copy_checks.h"
#include "sched/block.h"
#include "sched/lane.h"
#include "warpsafe/engine/address_space.h"

namespace warpsafe::engine {

bool IsGlobalAddress(const void* p) {
  AllocationInfo info;
  // A __device__ variable is in the table only once a symbol copy has named it; until then it is
  // known as what it is in the CPU build, a global of the program (static storage).
  // A __constant__ variable is static storage too, but in the constant space, not the global one.
  return FindAllocation(p, &info) || (runtime::IsStaticStorage(p) && !IsConstantAddress(p));
}

bool IsSharedAddress(const void* p) {
  const Lane* self = CurrentLaneOrNull();
  return self != nullptr && self->block->HoldsShared(p);
}

bool IsLocalAddress(const void* p) {
  const Lane* self = CurrentLaneOrNull();
  if (self == nullptr || self->stack == nullptr) return false;
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  const auto top = reinterpret_cast<std::uintptr_t>(self->stack->top());
  return a < top && a >= top - self->stack->usable() && !IsGridConstantAddress(p);
}

bool IsConstantAddress(const void* p) {
  // Loaded on first use; the loading is guarded, since lanes of several workers may ask at once.
  static const race::ConstantMemory& constants = [] () -> const race::ConstantMemory& {
    race::ConstantMemory& memory = race::GetConstantMemory();
    memory.Load();
    return memory;
  }();
  return constants.Contains(reinterpret_cast<std::uintptr_t>(p));
}

namespace {

// The __grid_constant__ parameters of the kernels that this worker's lanes are running. A block
// runs on one worker from start to end, so a lane's marks are its worker's; the list holds one
// entry per such parameter of each running lane (a few), searched only by the predicates.
struct GridConstantRange {
  const Lane* lane;
  std::uintptr_t begin;
  std::uintptr_t end;
};
thread_local std::vector<GridConstantRange> t_grid_constants;

}  // namespace

bool IsGridConstantAddress(const void* p) {
  const Lane* self = CurrentLaneOrNull();
  if (self == nullptr) return false;
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  for (const GridConstantRange& r : t_grid_constants) {
    if (r.lane == self && a >= r.begin && a < r.end) return true;
  }
  return false;
}

GridConstantParameter::GridConstantParameter(const void* p, std::size_t size) : p_(p) {
  const Lane* self = CurrentLaneOrNull();
  if (self == nullptr) return;
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  t_grid_constants.push_back(GridConstantRange{self, a, a + size});
}

GridConstantParameter::~GridConstantParameter() {
  const Lane* self = CurrentLaneOrNull();
  const auto a = reinterpret_cast<std::uintptr_t>(p_);
  auto it = std::find_if(t_grid_constants.begin(), t_grid_constants.end(),
                         [&](const GridConstantRange& r) { return r.lane == self && r.begin == a; });
  if (it != t_grid_constants.end()) t_grid_constants.erase(it);
}

}  // namespace warpsafe::engine
