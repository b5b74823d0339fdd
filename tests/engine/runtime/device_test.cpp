// Device management and the emulated device's properties per architecture (device.cpp,
// device_properties.cpp, device_limits.cpp).
#include <cstring>
#include <string>

#include "cuda_runtime_api.h"
#include "runtime/device_limits.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::runtime {
namespace {

using DeviceTest = RuntimeTest;

TEST_F(DeviceTest, OneDeviceNumberedZero) {
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  EXPECT_EQ(count, 1);
  int device = -1;
  ASSERT_EQ(cudaGetDevice(&device), cudaSuccess);
  EXPECT_EQ(device, 0);
  EXPECT_EQ(cudaSetDevice(0), cudaSuccess);
  EXPECT_EQ(cudaSetDevice(1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaSetDevice(-1), cudaErrorInvalidDevice);
  cudaDeviceProp prop;
  EXPECT_EQ(cudaGetDeviceProperties(&prop, 1), cudaErrorInvalidDevice);
  int value = 0;
  EXPECT_EQ(cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetDeviceCount(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetDeviceProperties(nullptr, 0), cudaErrorInvalidValue);
}

TEST_F(DeviceTest, Versions) {
  int runtime = 0, driver = 0;
  EXPECT_EQ(cudaRuntimeGetVersion(&runtime), cudaSuccess);
  EXPECT_EQ(cudaDriverGetVersion(&driver), cudaSuccess);
  EXPECT_EQ(runtime, 13000);
  EXPECT_EQ(driver, 13000);
}

TEST_F(DeviceTest, SynchronizeAndReset) {
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  void* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 64), cudaSuccess);
  EXPECT_EQ(cudaSetDevice(7), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceReset(), cudaSuccess);
  // The reset freed the allocation and cleared the last error.
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaFree(p), cudaErrorInvalidValue);
}

TEST_F(DeviceTest, PeerAccessAndConfigs) {
  int can = 1;
  EXPECT_EQ(cudaDeviceCanAccessPeer(&can, 0, 0), cudaSuccess);
  EXPECT_EQ(can, 0);
  EXPECT_EQ(cudaDeviceCanAccessPeer(&can, 0, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared), cudaSuccess);
  cudaFuncCache cache = cudaFuncCachePreferNone;
  EXPECT_EQ(cudaDeviceGetCacheConfig(&cache), cudaSuccess);
  EXPECT_EQ(cache, cudaFuncCachePreferShared);
  EXPECT_EQ(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte), cudaSuccess);
  size_t heap = 0;
  EXPECT_EQ(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize), cudaSuccess);
  EXPECT_EQ(heap, 8u << 20);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitStackSize, 4096), cudaSuccess);
  size_t stack = 0;
  EXPECT_EQ(cudaDeviceGetLimit(&stack, cudaLimitStackSize), cudaSuccess);
  EXPECT_EQ(stack, 4096u);
  int least = 1, greatest = 1;
  EXPECT_EQ(cudaDeviceGetStreamPriorityRange(&least, &greatest), cudaSuccess);
  EXPECT_EQ(least, 0);
  EXPECT_LT(greatest, 0);
}

struct Expected {
  int arch;
  int sms;
  int threads_per_sm;
  int blocks_per_sm;
  size_t optin;
  size_t per_sm;
};

// The Programming Guide's per-architecture values, and as many multiprocessors as fill the 24576
// threads the engine keeps resident (fewer than the reference parts have: DEV-SMS).
constexpr Expected kExpected[] = {
    {70, 12, 2048, 32, 98304, 96 * 1024},   {75, 24, 1024, 16, 65536, 64 * 1024},
    {80, 12, 2048, 32, 166912, 164 * 1024}, {86, 16, 1536, 16, 101376, 100 * 1024},
    {89, 16, 1536, 24, 101376, 100 * 1024}, {90, 12, 2048, 32, 232448, 228 * 1024},
};

