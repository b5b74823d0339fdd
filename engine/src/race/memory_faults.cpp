// What a GPU faults on and the detector reports (detector.h): device code touching host memory
// (illegal memory access), loads and stores at addresses their type's alignment forbids
// (misaligned memory access, through the alignment check that checked builds compile in,
// cmake/WarpsafeCheck.cmake), stores into __constant__ variables, and accesses past a thread's
// local arrays. docs/semantics/memory_faults.md states the rules.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "graph/graph.h"
#include "race/detector.h"
#include "race/device_heap.h"
#include "race/host_origin.h"
#include "race/local_memory.h"
#include "race/race.h"
#include "race/symbolizer.h"
#include "report/report.h"
#include "sched/block.h"

namespace warpsafe::engine::race {
namespace {

// A kernel's parameters are read from the closure the launch stored them in (launch.h), on the
// launching thread's stack or heap. Its size comes with the launch; a launch that does not give it
// (none of the front end's) is taken to have CUDA's most, 32764 bytes of parameters, plus the body.
constexpr std::uintptr_t kLaunchClosureMaxBytes = 32 * 1024 + 4096;

std::string AccessWords(bool write, std::size_t size) {
  return std::string(write ? "write" : "read") + " of " + std::to_string(size) + " byte" + (size == 1 ? "" : "s");
}

}  // namespace

void Detector::AtPc(Report& report, Lane& lane, std::uintptr_t pc, const std::string& what, const char* no_debug) {
  if (SymbolizeReturnAddresses({pc})[0].file.empty()) {
    report.At(lane, lane.site, what + no_debug);
    return;
  }
  AtAccess(report, false, pc, &lane, nullptr, what);
}

void Detector::ForeignAccess(Lane& lane, std::uintptr_t a, std::size_t size, bool write, std::uintptr_t pc) {
  const GridSpec& spec = lane.block->spec();
  const auto closure = reinterpret_cast<std::uintptr_t>(spec.closure);
  if (a - closure < (spec.closure_size != 0 ? spec.closure_size : kLaunchClosureMaxBytes)) return;
  // A red zone of a block device code allocated (REDZONE-3): before the page cache, which holds the
  // device heap's pages as memory that is not the host's.
  std::uintptr_t block = 0;
  std::size_t block_size = 0;
  if (warpsafe_device_heap_redzone != nullptr && warpsafe_device_heap_redzone(a, size, &block, &block_size))
    ReportDeviceHeapOverrun(lane, a, size, write, pc, block, block_size);
  const std::uintptr_t page = a >> 12;
  std::uintptr_t& cached = foreign_pages_[page % kForeignPages];
  if (cached == page + 1) return;
  HostOrigin origin = ClassifyHostAddress(a);
  // The launching thread's stack below the launch is the engine's (the runtime's frames).
  if (origin == HostOrigin::kHostStack && a < launch_frame_) origin = HostOrigin::kNotHost;
  const bool freed_graph_memory = graph::InGraphAllocation(reinterpret_cast<const void*>(a));
  if (origin == HostOrigin::kNotHost && !freed_graph_memory) {
    cached = page + 1;
    return;
  }
  ReportHostMemory(lane, a, size, write, pc, origin, freed_graph_memory);
}

void Detector::ReportHostMemory(Lane& lane, std::uintptr_t a, std::size_t size, bool write, std::uintptr_t pc,
                                HostOrigin origin, bool freed_graph_memory) {
  FlushRace();
  EnsureBlock(*lane.block);
  Report report(DefectKind::kIllegalAddress);
  report.Where(lane.block->Describe(lane));
  const std::string who = " by " + DescribeThread(block_linear_, static_cast<std::uint16_t>(lane.tid));
  const std::string what = AccessWords(write, size) + who;
  if (pc == 0) {  // an atomic: the lane's site is its call
    report.At(lane, lane.site, "atomic of " + std::to_string(size) + " byte" + (size == 1 ? "" : "s") + who);
  } else {
    AtPc(report, lane, pc, what, " (after this scheduling point; no debug information for the access)");
  }
  if (freed_graph_memory) {
    // The engine keeps a freed graph allocation's memory for its graph's next launch (GRAPH-MEM-3).
    report.Line("the address is in a graph allocation (a memory alloc node, or cudaMallocAsync captured into a "
                "graph) that is freed: a memory free node, cudaFreeAsync or cudaFree released it, and its alloc "
                "node has not run again; using it is a use after free (docs/semantics/graph_memory.md, GRAPH-MEM-3)");
    report.Emit();
  }
  std::string where = std::string("the ") + HostOriginName(origin);
  DataSymbol sym;
  if (origin == HostOrigin::kHostGlobal && SymbolizeData(a, &sym)) {
    where = "host global `" + sym.name + "` (a namespace-scope variable of host code, " + std::to_string(sym.size) +
            (sym.size == 1 ? " byte" : " bytes") + ", at +" + std::to_string(a - sym.start) + ")";
  }
  report.Line("the address is in " + where +
              ", not device memory: a GPU cannot reach it and the kernel faults (cudaErrorIllegalAddress); give "
              "the kernel memory from cudaMalloc or cudaMallocManaged" +
              (origin == HostOrigin::kHostGlobal
                   ? std::string(", or declare the variable __device__ (or __managed__)")
                   : std::string(", or register the host memory (cudaHostRegister, cudaHostAlloc) and pass its "
                                 "device pointer")));
  report.Emit();
}

void Detector::ReportDeviceHeapOverrun(Lane& lane, std::uintptr_t a, std::size_t size, bool write, std::uintptr_t pc,
                                       std::uintptr_t block, std::size_t block_size) {
  FlushRace();
  EnsureBlock(*lane.block);
  Report report(DefectKind::kOutOfBounds);
  report.Where(lane.block->Describe(lane));
  const std::string what =
      AccessWords(write, size) + " by " + DescribeThread(block_linear_, static_cast<std::uint16_t>(lane.tid));
  AtPc(report, lane, pc, what, " (after this scheduling point; no debug information for the access)");
  const std::string heap_block = "a device-heap block of " + std::to_string(block_size) + " byte" +
                                 (block_size == 1 ? "" : "s") + " (malloc or new in device code)";
  if (a < block) {
    report.Line("global memory: " + std::to_string(block - a) + " bytes before the nearest allocation, " + heap_block);
  } else {
    report.Line("global memory: " + heap_block + ", " + std::to_string(a - block - block_size) +
                " bytes past its end");
  }
  report.Emit();
}

void Detector::ReportInvalidLocal(Lane& lane, std::uintptr_t a, std::size_t size, bool write, std::uintptr_t pc) {
  FlushRace();
  EnsureBlock(*lane.block);
  Report report(DefectKind::kInvalidLocalAccess);
  report.Where(lane.block->Describe(lane));
  const std::string what =
      AccessWords(write, size) + " by " + DescribeThread(block_linear_, static_cast<std::uint16_t>(lane.tid));
  AtPc(report, lane, pc, what, " (after this scheduling point)");
  const auto top = reinterpret_cast<std::uintptr_t>(lane.stack->top());
  const std::string local = DescribeLocalOverrun(a, top - lane.stack->usable());
  report.Line(local.empty() ? "local memory: outside every local variable of the thread's frame" : local);
  report.Line("an index past a local array's bounds: a GPU faults on it (compute-sanitizer calls it an invalid "
              "__local__ access); on the CPU it would overwrite the thread's other locals or its return address");
  report.Emit();
}

void Detector::ReportConstantWrite(Lane& lane, std::uintptr_t a, std::size_t size, std::uintptr_t pc,
                                   const Site* site) {
  FlushRace();
  EnsureBlock(*lane.block);
  Report report(DefectKind::kConstantWrite);
  report.Where(lane.block->Describe(lane));
  const std::string who = DescribeThread(block_linear_, static_cast<std::uint16_t>(lane.tid));
  if (site != nullptr) {
    report.At(lane, *site, "atomic of " + std::to_string(size) + " byte" + (size == 1 ? "" : "s") + " by " + who);
  } else {
    AtPc(report, lane, pc, AccessWords(true, size) + " by " + who, " (after this scheduling point)");
  }
  DataSymbol sym;
  if (SymbolizeData(a, &sym)) {
    report.Line("constant memory: __constant__ variable `" + sym.name + "`" + DeclaredAt(sym) + " (" +
                std::to_string(sym.size) + " bytes) at +" + std::to_string(a - sym.start));
  } else {
    report.Line("constant memory");
  }
  report.Line("__constant__ memory is read-only to kernels: only the host sets it (cudaMemcpyToSymbol, "
              "cudaMemcpyToSymbolAsync); use a __device__ variable or cudaMalloc memory for data a kernel writes");
  report.Emit();
}

void Detector::ReportMisaligned(Lane& lane, std::uintptr_t a, std::size_t alignment, bool write, const char* type,
                                Site site) {
  FlushRace();
  EnsureBlock(*lane.block);
  std::string memory;
  const auto top = reinterpret_cast<std::uintptr_t>(lane.stack->top());
  const GlobalRange* range = nullptr;
  if (a < top && a >= top - lane.stack->usable()) {
    memory = "local memory (a variable of the thread)";
  } else if (a - arena_ < arena_size_) {
    memory = DescribeMemory(Space::kShared, a, nullptr);
  } else if (MemoryMap::IsStatic(a)) {
    memory = DescribeMemory(Space::kGlobalStatic, a, nullptr);
  } else if ((range = GetMemoryMap().FindAllocation(a)) != nullptr) {
    memory = DescribeMemory(Space::kGlobalAllocation, a, range);
  } else {
    memory = "memory outside the device's (host memory)";
  }
  Report report(DefectKind::kMisalignedAccess);
  report.Where(lane.block->Describe(lane));
  report.At(lane, site,
            std::string(write ? "store" : "load") + " of " + type + " by " +
                DescribeThread(block_linear_, static_cast<std::uint16_t>(lane.tid)));
  report.Line("the address is " + std::to_string(a % alignment) + " byte" + (a % alignment == 1 ? "" : "s") +
              " past a multiple of " + std::to_string(alignment) + ", the type's alignment: a GPU loads and stores "
              "only naturally aligned data and the kernel faults (cudaErrorMisalignedAddress)");
  report.Line(memory);
  report.Emit();
}

}  // namespace warpsafe::engine::race

