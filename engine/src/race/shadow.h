// Shadow memory: for every 8-byte granule of shared or global memory, the last few accesses to it
// (at most kSlots, as ThreadSanitizer keeps 4 per 8 bytes), so that memory per access stays
// bounded whatever the program does. Each slot says who accessed which bytes of the granule, when
// (an epoch of clock.h), how (read / write / atomic) and where (a return address or a Site).
// Evicting a slot when all are busy can only hide a race, never invent one.
//
// Shared memory has a dense shadow per arena, cleared up to its high-water mark when a block
// starts; global memory has a shadow page per 4 KB page touched (found by direct indexing), all
// dropped when a launch starts.
//
// Each page of cells (and each arena's shadow, as one) carries a stamp: when one of its cells last
// changed, on the detector's count of cell changes. The fast path's memo (access_memo.h) trusts
// a decision only while the stamp of the decided access's page is not newer than the decision.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

namespace warpsafe::engine::race {

struct Slot {
  // kNarrowScope: a block-scoped atomic (atomic only with respect to its own block). kOriginFar:
  // `origin` indexes the detector's table of origins (a Site, or a return address too far from the
  // executable for an offset), instead of being a return address's offset (Detector::OriginOf).
  enum Flags : std::uint8_t {
    kValid = 1,
    kWrite = 2,
    kAtomic = 4,
    kOriginIsSite = 8,
    kNarrowScope = 16,
    kOriginFar = 32,
    // Two plain accesses of one instruction in one epoch, of popcount(mask) / 2 bytes each (the two
    // halves of a granule a stream crossed): Detector::CheckCell pairs them into one slot.
    kPaired = 64,
  };
  std::uint32_t epoch;
  std::uint32_t block;   // linear block index
  std::uint16_t tid;     // linear thread index in the block
  std::uint8_t mask;     // bytes of the granule accessed
  std::uint8_t flags;
  // Where: a return address of the instrumented access as its offset from the executable's start,
  // or (kOriginFar) an index into the detector's table of far origins and atomics' Sites. 16 bytes
  // a slot, so that a granule's four fill one cache line: the checker's fast path reads one cell
  // per access, and a cell of 96 bytes (8-byte origins) straddled two lines and made the shadow of
  // a streamed array twelve times its size.
  std::uint32_t origin;
};
static_assert(sizeof(Slot) == 16, "four slots to a cache line");

// The size of the access (of each access, when paired) a slot stands for, within its granule: what
// a report names.
inline std::size_t AccessBytes(const Slot& s) {
  const auto bytes = static_cast<std::size_t>(__builtin_popcount(s.mask));
  return (s.flags & Slot::kPaired) != 0 ? bytes / 2 : bytes;
}

inline constexpr unsigned kSlots = 4;
inline constexpr std::size_t kGranule = 8;

struct alignas(64) Cell {
  Slot slots[kSlots];
};

// The dense shadow of one shared-memory arena.
class SharedShadow {
 public:
  // Binds to `arena` of `size` bytes (reallocating if it changed) and clears what the previous
  // block touched.
  void Reset(const unsigned char* arena, std::size_t size);
  const unsigned char* arena() const { return arena_; }
  Cell* CellFor(std::size_t offset) {
    const std::size_t g = offset / kGranule;
    if (g >= high_water_) high_water_ = g + 1;
    return &cells_[g];
  }
  // The cell of `offset` if an access of this block recorded something there, else null (the
  // fast path's lookup: it never moves the high-water mark).
  Cell* Find(std::size_t offset) const {
    const std::size_t g = offset / kGranule;
    return g < high_water_ ? &cells_[g] : nullptr;
  }
  // Byte-granular "written by some thread of this block" bits (uninitialised reads).
  bool AllWritten(std::size_t offset, std::size_t size) const;
  void MarkWritten(std::size_t offset, std::size_t size);
  // Byte-granular "inside a __shared__ declaration or the dynamic part" bits (out of bounds).
  bool AllDeclared(std::size_t offset, std::size_t size) const;
  void MarkDeclared(std::size_t offset, std::size_t size);
  // When a cell of the arena last changed (see above).
  const std::uint64_t* stamp() const { return &stamp_; }
  void set_stamp(std::uint64_t stamp) { stamp_ = stamp; }

