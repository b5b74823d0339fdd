// Kernel attributes and occupancy (func_attributes.cpp, occupancy.cpp).
#include "cuda_runtime_api.h"
#include "runtime/device_limits.h"
#include "runtime/func_attributes.h"
#include "runtime_fixture.h"

namespace {
void Kernel(int*) {}
void OtherKernel(float*, int) {}
}  // namespace

namespace warpsafe::engine::runtime {
namespace {

using FuncAttributesTest = RuntimeTest;
using OccupancyTest = RuntimeTest;

TEST_F(FuncAttributesTest, DefaultsAndSetAttribute) {
  cudaFuncAttributes a;
  ASSERT_EQ(cudaFuncGetAttributes(&a, Kernel), cudaSuccess);  // the template overload
  EXPECT_EQ(a.maxDynamicSharedSizeBytes, 49152);
  EXPECT_EQ(a.maxThreadsPerBlock, 1024);
  EXPECT_EQ(a.preferredShmemCarveout, -1);
  ASSERT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000), cudaSuccess);
  ASSERT_EQ(cudaFuncGetAttributes(&a, Kernel), cudaSuccess);
  EXPECT_EQ(a.maxDynamicSharedSizeBytes, 100000);
  EXPECT_EQ(MaxDynamicSharedBytes(reinterpret_cast<const void*>(&Kernel)), 100000u);
  // Per kernel: the other kernel keeps the default.
  EXPECT_EQ(MaxDynamicSharedBytes(reinterpret_cast<const void*>(&OtherKernel)), 49152u);
  // The C form with the kernel's address is the same kernel.
  ASSERT_EQ(cudaFuncSetAttribute(reinterpret_cast<const void*>(&Kernel), cudaFuncAttributePreferredSharedMemoryCarveout,
                                 50),
            cudaSuccess);
  ASSERT_EQ(cudaFuncGetAttributes(&a, Kernel), cudaSuccess);
  EXPECT_EQ(a.preferredShmemCarveout, 50);
}

TEST_F(FuncAttributesTest, OptInAboveTheArchMaximumFails) {
  for (int arch : kArches) {
    SCOPED_TRACE(arch);
    SetArch(arch);
    const int optin = static_cast<int>(FindDeviceLimits(arch)->shared_per_block_optin);
    EXPECT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, optin), cudaSuccess);
    EXPECT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, optin + 1),
              cudaErrorInvalidValue);
    EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT_EQ(MaxDynamicSharedBytes(reinterpret_cast<const void*>(&Kernel)), static_cast<size_t>(optin));
    EXPECT_EQ(MaxDynamicSharedBytes(nullptr), static_cast<size_t>(optin));
  }
  EXPECT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, -1), cudaErrorInvalidValue);
}

TEST_F(FuncAttributesTest, CarveoutRange) {
  EXPECT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributePreferredSharedMemoryCarveout, -1), cudaSuccess);
  EXPECT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 0), cudaSuccess);
  EXPECT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100), cudaSuccess);
  EXPECT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 101), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributePreferredSharedMemoryCarveout, -2), cudaErrorInvalidValue);
}

TEST_F(FuncAttributesTest, Errors) {
  EXPECT_EQ(cudaFuncSetAttribute(static_cast<const void*>(nullptr), cudaFuncAttributeMaxDynamicSharedMemorySize, 0),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaFuncGetAttributes(nullptr, Kernel), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributeClusterDimMustBeSet, 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetCacheConfig(Kernel, cudaFuncCachePreferL1), cudaSuccess);
  EXPECT_EQ(cudaFuncSetCacheConfig(Kernel, static_cast<cudaFuncCache>(9)), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetSharedMemConfig(Kernel, cudaSharedMemBankSizeFourByte), cudaSuccess);
}

TEST_F(FuncAttributesTest, ResetForgetsAttributes) {
  ASSERT_EQ(cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 60000), cudaSuccess);
  ASSERT_EQ(cudaDeviceReset(), cudaSuccess);
  EXPECT_EQ(MaxDynamicSharedBytes(reinterpret_cast<const void*>(&Kernel)), 49152u);
}

TEST_F(OccupancyTest, BlocksPerMultiprocessor) {
  SetArch(90);
  int blocks = 0;
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, 1024, 0), cudaSuccess);
  EXPECT_EQ(blocks, 2);  // 2048 threads per SM
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, 32, 0), cudaSuccess);
  EXPECT_EQ(blocks, 32);  // 32 blocks per SM
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, 256, 40 * 1024), cudaSuccess);
  EXPECT_EQ(blocks, 5);  // 228 KB / (40 KB + 1 KB reserved)
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, 1025, 0), cudaSuccess);
  EXPECT_EQ(blocks, 0);
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, 128, 64 * 1024), cudaSuccess);
  EXPECT_EQ(blocks, 0);  // more dynamic shared memory than the kernel may use without opt-in
  SetArch(75);
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, 128, 0), cudaSuccess);
  EXPECT_EQ(blocks, 8);  // 1024 threads per SM
  SetArch(86);
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, 64, 0), cudaSuccess);
  EXPECT_EQ(blocks, 16);  // 16 blocks per SM
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, Kernel, 64, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, 0, 0), cudaErrorInvalidValue);
}

TEST_F(OccupancyTest, MaxPotentialBlockSize) {
  SetArch(90);
  int min_grid = 0, block = 0;
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, Kernel), cudaSuccess);
  EXPECT_EQ(block, 1024);  // 2 x 1024 fills an SM; the largest block wins the tie
  EXPECT_EQ(min_grid, 2 * 12);  // 12 multiprocessors (DEV-SMS)
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, Kernel, 0, 100), cudaSuccess);
  EXPECT_LE(block, 100);
  EXPECT_GT(block, 0);
  SetArch(86);
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, Kernel), cudaSuccess);
  EXPECT_EQ(block * (1536 / block), 1536);
  EXPECT_EQ(cudaOccupancyMaxPotentialBlockSize(nullptr, &block, Kernel), cudaErrorInvalidValue);
}

TEST_F(OccupancyTest, AvailableDynamicSharedMemory) {
  SetArch(80);
  size_t bytes = 0;
  ASSERT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, Kernel, 1, 128), cudaSuccess);
  EXPECT_EQ(bytes, 166912u);  // capped at the opt-in maximum
  ASSERT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, Kernel, 4, 128), cudaSuccess);
  EXPECT_EQ(bytes, 164u * 1024 / 4 - 1024);
  ASSERT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, Kernel, 3, 1024), cudaSuccess);
  EXPECT_EQ(bytes, 0u);  // three 1024-thread blocks never fit
}

}  // namespace
}  // namespace warpsafe::engine::runtime
