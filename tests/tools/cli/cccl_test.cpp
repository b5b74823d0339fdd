// Finding CCCL and its shadow tree, on a small stand-in tree.
#include "cli/cccl.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "cli/run_cli.h"

namespace warpsafe::cli {
namespace {
namespace fs = std::filesystem;

void Write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

TEST(Cccl, FoundInAUserDirThenInAToolkitsCcclFolder) {
  const fs::path root = test::ScratchDir("cccl_find");
  Write(root / "user" / "cub" / "cub.cuh", "");
  Write(root / "toolkit" / "cuda_runtime_api.h", "");
  Write(root / "toolkit" / "cccl" / "thrust" / "version.h", "");
  const std::string user = (root / "user").string(), toolkit = (root / "toolkit").string();
  EXPECT_EQ(FindCccl({user}, {toolkit}), user);
  // The toolkit's own include directory never: only its cccl folder.
  EXPECT_EQ(FindCccl({}, {toolkit}), toolkit + "/cccl");
  EXPECT_TRUE(IsCcclRoot(user));
  EXPECT_FALSE(IsCcclRoot(toolkit));
}

TEST(Cccl, OnlyProgramsThatIncludeItNeedIt) {
  EXPECT_TRUE(IncludesCccl("int a;\n#include <cub/cub.cuh>\n"));
  EXPECT_TRUE(IncludesCccl("#  include <thrust/sort.h>\n"));
  EXPECT_TRUE(IncludesCccl("#include <cuda/std/atomic>\n"));
  EXPECT_FALSE(IncludesCccl("#include <cuda_runtime.h>\nbool b = x <cub/ y;\n"));
}

TEST(Cccl, ShadowTreeIsBuiltOnceAndFollowsTheHeaders) {
  const fs::path root = test::ScratchDir("cccl_shadow");
  const fs::path cccl = root / "cccl", cache = root / "cache";
  Write(cccl / "cub" / "cub.cuh", "#pragma once\n#include \"block/scan.cuh\"\n");
  Write(cccl / "cub" / "block" / "scan.cuh", "__global__ void K() { __shared__ int s[4]; }\n");
  Write(cccl / "nv" / "target", "#define NV_TARGET 1\n");
  fs::create_directories(cache);
  std::string error;
  double seconds = -1;
  const std::string shadow = ShadowTree(cccl.string(), cache.string(), &error, &seconds);
  ASSERT_FALSE(shadow.empty()) << error;
  EXPECT_GE(seconds, 0.0);
  const std::string scan = test::Slurp(shadow + "/cub/block/scan.cuh");
  EXPECT_EQ(scan.rfind("#line 1 \"" + (cccl / "cub" / "block" / "scan.cuh").string() + "\"\n", 0), 0u) << scan;
  EXPECT_EQ(scan.find("__shared__ int"), std::string::npos) << scan;
  EXPECT_NE(scan.find("StaticShared("), std::string::npos) << scan;
  EXPECT_NE(test::Slurp(shadow + "/cub/cub.cuh").find("#include \"block/scan.cuh\""), std::string::npos);
  EXPECT_TRUE(fs::exists(shadow + "/nv/target"));
  // Reused while nothing changes; a changed header gives another tree.
  EXPECT_EQ(ShadowTree(cccl.string(), cache.string(), &error, &seconds), shadow);
  EXPECT_EQ(seconds, 0.0);
  Write(cccl / "cub" / "block" / "scan.cuh", "__global__ void K2() {}\n// longer than before\n");
  EXPECT_NE(ShadowTree(cccl.string(), cache.string(), &error), shadow);
}

// A tree rewritten by another build of warpsafe is not reused: the front end's rewrites change
// between builds of the same version (a tree from before inline PTX was rewritten kept its asm).
TEST(Cccl, ShadowTreeIsRebuiltForAnotherBuildOfTheFrontEnd) {
  const fs::path root = test::ScratchDir("cccl_rebuild");
  const fs::path cccl = root / "cccl", cache = root / "cache";
  Write(cccl / "cub" / "cub.cuh", "#pragma once\n");
  fs::create_directories(cache);
  std::string error;
  const std::string first = ShadowTree(cccl.string(), cache.string(), &error);
  ASSERT_FALSE(first.empty()) << error;
  ASSERT_EQ(ShadowTree(cccl.string(), cache.string(), &error), first);
  // This test program stands for warpsafe: touching it makes it another build.
  const fs::path self = fs::canonical("/proc/self/exe");
  fs::last_write_time(self, fs::last_write_time(self) + std::chrono::seconds(1));
  const std::string second = ShadowTree(cccl.string(), cache.string(), &error);
  ASSERT_FALSE(second.empty()) << error;
  EXPECT_NE(second, first);
}

}  // namespace
}  // namespace warpsafe::cli