 private:
  static bool AllSet(const std::vector<std::uint64_t>& bits, std::size_t offset, std::size_t size);
  static void SetRange(std::vector<std::uint64_t>& bits, std::size_t offset, std::size_t size);

  const unsigned char* arena_ = nullptr;
  std::size_t size_ = 0;
  // From calloc: large zeroed blocks come straight from the system's zero pages, paid for only
  // where a block touches them (several resident blocks each have an arena's worth: interleaved
  // blocks, sched/interleaved_grid.cpp). calloc aligns to 16 bytes: cells_ is the first
  // cache-line boundary in the block (one more cell allocated for it).
  struct FreeBlock {
    void operator()(void* p) const { std::free(p); }
  };
  std::unique_ptr<void, FreeBlock> block_;
  Cell* cells_ = nullptr;
  std::size_t high_water_ = 0;  // granules [0, high_water_) may be non-empty
  std::vector<std::uint64_t> written_;
  std::vector<std::uint64_t> declared_;
  std::size_t bits_high_water_ = 0;  // words of written_/declared_ that may be non-zero
  std::uint64_t stamp_ = 0;
};

// The shadow of global memory, one page of cells per 4 KB page of the program touched, found by
// direct indexing: a fixed directory over the 47-bit user address space (one entry per GB) points
// to a table of pages for that GB (allocated when a page in it is first touched), which points to
// the page's cells. Two dependent loads and no hashing per access, so that the checker's fast path
// (fast_access.h) can find a cell without a lookup structure; what a page costs (512 cells) is what
// it cost before. Addresses beyond 47 bits (none on x86-64 Linux user space) have no shadow.
class GlobalShadow {
 public:
  static constexpr std::size_t kPage = 4096;
  static constexpr unsigned kPageBits = 12;
  static constexpr unsigned kGigaBits = 30;
  static constexpr unsigned kAddressBits = 47;
  static constexpr std::size_t kDirectory = std::size_t{1} << (kAddressBits - kGigaBits);
  static constexpr std::size_t kPagesPerGiga = std::size_t{1} << (kGigaBits - kPageBits);

  GlobalShadow();
  ~GlobalShadow();
  GlobalShadow(const GlobalShadow&) = delete;
  GlobalShadow& operator=(const GlobalShadow&) = delete;

  // The cell of `address`, its page created if needed (every address below 2^47; others: null).
  Cell* CellFor(std::uintptr_t address) {
    if (Cell* cells = PageOf(address)) return &cells[(address % kPage) / kGranule];
    return CreatePage(address);
  }
  // The cell of `address` if its page was touched, else null (never creates one).
  Cell* Find(std::uintptr_t address) const {
    Cell* cells = PageOf(address);
    return cells == nullptr ? nullptr : &cells[(address % kPage) / kGranule];
  }
  // Drops every page (a launch starts).
  void Clear();

  // The cells of `address`'s page, or null when it was never touched.
  Cell* PageOf(std::uintptr_t address) const {
    if ((address >> kAddressBits) != 0) return nullptr;
    Cell** pages = directory_[address >> kGigaBits];
    return pages == nullptr ? nullptr : pages[(address >> kPageBits) % kPagesPerGiga];
  }
  static Cell* CellIn(Cell* page, std::uintptr_t address) { return &page[(address % kPage) / kGranule]; }
  // When a cell of the page (PageOf's) last changed (see above).
  static std::uint64_t* StampOf(Cell* page) { return &PageOfCells(page)->stamp; }

 private:
  // A page of cells and its stamp; PageOf points at the cells.
  struct Page {
    std::uint64_t stamp = 0;
    Cell cells[kPage / kGranule] = {};
  };
  static Page* PageOfCells(Cell* cells) {
    return reinterpret_cast<Page*>(reinterpret_cast<char*>(cells) - offsetof(Page, cells));
  }
  Cell* CreatePage(std::uintptr_t address);

  Cell*** directory_;                // kDirectory entries, each null or kPagesPerGiga page pointers
  std::vector<Cell**> touched_;      // the page slots that hold a page, for Clear
};

}  // namespace warpsafe::engine::race
