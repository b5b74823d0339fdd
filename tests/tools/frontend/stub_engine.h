// A stand-in for the engine, for compiling and running the front end's output in unit tests
// without the real engine: the real contract headers (keywords.h, launch.h, shared_proxy.h) over a
// Launch that runs every thread of every block one after the other on the calling thread, and
// shared memory kept per block. Enough to check that rewritten code compiles and that __shared__
// storage is shared within a block and distinct across declarations.
#pragma once

// Standard headers first: keywords.h defines __noinline__, which libstdc++ 12 spells in its own
// attributes (see the report on keywords.h).
#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "warpsafe/engine/keywords.h"
#include "warpsafe/engine/launch.h"
#include "warpsafe/engine/shared_proxy.h"

namespace stub {

struct RecordedLaunch {
  dim3 grid;
  dim3 block;
  std::size_t dynamic_smem;
  void* stream;
  const void* kernel_key;
  std::string kernel_name;
  unsigned line;
};

std::vector<RecordedLaunch>& Launches();
// The key of every StaticShared call, in order.
std::vector<const void*>& SharedKeys();
// The address of every kernel registered by the front end's static registrations, in order.
std::vector<const void*>& RegisteredKernels();

}  // namespace stub

// What the front end appends after each kernel definition (kernel_registration.h) calls this.
namespace warpsafe::engine::runtime {
template <class... Params>
const void* RegisterKernel(void (*func)(Params...), const char* /*name*/) {
  stub::RegisteredKernels().push_back(reinterpret_cast<const void*>(func));
  return reinterpret_cast<const void*>(func);
}
}  // namespace warpsafe::engine::runtime
