// The include path policy: the compiler's own directories, less those holding CUDA toolkit headers.
#include "cli/include_policy.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "cli/run_cli.h"

namespace warpsafe::cli {
namespace {

TEST(IncludePolicy, ParsesTheCompilersSearchList) {
  const std::string verbose =
      "ignoring nonexistent directory \"/x\"\n"
      "#include \"...\" search starts here:\n"
      " /quoted/only\n"
      "#include <...> search starts here:\n"
      " /usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12\n"
      " /usr/local/include\n"
      " /usr/include\n"
      "End of search list.\n"
      " /not/a/dir\n";
  EXPECT_EQ(ParseIncludeSearchList(verbose),
            (std::vector<std::string>{"/usr/include/c++/12", "/usr/local/include", "/usr/include"}));
}

TEST(IncludePolicy, ToolkitDirectoriesAreFoundByContent) {
  namespace fs = std::filesystem;
  const fs::path root = test::ScratchDir("include_policy");
  fs::create_directories(root / "runtime");
  std::ofstream(root / "runtime" / "cuda_runtime_api.h") << "";
  fs::create_directories(root / "internal" / "crt");
  std::ofstream(root / "internal" / "crt" / "host_config.h") << "";
  fs::create_directories(root / "plain");
  std::ofstream(root / "plain" / "stdio.h") << "";
  EXPECT_TRUE(HoldsCudaToolkitHeaders((root / "runtime").string()));
  EXPECT_TRUE(HoldsCudaToolkitHeaders((root / "internal").string()));
  EXPECT_FALSE(HoldsCudaToolkitHeaders((root / "plain").string()));
  EXPECT_FALSE(HoldsCudaToolkitHeaders((root / "missing").string()));
}

TEST(IncludePolicy, TheCompilersOwnDirectoriesStayInOrderWithoutTheToolkits) {
  const std::vector<std::string> options = StandardIncludeOptions({"c++"});
  ASSERT_FALSE(options.empty());
  EXPECT_EQ(options[0], "-nostdinc");
  std::vector<std::string> kept;
  for (std::size_t i = 1; i + 1 < options.size(); i += 2) {
    EXPECT_EQ(options[i], "-isystem");
    kept.push_back(options[i + 1]);
    EXPECT_FALSE(HoldsCudaToolkitHeaders(options[i + 1])) << options[i + 1];
  }
  std::vector<std::string> expected;
  for (const std::string& d : CompilerIncludeDirs({"c++"})) {
    if (!HoldsCudaToolkitHeaders(d)) expected.push_back(d);
  }
  EXPECT_EQ(kept, expected);
}

}  // namespace
}  // namespace warpsafe::cli

namespace warpsafe::cli {
namespace {

TEST(IncludePolicy, CopiesOfEngineHeadersAreTold) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("warpsafe_shadows_" + std::to_string(getpid()));
  fs::create_directories(root / "engine" / "cooperative_groups");
  fs::create_directories(root / "engine" / "warpsafe");
  std::ofstream(root / "engine" / "cuda_fp16.h") << "";
  fs::create_directories(root / "plain");
  std::ofstream(root / "plain" / "kernel_common.h") << "";
  fs::create_directories(root / "own_warpsafe" / "warpsafe");
  fs::create_directories(root / "copied" / "cooperative_groups");
  fs::create_directories(root / "header");
  std::ofstream(root / "header" / "cuda_fp16.h") << "";
  const std::string engine = (root / "engine").string();
  EXPECT_FALSE(ShadowsEngineHeaders((root / "plain").string(), engine));
  EXPECT_FALSE(ShadowsEngineHeaders((root / "own_warpsafe").string(), engine));
  EXPECT_TRUE(ShadowsEngineHeaders((root / "copied").string(), engine));
  EXPECT_TRUE(ShadowsEngineHeaders((root / "header").string(), engine));
  fs::remove_all(root);
}

}  // namespace
}  // namespace warpsafe::cli
