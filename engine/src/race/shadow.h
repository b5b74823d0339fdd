// Shadow memory: for every 8-byte granule of shared or global memory, the last few accesses to it
// (at most kSlots, as ThreadSanitizer keeps 4 per 8 bytes), so that memory per access stays
// bounded whatever the program does. Each slot says who accessed which bytes of the granule, when
// (an epoch of clock.h), how (read / write / atomic) and where (a return address or a Site).
// Evicting a slot when all are busy can only hide a race, never invent one.
//
// Shared memory has a dense shadow per arena, cleared up to its high-water mark when a block
// starts; global memory has a shadow page per 4 KB page touched, all dropped when a launch starts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <unordered_map>
#include <vector>

namespace warpsafe::engine::race {

struct Slot {
  // kNarrowScope: a block-scoped atomic (atomic only with respect to its own block).
  enum Flags : std::uint8_t { kValid = 1, kWrite = 2, kAtomic = 4, kOriginIsSite = 8, kNarrowScope = 16 };
  std::uint64_t origin;  // return address of the instrumented access, or a `const Site*` (atomics)
  std::uint32_t epoch;
  std::uint32_t block;   // linear block index
  std::uint16_t tid;     // linear thread index in the block
  std::uint8_t mask;     // bytes of the granule accessed
  std::uint8_t flags;
};

inline constexpr unsigned kSlots = 4;
inline constexpr std::size_t kGranule = 8;

struct Cell {
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
  // Byte-granular "written by some thread of this block" bits (uninitialised reads).
  bool AllWritten(std::size_t offset, std::size_t size) const;
  void MarkWritten(std::size_t offset, std::size_t size);
  // Byte-granular "inside a __shared__ declaration or the dynamic part" bits (out of bounds).
  bool AllDeclared(std::size_t offset, std::size_t size) const;
  void MarkDeclared(std::size_t offset, std::size_t size);

 private:
  static bool AllSet(const std::vector<std::uint64_t>& bits, std::size_t offset, std::size_t size);
  static void SetRange(std::vector<std::uint64_t>& bits, std::size_t offset, std::size_t size);

  const unsigned char* arena_ = nullptr;
  std::size_t size_ = 0;
  // From calloc: large zeroed blocks come straight from the system's zero pages, paid for only
  // where a block touches them (several resident blocks each have an arena's worth: interleaved
  // blocks, sched/interleaved_grid.cpp).
  struct FreeCells {
    void operator()(Cell* p) const { std::free(p); }
  };
  std::unique_ptr<Cell[], FreeCells> cells_;
  std::size_t high_water_ = 0;  // granules [0, high_water_) may be non-empty
  std::vector<std::uint64_t> written_;
  std::vector<std::uint64_t> declared_;
  std::size_t bits_high_water_ = 0;  // words of written_/declared_ that may be non-zero
};

// The sparse shadow of global memory, one page of cells per 4 KB page of the program touched.
class GlobalShadow {
 public:
  static constexpr std::size_t kPage = 4096;
  Cell* CellFor(std::uintptr_t address) {
    const std::uintptr_t page = address / kPage;
    if (page != last_page_) {
      std::unique_ptr<Cell[]>& cells = pages_[page];
      if (!cells) cells = std::make_unique<Cell[]>(kPage / kGranule);  // value-initialised: empty
      last_page_ = page;
      last_cells_ = cells.get();
    }
    return &last_cells_[(address % kPage) / kGranule];
  }
  // The cell of `address` if its page was touched, else null (never creates one).
  const Cell* Find(std::uintptr_t address) const {
    auto it = pages_.find(address / kPage);
    return it == pages_.end() ? nullptr : &it->second[(address % kPage) / kGranule];
  }
  void Clear() {
    pages_.clear();
    last_page_ = ~std::uintptr_t{0};
    last_cells_ = nullptr;
  }

 private:
  std::unordered_map<std::uintptr_t, std::unique_ptr<Cell[]>> pages_;
  std::uintptr_t last_page_ = ~std::uintptr_t{0};
  Cell* last_cells_ = nullptr;
};

}  // namespace warpsafe::engine::race
