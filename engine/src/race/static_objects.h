// The objects in the executable's static storage that the checker tells apart (memory_map.h's
// IsStatic covers them all): __device__ variables and the program's host globals.
//
// A checked build puts each __device__, __managed__ and __constant__ variable in a section of its
// own, `warpsafe_device.N` or `warpsafe_constant.N` (keywords.h): the objects there are the device's.
// A global object (not weak, not local) of default visibility in any other section is host data: a
// namespace-scope variable of host code, an object of the engine, or a copy of a shared library's
// object (`stdout`). Device code reaches none of them on a GPU (DEVMEM-1); the engine's headers
// give kernels no such object to read (its per-thread state is thread-local storage), and device
// code of a two-pass build refers to its own renamed copies (`name.device`, pass_join.h).
//
// Read from /proc/self/exe's .symtab the first time it is asked (only on a slow-path access or an
// atomic in static storage), never written afterwards. Variables with internal linkage (`static
// int g;`, an anonymous namespace) and weak ones (inline variables, template instances, whose
// section attribute the compiler may drop) count as neither kind.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace warpsafe::engine::race {

struct StaticObject {
  std::uintptr_t start;
  std::size_t size;
};

class StaticObjects {
 public:
  // The host global containing `address`, or null.
  const StaticObject* FindHostGlobal(std::uintptr_t address) {
    Load();
    const StaticObject* o = Find(host_globals_, address);
    return o != nullptr && address - o->start < o->size ? o : nullptr;
  }
  // The __device__ / __constant__ / __managed__ variable nearest below or at `address` whose
  // storage starts at or before it, or null (the caller compares its end).
  const StaticObject* FindDeviceVariable(std::uintptr_t address) {
    Load();
    return Find(device_variables_, address);
  }

 private:
  void Load();
  static const StaticObject* Find(const std::vector<StaticObject>& objects, std::uintptr_t address);
  bool loaded_ = false;
  std::vector<StaticObject> host_globals_;      // sorted by start
  std::vector<StaticObject> device_variables_;  // sorted by start
};

StaticObjects& GetStaticObjects();

}  // namespace warpsafe::engine::race
