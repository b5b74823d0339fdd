// Initialisation, devices and contexts (engine/src/driver/device.cpp, context.cpp). The expected
// results are those a GPU's driver gave for the same calls (CUDA 13.0, H200, 2026-11-26).
#include "driver_fixture.h"
#include "warpsafe/engine/keywords.h"
#include "warpsafe/engine/launch.h"

namespace warpsafe::engine::driver {
namespace {

using ContextTest = DriverTest;

TEST_F(ContextTest, NothingButTheVersionBeforeInit) {
  int version = 0;
  EXPECT_EQ(cuDriverGetVersion(&version), CUDA_SUCCESS);
  EXPECT_EQ(version, 13000);
  int count = -1;
  EXPECT_EQ(cuDeviceGetCount(&count), CUDA_ERROR_NOT_INITIALIZED);
  CUdeviceptr p = 0;
  EXPECT_EQ(cuMemAlloc(&p, 16), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(cuInit(1), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuInit(0), CUDA_SUCCESS);
  EXPECT_EQ(cuInit(0), CUDA_SUCCESS);
  EXPECT_EQ(cuDeviceGetCount(&count), CUDA_SUCCESS);
  EXPECT_EQ(count, 1);
}

TEST_F(ContextTest, DeviceQueriesAnswerAsTheRuntime) {
  ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
  CUdevice dev = -1;
  EXPECT_EQ(cuDeviceGet(&dev, 5), CUDA_ERROR_INVALID_DEVICE);
  ASSERT_EQ(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  cudaDeviceProp prop;
  ASSERT_EQ(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
  char name[256];
  ASSERT_EQ(cuDeviceGetName(name, sizeof name, dev), CUDA_SUCCESS);
  EXPECT_STREQ(name, prop.name);
  int value = 0;
  ASSERT_EQ(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev), CUDA_SUCCESS);
  EXPECT_EQ(value, 32);
  ASSERT_EQ(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev), CUDA_SUCCESS);
  EXPECT_EQ(value, prop.multiProcessorCount);
  ASSERT_EQ(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev), CUDA_SUCCESS);
  EXPECT_EQ(static_cast<size_t>(value), prop.sharedMemPerBlockOptin);
  ASSERT_EQ(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev), CUDA_SUCCESS);
  EXPECT_EQ(value, prop.major);
  EXPECT_EQ(cuDeviceGetAttribute(&value, static_cast<CUdevice_attribute>(100000), dev), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 3), CUDA_ERROR_INVALID_DEVICE);
  int major = 0, minor = -1;
  ASSERT_EQ(cuDeviceComputeCapability(&major, &minor, dev), CUDA_SUCCESS);
  EXPECT_EQ(major, prop.major);
  EXPECT_EQ(minor, prop.minor);
  size_t total = 0;
  ASSERT_EQ(cuDeviceTotalMem(&total, dev), CUDA_SUCCESS);
  EXPECT_EQ(total, prop.totalGlobalMem);
}

