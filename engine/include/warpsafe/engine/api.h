// The engine's device-side API: the only functions that the CUDA headers of engine/include and
// the code written by the front end call into. Everything a kernel does that involves other
// threads (collectives, barriers, atomics, fences, shared memory, launches) goes through here.
//
// Contracts common to every function below:
//  - "called from a lane" means from the fiber of a GPU thread during a launch. Called from host
//    code instead, the function reports a defect (`warpsafe: device function called from host`).
//  - A function that reports a defect prints one report and ends the process with kExitDefect.
//  - `Site` is the user's call site; CUDA intrinsics take it as a defaulted last parameter so that
//    reports name the user's file:line, not the header's.
#pragma once

#include <cstddef>
#include <cstdint>

#include "warpsafe/engine/dim3.h"

namespace warpsafe::engine {

// Where an intrinsic was called. Here() must be used as a default argument: its own defaulted
// builtins then evaluate at the caller of the intrinsic (checked for g++ 12 and clang++ 14).
// Columns tell apart two calls on one line (`if (c) __syncthreads(); else __syncthreads();`);
// clang has __builtin_COLUMN, g++ 12 does not (column 0 then).
#if defined(__has_builtin)
#if __has_builtin(__builtin_COLUMN)
#define WARPSAFE_BUILTIN_COLUMN() __builtin_COLUMN()
#endif
#endif
#ifndef WARPSAFE_BUILTIN_COLUMN
#define WARPSAFE_BUILTIN_COLUMN() 0u
#endif

struct Site {
  const char* file;
  unsigned line;
  unsigned column = 0;  // 0 when unknown (a site written by the front end from __LINE__)
  static constexpr Site Here(const char* file = __builtin_FILE(), unsigned line = __builtin_LINE(),
                             unsigned column = WARPSAFE_BUILTIN_COLUMN()) {
    return Site{file, line, column};
  }
  constexpr bool operator==(const Site& o) const { return file == o.file && line == o.line && column == o.column; }
  constexpr bool operator!=(const Site& o) const { return !(*this == o); }
};

// Process exit statuses shared by the CLI and by every program the engine runs.
inline constexpr int kExitUsage = 64;         // bad command line (warpsafe or the program's engine flags)
inline constexpr int kExitCompileError = 65;  // FILE.cu did not compile
inline constexpr int kExitDefect = 66;        // the engine reported a defect in the program
inline constexpr int kExitNoInput = 67;       // FILE.cu does not exist or cannot be read
inline constexpr int kExitToolchain = 69;     // no usable host compiler
inline constexpr int kExitInternal = 70;      // an internal invariant of warpsafe failed (a warpsafe bug)

// A GPU thread's built-in values. One per GPU thread; the scheduler copies them into the
// variables device code reads (builtin_variables.h).
struct LaneView {
  uint3 thread_idx;
  uint3 block_idx;
  dim3 block_dim;
  dim3 grid_dim;
};

// What threadIdx, blockIdx, blockDim and gridDim read outside a kernel, in every component
// (builtin_variables.h).
inline constexpr unsigned kBuiltinPoison = 0x80000000u;

// The lane running on this OS thread, or null on host code. Set by the scheduler on every switch.
extern __thread const LaneView* tls_lane;  // __thread: no TLS wrapper call on access

// Reports `warpsafe: device built-in used in host code` (an intrinsic called outside a lane).
[[noreturn]] void NotInKernel(const char* what, Site site);

// Tells the engine the compute capability the program was compiled for (__WARPSAFE_ARCH__, e.g.
// 750); the emulated device's properties and limits follow it. cuda_runtime.h calls it once at
// start-up. Returns its argument.
int RegisterArch(int cuda_arch);

// ---- launches ----------------------------------------------------------------------------------

// One kernel launch as the front end writes it from `kernel<<<grid, block, smem, stream>>>(args)`.
struct LaunchSpec {
  dim3 grid;
  dim3 block;
  std::size_t dynamic_smem;
  void* stream;            // cudaStream_t
  const void* kernel_key;  // the kernel's address when the front end could name it, else null
  const char* kernel_name; // the callee as written
  Site site;
  bool cooperative = false;  // cudaLaunchCooperativeKernel: all blocks resident, grid.sync() allowed
  // The bytes of the closure the parameters are stored in (LaunchWith sets it; 0 when unknown):
  // the checker takes device code's reads of it for parameter reads, not host memory.
  std::size_t closure_size = 0;
};

using KernelEntry = void (*)(void* closure);

// How the runtime keeps a launch's closure past the call: a launch on a stream being captured into
// a graph runs later, once per launch of the graph, from a copy made at capture (kernel arguments
// are copied at the launch, as CUDA copies them).
struct ClosureOps {
  void* (*copy)(const void* closure);  // a heap copy
  void (*destroy)(void* copy);
};

// Validates the configuration (the launch fails as CUDA's would, setting the last error), then runs
// `entry(closure)` once per GPU thread and returns when the grid has finished. Called from host.
// On a stream being captured, the launch becomes a kernel node of the capture's graph instead,
// from a copy of the closure made by `ops` (a launch without ops is then
// cudaErrorStreamCaptureUnsupported).
void Launch(const LaunchSpec& spec, KernelEntry entry, void* closure, const ClosureOps* ops = nullptr);

// A pointer argument of a launch (`index` from 0) that points into the host's heap or the launching
// thread's stack is listed once per launch site and argument (`warpsafe note:`): a kernel cannot
// reach host memory on a GPU (docs/semantics/memory_faults.md, DEVMEM-1). Not a defect: the kernel
// may never dereference it; `warpsafe check` reports the access itself. Called from host code.
void NoteHostPointerArgument(const LaunchSpec& spec, unsigned index, const volatile void* pointer);

// ---- shared memory -----------------------------------------------------------------------------

// The block's dynamic shared memory (extern __shared__), `dynamic_smem` bytes. Called from a lane.
void* DynamicShared(Site site = Site::Here());

// The block's storage for one static __shared__ declaration. `key` identifies the declaration (one
// per template instantiation). A key registered with RegisterStaticShared has its place in shared
// memory fixed before any block runs (the same in every block and under every schedule); the first
// lane of a block to reach it poisons it.
void* StaticShared(const void* key, std::size_t size, std::size_t align, Site site = Site::Here());

// Registers static __shared__ declaration `key` of `size` bytes at `align` when the program starts.
void RegisterStaticShared(const void* key, std::size_t size, std::size_t align);

// The key of a function-scope static __shared__ declaration, registered when the program starts:
// the front end writes StaticSharedKey<sizeof(T), alignof(T)>([] {}) at each declaration, and the
// lambda's type makes one key per declaration and per template instantiation of the function that
// holds it. The key is the address of a static member whose initialiser registers it.
namespace detail {
struct StaticSharedRegistration {
  StaticSharedRegistration(std::size_t size, std::size_t align) { RegisterStaticShared(this, size, align); }
};
template <class Tag, std::size_t kSize, std::size_t kAlign>
struct StaticSharedSite {
  static const StaticSharedRegistration registration;
};
template <class Tag, std::size_t kSize, std::size_t kAlign>
const StaticSharedRegistration StaticSharedSite<Tag, kSize, kAlign>::registration{kSize, kAlign};
}  // namespace detail
template <std::size_t kSize, std::size_t kAlign, class Tag>
inline const void* StaticSharedKey(Tag) {
  return &detail::StaticSharedSite<Tag, kSize, kAlign>::registration;
}

// ---- warp collectives (each is a rendezvous of the lanes named in `mask`) -----------------------

enum class ShflMode : std::uint8_t { kIdx, kUp, kDown, kXor };
enum class VoteMode : std::uint8_t { kBallot, kAny, kAll, kUni };
enum class ReduxOp : std::uint8_t { kAdd, kMin, kMax, kAnd, kOr, kXor };

// shfl.sync of a value of `bytes` (1 to 8) bytes, held in the low bytes of `value`. The call is
// packed into four arguments that the caller computes (usually from constants, at compile time):
// `key` is the instruction and the mask (ShflKey), `op` the lane argument and the width (ShflOp).
// Four arguments travel in six registers (Site is two): the lane's hot path pushes and loads nothing
// from the stack, and decodes nothing. `width` must already be valid (ShflWidthOk; the
// header reports ShflBadWidth otherwise).
constexpr std::uint64_t ShflKey(ShflMode mode, unsigned bytes, std::uint32_t mask) {
  // Shuffles of 1-4 bytes and of 8 bytes are different instructions (warp/warp.h: a collective's
  // kind, family shfl = 1 in the high byte, the mode and the size in the low byte).
  const unsigned kind = (1u << 8) | static_cast<unsigned>(mode) | (bytes > 4 ? 0x10u : 0u);
  return (std::uint64_t{kind} << 32) | mask;
}
constexpr std::uint64_t ShflOp(int lane_arg, int width) {
  return static_cast<std::uint32_t>(lane_arg) | (std::uint64_t{static_cast<std::uint32_t>(width)} << 32);
}
// The op word of inline PTX's shfl.sync: its b operand and its c operand (clamp value in c[4:0],
// segment mask in c[12:8]) as the instruction gives them, rather than a width.
constexpr std::uint64_t ShflOpPtx(std::uint32_t b, std::uint32_t c) {
  return b | (std::uint64_t{c & 0x1f1fu} << 32) | (std::uint64_t{1} << 63);
}
// shfl.sync's predicate result for `lane`: whether the source lane j lies within the lane's segment
// and the clamp value (pval in the PTX ISA's pseudo-code); when false, the lane reads its own value.
constexpr bool ShflInRange(ShflMode mode, unsigned lane, std::uint32_t b, std::uint32_t c) {
  const unsigned bval = b & 31, cval = c & 31, segmask = (c >> 8) & 31;
  const int max_lane = static_cast<int>((lane & segmask) | (cval & ~segmask));
  const int min_lane = static_cast<int>(lane & segmask);
  switch (mode) {
    case ShflMode::kUp: return static_cast<int>(lane) - static_cast<int>(bval) >= max_lane;
    case ShflMode::kDown: return static_cast<int>(lane + bval) <= max_lane;
    case ShflMode::kXor: return static_cast<int>(lane ^ bval) <= max_lane;
    case ShflMode::kIdx: return (min_lane | static_cast<int>(bval & ~segmask)) <= max_lane;
  }
  return false;
}
// A power of two from 1 to 32 (SHFL-6).
constexpr bool ShflWidthOk(int width) { return width >= 1 && width <= 32 && (width & (width - 1)) == 0; }
std::uint64_t Shfl(std::uint64_t key, std::uint64_t value, std::uint64_t op, Site site);
// Reports a shuffle with a width that ShflWidthOk rejects (or one called from host code).
// `maskless`: the call was a mask-less pre-Volta shuffle (__shfl_down rather than __shfl_down_sync).
[[noreturn]] void ShflBadWidth(ShflMode mode, int width, Site site, bool maskless = false);
std::uint32_t Vote(VoteMode mode, std::uint32_t mask, bool predicate, Site site);
// match.any / match.all over a value of `bytes` (4 or 8) bytes. MatchAll sets *pred.
std::uint32_t MatchAny(std::uint32_t mask, std::uint64_t value, unsigned bytes, Site site);
std::uint32_t MatchAll(std::uint32_t mask, std::uint64_t value, unsigned bytes, int* pred, Site site);
// redux.sync over 32-bit values; `is_signed` selects the signed min/max.
std::uint32_t Redux(ReduxOp op, bool is_signed, std::uint32_t mask, std::uint32_t value, Site site);
void SyncWarp(std::uint32_t mask, Site site);
// __activemask(): the lanes converged with the caller, as the schedule policy decides.
std::uint32_t ActiveMask(Site site);
// The mask-less pre-Volta intrinsics (__shfl, __shfl_up, __shfl_down, __shfl_xor, __ballot, __any,
// __all), declared only for sm_6x and older: the same instruction over the lanes of the caller's
// warp that execute it together (docs/semantics/legacy_warp.md, LEGACY-2). `key` is
// ShflKey(mode, bytes, 0): the converged set becomes the mask.
std::uint64_t ShflConverged(std::uint64_t key, std::uint64_t value, std::uint64_t op, Site site);
std::uint32_t VoteConverged(VoteMode mode, bool predicate, Site site);

// ---- block barrier -----------------------------------------------------------------------------

enum class BarrierOp : std::uint8_t { kPlain, kCount, kAnd, kOr };
// __syncthreads and its reductions: returns the reduced predicate (0 for kPlain).
int SyncThreads(BarrierOp op, int predicate, Site site);

// ---- memory model and scheduling ----------------------------------------------------------------

enum class FenceScope : std::uint8_t { kBlock, kDevice, kSystem };

// A point where the scheduler may switch lanes: every atomic, fence and sleep calls it first.
// A no-op on host code (host atomics on managed memory are legal).
void SchedulingPoint(Site site);
// The scheduling point of an atomic on [address, address + size) at `scope` (the _block and
// _system suffixes, PTX .cta/.gpu/.sys): the race detector sees it as an atomic access, atomic
// only with respect to the threads its scope covers (docs/semantics/scopes.md), then the
// scheduler may switch lanes. Returns true when the object is the calling block's own shared
// memory and nothing else watches it (no race detector): only this OS thread runs the block's
// lanes, so the caller may do its read-modify-write as a plain load and store (atomics.h).
bool AtomicPoint(const void* address, std::size_t size, Site site, FenceScope scope = FenceScope::kDevice);
// Tells the livelock detector that the caller changed memory that others may be waiting on.
void NoteProgress();
// The same for a change at `address`: when it is the calling block's shared memory, which no other
// block can see, only that block has progressed (every other block's watch of the process-wide
// count is left alone: one counter bumped by every worker's shared-memory atomics made the
// workers contend for its cache line).
void NoteProgress(const void* address);
void Fence(FenceScope scope, Site site);
void NanoSleep(unsigned nanoseconds, Site site);
long long Clock64();
// Whether this host moves an aligned 16 bytes with one SSE instruction that other threads never
// see half done (x86-64 processors with AVX); else 16-byte values go through Load/StoreWhole16.
// docs/semantics/ptx.md, PTX-MEM-4.
bool SseMovesAreWhole();
// Copies 16 bytes at a 16-byte aligned `device` address to or from `value` in one indivisible
// access, on any host.
void LoadWhole16(const void* device, void* value);
void StoreWhole16(void* device, const void* value);

// __trap() and a failed device assert: the grid is aborted and the launch fails as CUDA's does.
[[noreturn]] void Trap(Site site);
// The address-space predicates (__isGlobal, __isShared, __isLocal; device_functions.h): where a
// generic address points, as the calling GPU thread sees it (docs/semantics/device_code.md).
bool IsGlobalAddress(const void* p);
bool IsSharedAddress(const void* p);
bool IsLocalAddress(const void* p);
// __builtin_assume(c) found c false: undefined behaviour, reported (device_functions.h).
[[noreturn]] void FalseAssumption(Site site);

}  // namespace warpsafe::engine
