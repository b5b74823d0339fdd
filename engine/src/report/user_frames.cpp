// Which code is the user's, and where a GPU thread is in it (user_frames.h).
#include "report/user_frames.h"

#include <execinfo.h>
#include <link.h>
#include <sys/stat.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>

#include "fiber/stack.h"
#include "fiber/unwind.h"
#include "race/symbolizer.h"
#include "report/report.h"
#include "sched/lane.h"

namespace warpsafe::engine {
namespace {

// The engine's own tree (its sources and headers), from where this file was compiled.
std::string EngineRoot() {
  std::string here = __FILE__;  // <engine>/src/report/user_frames.cpp
  const std::size_t cut = here.rfind("/src/report/");
  return cut == std::string::npos ? std::string() : here.substr(0, cut + 1);
}

bool StartsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }
bool Contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

// Whether `dir` is the root of the engine's CUDA headers (it holds warpsafe/engine/api.h), as an
// installed engine's <cooperative_groups.h> or <cuda_runtime.h> sits. Cached per directory.
bool IsEngineIncludeRoot(const std::string& dir) {
  static std::mutex mutex;
  static auto* known = new std::unordered_map<std::string, bool>();  // outlives static destructors
  std::lock_guard<std::mutex> lock(mutex);
  auto it = known->find(dir);
  if (it != known->end()) return it->second;
  struct stat st;
  const bool root = stat((dir + "/warpsafe/engine/api.h").c_str(), &st) == 0;
  (*known)[dir] = root;
  return root;
}

// The executable's code: the first object dl_iterate_phdr visits is the program itself, and the
// engine is linked into it statically.
struct CodeRange {
  std::uintptr_t begin = 0, end = 0;
  bool Holds(std::uintptr_t a) const { return a >= begin && a < end; }
};

CodeRange ExecutableCode() {
  static const CodeRange range = [] {
    CodeRange r;
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* data) {
          auto* out = static_cast<CodeRange*>(data);
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const ElfW(Phdr)& ph = info->dlpi_phdr[i];
            if (ph.p_type != PT_LOAD || (ph.p_flags & PF_X) == 0) continue;
            const std::uintptr_t b = info->dlpi_addr + ph.p_vaddr;
            if (out->begin == 0 || b < out->begin) out->begin = b;
            if (b + ph.p_memsz > out->end) out->end = b + ph.p_memsz;
          }
          return 1;
        },
        &r);
    return r;
  }();
  return range;
}

// Whether the instruction that ends at `a` is a call (x86-64: call rel32, or call through a
// register or memory operand, opcode FF /2). Return addresses follow calls; other code pointers
// left on a stack (a function pointer, a stale jump target) mostly do not.
bool FollowsCall(std::uintptr_t a, const CodeRange& code) {
#if defined(__x86_64__)
  if (a < code.begin + 7) return false;
  const auto* p = reinterpret_cast<const unsigned char*>(a);
  if (p[-5] == 0xE8) return true;
  for (int len : {2, 3, 6, 7}) {
    if (p[-len] == 0xFF && ((p[-len + 1] >> 3) & 7) == 2) return true;
  }
  return false;
#else
  (void)a, (void)code;
  return true;
#endif
}

// The fallback where unwinding stops early (code without call-frame information): every word in
// [from, top) that is a return address into the program's code, innermost first. A guess: a slot
// of a frame that was not written since an earlier call may still hold that call's return address.
void ScanForReturnAddresses(std::uintptr_t from, std::uintptr_t top, std::size_t max, std::vector<std::uintptr_t>* out) {
  const CodeRange code = ExecutableCode();
  for (std::uintptr_t at = (from + 7) & ~std::uintptr_t{7}; at + 8 <= top && out->size() < max; at += 8) {
    std::uintptr_t word;
    std::memcpy(&word, reinterpret_cast<const void*>(at), sizeof word);
    if (code.Holds(word) && FollowsCall(word, code)) out->push_back(word);
  }
}

