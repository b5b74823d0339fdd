// Launch validation and the sticky error of a failed kernel (launch.cpp). Launches are written as
// the front end writes `kernel<<<grid, block, smem, stream>>>(args)`.
// Device asserts must stay in, whatever the build type says.
#undef NDEBUG
#include <atomic>
#include <cassert>
#include <cstdlib>

#include "cuda_runtime_api.h"
#include "runtime/device_limits.h"
#include "runtime/runtime_call.h"
#include "runtime_fixture.h"
#include "warpsafe/engine/keywords.h"
#include "warpsafe/engine/launch.h"

namespace {

std::atomic<int> g_threads{0};
std::atomic<long> g_id_sum{0};

__global__ void Count(int weight) {
  g_threads.fetch_add(1);
  const unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  g_id_sum.fetch_add(static_cast<long>(weight) * (bid * blockDim.x * blockDim.y * blockDim.z + tid));
}

__global__ void TrapOnThreadZero() {
  g_threads.fetch_add(1);
  if (threadIdx.x == 0 && blockIdx.x == 0) ::warpsafe::engine::Trap(::warpsafe::engine::Site::Here());
}

__global__ void AssertOnThreadThree() {
  g_threads.fetch_add(1);
  assert(threadIdx.x != 3);
}

__global__ void Store(int* out, int value) { out[blockIdx.x * blockDim.x + threadIdx.x] = value; }

}  // namespace

namespace warpsafe::engine::runtime {
namespace {

class LaunchTest : public RuntimeTest {
 protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    g_threads = 0;
    g_id_sum = 0;
  }

