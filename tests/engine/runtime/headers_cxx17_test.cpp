// The runtime headers as user code sees them: compiled as C++17 (CMakeLists.txt), through the
// overloads a typical CUDA program calls. Checks overload resolution as much as behaviour.
#include <gtest/gtest.h>

#include <type_traits>

// What user code includes: the umbrella, so the runtime's headers are checked after the keyword
// macros (threadIdx, gridDim, ...) are defined, as a translated program sees them.
#include "cuda_runtime.h"

static_assert(__cplusplus == 201703L, "this file checks the headers in C++17");
static_assert(std::is_same_v<cudaError_t, cudaError>);
static_assert(sizeof(cudaStream_t) == sizeof(void*));

__constant__ int c_table[8];

namespace {

__global__ void Kernel(float*, int) {}
__global__ void Fill(int* out, int value) { out[blockIdx.x * blockDim.x + threadIdx.x] = value + gridDim.x; }
template <int N>
__global__ void Templated(int*) {}

TEST(RuntimeHeadersCxx17, TypedOverloadsResolve) {
  float* f = nullptr;
  EXPECT_EQ(cudaMalloc(&f, 16), cudaSuccess);
  void* v = nullptr;
  EXPECT_EQ(cudaMalloc(&v, 16), cudaSuccess);
  double* h = nullptr;
  EXPECT_EQ(cudaMallocHost(&h, 16), cudaSuccess);
  void* pinned = nullptr;
  EXPECT_EQ(cudaMallocHost(&pinned, 16, cudaHostAllocDefault), cudaSuccess);
  int* m = nullptr;
  EXPECT_EQ(cudaMallocManaged(&m, 16), cudaSuccess);
  EXPECT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536), cudaSuccess);
  EXPECT_EQ(cudaFuncSetAttribute(Templated<4>, cudaFuncAttributePreferredSharedMemoryCarveout, 100), cudaSuccess);
  cudaFuncAttributes attr;
  EXPECT_EQ(cudaFuncGetAttributes(&attr, Kernel), cudaSuccess);
  EXPECT_EQ(attr.maxDynamicSharedSizeBytes, 65536);
  int blocks = 0;
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, 128, 0), cudaSuccess);
  EXPECT_GT(blocks, 0);
  int grid = 0, block = 0;
  EXPECT_EQ(cudaOccupancyMaxPotentialBlockSize(&grid, &block, Templated<2>, 0, 0), cudaSuccess);
  EXPECT_GT(block, 0);
  const int values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(cudaMemcpyToSymbol(c_table, values, sizeof values), cudaSuccess);
  int back = 0;
  EXPECT_EQ(cudaMemcpyFromSymbol(&back, c_table, sizeof back, 7 * sizeof(int)), cudaSuccess);
  EXPECT_EQ(back, 8);
  EXPECT_EQ(cudaMemcpyToSymbol(c_table, values, sizeof values, 4), cudaErrorInvalidValue);
  cudaGetLastError();
  cudaEvent_t e;
  EXPECT_EQ(cudaEventCreate(&e), cudaSuccess);
  EXPECT_EQ(cudaEventCreate(&e, cudaEventDisableTiming), cudaSuccess);
  cudaStream_t s;
  EXPECT_EQ(cudaStreamCreate(&s), cudaSuccess);
  EXPECT_EQ(cudaMemsetAsync(f, 0, 16, s), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(cudaFree(f), cudaSuccess);
  EXPECT_EQ(cudaFree(v), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(h), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(pinned), cudaSuccess);
  EXPECT_EQ(cudaFree(m), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST(RuntimeHeadersCxx17, LaunchKernelWithArgumentArray) {
  int* out = nullptr;
  ASSERT_EQ(cudaMallocManaged(&out, 64 * sizeof(int)), cudaSuccess);
  int value = 5;
  void* args[] = {&out, &value};
  ASSERT_EQ(cudaLaunchKernel(Fill, dim3(2), dim3(32), args, 0, cudaStreamPerThread), cudaSuccess);
  for (int i = 0; i < 64; ++i) ASSERT_EQ(out[i], 7) << i;
  EXPECT_EQ(cudaFree(out), cudaSuccess);
}

}  // namespace
