// __isGlobal, __isShared, __isClusterShared and __isLocal on pointers of every kind, from lanes of a
// real launch (dynamic shared memory and managed memory included), and in host code, where there
// is no shared or local memory: each predicate holds for its own space only (ASPACE-1). libcu++'s
// cuda::barrier and memcpy_async pick their code path with them. address_space_predicates.cu
// covers __isConstant and __isGridConstant.
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT: {{.}}
// CHECK:     1 passed, 0 failed
// CHECK-NOT: {{.}}
#include <cstdio>

__device__ int device_variable;

__global__ void Classify(const int* global_buffer, const int* managed_buffer, unsigned* out) {
  __shared__ int static_shared[32];
  extern __shared__ int dynamic_shared[];
  int local = int(threadIdx.x);
  static_shared[threadIdx.x] = local;
  dynamic_shared[threadIdx.x] = local;
  const void* pointers[] = {global_buffer + threadIdx.x, managed_buffer, &device_variable,
                            &static_shared[threadIdx.x], &dynamic_shared[threadIdx.x], &local};
  unsigned bits = 0;
  for (int i = 0; i < 6; ++i) {
    const unsigned code = __isGlobal(pointers[i]) | __isShared(pointers[i]) << 1 |
                          __isClusterShared(pointers[i]) << 2 | __isLocal(pointers[i]) << 3;
    bits |= code << (4 * i);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = bits;
}

int main() {
  int *global_buffer, *managed_buffer;
  unsigned* out;
  cudaMalloc(&global_buffer, 32 * sizeof(int));
  cudaMallocManaged(&managed_buffer, sizeof(int));
  cudaMallocManaged(&out, 64 * sizeof(unsigned));
  Classify<<<2, 32, 32 * sizeof(int)>>>(global_buffer, managed_buffer, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  // Per pointer, 4 bits: global, shared, cluster shared, local.
  const unsigned expected = 0x1 | 0x1 << 4 | 0x1 << 8 | 0x6 << 12 | 0x6 << 16 | 0x8 << 20;
  int wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += out[i] != expected;
  if (wrong) std::printf("got %06x, expected %06x\n", out[0], expected);
  int host_local = 0;
  // Host code: no lane, so no shared or local memory; global memory is still global.
  wrong += __isShared(&host_local) + __isLocal(&host_local) + (__isGlobal(global_buffer) != 1);
  std::printf("%d passed, %d failed\n", wrong == 0 ? 1 : 0, wrong == 0 ? 0 : 1);
  return wrong == 0 ? 0 : 1;
}
