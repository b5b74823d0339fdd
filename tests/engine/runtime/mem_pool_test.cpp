// The stream-ordered allocator (engine/src/runtime/mem_pool.cpp): allocation and free on streams,
// the default and created pools, their attributes, trimming, and CUDA's errors for bad arguments.
#include <cstdint>

#include "cuda_runtime_api.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::runtime {
namespace {

class MemPoolTest : public RuntimeTest {};

std::uint64_t Attr(cudaMemPool_t pool, cudaMemPoolAttr attr) {
  std::uint64_t v = ~0ull;
  EXPECT_EQ(cudaMemPoolGetAttribute(pool, attr, &v), cudaSuccess);
  return v;
}

TEST_F(MemPoolTest, AllocatesOnAStreamAndCountsInTheDefaultPool) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  cudaMemPool_t pool = nullptr;
  ASSERT_EQ(cudaDeviceGetDefaultMemPool(&pool, 0), cudaSuccess);
  ASSERT_NE(pool, nullptr);
  int* p = nullptr;
  ASSERT_EQ(cudaMallocAsync(&p, 1000 * sizeof(int), s), cudaSuccess);
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(cudaMemsetAsync(p, 0, 1000 * sizeof(int), s), cudaSuccess);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrUsedMemCurrent), 4000u);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrUsedMemHigh), 4000u);
  ASSERT_EQ(cudaFreeAsync(p, s), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrUsedMemCurrent), 0u);
  // Release threshold 0: nothing is kept once the stream synchronizes.
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrReservedMemCurrent), 0u);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrUsedMemHigh), 4000u);
  std::uint64_t zero = 0;
  ASSERT_EQ(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &zero), cudaSuccess);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrUsedMemHigh), 0u);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(MemPoolTest, ReleaseThresholdKeepsFreedBytesUntilTrimmed) {
  cudaMemPool_t pool;
  ASSERT_EQ(cudaDeviceGetDefaultMemPool(&pool, 0), cudaSuccess);
  std::uint64_t threshold = 1 << 20;
  ASSERT_EQ(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold), cudaSuccess);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrReleaseThreshold), threshold);
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_EQ(cudaMallocAsync(&a, 3000, 0), cudaSuccess);
  ASSERT_EQ(cudaMallocAsync(&b, 5000, 0), cudaSuccess);
  ASSERT_EQ(cudaFreeAsync(a, 0), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrUsedMemCurrent), 5000u);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrReservedMemCurrent), 8000u);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrReservedMemHigh), 8000u);
  ASSERT_EQ(cudaMemPoolTrimTo(pool, 6000), cudaSuccess);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrReservedMemCurrent), 6000u);
  ASSERT_EQ(cudaMemPoolTrimTo(pool, 0), cudaSuccess);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrReservedMemCurrent), 5000u);  // live bytes are never trimmed
  ASSERT_EQ(cudaFreeAsync(b, 0), cudaSuccess);
}

TEST_F(MemPoolTest, CreatedPoolsAndAllocationFromThem) {
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t pool = nullptr;
  ASSERT_EQ(cudaMemPoolCreate(&pool, &props), cudaSuccess);
  float* p = nullptr;
  ASSERT_EQ(cudaMallocFromPoolAsync(reinterpret_cast<void**>(&p), 64 * sizeof(float), pool, 0), cudaSuccess);
  p[63] = 1.0f;
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrUsedMemCurrent), 256u);
  cudaMemPool_t def;
  ASSERT_EQ(cudaDeviceGetDefaultMemPool(&def, 0), cudaSuccess);
  EXPECT_EQ(Attr(def, cudaMemPoolAttrUsedMemCurrent), 0u);
  // The current pool serves cudaMallocAsync once set.
  ASSERT_EQ(cudaDeviceSetMemPool(0, pool), cudaSuccess);
  cudaMemPool_t current;
  ASSERT_EQ(cudaDeviceGetMemPool(&current, 0), cudaSuccess);
  EXPECT_EQ(current, pool);
  void* q = nullptr;
  ASSERT_EQ(cudaMallocAsync(&q, 100, 0), cudaSuccess);
  EXPECT_EQ(Attr(pool, cudaMemPoolAttrUsedMemCurrent), 356u);
  ASSERT_EQ(cudaFreeAsync(p, 0), cudaSuccess);
  ASSERT_EQ(cudaFreeAsync(q, 0), cudaSuccess);
  EXPECT_EQ(cudaMemPoolDestroy(pool), cudaSuccess);
  ASSERT_EQ(cudaDeviceGetMemPool(&current, 0), cudaSuccess);
  EXPECT_EQ(current, def);
  EXPECT_EQ(cudaMemPoolDestroy(pool), cudaErrorInvalidValue);
}

TEST_F(MemPoolTest, BadArgumentsGetCudasErrors) {
  cudaMemPool_t pool;
  EXPECT_EQ(cudaDeviceGetDefaultMemPool(nullptr, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetDefaultMemPool(&pool, 1), cudaErrorInvalidDevice);
  ASSERT_EQ(cudaDeviceGetDefaultMemPool(&pool, 0), cudaSuccess);
  EXPECT_EQ(cudaMemPoolDestroy(pool), cudaErrorInvalidValue);  // the default pool stays
  void* p = nullptr;
  EXPECT_EQ(cudaMallocAsync(nullptr, 16, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocAsync(&p, 0, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocAsync(&p, 16, reinterpret_cast<cudaStream_t>(0x1234)), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaMallocFromPoolAsync(&p, 16, nullptr, 0), cudaErrorInvalidValue);
  int local = 0;
  EXPECT_EQ(cudaFreeAsync(&local, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeAsync(nullptr, 0), cudaSuccess);
  std::uint64_t v = 5;
  EXPECT_EQ(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &v), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &v), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolGetAttribute(reinterpret_cast<cudaMemPool_t>(0x99), cudaMemPoolAttrUsedMemCurrent, &v),
            cudaErrorInvalidValue);
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypeManaged;
  props.location.type = cudaMemLocationTypeDevice;
  EXPECT_EQ(cudaMemPoolCreate(&pool, &props), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolCreate(&pool, nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
}

}  // namespace
}  // namespace warpsafe::engine::runtime