TEST_F(ContextTest, CreatePushPopDestroy) {
  ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
  CUcontext current = reinterpret_cast<CUcontext>(1);
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, nullptr);
  CUdeviceptr p = 0;
  size_t free = 0, total = 0;
  EXPECT_EQ(cuMemAlloc(&p, 16), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuMemGetInfo(&free, &total), CUDA_ERROR_INVALID_CONTEXT);

  CUcontext ctx = nullptr;
  ASSERT_EQ(cuCtxCreate(&ctx, nullptr, 0, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, ctx);
  CUcontext primary = nullptr;
  ASSERT_EQ(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
  EXPECT_NE(primary, ctx);
  unsigned flags = 99;
  int active = -1;
  ASSERT_EQ(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
  EXPECT_EQ(flags, 0u);
  EXPECT_EQ(active, 1);
  EXPECT_EQ(cuMemGetInfo(&free, &total), CUDA_SUCCESS);
  EXPECT_GT(total, 0u);

  unsigned long long created_id = 0, primary_id_before = 0;
  ASSERT_EQ(cuCtxGetId(nullptr, &created_id), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxGetId(primary, &primary_id_before), CUDA_SUCCESS);
  EXPECT_NE(created_id, primary_id_before);
  CUcontext popped = nullptr;
  ASSERT_EQ(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
  EXPECT_EQ(popped, ctx);
  EXPECT_EQ(cuCtxPopCurrent(&popped), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuCtxPushCurrent(nullptr), CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cuCtxPushCurrent(ctx), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxDestroy(ctx), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, nullptr);  // destroying the current context pops it
  unsigned long long id = 0, primary_id = 0;
  EXPECT_EQ(cuCtxGetId(primary, &primary_id), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxGetId(ctx, &id), CUDA_ERROR_CONTEXT_IS_DESTROYED);
  EXPECT_EQ(cuCtxDestroy(ctx), CUDA_ERROR_CONTEXT_IS_DESTROYED);
  EXPECT_EQ(cuCtxPushCurrent(ctx), CUDA_ERROR_CONTEXT_IS_DESTROYED);
}

TEST_F(ContextTest, ARuntimeCallBindsThePrimaryContext) {
  ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
  CUcontext primary = nullptr, current = nullptr;
  ASSERT_EQ(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
  // The driver's own calls forward to the runtime without counting as the program's runtime calls.
  int value = 0;
  ASSERT_EQ(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, nullptr);
  ASSERT_EQ(cudaFree(nullptr), cudaSuccess);
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, primary);
  size_t free = 0, total = 0;
  EXPECT_EQ(cuMemGetInfo(&free, &total), CUDA_SUCCESS);
  CUcontext popped = nullptr;
  ASSERT_EQ(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
  EXPECT_EQ(popped, primary);
  EXPECT_EQ(cuCtxDestroy(primary), CUDA_ERROR_INVALID_CONTEXT);  // released, never destroyed
}

TEST_F(ContextTest, ARuntimeCallInitialisesTheDriver) {
  size_t free = 0, total = 0;
  EXPECT_EQ(cuMemGetInfo(&free, &total), CUDA_ERROR_NOT_INITIALIZED);
  void* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 64), cudaSuccess);  // no cuInit: the runtime initialised the driver
  EXPECT_EQ(cuMemGetInfo(&free, &total), CUDA_SUCCESS);
  int count = 0;
  EXPECT_EQ(cuDeviceGetCount(&count), CUDA_SUCCESS);
  EXPECT_EQ(count, 1);
  EXPECT_EQ(cudaFree(p), cudaSuccess);
}

TEST_F(ContextTest, DriverFailuresAreNotTheRuntimesLastError) {
  Begin();
  CUdeviceptr p = 0;
  ASSERT_EQ(cuMemAlloc(&p, 64), CUDA_SUCCESS);
  int host = 0;
  EXPECT_EQ(cuMemcpyDtoH(&host, p + 4096, sizeof host), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(&host, reinterpret_cast<void*>(p + 4096), sizeof host, cudaMemcpyDeviceToHost),
            cudaErrorInvalidValue);
  EXPECT_EQ(cuMemFree(p), CUDA_SUCCESS);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);  // the runtime's own failure stays
}

}  // namespace
}  // namespace warpsafe::engine::driver

namespace warpsafe::engine::driver {
namespace {

__global__ void DriverContextTestNothing() {}

TEST_F(ContextTest, ALaunchBindsThePrimaryContext) {
  ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
  ::warpsafe::engine::LaunchWith(::warpsafe::engine::LaunchSpec{dim3(1), dim3(1), 0, nullptr,
                                                                reinterpret_cast<const void*>(&DriverContextTestNothing),
                                                                "DriverContextTestNothing", Site::Here()},
                                 [&](auto&... a) { DriverContextTestNothing(a...); });
  CUcontext current = nullptr, primary = nullptr;
  ASSERT_EQ(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, primary);
}

}  // namespace
}  // namespace warpsafe::engine::driver
