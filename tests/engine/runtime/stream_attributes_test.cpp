// Stream attributes and the access policy window (engine/src/runtime/stream_attributes.cpp), and
// stream priorities: recorded and read back, checked with CUDA's errors.
#include "cuda_runtime_api.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::runtime {
namespace {

class StreamAttributesTest : public RuntimeTest {};

TEST_F(StreamAttributesTest, AccessPolicyWindowIsRecordedPerStream) {
  SetArch(80);
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  int data[256];
  cudaStreamAttrValue v = {};
  v.accessPolicyWindow.base_ptr = data;
  v.accessPolicyWindow.num_bytes = sizeof data;
  v.accessPolicyWindow.hitRatio = 0.6f;
  v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  ASSERT_EQ(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v), cudaSuccess);
  cudaStreamAttrValue out = {};
  ASSERT_EQ(cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &out), cudaSuccess);
  EXPECT_EQ(out.accessPolicyWindow.base_ptr, data);
  EXPECT_EQ(out.accessPolicyWindow.num_bytes, sizeof data);
  EXPECT_EQ(out.accessPolicyWindow.hitRatio, 0.6f);
  EXPECT_EQ(out.accessPolicyWindow.hitProp, cudaAccessPropertyPersisting);
  // Another stream has none.
  ASSERT_EQ(cudaStreamGetAttribute(0, cudaStreamAttributeAccessPolicyWindow, &out), cudaSuccess);
  EXPECT_EQ(out.accessPolicyWindow.num_bytes, 0u);
  EXPECT_EQ(cudaCtxResetPersistingL2Cache(), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(StreamAttributesTest, BadWindowsAndAttributesAreInvalidValues) {
  SetArch(80);
  cudaStreamAttrValue v = {};
  v.accessPolicyWindow.num_bytes = 1024;
  v.accessPolicyWindow.hitRatio = 1.5f;
  EXPECT_EQ(cudaStreamSetAttribute(0, cudaStreamAttributeAccessPolicyWindow, &v), cudaErrorInvalidValue);
  v.accessPolicyWindow.hitRatio = 0.5f;
  v.accessPolicyWindow.missProp = cudaAccessPropertyPersisting;
  EXPECT_EQ(cudaStreamSetAttribute(0, cudaStreamAttributeAccessPolicyWindow, &v), cudaErrorInvalidValue);
  v.accessPolicyWindow.missProp = cudaAccessPropertyNormal;
  int max_bytes = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&max_bytes, cudaDevAttrMaxAccessPolicyWindowSize, 0), cudaSuccess);
  v.accessPolicyWindow.num_bytes = static_cast<size_t>(max_bytes) + 1;
  EXPECT_EQ(cudaStreamSetAttribute(0, cudaStreamAttributeAccessPolicyWindow, &v), cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamSetAttribute(0, cudaStreamAttributeAccessPolicyWindow, nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamSetAttribute(0, cudaLaunchAttributeCooperative, &v), cudaErrorInvalidValue);
  cudaStreamAttrValue out;
  EXPECT_EQ(cudaStreamGetAttribute(reinterpret_cast<cudaStream_t>(0x77), cudaStreamAttributePriority, &out),
            cudaErrorInvalidResourceHandle);
  // Before sm_80 there is no window at all.
  SetArch(75);
  v.accessPolicyWindow.num_bytes = 1024;
  EXPECT_EQ(cudaStreamSetAttribute(0, cudaStreamAttributeAccessPolicyWindow, &v), cudaErrorInvalidValue);
}

TEST_F(StreamAttributesTest, PriorityAndSynchronizationPolicy) {
  int least = 1, greatest = 1;
  ASSERT_EQ(cudaDeviceGetStreamPriorityRange(&least, &greatest), cudaSuccess);
  EXPECT_EQ(least, 0);
  EXPECT_LT(greatest, least);
  cudaStream_t high;
  ASSERT_EQ(cudaStreamCreateWithPriority(&high, cudaStreamNonBlocking, greatest), cudaSuccess);
  cudaStreamAttrValue out = {};
  ASSERT_EQ(cudaStreamGetAttribute(high, cudaStreamAttributePriority, &out), cudaSuccess);
  EXPECT_EQ(out.priority, greatest);
  cudaStreamAttrValue v = {};
  v.priority = greatest - 100;  // clamped to the range
  ASSERT_EQ(cudaStreamSetAttribute(high, cudaStreamAttributePriority, &v), cudaSuccess);
  ASSERT_EQ(cudaStreamGetAttribute(high, cudaStreamAttributePriority, &out), cudaSuccess);
  EXPECT_EQ(out.priority, greatest);
  ASSERT_EQ(cudaStreamGetAttribute(high, cudaStreamAttributeSynchronizationPolicy, &out), cudaSuccess);
  EXPECT_EQ(out.syncPolicy, cudaSyncPolicyAuto);
  v.syncPolicy = cudaSyncPolicyBlockingSync;
  ASSERT_EQ(cudaStreamSetAttribute(high, cudaStreamAttributeSynchronizationPolicy, &v), cudaSuccess);
  ASSERT_EQ(cudaStreamGetAttribute(high, cudaStreamAttributeSynchronizationPolicy, &out), cudaSuccess);
  EXPECT_EQ(out.syncPolicy, cudaSyncPolicyBlockingSync);
  v.syncPolicy = static_cast<cudaSynchronizationPolicy>(9);
  EXPECT_EQ(cudaStreamSetAttribute(high, cudaStreamAttributeSynchronizationPolicy, &v), cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamDestroy(high), cudaSuccess);
}

}  // namespace
}  // namespace warpsafe::engine::runtime