  // Count<<<grid, block, smem, stream>>>(1), as the front end writes it. `named` false gives the
  // null kernel_key of a kernel the front end could not name.
  static cudaError_t LaunchCount(dim3 grid, dim3 block, size_t smem = 0, cudaStream_t stream = nullptr,
                                 bool named = true) {
    ::warpsafe::engine::LaunchWith(
        ::warpsafe::engine::LaunchSpec{grid, block, smem, stream,
                                       named ? reinterpret_cast<const void*>(&Count) : nullptr, "Count",
                                       ::warpsafe::engine::Site::Here()},
        [&](auto&... a) { Count(a...); }, 1);
    return cudaPeekAtLastError();
  }
};

TEST_F(LaunchTest, RunsEveryThreadOnce) {
  ASSERT_EQ(LaunchCount(dim3(2, 3), dim3(4, 5, 2)), cudaSuccess);
  EXPECT_EQ(g_threads, 240);
  EXPECT_EQ(g_id_sum, 239L * 240 / 2);  // every global thread id exactly once
  EXPECT_EQ(LastLaunchResult(), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

TEST_F(LaunchTest, BadConfigurationsDoNotRun) {
  const struct {
    dim3 grid, block;
  } bad[] = {
      {dim3(1), dim3(0)},          {dim3(1), dim3(1, 0)},          {dim3(1), dim3(1, 1, 0)},
      {dim3(1), dim3(1025)},       {dim3(1), dim3(1, 1025)},       {dim3(1), dim3(1, 1, 65)},
      {dim3(1), dim3(32, 32, 2)},  {dim3(0), dim3(32)},            {dim3(1, 0), dim3(32)},
      {dim3(1, 1, 0), dim3(32)},   {dim3(1, 65536), dim3(32)},     {dim3(1, 1, 65536), dim3(32)},
      {dim3(2147483648u), dim3(1)},
  };
  for (const auto& c : bad) {
    SCOPED_TRACE(testing::Message() << "grid " << c.grid.x << "," << c.grid.y << "," << c.grid.z << " block "
                                    << c.block.x << "," << c.block.y << "," << c.block.z);
    EXPECT_EQ(LaunchCount(c.grid, c.block), cudaErrorInvalidConfiguration);
    EXPECT_EQ(LastLaunchResult(), cudaErrorInvalidConfiguration);
    EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
    EXPECT_EQ(cudaGetLastError(), cudaSuccess);  // not sticky
  }
  EXPECT_EQ(g_threads, 0);
  // The largest legal shapes are fine.
  EXPECT_EQ(LaunchCount(dim3(1), dim3(1024)), cudaSuccess);
  EXPECT_EQ(LaunchCount(dim3(1), dim3(1, 1, 64)), cudaSuccess);
  EXPECT_EQ(LaunchCount(dim3(1, 2, 2), dim3(16, 16, 4)), cudaSuccess);
}

TEST_F(LaunchTest, DynamicSharedMemoryAbove48KNeedsOptIn) {
  SetArch(90);
  EXPECT_EQ(LaunchCount(dim3(1), dim3(32), 48 * 1024), cudaSuccess);
  EXPECT_EQ(g_threads, 32);
  EXPECT_EQ(LaunchCount(dim3(1), dim3(32), 48 * 1024 + 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(g_threads, 32);  // did not run
  ASSERT_EQ(cudaFuncSetAttribute(Count, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024), cudaSuccess);
  EXPECT_EQ(LaunchCount(dim3(1), dim3(32), 100 * 1024), cudaSuccess);
  EXPECT_EQ(g_threads, 64);
  EXPECT_EQ(LaunchCount(dim3(1), dim3(32), 100 * 1024 + 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  // Opting in above the arch's maximum fails and leaves the attribute as it was.
  EXPECT_EQ(cudaFuncSetAttribute(Count, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448 + 1),
            cudaErrorInvalidValue);
  EXPECT_EQ(LaunchCount(dim3(1), dim3(32), 100 * 1024 + 1), cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(g_threads, 64);
}

TEST_F(LaunchTest, UnnamedKernelMayUseTheOptInMaximum) {
  for (int arch : kArches) {
    SCOPED_TRACE(arch);
    SetArch(arch);
    const size_t optin = FindDeviceLimits(arch)->shared_per_block_optin;
    EXPECT_EQ(LaunchCount(dim3(1), dim3(1), optin, nullptr, /*named=*/false), cudaSuccess);
    EXPECT_EQ(LaunchCount(dim3(1), dim3(1), optin + 1, nullptr, /*named=*/false), cudaErrorInvalidValue);
    cudaGetLastError();
  }
}

TEST_F(LaunchTest, Streams) {
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  EXPECT_EQ(LaunchCount(dim3(1), dim3(8), 0, s), cudaSuccess);
  EXPECT_EQ(LaunchCount(dim3(1), dim3(8), 0, cudaStreamPerThread), cudaSuccess);
  EXPECT_EQ(g_threads, 16);
  ASSERT_EQ(cudaStreamDestroy(s), cudaSuccess);
  EXPECT_EQ(LaunchCount(dim3(1), dim3(8), 0, s), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(g_threads, 16);
}

TEST_F(LaunchTest, TrapLeavesAStickyError) {
  ::warpsafe::engine::LaunchWith(
      ::warpsafe::engine::LaunchSpec{dim3(1), dim3(32), 0, nullptr, reinterpret_cast<const void*>(&TrapOnThreadZero),
                                     "TrapOnThreadZero", ::warpsafe::engine::Site::Here()},
      [&](auto&... a) { TrapOnThreadZero(a...); });
  EXPECT_EQ(LastLaunchResult(), cudaErrorLaunchFailure);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  EXPECT_EQ(cudaGetLastError(), cudaErrorLaunchFailure);
  EXPECT_EQ(cudaGetLastError(), cudaErrorLaunchFailure);  // never cleared
  const int before = g_threads;
  EXPECT_EQ(LaunchCount(dim3(1), dim3(32)), cudaErrorLaunchFailure);
  EXPECT_EQ(g_threads, before);  // later launches do not run
  void* p = nullptr;
  EXPECT_EQ(cudaMalloc(&p, 4), cudaErrorLaunchFailure);
  EXPECT_EQ(cudaDeviceReset(), cudaErrorLaunchFailure);
}

TEST_F(LaunchTest, DeviceAssertLeavesAStickyError) {
  ::warpsafe::engine::LaunchWith(
      ::warpsafe::engine::LaunchSpec{dim3(2), dim3(32), 0, nullptr,
                                     reinterpret_cast<const void*>(&AssertOnThreadThree), "AssertOnThreadThree",
                                     ::warpsafe::engine::Site::Here()},
      [&](auto&... a) { AssertOnThreadThree(a...); });
  EXPECT_EQ(LastLaunchResult(), cudaErrorAssert);
  EXPECT_EQ(cudaGetLastError(), cudaErrorAssert);
  EXPECT_EQ(cudaStreamSynchronize(nullptr), cudaErrorAssert);
  EXPECT_STREQ(cudaGetErrorString(cudaPeekAtLastError()), "device-side assert triggered");
}

TEST_F(LaunchTest, StickyErrorStopsLaunches) {
  SetStickyError(cudaErrorAssert);
  EXPECT_EQ(LaunchCount(dim3(1), dim3(32)), cudaErrorAssert);
  EXPECT_EQ(LastLaunchResult(), cudaErrorAssert);
  EXPECT_EQ(g_threads, 0);
}

TEST_F(LaunchTest, LaunchFromDeviceCodeRunsAfterItsParentsGrid) {
  // Dynamic parallelism (docs/semantics/dynamic_parallelism.md, DP-1): the child is kept, with a
  // copy of its arguments, and runs once the parent's grid has finished, before the host's launch
  // returns.
  static std::atomic<int> seen_by_parent{-1};
  static std::atomic<int> launch_result{-1};
  ::warpsafe::engine::LaunchWith(
      ::warpsafe::engine::LaunchSpec{dim3(1), dim3(1), 0, nullptr, nullptr, "Outer", ::warpsafe::engine::Site::Here()},
      [&](auto&...) {
        launch_result = LaunchCount(dim3(2), dim3(3));
        seen_by_parent = g_threads.load();
      });
  EXPECT_EQ(launch_result.load(), cudaSuccess);
  EXPECT_EQ(seen_by_parent.load(), 0);
  EXPECT_EQ(g_threads.load(), 6);
}

TEST_F(LaunchTest, CudaLaunchKernel) {
  int* out = nullptr;
  ASSERT_EQ(cudaMallocManaged(&out, 64 * sizeof(int)), cudaSuccess);
  int value = 42;
  void* args[] = {&out, &value};
  ASSERT_EQ(cudaLaunchKernel(Store, dim3(2), dim3(32), args, 0, nullptr), cudaSuccess);
  for (int i = 0; i < 64; ++i) ASSERT_EQ(out[i], 42) << i;
  EXPECT_EQ(cudaLaunchKernel(Store, dim3(2), dim3(2048), args), cudaErrorInvalidConfiguration);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
}

}  // namespace
}  // namespace warpsafe::engine::runtime
