// Kernels and device variables with internal linkage, given names the two passes can join.
//
// nvcc's two passes are joined by symbol (docs/architecture.md, "Two passes"): the host code's
// launches, `cudaMemcpyToSymbol` and `&var` reach the device pass's kernels and variables because
// both objects name them alike. An entity with internal linkage (`static __global__`, anything in
// an unnamed namespace) has a local symbol, which no other object can reach, so the host pass's
// own copy would run. The front end therefore gives such entities external linkage under a name
// that only this translation unit uses, as C++ itself describes an unnamed namespace (a unique
// name and a using-directive):
//
//   namespace { ... }                 ->  namespace U {} using namespace U; namespace U { ... }
//   static __global__ void k(int*);   ->  namespace U { __global__ void k(int*); } using namespace U;
//
// where U is `warpsafe_internal_<unit>`. Unqualified and qualified lookup find the entity as
// before. Every unnamed namespace of the unit is rewritten (its reopenings stay one namespace),
// since a type declared in one makes any kernel template instantiated with it, CCCL's included,
// internal as well; `static` is
// moved only on namespace-scope kernels (every declaration of a kernel name declared `static`) and
// `__device__`, `__constant__` and `__managed__` variables. Macro bodies are left as written.
#pragma once

#include <string_view>
#include <vector>

#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

// The edits, or none when the unit has nothing with internal linkage to join. `unit` is an
// identifier fragment unique to the translation unit (the same in both passes).
std::vector<Edit> GiveInternalEntitiesUnitNames(const TokenStream& ts, std::string_view unit);

}  // namespace warpsafe::frontend
