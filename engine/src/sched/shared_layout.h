// Where each static __shared__ declaration of the program lives in a block's shared memory,
// decided before any block runs: the same offsets in every block and under every schedule.
//
// Every declaration registers itself when the program starts (RegisterStaticShared, api.h: the
// front end's function-scope rewrite does it through StaticSharedKey, a namespace-scope proxy
// through its constructor), and gets the next free offset, in registration order, at the
// declaration's alignment (at least 16 bytes). A block's static part starts at a fixed base after
// its dynamic shared memory, so a declaration's address is base + offset whichever lane reaches it
// first. A key that never registered (code built against an older engine header) is still
// served, after every registered declaration, in the order the block reaches it.
//
// Thread safety: registration and lookup take a lock; a block looks a declaration up once (its
// SharedArena remembers the answer).
#pragma once

#include <cstddef>
#include <optional>

namespace warpsafe::engine {

struct StaticSharedSlot {
  std::size_t offset;  // from the start of the block's static part
  std::size_t size;
};

// Registers declaration `key` (idempotent: a second registration of a key keeps the first slot).
void RegisterStaticSharedDeclaration(const void* key, std::size_t size, std::size_t align);
// The slot of a registered declaration.
std::optional<StaticSharedSlot> FindStaticShared(const void* key);
// The bytes every registered declaration takes together: where unregistered keys start.
std::size_t RegisteredStaticSharedBytes();

}  // namespace warpsafe::engine
