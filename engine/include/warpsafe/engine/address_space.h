// The engine's side of the address-space predicates that need more than an address: constant
// memory and `__grid_constant__` kernel parameters (device_functions.h has the predicates; the
// rules are ASPACE-1 in docs/semantics/device_code.md).
#pragma once

#include <cstddef>

namespace warpsafe::engine {

// Whether `p` is in a `__constant__` variable: each has a section of its own
// (`warpsafe_constant.N`, keywords.h), whose ranges are read once from the executable.
bool IsConstantAddress(const void* p);
// Whether `p` is in the calling GPU thread's copy of a `__grid_constant__` parameter of a kernel it
// is running (the objects below mark them).
bool IsGridConstantAddress(const void* p);

// Marks [p, p + size) as the calling thread's copy of a `__grid_constant__` kernel parameter for
// the object's lifetime. The front end puts one at the top of such a kernel's body
// (tools/warpsafe/frontend/grid_constant_parameters.h); outside a GPU thread it marks nothing.
class GridConstantParameter {
 public:
  GridConstantParameter(const void* p, std::size_t size);
  ~GridConstantParameter();
  GridConstantParameter(const GridConstantParameter&) = delete;
  GridConstantParameter& operator=(const GridConstantParameter&) = delete;

 private:
  const void* p_;
};

}  // namespace warpsafe::engine
