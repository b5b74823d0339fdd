// The detector's reports (report/report.h): a data race names both accesses, an out-of-bounds
// access and an uninitialised read name the access; all name the memory (address space,
// allocation or variable, offset). File:line comes from the symbolizer, run only here.
#include <cstdio>
#include <cstring>

#include "race/detector.h"
#include "race/stream_order.h"
#include "race/symbolizer.h"
#include "runtime/streams.h"
#include "report/report.h"
#include "report/user_frames.h"
#include "sched/block.h"

namespace warpsafe::engine::race {
namespace {

const char* SpaceName(Space space) {
  switch (space) {
    case Space::kShared: return "shared memory";
    case Space::kGlobalAllocation: return "global memory";
    case Space::kGlobalStatic: return "global memory";
  }
  return "memory";
}

// Reports never print a raw address: heap, stack and a position-independent executable move with
// address-space randomisation, and the same seed must give the same report byte for byte.
// Code and static data are named by their offset in the executable.
std::string ExecutableAddress(std::uintptr_t a) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "+0x%lx in the executable", static_cast<unsigned long>(ExecutableOffset(a)));
  return buf;
}

std::string Ordinal(std::uint64_t n) {
  const std::uint64_t tens = n % 100;
  const char* suffix = "th";
  if (tens < 11 || tens > 13) {
    if (n % 10 == 1) suffix = "st";
    if (n % 10 == 2) suffix = "nd";
    if (n % 10 == 3) suffix = "rd";
  }
  return std::to_string(n) + suffix;
}

// A Site that outlives the report (the symbolizer's strings are temporaries).
Site SiteOf(const CodeLocation& loc) { return Site{strdup(loc.file.c_str()), loc.line, 0}; }

std::string AccessWord(bool write, bool atomic, std::size_t size) {
  const char* what = atomic ? "atomic" : (write ? "write" : "read");
  return std::string(what) + " of " + std::to_string(size) + " byte" + (size == 1 ? "" : "s");
}

const char* AllocationName(AllocationKind kind) {
  switch (kind) {
    case AllocationKind::kDevice: return "cudaMalloc block";
    case AllocationKind::kManaged: return "cudaMallocManaged block";
    case AllocationKind::kPinnedHost: return "cudaMallocHost block";
    case AllocationKind::kRegisteredHost: return "cudaHostRegister range";
    case AllocationKind::kSymbol: return "__device__ variable";
  }
  return "allocation";
}


}  // namespace

std::string DescribeAllocation(const GlobalRange& range) {
  std::string text = std::string(AllocationName(range.kind)) + " of " + std::to_string(range.size) + " bytes";
  std::string origin;
  if (range.ordinal != 0) origin = "the program's " + Ordinal(range.ordinal) + " allocation";
  // The first caller that is the program's code: not a runtime entry point, an inline wrapper
  // of the runtime headers (cudaMalloc(T**), inlined into the program's function or not) or the
  // engine's own code (cudaMallocArray's cudaMalloc).
  bool found = false;
  for (const void* pc : range.callers.pc) {
    if (pc == nullptr || found) continue;
    for (const CodeLocation& loc : SymbolizeWithInlining(reinterpret_cast<std::uintptr_t>(pc))) {
      const bool runtime = loc.function.rfind("cuda", 0) == 0 || loc.file.find("/engine/include/") != std::string::npos ||
                           loc.file.find("/engine/src/") != std::string::npos;
      if (loc.file.empty() || runtime) continue;
      origin += (origin.empty() ? "made at " : ", made at ") + loc.file + ":" + std::to_string(loc.line);
      found = true;
      break;
    }
  }
  return origin.empty() ? text : text + " (" + origin + ")";
}

void Detector::AtAccess(Report& report, bool site_origin, std::uint64_t origin, const Lane* running,
                        const std::vector<std::uintptr_t>* calls, const std::string& what) {
  if (site_origin) {
    const Site& site = *reinterpret_cast<const Site*>(origin);
    auto kept = calls_of_.find(&site);
    if (kept != calls_of_.end()) {
      report.At(kept->second, site, what);
    } else if (calls != nullptr) {
      report.At(*calls, site, what);
    } else if (running != nullptr) {
      report.At(*running, site, what);
    } else {
      report.At(site, what);
    }
    return;
  }
  const std::vector<CodeLocation> frames = SymbolizeWithInlining(origin);
  if (frames.empty() || frames[0].file.empty()) {
    report.Line("at " + ExecutableAddress(origin) + " (no debug information): " + what);
    return;
  }
  const Site innermost = SiteOf(frames[0]);
  if (IsUserFile(innermost.file)) {
    report.At(innermost, what);
    return;
  }
  // A header's code inlined into the user's function: its caller is among the inlined frames.
  for (const CodeLocation& frame : frames) {
    if (frame.file.empty() || !IsUserFile(frame.file.c_str())) continue;
    report.At(SiteOf(frame), what + " (in " + FormatSite(innermost) + ")");
    return;
  }
  if (calls != nullptr) {
    report.At(*calls, innermost, what);
  } else if (running != nullptr) {
    report.At(*running, innermost, what);
  } else {
    report.At(innermost, what);
  }
}