// The alignment check clang compiles in with -fsanitize=alignment (checked builds only) calls
// this when a typed access's address is not a multiple of the type's alignment. Its argument is
// the compiler's static description of the check: location, type, log2 of the alignment and what
// kind of use it is (0 load, 1 store, 3 member access, 4 member call; others bind references or
// convert pointers, which access nothing). Host code is left alone: the host tolerates it.
namespace {
struct CheckLocation {
  const char* file;
  std::uint32_t line;
  std::uint32_t column;
};
struct CheckedType {
  std::uint16_t kind;
  std::uint16_t info;
  char name[1];
};
struct AlignmentCheck {
  CheckLocation location;
  const CheckedType* type;
  unsigned char log_alignment;
  unsigned char use;
};

void OnMisaligned(const AlignmentCheck* check, std::uintptr_t pointer) {
  using namespace warpsafe::engine;
  const std::size_t alignment = std::size_t{1} << check->log_alignment;
  if (pointer == 0 || (pointer & (alignment - 1)) == 0) return;  // a null check, or aligned
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) return;
  const bool write = check->use == 1;
  if (check->use != 0 && check->use != 1 && check->use != 3 && check->use != 4) return;
  race::GetDetector().ReportMisaligned(*lane, pointer, alignment, write, check->type->name,
                                       Site{check->location.file, check->location.line, check->location.column});
}
}  // namespace

extern "C" void __ubsan_handle_type_mismatch_v1(const AlignmentCheck* check, std::uintptr_t pointer) {
  OnMisaligned(check, pointer);
}
extern "C" void __ubsan_handle_type_mismatch_v1_abort(const AlignmentCheck* check, std::uintptr_t pointer) {
  OnMisaligned(check, pointer);
}
