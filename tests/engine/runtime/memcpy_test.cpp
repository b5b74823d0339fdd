// Copies and fills: every kind, the direction and range checks (memcpy.cpp, copy_checks.cpp).
#include <numeric>
#include <vector>

#include "cuda_runtime_api.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::runtime {
namespace {

using MemcpyTest = RuntimeTest;

TEST_F(MemcpyTest, RoundTripEveryKind) {
  std::vector<int> host(256), back(256, 0);
  std::iota(host.begin(), host.end(), 0);
  int* a = nullptr;
  int* b = nullptr;
  ASSERT_EQ(cudaMalloc(&a, 256 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&b, 256 * sizeof(int)), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(a, host.data(), 256 * sizeof(int), cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(b, a, 256 * sizeof(int), cudaMemcpyDeviceToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(back.data(), b, 256 * sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(back, host);
  std::vector<int> other(256, -1);
  EXPECT_EQ(cudaMemcpy(other.data(), back.data(), 256 * sizeof(int), cudaMemcpyHostToHost), cudaSuccess);
  EXPECT_EQ(other, host);
  std::fill(back.begin(), back.end(), 0);
  EXPECT_EQ(cudaMemcpy(back.data(), a, 256 * sizeof(int), cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(back, host);
  EXPECT_EQ(cudaMemcpyAsync(back.data(), a, 16, cudaMemcpyDeviceToHost, nullptr), cudaSuccess);
  EXPECT_EQ(cudaMemcpyAsync(back.data(), a, 16, cudaMemcpyDeviceToHost, cudaStreamPerThread), cudaSuccess);
}

TEST_F(MemcpyTest, Errors) {
  std::vector<char> host(64);
  char* d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 64), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(d, host.data(), 64, static_cast<cudaMemcpyKind>(7)), cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
  // A host pointer where the device side belongs.
  EXPECT_EQ(cudaMemcpy(host.data(), d, 64, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host.data(), host.data() + 32, 16, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  // Past the end of the allocation.
  EXPECT_EQ(cudaMemcpy(d + 1, host.data(), 64, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host.data(), d, 65, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(nullptr, host.data(), 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  // Zero bytes is always fine.
  EXPECT_EQ(cudaMemcpy(nullptr, nullptr, 0, cudaMemcpyDeviceToDevice), cudaSuccess);
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  ASSERT_EQ(cudaStreamDestroy(s), cudaSuccess);
  EXPECT_EQ(cudaMemcpyAsync(d, host.data(), 4, cudaMemcpyHostToDevice, s), cudaErrorInvalidResourceHandle);
}

TEST_F(MemcpyTest, RangesAreCheckedOnEverySideThatIsAnAllocation) {
  std::vector<char> host(128);
  char* d = nullptr;
  char* pinned = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 64), cudaSuccess);
  ASSERT_EQ(cudaMallocHost(&pinned, 64), cudaSuccess);
  // cudaMemcpyDefault infers the sides, but a block is still a block.
  EXPECT_EQ(cudaMemcpy(d, host.data(), 64, cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(d, host.data(), 65, cudaMemcpyDefault), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host.data(), d + 32, 33, cudaMemcpyDefault), cudaErrorInvalidValue);
  // The host side of a copy past the end of a pinned block.
  EXPECT_EQ(cudaMemcpy(d, pinned, 64, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(pinned + 8, d, 64, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  // Pinned memory is device-addressable (unified addressing).
  EXPECT_EQ(cudaMemcpy(pinned, d, 64, cudaMemcpyDeviceToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemset(pinned, 0, 64), cudaSuccess);
}

TEST_F(MemcpyTest, OverlappingDeviceCopyActsAsMemmove) {
  int* d = nullptr;
  ASSERT_EQ(cudaMallocManaged(&d, 8 * sizeof(int)), cudaSuccess);
  for (int i = 0; i < 8; ++i) d[i] = i;
  EXPECT_EQ(cudaMemcpy(d + 1, d, 6 * sizeof(int), cudaMemcpyDeviceToDevice), cudaSuccess);
  EXPECT_EQ(d[1], 0);
  EXPECT_EQ(d[6], 5);
}

TEST_F(MemcpyTest, Memset) {
  unsigned char* d = nullptr;
  ASSERT_EQ(cudaMallocManaged(&d, 100), cudaSuccess);
  EXPECT_EQ(cudaMemset(d, 0x1ab, 100), cudaSuccess);  // the low byte
  for (int i = 0; i < 100; ++i) ASSERT_EQ(d[i], 0xab);
  EXPECT_EQ(cudaMemsetAsync(d + 50, 0, 50), cudaSuccess);
  EXPECT_EQ(d[49], 0xab);
  EXPECT_EQ(d[50], 0);
  EXPECT_EQ(cudaMemset(d, 0, 101), cudaErrorInvalidValue);
  std::vector<char> host(8);
  EXPECT_EQ(cudaMemset(host.data(), 0, 8), cudaErrorInvalidValue);
}

TEST_F(MemcpyTest, TwoDimensional) {
  void* d = nullptr;
  size_t pitch = 0;
  ASSERT_EQ(cudaMallocPitch(&d, &pitch, 10, 4), cudaSuccess);
  std::vector<char> host(40), back(40, 0);
  std::iota(host.begin(), host.end(), 1);
  EXPECT_EQ(cudaMemcpy2D(d, pitch, host.data(), 10, 10, 4, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemset2D(d, pitch, 0, 2, 4), cudaSuccess);
  EXPECT_EQ(cudaMemcpy2D(back.data(), 10, d, pitch, 10, 4, cudaMemcpyDeviceToHost), cudaSuccess);
  for (int row = 0; row < 4; ++row) {
    EXPECT_EQ(back[row * 10], 0);
    EXPECT_EQ(back[row * 10 + 1], 0);
    EXPECT_EQ(back[row * 10 + 2], host[row * 10 + 2]);
  }
  EXPECT_EQ(cudaMemcpy2D(d, 5, host.data(), 10, 10, 4, cudaMemcpyHostToDevice), cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaMemcpy2D(d, pitch, host.data(), 10, 10, 5, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
}

}  // namespace
}  // namespace warpsafe::engine::runtime