std::string Detector::DescribeThread(std::uint32_t block, std::uint16_t tid) const {
  // A block of an earlier launch still in the shadow (launch_order.cpp) is named with its kernel.
  const LaunchInfo* launch = LaunchOfBlock(block);
  const dim3 g = launch != nullptr ? launch->grid : grid_dim_;
  const dim3 d = launch != nullptr ? launch->block : block_dim_;
  if (launch != nullptr) block -= launch->base;
  const uint3 b{block % g.x, (block / g.x) % g.y, block / (g.x * g.y)};
  const uint3 t{tid % d.x, (tid / d.x) % d.y, tid / (d.x * d.y)};
  std::string text = "block " + FormatDim(b) + ", thread " + FormatDim(t) + " (warp " + std::to_string(tid / 32) +
                     ", lane " + std::to_string(tid % 32) + ")";
  if (launches_.size() > 1 && launch != nullptr) {
    text += " of kernel " + std::string(launch->kernel != nullptr ? launch->kernel : "?") + " launched at " +
            FormatSite(launch->site) + " on " + GetStreamOrder().StreamName(launch->id);
  }
  return text;
}

std::string Detector::DescribeDeclaration(const SharedDeclaration& d) const {
  // A namespace-scope __shared__ variable is keyed by its proxy object, a symbol of its own: name it
  // by that symbol too. A declaration inside a function is keyed by a static local (a lambda's
  // `ws_k`), whose name has the function's in it, parentheses and all. The site is the user's
  // declaration when the front end wrote one (shared_proxy.h's tag), else the proxy's accessor in
  // the engine's header, which is left out.
  const bool in_engine = d.site.file != nullptr && std::strstr(d.site.file, "/engine/include/") != nullptr;
  DataSymbol sym;
  if (d.key != nullptr && MemoryMap::IsStatic(reinterpret_cast<std::uintptr_t>(d.key)) &&
      SymbolizeData(reinterpret_cast<std::uintptr_t>(d.key), &sym) && sym.name.find('(') == std::string::npos) {
    std::string text = "__shared__ variable `" + sym.name + "` (declared at namespace scope)";
    return in_engine ? text : text + " at " + FormatSite(d.site);
  }
  return "__shared__ declaration at " + FormatSite(d.site);
}

std::string Detector::DescribeDynamic() const {
  // The declaration's own line, unless only the engine's proxy accessor was seen (a namespace-scope
  // `extern __shared__` compiled without the front end's site tag).
  if (dynamic_site_.file == nullptr || std::strstr(dynamic_site_.file, "/engine/include/") != nullptr) {
    return "extern __shared__";
  }
  return "extern __shared__ declared at " + FormatSite(dynamic_site_);
}