// The calls on `lane`'s stack, innermost first (at most kMax), found by unwinding it
// (fiber/unwind.h): the lane this code runs for (on its stack, or in a signal handler that
// interrupted it) from here, any other from where its fiber was suspended. Only frames in the
// program's own code are kept (the symbolizer reads the executable). Where the unwind stops early,
// the rest of the stack is scanned.
std::vector<std::uintptr_t> ReturnAddresses(const Lane& lane) {
  constexpr std::size_t kMax = 48;
  std::vector<std::uintptr_t> out;
  if (lane.stack == nullptr) return out;
  const auto top = reinterpret_cast<std::uintptr_t>(lane.stack->top());
  const std::uintptr_t low = top - lane.stack->usable();
  const auto on_stack = [&](std::uintptr_t a) { return a >= low && a <= top; };
  fiber::Frames walk;
  std::uintptr_t scan_from = 0;
  const bool running = CurrentLaneOrNull() == &lane;
  if (running) {
    // The frames before the first on the lane's stack are this report's own on a signal stack.
    fiber::Frames here = fiber::FramesHere(kMax + 16);
    std::size_t first = 0;
    while (first < here.frames.size() && !on_stack(here.frames[first].cfa)) ++first;
    if (first < here.frames.size()) {
      walk.frames.assign(here.frames.begin() + static_cast<std::ptrdiff_t>(first), here.frames.end());
      walk.complete = here.complete;
    } else {
      // Not on the lane's stack (nor called from a handler on it): its saved context is stale, so
      // only the scan from its stack pointer is safe.
      scan_from = reinterpret_cast<std::uintptr_t>(fiber::StackPointer(lane.ctx));
    }
  } else {
    walk = fiber::FramesOfSuspended(lane.ctx, kMax);
    if (walk.frames.empty() && !walk.complete) scan_from = reinterpret_cast<std::uintptr_t>(fiber::StackPointer(lane.ctx));
  }
  const CodeRange code = ExecutableCode();
  for (const fiber::Frame& f : walk.frames) {
    if (out.size() >= kMax) break;
    if (code.Holds(f.return_address - 1)) out.push_back(f.return_address);
  }
  if (!walk.frames.empty()) {
    if (walk.complete) return out;
    scan_from = walk.frames.back().cfa;
  }
  if (on_stack(scan_from)) ScanForReturnAddresses(scan_from, top, kMax, &out);
  return out;
}

std::string Where(Site site) { return FormatSite(site); }

}  // namespace

bool IsUserFile(const char* file) {
  if (file == nullptr || *file == '\0' || file[0] == '?') return false;
  const std::string f(file);
  static const std::string engine_root = EngineRoot();
  if (!engine_root.empty() && StartsWith(f, engine_root.c_str())) return false;
  // The engine's sources as a build with relative paths (a compiler cache's base directory)
  // records them.
  if (Contains(f, "/engine/src/") || StartsWith(f, "engine/src/")) return false;
  if (Contains(f, "/warpsafe/engine/") || Contains(f, "/include/warpsafe/")) return false;
  if (StartsWith(f, "/usr/include/") || StartsWith(f, "/usr/lib/") || StartsWith(f, "/usr/local/cuda")) return false;
  for (const char* cccl : {"/cub/", "/thrust/", "/cuda/std/", "/cuda/__", "/libcudacxx/", "/cccl/"}) {
    if (Contains(f, cccl)) return false;
  }
  const std::size_t slash = f.rfind('/');
  // A bare file name comes from a symbol table, not from line tables (an engine built without
  // debug information): the program's own files are always compiled by their absolute paths.
  if (slash == std::string::npos) return false;
  {
    const std::string dir = f.substr(0, slash);
    if (IsEngineIncludeRoot(dir)) return false;  // <cooperative_groups.h>, <cuda_runtime.h>, ...
    const std::size_t up = dir.rfind('/');
    if (up != std::string::npos && IsEngineIncludeRoot(dir.substr(0, up))) return false;  // cooperative_groups/*.h
  }
  return true;
}

