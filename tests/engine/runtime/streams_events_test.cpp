// Streams and events (streams.cpp, events.cpp).
#include <chrono>
#include <thread>

#include "cuda_runtime_api.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::runtime {
namespace {

using StreamsTest = RuntimeTest;
using EventsTest = RuntimeTest;

TEST_F(StreamsTest, Lifecycle) {
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  EXPECT_NE(s, nullptr);
  EXPECT_EQ(cudaStreamQuery(s), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamQuery(s), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
}

TEST_F(StreamsTest, ImplicitStreams) {
  for (cudaStream_t s : {static_cast<cudaStream_t>(nullptr), cudaStreamLegacy, cudaStreamPerThread}) {
    EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
    EXPECT_EQ(cudaStreamQuery(s), cudaSuccess);
    EXPECT_EQ(cudaStreamDestroy(s), cudaErrorInvalidResourceHandle);
  }
}

TEST_F(StreamsTest, FlagsAndPriorities) {
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  unsigned flags = 0;
  EXPECT_EQ(cudaStreamGetFlags(s, &flags), cudaSuccess);
  EXPECT_EQ(flags, static_cast<unsigned>(cudaStreamNonBlocking));
  EXPECT_EQ(cudaStreamCreateWithFlags(&s, 0x40), cudaErrorInvalidValue);
  cudaStream_t p = nullptr;
  ASSERT_EQ(cudaStreamCreateWithPriority(&p, cudaStreamDefault, -100), cudaSuccess);
  int priority = 0;
  EXPECT_EQ(cudaStreamGetPriority(p, &priority), cudaSuccess);
  EXPECT_EQ(priority, -5);  // clamped to the greatest priority
  EXPECT_EQ(cudaStreamCreate(nullptr), cudaErrorInvalidValue);
}

TEST_F(StreamsTest, HostCallbacksRunInOrder) {
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  int calls = 0;
  ASSERT_EQ(cudaLaunchHostFunc(s, [](void* p) { ++*static_cast<int*>(p); }, &calls), cudaSuccess);
  ASSERT_EQ(cudaStreamAddCallback(
                s, [](cudaStream_t, cudaError_t status, void* p) { *static_cast<int*>(p) += status == cudaSuccess ? 10 : 100; },
                &calls, 0),
            cudaSuccess);
  EXPECT_EQ(calls, 11);
}

TEST_F(StreamsTest, ResetInvalidatesStreams) {
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  ASSERT_EQ(cudaDeviceReset(), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaErrorInvalidResourceHandle);
  cudaStream_t t = nullptr;
  ASSERT_EQ(cudaStreamCreate(&t), cudaSuccess);
  EXPECT_NE(t, s);  // handles are never reused
}

TEST_F(EventsTest, ElapsedTime) {
  cudaEvent_t start = nullptr, stop = nullptr;
  ASSERT_EQ(cudaEventCreate(&start), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&stop), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(start), cudaSuccess);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_EQ(cudaEventRecord(stop, nullptr), cudaSuccess);
  EXPECT_EQ(cudaEventSynchronize(stop), cudaSuccess);
  EXPECT_EQ(cudaEventQuery(stop), cudaSuccess);
  float ms = 0;
  ASSERT_EQ(cudaEventElapsedTime(&ms, start, stop), cudaSuccess);
  EXPECT_GE(ms, 19.0f);
  EXPECT_LT(ms, 2000.0f);
  EXPECT_EQ(cudaEventDestroy(start), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(start), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventElapsedTime(&ms, start, stop), cudaErrorInvalidResourceHandle);
}

TEST_F(EventsTest, ElapsedTimeErrors) {
  cudaEvent_t a = nullptr, b = nullptr, untimed = nullptr;
  ASSERT_EQ(cudaEventCreate(&a), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&b), cudaSuccess);
  ASSERT_EQ(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming), cudaSuccess);
  float ms = 0;
  EXPECT_EQ(cudaEventQuery(a), cudaSuccess);  // never recorded: complete
  EXPECT_EQ(cudaEventElapsedTime(&ms, a, b), cudaErrorInvalidResourceHandle);  // not recorded
  ASSERT_EQ(cudaEventRecord(a), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(untimed), cudaSuccess);
  EXPECT_EQ(cudaEventElapsedTime(&ms, a, untimed), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventElapsedTime(nullptr, a, a), cudaErrorInvalidValue);
  EXPECT_EQ(cudaEventCreateWithFlags(&a, 0x80), cudaErrorInvalidValue);
  EXPECT_EQ(cudaEventCreateWithFlags(&a, cudaEventInterprocess), cudaErrorInvalidValue);
  EXPECT_EQ(cudaEventCreate(&a, cudaEventBlockingSync), cudaSuccess);  // the C++ overload
}

TEST_F(EventsTest, RecordOnStreamsAndWait) {
  cudaStream_t s = nullptr;
  cudaEvent_t e = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&e), cudaSuccess);
  EXPECT_EQ(cudaEventRecord(e, s), cudaSuccess);
  EXPECT_EQ(cudaStreamWaitEvent(cudaStreamPerThread, e, 0), cudaSuccess);
  ASSERT_EQ(cudaStreamDestroy(s), cudaSuccess);
  EXPECT_EQ(cudaEventRecord(e, s), cudaErrorInvalidResourceHandle);
  ASSERT_EQ(cudaEventDestroy(e), cudaSuccess);
  EXPECT_EQ(cudaStreamWaitEvent(nullptr, e), cudaErrorInvalidResourceHandle);
}

}  // namespace
}  // namespace warpsafe::engine::runtime