std::string Detector::DescribeMemory(Space space, std::uintptr_t a, const GlobalRange* range) const {
  switch (space) {
    case Space::kShared: {
      const std::size_t offset = a - arena_;
      for (const SharedDeclaration& d : declarations_) {
        if (offset >= d.offset && offset < d.offset + d.size) {
          return "shared memory: " + DescribeDeclaration(d) + " (" + std::to_string(d.size) + " bytes) at +" +
                 std::to_string(offset - d.offset);
        }
      }
      const std::size_t dynamic = block_ != nullptr ? block_->spec().dynamic_smem : 0;
      if (offset < dynamic) {
        return "shared memory: dynamic shared memory (" + DescribeDynamic() + ", " + std::to_string(dynamic) +
               " bytes) at +" + std::to_string(offset);
      }
      // Outside every declaration: name the nearest one before it.
      const SharedDeclaration* before = nullptr;
      for (const SharedDeclaration& d : declarations_) {
        if (d.offset <= offset && (before == nullptr || d.offset > before->offset)) before = &d;
      }
      if (before != nullptr) {
        return "shared memory: " + std::to_string(offset - before->offset - before->size) +
               " bytes past the end of the " + DescribeDeclaration(*before) + " (" +
               std::to_string(before->size) + " bytes)";
      }
      if (offset >= dynamic) {
        return "shared memory: " + std::to_string(offset - dynamic) + " bytes past the end of dynamic shared memory (" +
               std::to_string(dynamic) + " bytes), the " + DescribeDynamic();
      }
      return "shared memory at offset " + std::to_string(offset);
    }
    case Space::kGlobalAllocation: {
      if (a < range->base) {
        // As compute-sanitizer words it: the distance to the block the access fell short of.
        return "global memory: " + std::to_string(range->base - a) + " bytes before the nearest allocation, a " +
               DescribeAllocation(*range);
      }
      const std::size_t offset = a - range->base;
      std::string text = "global memory: " + DescribeAllocation(*range);
      if (offset < range->size) return text + ", at +" + std::to_string(offset);
      return text + ", " + std::to_string(offset - range->size) + " bytes past its end";
    }
    case Space::kGlobalStatic: {
      DataSymbol sym;
      if (SymbolizeData(a, &sym)) {
        return "global memory: __device__ variable `" + sym.name + "`" + DeclaredAt(sym) + " (" +
               std::to_string(sym.size) + (sym.size == 1 ? " byte" : " bytes") + ") at +" +
               std::to_string(a - sym.start);
      }
      return "global memory: the program's static storage at " + ExecutableAddress(a);
    }
  }
  return "memory";
}

void Detector::ReportRace(Lane& lane, Space space, std::uintptr_t a, std::size_t size, const Who& who,
                          const Slot& previous, int same_value) {
  Report report(DefectKind::kDataRace);
  report.Line(std::string("in ") + SpaceName(space) + ", between two threads with no happens-before between them:");
  const bool prev_write = (previous.flags & Slot::kWrite) != 0;
  const bool prev_atomic = (previous.flags & Slot::kAtomic) != 0;
  // The access being checked is the running lane's own unless it was held (a plain store, PendingRace)
  // and another lane's call reports it.
  const Lane* running = CurrentLaneOrNull() == &lane ? &lane : nullptr;
  AtAccess(report, who.origin_flag != 0, who.origin, running, nullptr,
           AccessWord(who.write, who.atomic, size) + " by " + DescribeThread(who.block, who.tid));
  AtAccess(report, (previous.flags & Slot::kOriginIsSite) != 0, OriginOf(previous), nullptr, nullptr,
           "previous " +
               AccessWord(prev_write, prev_atomic, AccessBytes(previous)) +
               " by " + DescribeThread(previous.block, previous.tid));
  report.Line(DescribeMemory(space, a, GetMemoryMap().FindAllocation(a)));
  if (same_value == 1) {
    report.Line("both threads wrote the same value: still a data race, since nothing orders the writes and CUDA's "
                "memory model gives racing plain writes no defined result (MEM-2)");
  } else if (same_value == 0) {
    report.Line("the threads wrote different values: which one the memory keeps depends on the schedule");
  }
  // Why nothing orders them, and what would (docs/semantics.md).
  if (who.atomic && prev_atomic) {
    report.Line(std::string("both are atomic, but the ") +
                ((who.origin_flag & Slot::kNarrowScope) != 0 ? "first" : "previous") +
                " is block-scoped (atomic*_block, .cta, thread_scope_block): the scope is too narrow, it is atomic "
                "only with respect to threads of its own block, and these threads are in different blocks; use "
                "device scope (docs/semantics/scopes.md, SCOPE-1)");
  } else if (who.atomic || prev_atomic) {
    report.Line("one of them is atomic, the other is not: atomics do not order other accesses by themselves "
                "(docs/semantics.md, ATOMIC-1)");
  }
  if (previous.block != who.block && missed_site_ != nullptr &&
      missed_.Covers(previous.block, previous.tid, previous.epoch)) {
    report.At(*missed_site_, "the scope is too narrow: this block-scoped synchronisation (__threadfence_block, "
                               "atomic*_block, .cta, thread_scope_block) would order the two accesses, but it orders "
                               "only threads of one block; use device scope (__threadfence, atomic*) (docs/semantics/"
                               "scopes.md, SCOPE-2)");
  }
  const LaunchInfo* previous_launch = LaunchOfBlock(previous.block);
  const auto graph_node = [](const LaunchInfo* l) {
    return GetStreamOrder().StreamName(l->id) == "a graph node";
  };
  if (previous_launch != nullptr && previous_launch != &launches_.back() && graph_node(previous_launch) &&
      graph_node(&launches_.back())) {
    report.Line("the threads are in two kernel nodes of a graph that may run at the same time: no path of the "
                "graph's edges leads from the first node to the second; add the dependency (cudaGraphAddNode's or "
                "cudaGraphAddKernelNode's dependencies, cudaGraphAddDependencies, or the order of the captured "
                "stream) (docs/semantics/graph_capture.md, GRAPH-ORDER-1)");
  } else if (previous_launch != nullptr && previous_launch != &launches_.back()) {
    report.Line("the threads are in two kernels that may run at the same time: " +
                GetStreamOrder().StreamName(previous_launch->id) + " and " +
                GetStreamOrder().StreamName(launches_.back().id) +
                " are not ordered between the two launches; record an event after the first "
                "(cudaEventRecord) and make the second's stream wait for it (cudaStreamWaitEvent), or synchronize "
                "(docs/semantics/streams.md, STREAM-1, STREAM-2)");
  } else if (previous.block != who.block) {
    report.Line("the threads are in different blocks: only atomics with __threadfence() order them "
                "(release: fence then atomic write; acquire: atomic then fence; FENCE-1)");
  } else if (previous.tid / 32 == who.tid / 32) {
    report.Line("both threads are lanes of warp " + std::to_string(who.tid / 32) +
                ": no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative "
                "groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order "
                "memory: ITS-3, SYNCWARP-2, SYNC-ORDER)");
  } else {
    report.Line("the threads are in warps " + std::to_string(previous.tid / 32) + " and " +
                std::to_string(who.tid / 32) + " of one block: no __syncthreads() between the accesses (BAR-1)");
  }
  report.Where(lane.block->Describe(lane));
  report.Emit();
}