TEST_F(DeviceTest, PropertiesFollowTheArch) {
  for (const Expected& e : kExpected) {
    SCOPED_TRACE(e.arch);
    SetArch(e.arch);
    cudaDeviceProp p;
    ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
    EXPECT_EQ(std::string(p.name), "warpsafe engine (sm_" + std::to_string(e.arch) + ")");
    EXPECT_EQ(p.major, e.arch / 10);
    EXPECT_EQ(p.minor, e.arch % 10);
    EXPECT_EQ(p.multiProcessorCount, e.sms);
    EXPECT_EQ(p.maxThreadsPerMultiProcessor, e.threads_per_sm);
    EXPECT_EQ(p.maxBlocksPerMultiProcessor, e.blocks_per_sm);
    EXPECT_EQ(p.sharedMemPerBlock, 49152u);
    EXPECT_EQ(p.sharedMemPerBlockOptin, e.optin);
    EXPECT_EQ(p.sharedMemPerMultiprocessor, e.per_sm);
    EXPECT_EQ(p.maxThreadsPerBlock, 1024);
    EXPECT_EQ(p.maxThreadsDim[0], 1024);
    EXPECT_EQ(p.maxThreadsDim[1], 1024);
    EXPECT_EQ(p.maxThreadsDim[2], 64);
    EXPECT_EQ(p.maxGridSize[0], 2147483647);
    EXPECT_EQ(p.maxGridSize[1], 65535);
    EXPECT_EQ(p.maxGridSize[2], 65535);
    EXPECT_EQ(p.warpSize, 32);
    EXPECT_EQ(p.regsPerBlock, 65536);
    EXPECT_EQ(p.regsPerMultiprocessor, 65536);
    EXPECT_EQ(p.reservedSharedMemPerBlock, e.arch >= 80 ? 1024u : 0u);
    EXPECT_GT(p.totalGlobalMem, 0u);
    EXPECT_GT(p.l2CacheSize, 0);
    EXPECT_GT(p.memoryBusWidth, 0);
    EXPECT_GT(p.clockRate, 0);
    EXPECT_GT(p.memoryClockRate, 0);
    EXPECT_EQ(p.unifiedAddressing, 1);
    EXPECT_EQ(p.managedMemory, 1);
    EXPECT_EQ(p.clusterLaunch, e.arch >= 90 ? 1 : 0);
  }
}

TEST_F(DeviceTest, AttributesAgreeWithProperties) {
  for (int arch : kArches) {
    SCOPED_TRACE(arch);
    SetArch(arch);
    cudaDeviceProp p;
    ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
    auto attr = [](cudaDeviceAttr a) {
      int v = -12345;
      EXPECT_EQ(cudaDeviceGetAttribute(&v, a, 0), cudaSuccess) << a;
      return v;
    };
    EXPECT_EQ(attr(cudaDevAttrComputeCapabilityMajor), p.major);
    EXPECT_EQ(attr(cudaDevAttrComputeCapabilityMinor), p.minor);
    EXPECT_EQ(attr(cudaDevAttrMultiProcessorCount), p.multiProcessorCount);
    EXPECT_EQ(attr(cudaDevAttrMaxSharedMemoryPerBlock), 49152);
    EXPECT_EQ(attr(cudaDevAttrMaxSharedMemoryPerBlockOptin), static_cast<int>(p.sharedMemPerBlockOptin));
    EXPECT_EQ(attr(cudaDevAttrMaxSharedMemoryPerMultiprocessor), static_cast<int>(p.sharedMemPerMultiprocessor));
    EXPECT_EQ(attr(cudaDevAttrMaxThreadsPerMultiProcessor), p.maxThreadsPerMultiProcessor);
    EXPECT_EQ(attr(cudaDevAttrMaxBlocksPerMultiprocessor), p.maxBlocksPerMultiProcessor);
    EXPECT_EQ(attr(cudaDevAttrMaxThreadsPerBlock), 1024);
    EXPECT_EQ(attr(cudaDevAttrMaxBlockDimZ), 64);
    EXPECT_EQ(attr(cudaDevAttrMaxGridDimX), 2147483647);
    EXPECT_EQ(attr(cudaDevAttrMaxGridDimY), 65535);
    EXPECT_EQ(attr(cudaDevAttrWarpSize), 32);
    EXPECT_EQ(attr(cudaDevAttrL2CacheSize), p.l2CacheSize);
    EXPECT_EQ(attr(cudaDevAttrReservedSharedMemoryPerBlock), static_cast<int>(p.reservedSharedMemPerBlock));
  }
  int v = 0;
  EXPECT_EQ(cudaDeviceGetAttribute(&v, static_cast<cudaDeviceAttr>(44), 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetAttribute(nullptr, cudaDevAttrWarpSize, 0), cudaErrorInvalidValue);
}

TEST_F(DeviceTest, LimitsTableCoversTheSixArchesAndThePascalMode) {
  for (int arch : kArches) EXPECT_NE(FindDeviceLimits(arch), nullptr) << arch;
  // sm_60 is the Pascal portability mode (PASCAL-*): a P100 with no opt-in above 48 KB.
  const DeviceLimits* pascal = FindDeviceLimits(60);
  ASSERT_NE(pascal, nullptr);
  EXPECT_EQ(pascal->shared_per_block_optin, std::size_t{48} * 1024);
  EXPECT_EQ(FindDeviceLimits(61), nullptr);
  EXPECT_EQ(FindDeviceLimits(100), nullptr);
}

}  // namespace
}  // namespace warpsafe::engine::runtime
