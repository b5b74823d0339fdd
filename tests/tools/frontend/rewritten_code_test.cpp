// Runs the code of tests/tools/data/snippets.cu after RewriteCuda, against the stub engine.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <string>
#include <set>

#include "stub_engine.h"

void RunFill(int* out);
void RunMacros(int* out);
void RunSharedShapes(int* out);
void RunPerInstantiation(const void** keys);
const void* FillKey();
const void* PerInstantiationKey();
const char* NotALaunch();
std::size_t TileElements();
void RunProxyOps(int* out);

namespace {

// The 1-based line of snippets.cu holding `needle`.
unsigned LineOf(const std::string& needle) {
  std::ifstream in(WARPSAFE_SNIPPETS);
  unsigned n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.find(needle) != std::string::npos) return n;
  }
  return 0;
}

TEST(RewrittenCode, MultiLineLaunchRunsWithItsConfigurationAndFirstLine) {
  stub::Launches().clear();
  int out[8] = {};
  RunFill(out);
  ASSERT_EQ(stub::Launches().size(), 1u);
  const stub::RecordedLaunch& l = stub::Launches()[0];
  EXPECT_EQ(l.grid.x, 2u);
  EXPECT_EQ(l.block.x, 4u);
  EXPECT_EQ(l.kernel_key, FillKey());
  EXPECT_EQ(l.kernel_name, "fill");
  EXPECT_EQ(l.line, LineOf("fill<<<dim3(2,"));  // the launch's first line in snippets.cu
  for (int v : out) EXPECT_EQ(v, 8);
}

TEST(RewrittenCode, LaunchesInMacros) {
  stub::Launches().clear();
  int out[8] = {};
  RunMacros(out);
  ASSERT_EQ(stub::Launches().size(), 2u);
  EXPECT_EQ(stub::Launches()[0].line, LineOf("LAUNCH_FILL(out, 21);"));
  EXPECT_EQ(stub::Launches()[1].kernel_name, "fill");  // #kern of the macro parameter
  EXPECT_EQ(out[0], 21);
  EXPECT_EQ(out[4], 22);
}

TEST(RewrittenCode, SharedMemoryIsSharedWithinABlock) {
  stub::Launches().clear();
  int out[5] = {};
  RunSharedShapes(out);
  // 7 + (1.5 + 2.5) + 9 + 11 + 13, aligned (+100), a and b distinct (+1000)
  for (int i = 0; i < 3; ++i) EXPECT_EQ(out[i], 7 + 4 + 9 + 11 + 13 + 100 + 1000) << i;
  EXPECT_EQ(out[3], 3);  // the namespace-scope counter counts one block's threads
  EXPECT_EQ(out[4], 5);
  EXPECT_EQ(stub::Launches()[0].dynamic_smem, 64u);
}

TEST(RewrittenCode, EachTemplateInstantiationHasItsOwnSharedKey) {
  stub::Launches().clear();
  stub::SharedKeys().clear();
  const void* storage[2] = {};
  RunPerInstantiation(storage);
  EXPECT_NE(storage[0], nullptr);
  EXPECT_NE(storage[1], nullptr);
  ASSERT_EQ(stub::SharedKeys().size(), 2u);
  EXPECT_NE(stub::SharedKeys()[0], stub::SharedKeys()[1]);
  ASSERT_EQ(stub::Launches().size(), 2u);
  EXPECT_EQ(stub::Launches()[0].kernel_key, PerInstantiationKey());
  EXPECT_EQ(stub::Launches()[0].kernel_name, "per_instantiation<int, 4>");
}

TEST(RewrittenCode, EveryThreadOfADeclarationUsesOneKey) {
  stub::SharedKeys().clear();
  int out[5] = {};
  RunSharedShapes(out);
  // 2 blocks x 3 threads x (scalar, a, b, grid2d, temp), and the namespace-scope variable's uses:
  // `= 0` by one thread per block, `+= 1` and the read by every thread.
  ASSERT_EQ(stub::SharedKeys().size(), 2u * 3 * 5 + 2 * 1 + 2 * 3 * 2);
  std::set<const void*> distinct(stub::SharedKeys().begin(), stub::SharedKeys().end());
  EXPECT_EQ(distinct.size(), 6u);
}

TEST(RewrittenCode, NamespaceScopeSharedHasTheDeclaredSize) { EXPECT_EQ(TileElements(), 8u); }

TEST(RewrittenCode, NamespaceScopeProxyOperators) {
  int out[2] = {};
  RunProxyOps(out);
  EXPECT_EQ(out[0], 16);  // ((0 + 1 + 1 + 5 - 1) * 2 + 1) + 1.5 * 2
  EXPECT_EQ(out[1], 16);
}

TEST(RewrittenCode, StringsAreUntouched) { EXPECT_STREQ(NotALaunch(), "fill<<<1, 1>>>(nullptr)"); }

// Every non-template kernel the file defines is registered before main runs, so that its address
// alone is launchable; a template is not (nothing names an instantiation there).
TEST(RewrittenCode, DefinedKernelsAreRegisteredByAddress) {
  const std::vector<const void*>& k = stub::RegisteredKernels();
  EXPECT_EQ(std::count(k.begin(), k.end(), FillKey()), 1);
  EXPECT_EQ(std::count(k.begin(), k.end(), PerInstantiationKey()), 0);
}

}  // namespace