void Detector::ReportHostRace(std::uintptr_t a, std::size_t size, bool write, std::uintptr_t pc,
                              const Slot& kernel_access) {
  const std::vector<CodeLocation> locs = SymbolizeReturnAddresses({pc});
  Report report(DefectKind::kDataRace);
  report.Where("host code, after the launch of " + std::string(launch_kernel_ != nullptr ? launch_kernel_ : "a kernel") +
               " at " + FormatSite(launch_site_) + ", before anything waited for it");
  report.Line("between the host and a kernel it has not waited for:");
  const std::string host_what = AccessWord(write, false, size) + " by the host";
  if (!locs[0].file.empty()) {
    report.At(SiteOf(locs[0]), host_what);
  } else {
    report.Line("at " + ExecutableAddress(pc) + " (no debug information): " + host_what);
  }
  const bool k_write = (kernel_access.flags & Slot::kWrite) != 0;
  const bool k_atomic = (kernel_access.flags & Slot::kAtomic) != 0;
  const std::string kernel_what =
      AccessWord(k_write, k_atomic, AccessBytes(kernel_access)) + " by " +
      DescribeThread(kernel_access.block, kernel_access.tid) + " of the kernel";
  AtAccess(report, (kernel_access.flags & Slot::kOriginIsSite) != 0, OriginOf(kernel_access), nullptr, nullptr,
           kernel_what);
  const GlobalRange* range = GetMemoryMap().FindAllocation(a);
  report.Line(DescribeMemory(range != nullptr ? Space::kGlobalAllocation : Space::kGlobalStatic, a, range));
  report.Line("a launch returns before its kernel runs to the end: wait for it (cudaDeviceSynchronize, "
              "cudaStreamSynchronize, cudaEventSynchronize or a synchronous cudaMemcpy) before the host touches "
              "memory the kernel reads or writes (MEM-4)");
  report.Emit();
}

void Detector::ReportOutOfBounds(Lane& lane, Space space, std::uintptr_t a, std::size_t size, bool write,
                                 std::uintptr_t pc, const GlobalRange* range) {
  // An index computed from uninitialised shared memory is the likelier cause: report that first.
  // (A pending read of unwritten global memory is not: the out-of-bounds access comes first, as
  // reading cudaMalloc memory is a defect of the data, not of the addressing.)
  if (pending_uninitialized_.space == Space::kShared) FlushUninitialized();
  Report report(DefectKind::kOutOfBounds);
  const std::string what = AccessWord(write, pc == 0, size) + " by " +
                           DescribeThread(block_linear_, static_cast<std::uint16_t>(lane.tid));
  if (pc != 0) {
    AtAccess(report, false, pc, &lane, nullptr, what);
  } else {
    report.At(lane, lane.site, what);
  }
  report.Line(DescribeMemory(space, a, range));
  report.Where(lane.block->Describe(lane));
  report.Emit();
}

