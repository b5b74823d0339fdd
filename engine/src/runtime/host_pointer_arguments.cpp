// api.h, NoteHostPointerArgument: what `warpsafe run` can see of DEVMEM-1 without testing every
// access (docs/semantics/memory_faults.md). Two cheap tests per pointer argument and launch: the
// break heap (from the end of the executable's data to the current break; large blocks the C
// allocator maps on their own are not seen) and the calling thread's stack.
#include <pthread.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <set>
#include <tuple>

#include "graph/graph.h"
#include "report/report.h"
#include "runtime/allocations.h"
#include "warpsafe/engine/api.h"

extern "C" char _end[];

namespace warpsafe::engine {
namespace {

struct StackBounds {
  std::uintptr_t low = 0;
  std::uintptr_t high = 0;
};

StackBounds ThisThreadStack() {
  thread_local const StackBounds bounds = [] {
    StackBounds b;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return b;
    void* low = nullptr;
    std::size_t size = 0;
    if (pthread_attr_getstack(&attr, &low, &size) == 0) {
      b.low = reinterpret_cast<std::uintptr_t>(low);
      b.high = b.low + size;
    }
    pthread_attr_destroy(&attr);
    return b;
  }();
  return bounds;
}

}  // namespace

void NoteHostPointerArgument(const LaunchSpec& spec, unsigned index, const volatile void* pointer) {
  if (pointer == nullptr || tls_lane != nullptr) return;
  const void* p = const_cast<const void*>(pointer);
  AllocationInfo info;
  if (FindAllocation(p, &info)) return;  // device, managed, pinned or registered memory
  // A graph allocation between its free and its alloc node's next run (a launch being captured
  // names it before the graph runs): device memory, whose uses `warpsafe check` judges.
  if (graph::InGraphAllocation(p)) return;
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  const char* where = nullptr;
  if (a >= reinterpret_cast<std::uintptr_t>(_end) && a < reinterpret_cast<std::uintptr_t>(sbrk(0))) {
    where = "the host heap (malloc or new)";
  } else if (const StackBounds s = ThisThreadStack(); a >= s.low && a < s.high) {
    where = "the host stack (a local variable)";
  }
  if (where == nullptr) return;
  static std::mutex mutex;
  static std::set<std::tuple<const char*, unsigned, unsigned, unsigned>> listed;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!listed.emplace(spec.site.file, spec.site.line, spec.site.column, index).second) return;
  }
  std::fprintf(stderr,
               "warpsafe note: argument %u of %s, launched at %s, points into %s: on a GPU a kernel cannot "
               "reach it (warpsafe check reports the access)\n",
               index + 1, spec.kernel_name != nullptr ? spec.kernel_name : "the kernel", FormatSite(spec.site).c_str(),
               where);
}

}  // namespace warpsafe::engine
