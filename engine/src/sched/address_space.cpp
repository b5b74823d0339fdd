// The address-space predicates of a generic address (__isGlobal, __isShared, __isLocal). On a GPU a
// generic address falls in one state space's window; on the engine every space is host memory, so
// the space is found from what holds the address: the runtime's allocation table or the program's
// static storage (global: cudaMalloc, managed and host-allocated memory, __device__ and __constant__
// variables), the calling block's shared-memory arena, or the calling lane's own stack (local: its
// automatic variables).
#include <cstdint>

#include "runtime/allocations.h"
#include "runtime/copy_checks.h"
#include "sched/block.h"
#include "sched/lane.h"

namespace warpsafe::engine {

bool IsGlobalAddress(const void* p) {
  AllocationInfo info;
  // A __device__ variable is in the table only once a symbol copy has named it; until then it is
  // known as what it is in the CPU build, a global of the program (static storage).
  return FindAllocation(p, &info) || runtime::IsStaticStorage(p);
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
  return a < top && a >= top - self->stack->usable();
}

}  // namespace warpsafe::engine
