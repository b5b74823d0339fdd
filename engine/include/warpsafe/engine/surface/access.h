// A surface read or write as device code runs it: PlanAccess checks the access and finds the bytes
// it reads or writes in the array (or none, where the zero boundary mode drops it); the calling
// thread then copies those bytes itself, so that under `warpsafe check` the access is the
// program's own read or write of the array's memory (races, uninitialized bytes).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "surface_types.h"
#include "vector_types.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine::surface {

// Which device function accesses the surface: its coordinates and its name in reports.
// A cubemap's faces are the layers of a 2D layered array (a layered cubemap's: layer * 6 + face).
enum class AccessForm : std::uint8_t { k1D, k2D, k3D, k1DLayered, k2DLayered, kCubemap, kCubemapLayered };

// The address of the `bytes` bytes the access reads or writes, or nullptr where the zero boundary
// mode drops it (a read then gives zeros). An access CUDA does not define is reported at `site`
// and does not return. `x` is a byte offset into a row; `layer` selects a layer of a layered array
// (a cubemap's face, a layered cubemap's layer * 6 + face).
void* PlanAccess(cudaSurfaceObject_t object, AccessForm form, bool write, int x, int y, int z, int layer,
                 unsigned bytes, cudaSurfaceBoundaryMode mode, Site site);

// The element types CUDA has surface functions for: 8-, 16-, 32- and 64-bit integers and float,
// as scalars and 1-vectors, 2-vectors of them all, 4-vectors of all but the 64-bit ones.
template <class T> struct IsElement : std::false_type {};
#define WARPSAFE_SURFACE_ELEMENT(type) \
  template <> struct IsElement<type> : std::true_type {};
#define WARPSAFE_SURFACE_ELEMENTS(scalar, vec) \
  WARPSAFE_SURFACE_ELEMENT(scalar) WARPSAFE_SURFACE_ELEMENT(vec##1) WARPSAFE_SURFACE_ELEMENT(vec##2)
WARPSAFE_SURFACE_ELEMENT(char)
WARPSAFE_SURFACE_ELEMENTS(signed char, char)
WARPSAFE_SURFACE_ELEMENTS(unsigned char, uchar)
WARPSAFE_SURFACE_ELEMENTS(short, short)
WARPSAFE_SURFACE_ELEMENTS(unsigned short, ushort)
WARPSAFE_SURFACE_ELEMENTS(int, int)
WARPSAFE_SURFACE_ELEMENTS(unsigned int, uint)
WARPSAFE_SURFACE_ELEMENTS(long long, longlong)
WARPSAFE_SURFACE_ELEMENTS(unsigned long long, ulonglong)
WARPSAFE_SURFACE_ELEMENTS(float, float)
WARPSAFE_SURFACE_ELEMENT(char4)
WARPSAFE_SURFACE_ELEMENT(uchar4)
WARPSAFE_SURFACE_ELEMENT(short4)
WARPSAFE_SURFACE_ELEMENT(ushort4)
WARPSAFE_SURFACE_ELEMENT(int4)
WARPSAFE_SURFACE_ELEMENT(uint4)
WARPSAFE_SURFACE_ELEMENT(float4)
#undef WARPSAFE_SURFACE_ELEMENTS
#undef WARPSAFE_SURFACE_ELEMENT

// One read and one write: plan, then copy the bytes with the program's own (instrumented) loads
// and stores. Without debug information of their own, so that reports of those accesses name the
// program's line. The copy is a typed load or store wherever the address allows one (always, when
// the access is as wide as the array's element): a memcpy's store would carry no line at all. An
// access wider than the element can land unaligned for its type in the engine's unpadded rows,
// and is copied bytewise.
template <class T>
[[gnu::nodebug]] inline T Read(cudaSurfaceObject_t object, AccessForm form, int x, int y, int z, int layer,
                               cudaSurfaceBoundaryMode mode, Site site) {
  static_assert(IsElement<T>::value, "surface reads take an 8- to 64-bit integer or float scalar, 1-, 2- or 4-vector");
  T value;
  const void* at = PlanAccess(object, form, false, x, y, z, layer, sizeof(T), mode, site);
  if (at == nullptr) std::memset(&value, 0, sizeof(T));
  else if (reinterpret_cast<std::uintptr_t>(at) % alignof(T) == 0) value = *static_cast<const T*>(at);
  else std::memcpy(&value, at, sizeof(T));
  return value;
}
template <class T>
[[gnu::nodebug]] inline void Write(const T& value, cudaSurfaceObject_t object, AccessForm form, int x, int y, int z,
                                   int layer, cudaSurfaceBoundaryMode mode, Site site) {
  static_assert(IsElement<T>::value, "surface writes take an 8- to 64-bit integer or float scalar, 1-, 2- or 4-vector");
  void* at = PlanAccess(object, form, true, x, y, z, layer, sizeof(T), mode, site);
  if (at == nullptr) return;
  if (reinterpret_cast<std::uintptr_t>(at) % alignof(T) == 0) *static_cast<T*>(at) = value;
  else std::memcpy(at, &value, sizeof(T));
}

}  // namespace warpsafe::engine::surface
