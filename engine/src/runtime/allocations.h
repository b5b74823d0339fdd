// The allocation table: every block of memory the runtime handed out (cudaMalloc,
// cudaMallocManaged, cudaMallocHost/cudaHostAlloc), every host range registered with
// cudaHostRegister, and every __device__/__constant__ variable the program named through a
// symbol API. The runtime uses it to validate frees and copies; the checker uses it to tell
// device memory from host memory and to find the allocation an access falls in.
// Thread-safe; internal to the engine.
#pragma once

#include <cstddef>
#include <cstdint>

namespace warpsafe::engine {

enum class AllocationKind {
  kDevice,          // cudaMalloc, cudaMallocPitch, cudaMallocAsync
  kManaged,         // cudaMallocManaged
  kPinnedHost,      // cudaMallocHost, cudaHostAlloc
  kRegisteredHost,  // cudaHostRegister: the program's memory, not ours to free
  kSymbol,          // a __device__/__constant__ variable: a global of the program
};

// Return addresses, innermost first; unused entries are null.
struct CallChain {
  static constexpr int kDepth = 3;
  const void* pc[kDepth] = {};
};

// The chain of the calls that led to the caller of this function: its return address, then its
// caller's, ... Called directly from a runtime API entry point (never inlined into it).
[[gnu::noinline]] CallChain CallersOfApi();

struct AllocationInfo {
  void* base;
  std::size_t size;  // as requested (the block itself may be rounded up)
  AllocationKind kind;
  unsigned flags;    // cudaHostAlloc*/cudaHostRegister*/cudaMemAttach* flags
  // What names the block in a report the same way in every run (its address changes with
  // address-space randomisation): the n-th block the runtime allocated (1, 2, ...; 0 for
  // registered ranges and symbols), and the return addresses of the API call that allocated it and
  // of its callers (null if unknown), which the symbolizer turns into the program's file:line.
  // Several: the call may come through an inline wrapper of the runtime headers (cudaMalloc(T**)).
  std::uint64_t ordinal = 0;
  CallChain callers;
  // The block lives in a memory mapping of its own that ends, right after its red zone, in a page
  // nothing may touch (runtime::kGuardedBlockLimit): a write that runs past the red zone faults
  // there instead of landing in the engine's own heap.
  bool guarded = false;
};

// The allocation whose [base, base + size) contains `p`; false if none does. A pointer one past
// the end of an allocation is not in it.
bool FindAllocation(const void* p, AllocationInfo* out);

// Called with every range the table gains (`live` true: after it is recorded, before the caller
// sees it) and loses (`live` false: before it is freed or forgotten), so that the checker can
// clear or poison its shadow of the range. One hook; null removes it. Called with no lock held,
// from the thread making the runtime call. Symbols are reported once, when first recorded.
using AllocationHook = void (*)(const AllocationInfo& info, bool live);
void SetAllocationHook(AllocationHook hook);

namespace runtime {

// Where fresh memory is allocated: aligned to 256 bytes (cudaMalloc's guarantee) and filled with
// kUninitializedByte, so that a program reading memory it never wrote sees NaNs and -1s instead of
// the zeros a fresh page would give and a GPU does not promise.
inline constexpr std::size_t kAllocationAlignment = 256;
inline constexpr unsigned char kUninitializedByte = 0xff;
// Every block the runtime allocates is preceded and followed by this many bytes that belong to no
// allocation (beyond the rounding up to kAllocationAlignment), so that `warpsafe check` can report
// an access just before the start or past the end of a cudaMalloc block as out of bounds instead of
// touching a neighbour. A multiple of kAllocationAlignment, so the block stays aligned.
inline constexpr std::size_t kRedzoneBytes = 256;
static_assert(kRedzoneBytes % kAllocationAlignment == 0);

// Allocates and records a block; null when the host cannot provide it. `callers`: the program's
// API call (AllocationInfo::callers).
void* Allocate(std::size_t size, AllocationKind kind, unsigned flags, const CallChain& callers = CallChain{});
// Frees the block that starts at `p` if it is of one of the `kinds` (a bit set of
// 1 << AllocationKind). False, and nothing freed, otherwise.
bool Release(void* p, unsigned kinds);
// Records a range of the program's own memory (kRegisteredHost, kSymbol). Registering a symbol
// twice is fine; a host range that overlaps a recorded one is not (false).
bool Register(void* base, std::size_t size, AllocationKind kind, unsigned flags);
// Forgets a registered host range that starts at `p`. False if there is none.
bool Unregister(void* p);

constexpr unsigned KindBit(AllocationKind kind) { return 1u << static_cast<unsigned>(kind); }

// Blocks smaller than kHugePageMinimumBlock are each placed in a mapping of their own, their end
// against 1 MiB of inaccessible pages, while fewer than this many such blocks are live (every mapping
// counts against the process's limit of about 65536, which the fibers' guarded stacks share);
// beyond it, and for larger blocks, they come from the C allocator.
inline constexpr std::size_t kGuardedBlockLimit = 2048;
// The block that an address in a guarded block's inaccessible pages missed, and the address's
// offset from its base (negative: before it; at least its size: past its end); false if `address`
// is in no such pages. For the fault handler.
bool FindGuardedBlock(const void* address, AllocationInfo* out, std::ptrdiff_t* offset);

// A block Allocate made whose red zones no longer all hold kUninitializedByte: something wrote
// outside it (runtime/redzone_check.h). `offset` is the first changed byte's distance from the
// block's base: negative before it, at least the rounded-up size after it.
struct DamagedRedzone {
  AllocationInfo info;
  std::ptrdiff_t offset = 0;
};
// The lowest live block whose red zones were written, among at most `max_blocks` blocks (the
// lowest addresses; a program with more is checked partly); false if none.
bool FindDamagedRedzone(std::size_t max_blocks, DamagedRedzone* out);
// The same for the live block that starts at `base` alone; false if it is not one or is intact.
bool RedzoneDamaged(const void* base, DamagedRedzone* out);

}  // namespace runtime
}  // namespace warpsafe::engine
