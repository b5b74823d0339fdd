// Allocation, release, the allocation table and memory queries (memory.cpp, allocations.cpp).
#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

#include "cuda_runtime_api.h"
#include "runtime/allocations.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::runtime {
namespace {

using MemoryTest = RuntimeTest;

TEST_F(MemoryTest, MallocIsAlignedRecordedAndPoisoned) {
  float* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 1000 * sizeof(float)), cudaSuccess);  // the template overload
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % 256, 0u);
  AllocationInfo info;
  ASSERT_TRUE(FindAllocation(p + 999, &info));
  EXPECT_EQ(info.base, p);
  EXPECT_EQ(info.size, 4000u);
  EXPECT_EQ(info.kind, AllocationKind::kDevice);
  EXPECT_FALSE(FindAllocation(reinterpret_cast<char*>(p) + 4000, nullptr));  // one past the end
  const auto* bytes = reinterpret_cast<const unsigned char*>(p);
  EXPECT_EQ(bytes[0], kUninitializedByte);
  EXPECT_EQ(bytes[3999], kUninitializedByte);
  EXPECT_EQ(cudaFree(p), cudaSuccess);
  EXPECT_FALSE(FindAllocation(p, nullptr));
}

TEST_F(MemoryTest, FreeErrors) {
  EXPECT_EQ(cudaFree(nullptr), cudaSuccess);
  int local = 0;
  EXPECT_EQ(cudaFree(&local), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  char* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 512), cudaSuccess);
  EXPECT_EQ(cudaFree(p + 1), cudaErrorInvalidValue);  // not the start of the allocation
  EXPECT_EQ(cudaFreeHost(p), cudaErrorInvalidValue);  // device memory is not freed as host memory
  EXPECT_EQ(cudaFree(p), cudaSuccess);
  EXPECT_EQ(cudaFree(p), cudaErrorInvalidValue);  // double free
}

TEST_F(MemoryTest, MallocEdgeCases) {
  void* p = reinterpret_cast<void*>(0x1);
  EXPECT_EQ(cudaMalloc(&p, 0), cudaSuccess);
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(cudaMalloc(nullptr, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMalloc(&p, SIZE_MAX / 2), cudaErrorMemoryAllocation);
  EXPECT_EQ(cudaGetLastError(), cudaErrorMemoryAllocation);
}

TEST_F(MemoryTest, ManagedMemory) {
  int* p = nullptr;
  ASSERT_EQ(cudaMallocManaged(&p, 64 * sizeof(int)), cudaSuccess);
  AllocationInfo info;
  ASSERT_TRUE(FindAllocation(p, &info));
  EXPECT_EQ(info.kind, AllocationKind::kManaged);
  p[63] = 7;  // host access is legal
  EXPECT_EQ(cudaMemPrefetchAsync(p, 64 * sizeof(int), 0), cudaSuccess);
  EXPECT_EQ(cudaStreamAttachMemAsync(nullptr, p), cudaSuccess);
  EXPECT_EQ(cudaFree(p), cudaSuccess);
  EXPECT_EQ(cudaMallocManaged(&p, 16, 0x10), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocManaged(&p, 0), cudaErrorInvalidValue);
}

TEST_F(MemoryTest, PinnedHostMemory) {
  double* h = nullptr;
  ASSERT_EQ(cudaMallocHost(&h, 10 * sizeof(double)), cudaSuccess);
  AllocationInfo info;
  ASSERT_TRUE(FindAllocation(h, &info));
  EXPECT_EQ(info.kind, AllocationKind::kPinnedHost);
  void* d = nullptr;
  EXPECT_EQ(cudaHostGetDevicePointer(&d, h, 0), cudaSuccess);
  EXPECT_EQ(d, h);
  EXPECT_EQ(cudaFree(h), cudaErrorInvalidValue);  // pinned memory is freed with cudaFreeHost
  EXPECT_EQ(cudaFreeHost(h), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(h), cudaErrorInvalidValue);

  void* m = nullptr;
  ASSERT_EQ(cudaHostAlloc(&m, 100, cudaHostAllocMapped | cudaHostAllocPortable), cudaSuccess);
  unsigned flags = 0;
  EXPECT_EQ(cudaHostGetFlags(&flags, m), cudaSuccess);
  EXPECT_NE(flags & cudaHostAllocPortable, 0u);
  EXPECT_EQ(cudaFreeHost(m), cudaSuccess);
  EXPECT_EQ(cudaHostAlloc(&m, 100, 0x100), cudaErrorInvalidValue);
  int local = 0;
  EXPECT_EQ(cudaHostGetDevicePointer(&d, &local, 0), cudaErrorInvalidValue);
}

TEST_F(MemoryTest, HostRegister) {
  std::vector<char> buffer(4096);
  EXPECT_EQ(cudaHostRegister(buffer.data(), buffer.size(), cudaHostRegisterDefault), cudaSuccess);
  EXPECT_EQ(cudaHostRegister(buffer.data() + 16, 16, 0), cudaErrorHostMemoryAlreadyRegistered);
  void* d = nullptr;
  EXPECT_EQ(cudaHostGetDevicePointer(&d, buffer.data(), 0), cudaSuccess);
  EXPECT_EQ(cudaHostUnregister(buffer.data()), cudaSuccess);
  EXPECT_EQ(cudaHostUnregister(buffer.data()), cudaErrorHostMemoryNotRegistered);
}

TEST_F(MemoryTest, PointerAttributes) {
  void* d = nullptr;
  void* m = nullptr;
  void* h = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 8), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&m, 8), cudaSuccess);
  ASSERT_EQ(cudaMallocHost(&h, 8), cudaSuccess);
  cudaPointerAttributes a;
  ASSERT_EQ(cudaPointerGetAttributes(&a, d), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeDevice);
  EXPECT_EQ(a.devicePointer, d);
  EXPECT_EQ(a.hostPointer, nullptr);
  ASSERT_EQ(cudaPointerGetAttributes(&a, m), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeManaged);
  ASSERT_EQ(cudaPointerGetAttributes(&a, h), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeHost);
  int local = 0;
  ASSERT_EQ(cudaPointerGetAttributes(&a, &local), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeUnregistered);
}