namespace {

// The user's sites of (calls, site) pairs: `site` where it is the user's (or unknown), else the
// first frame in a user's file among the calls, innermost first, with the site as "file:line" in
// (*library)[i]; the site unchanged where none is. Every address is symbolized once, in one run.
std::vector<Site> Resolve(const std::vector<std::pair<const std::vector<std::uintptr_t>*, Site>>& at,
                          std::vector<std::string>* library) {
  std::vector<Site> out(at.size());
  if (library != nullptr) library->assign(at.size(), std::string());
  std::map<std::uintptr_t, std::size_t> index;
  std::vector<std::uintptr_t> addresses;
  std::vector<bool> wanted(at.size(), false);
  for (std::size_t i = 0; i < at.size(); ++i) {
    out[i] = at[i].second;
    // A lane with no scheduling point yet has no site to replace.
    if (out[i].file == nullptr || IsUserFile(out[i].file) || at[i].first == nullptr) continue;
    wanted[i] = true;
    for (std::uintptr_t a : *at[i].first) {
      if (index.emplace(a, addresses.size()).second) addresses.push_back(a);
    }
  }
  if (addresses.empty()) return out;
  const std::vector<std::vector<race::CodeLocation>> frames = race::SymbolizeManyWithInlining(addresses);
  for (std::size_t i = 0; i < at.size(); ++i) {
    if (!wanted[i]) continue;
    bool found = false;
    for (std::uintptr_t a : *at[i].first) {
      for (const race::CodeLocation& loc : frames[index.at(a)]) {
        if (loc.file.empty() || !IsUserFile(loc.file.c_str())) continue;
        if (library != nullptr) (*library)[i] = Where(at[i].second);
        out[i] = Site{strdup(loc.file.c_str()), loc.line, 0};  // kept for the report, which ends the run
        found = true;
        break;
      }
      if (found) break;
    }
  }
  return out;
}

Site OneSite(const std::vector<std::uintptr_t>& calls, Site site, std::string* note) {
  if (site.file == nullptr || IsUserFile(site.file)) return site;
  std::vector<std::string> library;
  const Site user = Resolve({{&calls, site}}, &library)[0];
  if (library[0].empty()) return site;
  if (note != nullptr) *note += " (in " + Where(site) + ")";
  return user;
}

}  // namespace

std::vector<std::uintptr_t> CallsOnStack(const Lane& lane) { return ReturnAddresses(lane); }

std::vector<Site> UserSites(const std::vector<const Lane*>& lanes, std::vector<std::string>* library) {
  std::vector<std::vector<std::uintptr_t>> calls(lanes.size());
  std::vector<std::pair<const std::vector<std::uintptr_t>*, Site>> at;
  at.reserve(lanes.size());
  for (std::size_t i = 0; i < lanes.size(); ++i) {
    const Lane& l = *lanes[i];
    if (l.site.file != nullptr && !IsUserFile(l.site.file)) calls[i] = ReturnAddresses(l);
    at.emplace_back(&calls[i], l.site);
  }
  return Resolve(at, library);
}

Site UserSite(const Lane& lane, Site site, std::string* note) {
  if (site.file == nullptr || IsUserFile(site.file)) return site;
  return OneSite(ReturnAddresses(lane), site, note);
}

Site UserSiteOfCalls(const std::vector<std::uintptr_t>& calls, Site site, std::string* note) {
  return OneSite(calls, site, note);
}

bool CallerSite(Site* out) {
  constexpr int kMaxFrames = 48;
  void* frames[kMaxFrames];
  const int n = backtrace(frames, kMaxFrames);
  std::vector<std::uintptr_t> calls;
  for (int i = 1; i < n; ++i) calls.push_back(reinterpret_cast<std::uintptr_t>(frames[i]));  // 0 is this function
  if (calls.empty()) return false;
  for (const std::vector<race::CodeLocation>& inlined : race::SymbolizeManyWithInlining(calls)) {
    for (const race::CodeLocation& loc : inlined) {
      if (loc.file.empty() || !IsUserFile(loc.file.c_str())) continue;
      *out = Site{strdup(loc.file.c_str()), loc.line, 0};  // kept for the report, which ends the run
      return true;
    }
  }
  return false;
}

}  // namespace warpsafe::engine
