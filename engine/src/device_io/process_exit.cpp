// exit() and abort() called from a GPU thread. Neither exists in device code (nvcc rejects a call
// to either: they are host functions), and on the engine they would end the process from inside a
// fiber: exit() would run the thread's thread_local destructors under the running block and then
// fault, reported as an illegal memory access, which is not what happened. Both are reported as
// what they are, at the caller's line. In host code they are the C library's. Linked with
// --wrap=exit and --wrap=abort (cmake/Warpsafe.cmake, engine/CMakeLists.txt).
#include <cstdint>
#include <string>

#include "fiber/fault_handler.h"
#include "report/report.h"
#include "sched/block.h"

using warpsafe::engine::CurrentLaneOrNull;
using warpsafe::engine::DefectKind;
using warpsafe::engine::Lane;
using warpsafe::engine::Report;

namespace {

[[noreturn]] void ReportCall(DefectKind kind, Lane& lane, std::uintptr_t return_address, const std::string& what,
                             const std::string& detail) {
  Report report(kind);
  report.Where(lane.block->Describe(lane));
  // The call instruction ends one byte before the return address.
  const std::string line = warpsafe::engine::CodeLineAt(return_address - 1);
  if (!line.empty()) {
    report.Line("at " + line + ": " + what);
  } else {
    report.At(lane, lane.site, "last scheduling point before " + what);
  }
  report.Line(detail).Emit();
}

}  // namespace

extern "C" {
[[noreturn]] void __real_exit(int status);
[[noreturn]] void __real_abort();

[[noreturn]] void __wrap_exit(int status) {
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) __real_exit(status);
  ReportCall(DefectKind::kExitInKernel, *lane, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)),
             "exit(" + std::to_string(status) + ")",
             "the kernel called exit(), a host function that device code cannot call; to end a kernel early, "
             "return from it (or use __trap() or a failed assert to fail the launch)");
}

[[noreturn]] void __wrap_abort() {
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) __real_abort();
  ReportCall(DefectKind::kAbortInKernel, *lane, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)),
             "abort()",
             "the kernel called abort(), a host function that device code cannot call; to fail the launch, use "
             "__trap() or assert");
}
}
