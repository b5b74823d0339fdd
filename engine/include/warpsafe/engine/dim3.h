// uint3 and dim3 as CUDA defines them. They live here, apart from the rest of vector_types.h,
// because the engine's own API (api.h) needs them and must not pull in the whole CUDA surface.
#pragma once

struct uint3 {
  unsigned int x, y, z;
};

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};
