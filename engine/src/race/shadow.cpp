#include "race/shadow.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

namespace warpsafe::engine::race {

void SharedShadow::Reset(const unsigned char* arena, std::size_t size) {
  if (arena != arena_ || size != size_) {
    arena_ = arena;
    size_ = size;
    block_.reset(std::calloc(size / kGranule + 2, sizeof(Cell)));
    if (block_ == nullptr) throw std::bad_alloc();
    const auto raw = reinterpret_cast<std::uintptr_t>(block_.get());
    cells_ = reinterpret_cast<Cell*>((raw + alignof(Cell) - 1) & ~std::uintptr_t{alignof(Cell) - 1});
    written_.assign(size / 64 + 2, 0);
    declared_.assign(size / 64 + 2, 0);
    high_water_ = 0;
    bits_high_water_ = 0;
    return;
  }
  // Only what the previous block touched needs clearing: a block using 1 KB of a 228 KB arena
  // costs 1 KB of clearing, not 228.
  std::memset(static_cast<void*>(cells_), 0, high_water_ * sizeof(Cell));
  std::fill(written_.begin(), written_.begin() + static_cast<std::ptrdiff_t>(bits_high_water_), 0);
  std::fill(declared_.begin(), declared_.begin() + static_cast<std::ptrdiff_t>(bits_high_water_), 0);
  high_water_ = 0;
  bits_high_water_ = 0;
}

bool SharedShadow::AllSet(const std::vector<std::uint64_t>& bits, std::size_t offset, std::size_t size) {
  for (std::size_t i = offset; i < offset + size;) {
    const std::size_t word = i / 64;
    if (word >= bits.size()) return false;
    const unsigned bit = i % 64;
    const std::size_t n = std::min<std::size_t>(64 - bit, offset + size - i);
    const std::uint64_t want = (n == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << n) - 1)) << bit;
    if ((bits[word] & want) != want) return false;
    i += n;
  }
  return true;
}

void SharedShadow::SetRange(std::vector<std::uint64_t>& bits, std::size_t offset, std::size_t size) {
  for (std::size_t i = offset; i < offset + size;) {
    const std::size_t word = i / 64;
    if (word >= bits.size()) return;
    const unsigned bit = i % 64;
    const std::size_t n = std::min<std::size_t>(64 - bit, offset + size - i);
    bits[word] |= (n == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << n) - 1)) << bit;
    i += n;
  }
}

bool SharedShadow::AllWritten(std::size_t offset, std::size_t size) const { return AllSet(written_, offset, size); }
bool SharedShadow::AllDeclared(std::size_t offset, std::size_t size) const { return AllSet(declared_, offset, size); }

void SharedShadow::MarkWritten(std::size_t offset, std::size_t size) {
  SetRange(written_, offset, size);
  bits_high_water_ = std::max(bits_high_water_, std::min(written_.size(), (offset + size) / 64 + 1));
}

void SharedShadow::MarkDeclared(std::size_t offset, std::size_t size) {
  SetRange(declared_, offset, size);
  bits_high_water_ = std::max(bits_high_water_, std::min(declared_.size(), (offset + size) / 64 + 1));
}

namespace {

// The directory (1 MB) and each GB's page table (2 MB) are mostly never touched: calloc maps
// blocks this large as fresh zero pages, so a process pays only for the pages it uses, not for
// zeroing megabytes at start-up (every checked program creates the detector).
template <class T>
T* ZeroedArray(std::size_t n) {
  void* p = std::calloc(n, sizeof(T));
  if (p == nullptr) throw std::bad_alloc();
  return static_cast<T*>(p);
}

}  // namespace

GlobalShadow::GlobalShadow() : directory_(ZeroedArray<Cell**>(kDirectory)) {}

GlobalShadow::~GlobalShadow() {
  Clear();
  for (std::size_t i = 0; i < kDirectory; ++i) std::free(directory_[i]);
  std::free(directory_);
}

Cell* GlobalShadow::CreatePage(std::uintptr_t address) {
  if ((address >> kAddressBits) != 0) return nullptr;
  Cell**& pages = directory_[address >> kGigaBits];
  if (pages == nullptr) pages = ZeroedArray<Cell*>(kPagesPerGiga);
  Cell*& cells = pages[(address >> kPageBits) % kPagesPerGiga];
  cells = (new Page())->cells;  // empty, stamp 0
  touched_.push_back(&cells);
  return &cells[(address % kPage) / kGranule];
}

void GlobalShadow::Clear() {
  for (Cell** slot : touched_) {
    delete PageOfCells(*slot);
    *slot = nullptr;
  }
  touched_.clear();
}

}  // namespace warpsafe::engine::race
