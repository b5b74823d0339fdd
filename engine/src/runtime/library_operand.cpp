// The checks every math-library operand passes (library_operand.h).
#include "runtime/library_operand.h"

#include <cstdio>
#include <string>

#include "graph/library_capture.h"
#include "race/race.h"
#include "report/report.h"
#include "runtime/copy_checks.h"

namespace warpsafe::engine::runtime {

void LibraryOperand(const char* call, const char* operand, const void* p, std::size_t bytes, OperandUse use,
                    cudaStream_t stream) {
  if (bytes == 0) return;
  stream = graph::LibraryStream(stream);  // a captured call's work runs on its graph's launch stream
  if (CheckDeviceRange(p, bytes) == cudaSuccess) {
    if (race::Enabled())
      race::LibraryAccess(call, operand, p, bytes, use != OperandUse::kWrite, use != OperandUse::kRead, stream);
    return;
  }
  char range[96];
  std::snprintf(range, sizeof range, "[%p, +%zu bytes)", p, bytes);
  Report(DefectKind::kIllegalAddress)
      .Where(call)
      .AtCaller(std::string("operand ") + operand + " " + range +
                " is not device memory: a host pointer, or a range past the end of its allocation")
      .Emit();
}

}  // namespace warpsafe::engine::runtime