void Detector::ReportUninitialized() {
  const PendingRead read = pending_uninitialized_;
  pending_uninitialized_.lane = nullptr;
  Lane& lane = *read.lane;
  const bool shared = read.space == Space::kShared;
  Report report(shared ? DefectKind::kUninitializedRead : DefectKind::kUninitializedGlobalRead);
  const std::string what = AccessWord(false, false, read.size) + " by " +
                           DescribeThread(block_linear_, static_cast<std::uint16_t>(lane.tid)) +
                           (shared ? " of bytes no thread of the block had written"
                                   : " of bytes that no copy, memset or kernel had written");
  AtAccess(report, false, read.pc, nullptr, &read.calls, what);
  report.Line(DescribeMemory(read.space, read.address, read.range));
  if (shared) {
    report.Line("shared memory starts undefined in every block; write it (and __syncthreads()) before reading it");
  } else {
    report.Line("cudaMalloc memory starts undefined; copy or set it (cudaMemcpy, cudaMemset) or write it in a kernel "
                "before reading it (MEM-3)");
  }
  report.Where(lane.block->Describe(lane));
  report.Emit();
}

// ---- MEM-5: library calls ---------------------------------------------------------------------------

namespace {

// The program's line of a library call: the innermost caller outside the engine (a frame with a
// source file that is not one of the engine's own; an engine built without debug information has
// none).
bool ProgramCaller(const std::vector<std::uintptr_t>& callers, CodeLocation* out) {
  const std::vector<CodeLocation> locs = SymbolizeReturnAddresses(callers);
  // The user's own line first: work a graph node runs is called from the engine's graph code
  // through the standard library's headers, and the user's line is the graph's launch.
  for (const CodeLocation& loc : locs) {
    if (loc.file.empty() || loc.file == "??" || !IsUserFile(loc.file.c_str())) continue;
    *out = loc;
    return true;
  }
  for (const CodeLocation& loc : locs) {
    if (loc.file.empty() || loc.file == "??") continue;
    if (loc.file.find("engine/src/") != std::string::npos || loc.file.find("engine/include/") != std::string::npos)
      continue;
    *out = loc;
    return true;
  }
  return false;
}

void AtLibraryCall(Report& report, const std::vector<std::uintptr_t>& callers, const std::string& what) {
  CodeLocation loc;
  if (ProgramCaller(callers, &loc)) {
    report.At(SiteOf(loc), what);
  } else {
    report.Line(what);
  }
}

std::string LibraryWhat(const LibraryUse& use, std::size_t size) {
  if (use.copy) return AccessWord(use.write, false, size) + " of the " + use.operand + " by " + use.call;
  return AccessWord(use.write, false, size) + " of operand " + use.operand + " by " + use.call +
         (use.read && use.write ? " (read and written)" : "") +
         (use.order_key != nullptr ? ", captured into a node of the graph launched here" : "");
}

std::string CopyStream(const LibraryUse& use) {
  return GetStreamOrder().Name(use.stream, runtime::IsNonBlockingStream(use.stream));
}

constexpr const char* kOrderHint =
    "a library call is work on its stream, as a kernel is: order the two (the same stream, cudaStreamSynchronize, "
    "or an event and cudaStreamWaitEvent) (MEM-5)";
constexpr const char* kGraphOrderHint =
    "a library call captured into a graph is work of its node, as a kernel node is: add an edge between the two "
    "nodes (capture both on one stream, or join the streams with an event) (docs/semantics/graph_capture.md, "
    "GRAPH-ORDER-1)";
const char* OrderHint(const LibraryUse& use) {
  return use.order_key != nullptr ? kGraphOrderHint : kOrderHint;
}
constexpr const char* kCopyOrderHint =
    "a copy or memset is work on its stream, as a kernel is: order the two (the same stream, an event recorded "
    "after the first and cudaStreamWaitEvent before the second, or a host wait between them) "
    "(docs/semantics/streams.md, STREAM-6)";

}  // namespace

