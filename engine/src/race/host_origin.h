// Where a host address comes from, for device code that touches memory that is not device memory
// (a GPU faults on it: the host's heap and stacks are not in the device's address space unless
// registered or mapped, and those are runtime allocations, found before this is asked).
//
// Read from /proc/self/maps when asked (only on an access the detector could not place, and
// cached per page by the detector for what is not the program's):
//   - the brk heap, or an anonymous mapping that is one large block of the C allocator: "host heap"
//     (less blocks that device code allocated itself, device_heap.h);
//   - the main thread's stack: "host stack".
// Everything else (other threads' stacks, the engine's fiber stacks and arenas, thread-local
// storage, libraries' data) is not named: the engine's own objects live there, and header code
// compiled into the program reads them (threadIdx).
#pragma once

#include <cstdint>

namespace warpsafe::engine::race {

// kHostGlobal is not found here (static storage never reaches ClassifyHostAddress): the detector
// learns it from static_objects.h.
enum class HostOrigin : std::uint8_t { kNotHost, kHostHeap, kHostStack, kHostGlobal };

HostOrigin ClassifyHostAddress(std::uintptr_t address);

// "host heap (malloc or new in host code)" / "host stack (a local variable of host code)" / "host global ...".
const char* HostOriginName(HostOrigin origin);

}  // namespace warpsafe::engine::race
