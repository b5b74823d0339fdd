// Device memory on huge pages (runtime/huge_pages.h): the advice covers exactly the whole huge pages
// of a range, and a large cudaMalloc / cudaMallocHost / cudaMallocManaged block is advised, all of it
// but its red zones, before it is filled.
#include <sys/mman.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "cuda_runtime_api.h"
#include "runtime/allocations.h"
#include "runtime/huge_pages.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::runtime {
namespace {

using HugePagesTest = RuntimeTest;

// Whether this kernel takes the advice at all (transparent huge pages built in and not `never`).
bool SystemTakesAdvice() {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  return std::getline(in, line) && line.find("[never]") == std::string::npos;
}

// The VmFlags line of /proc/self/smaps for the mapping that contains `p` ("" if none).
std::string VmFlagsOf(const void* p) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  std::ifstream in("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    std::uintptr_t lo = 0;
    std::uintptr_t hi = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> lo >> dash >> hi && dash == '-' && line.find(':') > line.find(' ')) {
      inside = lo <= a && a < hi;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) return line + " ";
  }
  return "";
}

bool Advised(const void* p) { return VmFlagsOf(p).find(" hg ") != std::string::npos; }

TEST(HugePages, AdviceCoversExactlyTheWholeHugePagesOfTheRange) {
  if (!SystemTakesAdvice()) GTEST_SKIP() << "transparent huge pages are off on this system";
  const std::size_t span = 4 * kHugePageBytes;
  void* map = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(map, MAP_FAILED);
  const auto base = reinterpret_cast<std::uintptr_t>(map);
  auto* aligned = reinterpret_cast<char*>((base + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes);
  // Starting one byte into a huge page and ending one byte short of the third boundary: only the
  // one whole page between is advised.
  EXPECT_EQ(AdviseHugePages(aligned + 1, 3 * kHugePageBytes - 2), kHugePageBytes);
  EXPECT_FALSE(Advised(aligned));
  EXPECT_TRUE(Advised(aligned + kHugePageBytes));
  EXPECT_FALSE(Advised(aligned + 2 * kHugePageBytes));
  EXPECT_EQ(AdviseHugePages(aligned + 1, kHugePageBytes), 0u);  // no whole page inside
  EXPECT_EQ(AdviseHugePages(aligned, 0), 0u);
  munmap(map, span);
}

TEST_F(HugePagesTest, LargeBlocksAreAdvisedBeforeTheirFillAndSmallOnesAreNot) {
  if (!SystemTakesAdvice()) GTEST_SKIP() << "transparent huge pages are off on this system";
  const std::size_t large = 8 * kHugePageBytes;
  char* device = nullptr;
  char* host = nullptr;
  char* managed = nullptr;
  char* small = nullptr;
  ASSERT_EQ(cudaMalloc(&device, large), cudaSuccess);
  ASSERT_EQ(cudaMallocHost(&host, large), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&managed, large), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&small, 4096), cudaSuccess);
  for (char* p : {device, host, managed}) {
    // Every huge page that holds only the block's bytes is advised, the first and the last included.
    const auto first = (reinterpret_cast<std::uintptr_t>(p) + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
    EXPECT_TRUE(Advised(reinterpret_cast<char*>(first)));
    EXPECT_TRUE(Advised(p + large - kHugePageBytes));
    // Still the runtime's block: aligned, filled, its red zones outside it.
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % kAllocationAlignment, 0u);
    EXPECT_EQ(static_cast<unsigned char>(p[large - 1]), kUninitializedByte);
    AllocationInfo info;
    ASSERT_TRUE(FindAllocation(p + large - 1, &info));
    EXPECT_EQ(info.size, large);
  }
  EXPECT_FALSE(Advised(small));
  EXPECT_EQ(cudaFree(device), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(host), cudaSuccess);
  EXPECT_EQ(cudaFree(managed), cudaSuccess);
  EXPECT_EQ(cudaFree(small), cudaSuccess);
}

}  // namespace
}  // namespace warpsafe::engine::runtime