void Detector::ReportLibraryAfterKernel(const LibraryUse& use, const std::vector<std::uintptr_t>& callers,
                                        std::uintptr_t a, std::size_t size, const Slot& kernel_access) {
  Report report(DefectKind::kDataRace);
  if (use.copy) {
    // The kernel whose access it is: the last launch, or an earlier one the shadow still holds.
    const LaunchInfo* launch = LaunchOfBlock(kernel_access.block);
    if (launch == nullptr) launch = &launches_.back();
    report.Where(std::string(use.call) + " on " + CopyStream(use) + ", after the launch of " + launch->kernel +
                 " at " + FormatSite(launch->site) + " on " + GetStreamOrder().StreamName(launch->id) +
                 ", with nothing ordering the two");
    report.Line("between a copy and a kernel that may run at the same time:");
  } else if (use.order_key != nullptr) {
    report.Where(std::string(use.call) + " in a graph node, after the kernel node " +
                 (launch_kernel_ != nullptr ? launch_kernel_ : "a kernel") + " launched at " +
                 FormatSite(launch_site_) + ", with no edge ordering the two");
    report.Line("between a library call and a kernel it is not ordered with:");
  } else {
    report.Where(std::string(use.call) + ", after the launch of " +
                 (launch_kernel_ != nullptr ? launch_kernel_ : "a kernel") + " at " + FormatSite(launch_site_) +
                 " on another stream, with nothing ordering the two");
    report.Line("between a library call and a kernel it is not ordered with:");
  }
  AtLibraryCall(report, callers, LibraryWhat(use, size));
  const bool k_write = (kernel_access.flags & Slot::kWrite) != 0;
  const bool k_atomic = (kernel_access.flags & Slot::kAtomic) != 0;
  const std::string kernel_what =
      AccessWord(k_write, k_atomic, AccessBytes(kernel_access)) + " by " +
      DescribeThread(kernel_access.block, kernel_access.tid) + " of the kernel";
  AtAccess(report, (kernel_access.flags & Slot::kOriginIsSite) != 0, OriginOf(kernel_access), nullptr, nullptr,
           kernel_what);
  const GlobalRange* range = GetMemoryMap().FindAllocation(a);
  report.Line(DescribeMemory(range != nullptr ? Space::kGlobalAllocation : Space::kGlobalStatic, a, range));
  report.Line(use.copy ? kCopyOrderHint : OrderHint(use));
  report.Emit();
}

void Detector::ReportKernelAfterLibrary(Lane& lane, const LibraryRange& library, std::uintptr_t a, std::size_t size,
                                        bool write, std::uintptr_t pc) {
  Report report(DefectKind::kDataRace);
  if (library.use.copy) {
    report.Line("between a kernel on " + GetStreamOrder().StreamName(launches_.back().id) + " and a copy issued " +
                "before it on " + CopyStream(library.use) + ", with nothing ordering the two:");
  } else if (library.use.order_key != nullptr) {
    report.Line("between a kernel node and a library call of another node of the graph, with no edge ordering the "
                "two:");
  } else {
    report.Line("between a kernel and a library call issued before it to another stream, with nothing ordering the "
                "two:");
  }
  AtLibraryCall(report, library.callers,
                LibraryWhat(library.use, static_cast<std::size_t>(library.end - library.begin)));
  const std::string kernel_what =
      AccessWord(write, false, size) + " by " + DescribeThread(block_linear_, static_cast<std::uint16_t>(lane.tid));
  AtAccess(report, false, pc, &lane, nullptr, kernel_what);
  const GlobalRange* range = GetMemoryMap().FindAllocation(a);
  report.Line(DescribeMemory(range != nullptr ? Space::kGlobalAllocation : Space::kGlobalStatic, a, range));
  report.Line(library.use.copy ? kCopyOrderHint : OrderHint(library.use));
  report.Where(lane.block->Describe(lane));
  report.Emit();
}

void Detector::ReportLibraryUninitialized(const LibraryUse& use, const std::vector<std::uintptr_t>& callers,
                                          std::uintptr_t a, std::size_t size, const GlobalRange* range) {
  Report report(DefectKind::kUninitializedGlobalRead);
  report.Where(use.call);
  AtLibraryCall(report, callers,
                AccessWord(false, false, size) + " of operand " + use.operand + " by " + use.call +
                    ", none of whose bytes a copy, memset, kernel or library call had written");
  report.Line(DescribeMemory(Space::kGlobalAllocation, a, range));
  report.Line("cudaMalloc memory starts undefined; copy or set it (cudaMemcpy, cudaMemset) or write it in a kernel "
              "before a library call reads it (MEM-3, MEM-5)");
  report.Emit();
}

}  // namespace warpsafe::engine::race
