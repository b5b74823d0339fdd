// cudaLaunchKernelEx with cudaLaunchConfig_t and launch attributes (engine/src/runtime/
// launch_ex.cpp and the template in runtime_templates.h), and programmatic dependent launch.
#include "cuda_runtime.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::runtime {
namespace {

class LaunchExTest : public RuntimeTest {};

__global__ void Produce(int* out, int value) {
  cudaTriggerProgrammaticLaunchCompletion();
  out[blockIdx.x * blockDim.x + threadIdx.x] = value;
}

__global__ void Consume(const int* in, int* out, long long add) {
  cudaGridDependencySynchronize();  // the producer's stores are visible after it
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + static_cast<int>(add);
}

TEST_F(LaunchExTest, LaunchesWithAttributesInStreamOrder) {
  SetArch(90);
  int* a = nullptr;
  int* b = nullptr;
  ASSERT_EQ(cudaMallocManaged(&a, 128 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&b, 128 * sizeof(int)), cudaSuccess);
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(4);
  config.blockDim = dim3(32);
  config.stream = s;
  ASSERT_EQ(cudaLaunchKernelEx(&config, Produce, a, 7), cudaSuccess);
  cudaLaunchAttribute attrs[2];
  attrs[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attrs[0].val.programmaticStreamSerializationAllowed = 1;
  attrs[1].id = cudaLaunchAttributeClusterDimension;
  attrs[1].val.clusterDim.x = 2;
  attrs[1].val.clusterDim.y = 1;
  attrs[1].val.clusterDim.z = 1;
  config.attrs = attrs;
  config.numAttrs = 2;
  ASSERT_EQ(cudaLaunchKernelEx(&config, Consume, a, b, 5), cudaSuccess);  // 5 converts to long long
  ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  for (int i = 0; i < 128; ++i) ASSERT_EQ(b[i], 12) << i;
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
  cudaFree(a);
  cudaFree(b);
}

TEST_F(LaunchExTest, BadConfigurationsGetCudasErrors) {
  SetArch(90);
  int* a = nullptr;
  ASSERT_EQ(cudaMallocManaged(&a, 64 * sizeof(int)), cudaSuccess);
  a[0] = -1;
  EXPECT_EQ(cudaLaunchKernelEx(nullptr, Produce, a, 1), cudaErrorInvalidValue);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(3);
  config.blockDim = dim3(32);
  config.numAttrs = 1;
  EXPECT_EQ(cudaLaunchKernelEx(&config, Produce, a, 1), cudaErrorInvalidValue);  // attrs missing
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = 2;  // does not divide a grid of 3
  attr.val.clusterDim.y = 1;
  attr.val.clusterDim.z = 1;
  config.attrs = &attr;
  EXPECT_EQ(cudaLaunchKernelEx(&config, Produce, a, 1), cudaErrorInvalidClusterSize);
  attr.id = static_cast<cudaLaunchAttributeID>(15);  // no such attribute
  EXPECT_EQ(cudaLaunchKernelEx(&config, Produce, a, 1), cudaErrorInvalidValue);
  config.numAttrs = 0;
  config.blockDim = dim3(4096);
  EXPECT_EQ(cudaLaunchKernelEx(&config, Produce, a, 1), cudaErrorInvalidConfiguration);
  EXPECT_EQ(a[0], -1);  // nothing ran
  SetArch(80);
  config.blockDim = dim3(32);
  config.gridDim = dim3(2);
  config.numAttrs = 1;
  attr.id = cudaLaunchAttributeClusterDimension;
  EXPECT_EQ(cudaLaunchKernelEx(&config, Produce, a, 1), cudaErrorInvalidClusterSize);  // no clusters before sm_90
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidClusterSize);
  cudaFree(a);
}

// The cooperative attribute makes the launch cooperative: a grid larger than the device holds at
// once fails as cudaLaunchCooperativeKernel's does, and the same grid without it runs.
TEST_F(LaunchExTest, CooperativeAttributeMakesACooperativeLaunch) {
  SetArch(90);
  int* a = nullptr;
  ASSERT_EQ(cudaMallocManaged(&a, 1024 * sizeof(int)), cudaSuccess);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(100000);
  config.blockDim = dim3(1024);
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeCooperative;
  attr.val.cooperative = 1;
  config.attrs = &attr;
  config.numAttrs = 1;
  EXPECT_EQ(cudaLaunchKernelEx(&config, Produce, a, 1), cudaErrorCooperativeLaunchTooLarge);
  config.gridDim = dim3(1);
  EXPECT_EQ(cudaLaunchKernelEx(&config, Produce, a, 3), cudaSuccess);
  EXPECT_EQ(a[1023], 3);
  cudaFree(a);
}

}  // namespace
}  // namespace warpsafe::engine::runtime
