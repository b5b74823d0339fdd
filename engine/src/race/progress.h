// What counts as progress for the livelock bound when plain loads and stores are scheduling points
// (check builds: every shared or global access yields, engine/src/sched/block.h).
//
// A livelock is threads that keep running without any effect: re-reading memory no one writes,
// storing what is already there, retrying a CAS that always fails. A thread that computes over
// memory is never one, however long it runs. Of a thread's state the checker sees only memory, so
// progress is a change in what the thread observes of it (docs/semantics/checker.md, LIVE-1):
//   - a load whose (address, value) differs from what this thread last observed at that address;
//   - a store that leaves a value different from what this thread last observed there (the stored
//     bytes are read at the thread's next access, when the store has happened), or that writes an
//     address it has not observed lately.
// A spin on a flag observes the same (address, value) on every turn and makes no progress; a loop
// over an array observes new addresses and does. The table is small and direct-mapped: an address
// that displaced another one counts as new. So a spin whose turns sweep more addresses than the
// table holds, all unchanging, is taken for progress (missed, never invented: a correct program is
// never reported because of the table's size).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace warpsafe::engine::race {

class ProgressWatch {
 public:
  void Reset() {
    for (Entry& e : entries_) e.address = 0;
    pending_address_ = 0;
  }
  // A load of [address, address + size) about to read memory as it is now: true when it is a new
  // observation (progress).
  bool Load(std::uintptr_t address, std::size_t size) { return Observe(address, size); }
  // A store about to write [address, address + size): judged at the thread's next access
  // (Settle), once the bytes are there.
  void Store(std::uintptr_t address, std::size_t size) {
    pending_address_ = address;
    pending_size_ = size;
  }
  // A store waits to be judged (at the thread's next access).
  bool pending() const { return pending_address_ != 0; }
  // The pending store's address and size, which the inline path writes (check_inline.h): a store it
  // decides is left pending, and one left pending is dropped at an access that is progress itself
  // (the store's judgement would change neither that access's verdict nor anything but the table).
  std::uintptr_t* pending_address() { return &pending_address_; }
  std::uintptr_t* pending_size() { return &pending_size_; }
  // Judges the thread's last store, if any: true when it changed what the thread observed.
  bool Settle() {
    if (pending_address_ == 0) return false;
    const std::uintptr_t a = pending_address_;
    pending_address_ = 0;
    return Observe(a, pending_size_);
  }

 private:
  static constexpr unsigned kEntries = 16;
  struct Entry {
    std::uintptr_t address;
    std::uint64_t value;
  };
  static std::uint64_t ValueAt(std::uintptr_t address, std::size_t size) {
    // The value of 1 to 16 bytes, folded into 64 bits (16-byte accesses: both halves). The usual
    // sizes are read with one load of their width: copying them into a zeroed buffer and reading
    // that back as 8 bytes stalls the load on two stores (no store forwarding), on every access.
    const auto* p = reinterpret_cast<const unsigned char*>(address);
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;
    switch (size) {
      case 1: lo = *p; break;
      case 2: lo = Load<std::uint16_t>(p); break;
      case 4: lo = Load<std::uint32_t>(p); break;
      case 8: lo = Load<std::uint64_t>(p); break;
      default:
        if (size >= 16) {
          lo = Load<std::uint64_t>(p);
          hi = Load<std::uint64_t>(p + 8);
        } else {
          unsigned char bytes[16] = {};
          std::memcpy(bytes, p, size);
          std::memcpy(&lo, bytes, 8);
          std::memcpy(&hi, bytes + 8, 8);
        }
    }
    return lo ^ (hi * 0x9e3779b97f4a7c15ull) ^ (static_cast<std::uint64_t>(size) << 59);
  }
  template <class T>
  static T Load(const unsigned char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  bool Observe(std::uintptr_t address, std::size_t size) {
    const std::uint64_t value = ValueAt(address, size);
    Entry& e = entries_[((address >> 2) ^ (address >> 7)) % kEntries];
    if (e.address == address && e.value == value) return false;
    e.address = address;
    e.value = value;
    return true;
  }

  Entry entries_[kEntries] = {};
  std::uintptr_t pending_address_ = 0;
  std::uintptr_t pending_size_ = 0;
};

}  // namespace warpsafe::engine::race