TEST_F(MemoryTest, MemGetInfo) {
  size_t free = 0, total = 0;
  ASSERT_EQ(cudaMemGetInfo(&free, &total), cudaSuccess);
  EXPECT_GT(total, 0u);
  EXPECT_LE(free, total);
  cudaDeviceProp p;
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  EXPECT_EQ(total, p.totalGlobalMem);
}

TEST_F(MemoryTest, MallocPitch) {
  void* p = nullptr;
  size_t pitch = 0;
  ASSERT_EQ(cudaMallocPitch(&p, &pitch, 100, 10), cudaSuccess);
  EXPECT_GE(pitch, 100u);
  EXPECT_EQ(pitch % 256, 0u);
  AllocationInfo info;
  ASSERT_TRUE(FindAllocation(p, &info));
  EXPECT_EQ(info.size, pitch * 10);
  EXPECT_EQ(cudaFree(p), cudaSuccess);
}

std::vector<std::pair<AllocationInfo, bool>> g_events;
void RecordEvent(const AllocationInfo& info, bool live) { g_events.emplace_back(info, live); }

TEST_F(MemoryTest, HookSeesEveryRangeComeAndGo) {
  g_events.clear();
  SetAllocationHook(RecordEvent);
  void* d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 100), cudaSuccess);
  ASSERT_EQ(cudaFree(d), cudaSuccess);
  void* m = nullptr;
  ASSERT_EQ(cudaMallocManaged(&m, 8), cudaSuccess);
  ASSERT_EQ(cudaDeviceReset(), cudaSuccess);  // frees m
  SetAllocationHook(nullptr);
  ASSERT_EQ(g_events.size(), 4u);
  EXPECT_EQ(g_events[0].first.base, d);
  EXPECT_EQ(g_events[0].first.size, 100u);
  EXPECT_TRUE(g_events[0].second);
  EXPECT_EQ(g_events[1].first.base, d);
  EXPECT_FALSE(g_events[1].second);
  EXPECT_EQ(g_events[2].first.kind, AllocationKind::kManaged);
  EXPECT_TRUE(g_events[2].second);
  EXPECT_EQ(g_events[3].first.base, m);
  EXPECT_FALSE(g_events[3].second);
}

TEST_F(MemoryTest, TableIsThreadSafe) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([] {
      for (int i = 0; i < 200; ++i) {
        void* p = nullptr;
        ASSERT_EQ(cudaMalloc(&p, 64 + i), cudaSuccess);
        ASSERT_TRUE(FindAllocation(p, nullptr));
        ASSERT_EQ(cudaFree(p), cudaSuccess);
      }
    });
  }
  for (auto& t : threads) t.join();
}

}  // namespace
}  // namespace warpsafe::engine::runtime
