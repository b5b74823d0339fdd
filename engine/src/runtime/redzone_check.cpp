// REDZONE-4 (redzone_check.h): the red zones of the runtime's blocks looked at when a grid
// finishes and before a block is freed.
#include "runtime/redzone_check.h"

#include <string>

#include "race/memory_map.h"
#include "report/report.h"

namespace warpsafe::engine::runtime {
namespace {

// Where the first changed byte lies against the block ("4 bytes before the start of", "0 bytes
// past the end of"), in the words of the checker's out-of-bounds reports (REDZONE-1).
std::string Where(const DamagedRedzone& d) {
  const std::string block = DescribeBlock(d.info);
  if (d.offset < 0) return std::to_string(-d.offset) + " bytes before the start of the " + block;
  const std::size_t past = static_cast<std::size_t>(d.offset) - d.info.size;
  return std::to_string(past) + " bytes past the end of the " + block;
}

[[noreturn]] void Emit(Report& report, const DamagedRedzone& d) {
  report.Line("memory " + Where(d) + " was written: the byte there no longer holds what the runtime filled it with")
      .Line("on a GPU this write is undefined (it may go unnoticed or corrupt a neighbouring allocation); "
            "warpsafe check names the thread and the line that wrote it (REDZONE-4)")
      .Emit();
}

}  // namespace

std::string DescribeBlock(const AllocationInfo& info) {
  race::GlobalRange range{};
  range.base = reinterpret_cast<std::uintptr_t>(info.base);
  range.size = info.size;
  range.kind = info.kind;
  range.ordinal = info.ordinal;
  range.callers = info.callers;
  return race::DescribeAllocation(range);
}

void CheckRedzonesAfterGrid(const char* kernel_name, Site site) {
  DamagedRedzone d;
  if (!FindDamagedRedzone(kMaxCheckedBlocks, &d)) return;
  Report report(DefectKind::kOutOfBounds);
  report.At(site, std::string("found when the grid of ") + (kernel_name ? kernel_name : "a kernel") +
                      " launched here finished (written by it, or by host code or a copy since the grid before)");
  Emit(report, d);
}

void CheckRedzonesBeforeFree(const void* base, const char* call) {
  DamagedRedzone d;
  if (!RedzoneDamaged(base, &d)) return;
  Report report(DefectKind::kOutOfBounds);
  report.AtCaller(std::string("found by ") + call + " of the block");
  Emit(report, d);
}

}  // namespace warpsafe::engine::runtime
