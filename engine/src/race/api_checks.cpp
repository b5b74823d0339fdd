// api_checks.h: runtime errors, invalid copies and leaks of a checked program.
#include "race/api_checks.h"

#include <execinfo.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <utility>
#include <vector>

#include "race/memory_map.h"
#include "race/symbolizer.h"
#include "report/report.h"
#include "runtime/allocations.h"
#include "runtime/copy_checks.h"

extern "C" const char* cudaGetErrorName(cudaError_t error);

namespace warpsafe::engine::race {
namespace {

bool IsEngine(const CodeLocation& loc) {
  // The runtime's entry points, its inline wrappers in the engine's headers, and the engine itself.
  return loc.file.empty() || loc.function.rfind("cuda", 0) == 0 || loc.function.find("warpsafe::") != std::string::npos ||
         loc.file.find("/engine/include/") != std::string::npos || loc.file.find("/engine/src/") != std::string::npos;
}

struct CallSite {
  std::string api;        // the runtime function the program called ("" if unknown)
  CodeLocation where;     // the program's line ("" file if unknown)
  std::uintptr_t pc = 0;  // its return address (dedup key)
};

// The program's call into the runtime that led here: the first frame outside the engine, and the
// runtime function it called.
// A runtime API function's name (cudaMemcpy), or the driver API's (cuMemcpyDtoH), which calls it.
bool IsApiName(const std::string& f) {
  return f.rfind("cuda", 0) == 0 || (f.size() > 2 && f[0] == 'c' && f[1] == 'u' && f[2] >= 'A' && f[2] <= 'Z');
}

CallSite FindCallSite() {
  void* frames[24];
  const int n = backtrace(frames, 24);
  std::vector<std::uintptr_t> pcs;
  for (int i = 1; i < n; ++i) pcs.push_back(reinterpret_cast<std::uintptr_t>(frames[i]));
  const std::vector<CodeLocation> locs = SymbolizeReturnAddresses(pcs);
  CallSite site;
  for (std::size_t i = 0; i < locs.size(); ++i) {
    if (IsApiName(locs[i].function)) site.api = locs[i].function;  // the outermost: a driver call's own name
    const bool header = locs[i].file.find("/engine/include/") != std::string::npos;
    if (IsEngine(locs[i]) && !header) continue;
    // The program's frame (or a runtime header wrapper inlined into it): its outermost line that
    // is the program's own.
    for (const CodeLocation& loc : SymbolizeWithInlining(pcs[i])) {
      if (IsApiName(loc.function) && site.api.empty()) site.api = loc.function;
      if (!IsEngine(loc)) {
        site.where = loc;
        site.pc = pcs[i];
        // The runtime function it called: the target of the direct call (e8 rel32) that ends at
        // the return address. (The runtime's own frames may be gone: it tail-calls its error path.)
        if (site.api.empty()) {
          const auto* call = reinterpret_cast<const unsigned char*>(pcs[i] - 5);
          if (call[0] == 0xe8) {
            std::int32_t rel;
            std::memcpy(&rel, call + 1, sizeof rel);
            const std::uintptr_t target = pcs[i] + static_cast<std::intptr_t>(rel);
            const std::vector<CodeLocation> callee = SymbolizeWithInlining(target + 1);
            if (!callee.empty()) site.api = callee.back().function;
          }
        }
        return site;
      }
    }
  }
  return site;
}

std::string Where(const CodeLocation& loc) {
  return loc.file.empty() ? std::string("an unknown line") : loc.file + ":" + std::to_string(loc.line);
}

std::mutex g_mutex;
std::set<std::pair<std::uintptr_t, int>> g_listed;
thread_local bool t_launch_described = false;

// Keeps only the name: "cudaMemcpy(void*, ...)" -> "cudaMemcpy".
std::string ApiName(std::string api) {
  const std::size_t paren = api.find('(');
  if (paren != std::string::npos) api.resize(paren);
  return api.empty() ? std::string("a runtime call") : api;
}

}  // namespace

void ApiFailed(cudaError_t error) {
  // Not an error: the asynchronous work is still running (cudaStreamQuery, cudaEventQuery).
  if (error == cudaErrorNotReady) return;
  if (t_launch_described) {
    t_launch_described = false;  // LaunchRejected said it, with the limit
    return;
  }
  const CallSite site = FindCallSite();
  std::lock_guard<std::mutex> lock(g_mutex);
  if (!g_listed.insert({site.pc, static_cast<int>(error)}).second) return;
  std::fprintf(stderr, "warpsafe note: %s returned %s at %s\n", ApiName(site.api).c_str(), cudaGetErrorName(error),
               Where(site.where).c_str());
}

void LaunchRejected(Site site, const char* kernel, cudaError_t error, const std::string& why) {
  std::lock_guard<std::mutex> lock(g_mutex);
  t_launch_described = true;
  if (!g_listed.insert({reinterpret_cast<std::uintptr_t>(site.file) * 131 + site.line, static_cast<int>(error)})
           .second) {
    return;
  }
  std::fprintf(stderr, "warpsafe note: the launch of %s at %s failed with %s: %s\n", kernel ? kernel : "a kernel",
               FormatSite(site).c_str(), cudaGetErrorName(error), why.c_str());
}

namespace {

const char* KindName(int kind) {
  switch (kind) {
    case cudaMemcpyHostToHost: return "cudaMemcpyHostToHost";
    case cudaMemcpyHostToDevice: return "cudaMemcpyHostToDevice";
    case cudaMemcpyDeviceToHost: return "cudaMemcpyDeviceToHost";
    case cudaMemcpyDeviceToDevice: return "cudaMemcpyDeviceToDevice";
    case cudaMemcpyDefault: return "cudaMemcpyDefault";
    default: return "an unknown direction";
  }
}

bool IsDevice(const void* p) {
  AllocationInfo info;
  if (FindAllocation(p, &info)) return true;
  return runtime::IsStaticStorage(p);
}

// What is wrong with one side of a copy.
std::string DescribeSide(const char* role, const void* p, std::size_t count, bool device_side) {
  if (runtime::CheckCopySide(p, count, device_side) == cudaSuccess) return "";
  if (p == nullptr) return std::string("the ") + role + " is a null pointer";
  const GlobalRange* range = GetMemoryMap().FindAllocation(reinterpret_cast<std::uintptr_t>(p));
  AllocationInfo info;
  if (FindAllocation(p, &info) && range != nullptr) {
    const std::size_t offset = static_cast<std::size_t>(static_cast<const char*>(p) - static_cast<const char*>(info.base));
    return std::string("the ") + role + " range of " + std::to_string(count) + " bytes starts at +" +
           std::to_string(offset) + " of a " + DescribeAllocation(*range) + " and runs " +
           std::to_string(offset + count - info.size) + " bytes past its end";
  }
  return std::string("the ") + role + " is not device memory (a host pointer: not from cudaMalloc, cudaMallocManaged, " +
         "cudaMallocHost/cudaHostAlloc, cudaHostRegister or a __device__ variable)";
}

}  // namespace

void InvalidCopy(void* dst, const void* src, std::size_t count, int kind, cudaError_t error) {
  const CallSite site = FindCallSite();
  const bool fill = src == nullptr;
  bool dst_device = fill;
  bool src_device = false;
  if (kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice) dst_device = true;
  if (kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice) src_device = true;
  Report report(DefectKind::kInvalidCopy);
  std::string what = ApiName(site.api) + " of " + std::to_string(count) + " bytes";
  if (!fill) what += std::string(", ") + KindName(kind);
  what += std::string(", returned ") + cudaGetErrorName(error);
  if (!site.where.file.empty()) {
    report.At(Site{strdup(site.where.file.c_str()), site.where.line, 0}, what);
  } else {
    report.Line(what);
  }
  if (error == cudaErrorInvalidMemcpyDirection) {
    report.Line("the direction is not a cudaMemcpyKind");
  } else {
    for (const std::string& line : {DescribeSide("destination", dst, count, dst_device),
                                    fill ? std::string() : DescribeSide("source", src, count, src_device)}) {
      if (!line.empty()) report.Line(line);
    }
    if (!fill && kind != cudaMemcpyDefault && kind != cudaMemcpyHostToHost && dst_device != src_device &&
        IsDevice(dst_device ? src : dst) && !IsDevice(dst_device ? dst : src)) {
      report.Line(std::string("the pointers go the other way: is the direction (") + KindName(kind) +
                  ") or the order of destination and source swapped?");
    }
  }
  report.Line("on a GPU nothing is copied; a program that ignores the error computes with stale data (API-2)");
  report.Emit();
}

void ListLeaksAtExit() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::atexit([] {
      // In the order the program allocated them, which, unlike their addresses, is the same in
      // every run and on every machine.
      std::vector<const GlobalRange*> leaks;
      for (const GlobalRange& r : GetMemoryMap().ranges()) {
        if (r.kind != AllocationKind::kDevice && r.kind != AllocationKind::kManaged &&
            r.kind != AllocationKind::kPinnedHost) {
          continue;
        }
        leaks.push_back(&r);
      }
      std::sort(leaks.begin(), leaks.end(),
                [](const GlobalRange* a, const GlobalRange* b) { return a->ordinal < b->ordinal; });
      for (const GlobalRange* r : leaks)
        std::fprintf(stderr, "warpsafe note: leak: %s was never freed\n", DescribeAllocation(*r).c_str());
    });
  });
}

}  // namespace warpsafe::engine::race
