// __isConstant and __isGridConstant beside the other address-space predicates (ASPACE-1), on a
// pointer of every space from every thread of two blocks: a __constant__ variable is constant and
// not global, a __grid_constant__ parameter is grid-constant and not local (every thread reads the
// same parameter), a by-value parameter is the thread's own (local), and each other space is only
// itself. Each row: global shared local constant grid-constant.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
// CHECK:      __constant__ array element: 0 0 0 1 0
// CHECK-NEXT: __device__ variable: 1 0 0 0 0
// CHECK-NEXT: cudaMalloc memory: 1 0 0 0 0
// CHECK-NEXT: __shared__ array element: 0 1 0 0 0
// CHECK-NEXT: automatic variable: 0 0 1 0 0
// CHECK-NEXT: __grid_constant__ parameter member: 0 0 0 0 1
// CHECK-NEXT: by-value parameter: 0 0 1 0 0
// CHECK-NEXT: __grid_constant__ parameter after a call: 0 0 0 0 1
// CHECK-NEXT: every thread agrees
// CHECK-NOT:  {{.}}

#include <cstdio>

struct Params {
  int values[8];
  float scale;
};

__constant__ float coefficients[4];
__device__ int counter;

constexpr int kPointers = 8;

__device__ unsigned Code(const void* p) {
  return __isGlobal(p) | __isShared(p) << 1 | __isLocal(p) << 2 | __isConstant(p) << 3 | __isGridConstant(p) << 4;
}

__device__ unsigned StillGridConstant(const Params& params) { return Code(&params.scale); }

__global__ void Probe(const __grid_constant__ Params params, const Params copy, int* buffer, unsigned* out) {
  __shared__ int tile[64];
  int local = static_cast<int>(threadIdx.x);
  tile[threadIdx.x] = local;
  const void* pointers[kPointers - 1] = {&coefficients[2], &counter, buffer + threadIdx.x, &tile[threadIdx.x],
                                         &local, &params.values[3], &copy};
  unsigned* row = out + (blockIdx.x * blockDim.x + threadIdx.x) * kPointers;
  for (int i = 0; i < kPointers - 1; ++i) row[i] = Code(pointers[i]);
  row[kPointers - 1] = StillGridConstant(params);
}

int main() {
  const char* names[kPointers] = {"__constant__ array element", "__device__ variable", "cudaMalloc memory",
                                  "__shared__ array element", "automatic variable",
                                  "__grid_constant__ parameter member", "by-value parameter",
                                  "__grid_constant__ parameter after a call"};
  const int threads = 2 * 64;
  int* buffer = nullptr;
  unsigned* out = nullptr;
  cudaMalloc(&buffer, 64 * sizeof(int));
  cudaMallocManaged(&out, threads * kPointers * sizeof(unsigned));
  Params params{};
  Probe<<<2, 64>>>(params, params, buffer, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  for (int i = 0; i < kPointers; ++i) {
    const unsigned c = out[i];
    std::printf("%s: %u %u %u %u %u\n", names[i], c & 1, c >> 1 & 1, c >> 2 & 1, c >> 3 & 1, c >> 4 & 1);
  }
  bool agree = true;
  for (int t = 1; t < threads; ++t) {
    for (int i = 0; i < kPointers; ++i) agree = agree && out[t * kPointers + i] == out[i];
  }
  std::printf(agree ? "every thread agrees\n" : "threads disagree\n");
  return agree ? 0 : 1;
}
