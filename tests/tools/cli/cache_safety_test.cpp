// The cache of built programs: only a directory that the user alone can write is used (another
// user could plant an executable that the next run executes), -v says which one and why, runs
// that race on an empty cache both succeed, and a run killed while compiling leaves a cache the
// next run uses correctly.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "cli/run_cli.h"

namespace warpsafe::test {
namespace {

TEST(CacheSafety, VerboseSaysWhichCacheAndWhy) {
  const std::string cache = ScratchDir("safety_verbose");
  const CliResult r = RunCli("run -v " + DataFile("hello.cu"), "WARPSAFE_CACHE_DIR=" + cache);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warpsafe: cache: " + cache + " (from WARPSAFE_CACHE_DIR)"), std::string::npos) << r.err;
}

TEST(CacheSafety, ADirectoryWritableByOthersIsRefused) {
  const std::string tmp = ScratchDir("safety_tmp");
  const std::string shared = ScratchDir("safety_shared");
  ASSERT_EQ(chmod(shared.c_str(), 0777), 0);
  const CliResult r = RunCli("run -v " + DataFile("hello.cu"), "TMPDIR=" + tmp + " WARPSAFE_CACHE_DIR=" + shared);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warpsafe: not using the cache directory " + shared + ": writable by everyone (mode 0777)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("warpsafe: cache: " + tmp + "/warpsafe-cache-"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::is_empty(shared)) << "the refused directory was written";
  // The fallback is created for the user alone.
  struct stat st {};
  ASSERT_EQ(stat((tmp + "/warpsafe-cache-" + std::to_string(geteuid())).c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
}

TEST(CacheSafety, AFallbackOwnedByAnotherUserIsRefused) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to give a directory to another user";
  const std::string tmp = ScratchDir("safety_owner");
  const std::string planted = tmp + "/warpsafe-cache-0";
  std::filesystem::create_directories(planted);
  ASSERT_EQ(chown(planted.c_str(), 4242, 4242), 0);
  ASSERT_EQ(chmod(planted.c_str(), 0755), 0);
  // The preferred directory cannot be created (its parent is a file): the fallback is all there is.
  std::ofstream(tmp + "/not_a_dir") << "a file";
  const CliResult r =
      RunCli("run " + DataFile("hello.cu"), "TMPDIR=" + tmp + " WARPSAFE_CACHE_DIR=" + tmp + "/not_a_dir/x");
  EXPECT_EQ(r.status, 73) << r.err;
  EXPECT_NE(r.err.find("not using the cache directory " + planted + ": owned by another user (uid 4242)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("no cache directory can be used"), std::string::npos) << r.err;
}

TEST(CacheSafety, ADirectoryWritableByAnotherGroupIsRefused) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to give a directory to another group";
  const std::string tmp = ScratchDir("safety_group_tmp");
  const std::string shared = ScratchDir("safety_group");
  ASSERT_EQ(chown(shared.c_str(), geteuid(), 4243), 0);
  ASSERT_EQ(chmod(shared.c_str(), 0770), 0);
  const CliResult r = RunCli("run " + DataFile("hello.cu"), "TMPDIR=" + tmp + " WARPSAFE_CACHE_DIR=" + shared);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("not using the cache directory " + shared + ": writable by the group 4243 (mode 0770)"),
            std::string::npos)
      << r.err;
  // The user's own primary group is the per-user group of a umask 002 set-up: not refused.
  ASSERT_EQ(chown(shared.c_str(), geteuid(), getegid()), 0);
  const CliResult own = RunCli("run -v " + DataFile("hello.cu"), "WARPSAFE_CACHE_DIR=" + shared);
  EXPECT_EQ(own.status, 0) << own.err;
  EXPECT_NE(own.err.find("warpsafe: cache: " + shared + " (from WARPSAFE_CACHE_DIR)"), std::string::npos) << own.err;
}

TEST(CacheSafety, TwoRunsOnAnEmptyCacheBothSucceed) {
  const std::string cache = ScratchDir("safety_concurrent");
  const std::string dir = ScratchDir("safety_concurrent_out");
  const std::string one = std::string(WARPSAFE_CLI) + " run " + DataFile("hello.cu") + " -- same";
  const std::string cmd = "export WARPSAFE_CACHE_DIR=" + cache + "; (" + one + " >" + dir + "/out1 2>" + dir +
                          "/err1; echo $? >" + dir + "/rc1) & (" + one + " >" + dir + "/out2 2>" + dir +
                          "/err2; echo $? >" + dir + "/rc2) & wait";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_EQ(Slurp(dir + "/rc1"), "0\n") << Slurp(dir + "/err1");
  EXPECT_EQ(Slurp(dir + "/rc2"), "0\n") << Slurp(dir + "/err2");
  EXPECT_NE(Slurp(dir + "/out1").find("sums 992 992\narg same\n"), std::string::npos) << Slurp(dir + "/out1");
  EXPECT_EQ(Slurp(dir + "/out1"), Slurp(dir + "/out2"));
  // Both published the same entry: the next run is a hit.
  const CliResult r = RunCli("run -v " + DataFile("hello.cu") + " -- same", "WARPSAFE_CACHE_DIR=" + cache);
  EXPECT_NE(r.err.find("warpsafe: cache hit"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, Slurp(dir + "/out1"));
}

// `signal`: how the first run is killed while its compiler runs (TERM: warpsafe takes the
// compiler down with it; KILL: the compiler is orphaned and finishes on its own).
void KilledDuringCompile(const std::string& name, const std::string& signal) {
  const std::string cache = ScratchDir("safety_killed_" + name);
  const std::string dir = ScratchDir("safety_killed_out_" + name);
  // The same compiler command in every run (it is part of the cache key); only the first sleeps.
  const std::string env = "WARPSAFE_CACHE_DIR=" + cache + " WARPSAFE_CXX=" + DataFile("slow_compiler.sh");
  const std::string first = "env " + env + " WARPSAFE_TEST_SLOW=3 " + WARPSAFE_CLI + " run " + DataFile("hello.cu") +
                            " >" + dir + "/out 2>" + dir + "/err & pid=$!; sleep 1; kill -" + signal +
                            " $pid; wait $pid; exit 0";
  ASSERT_EQ(std::system(first.c_str()), 0);
  CliResult r = RunCli("run -v " + DataFile("hello.cu") + " -- after", env);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("sums 992 992\narg after\n"), std::string::npos) << r.out << r.err;
  r = RunCli("run -v " + DataFile("hello.cu") + " -- again", env);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warpsafe: cache hit"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("sums 992 992\narg again\n"), std::string::npos) << r.out << r.err;
}

TEST(CacheSafety, RunTerminatedDuringItsCompileLeavesAUsableCache) { KilledDuringCompile("term", "TERM"); }
TEST(CacheSafety, RunKilledDuringItsCompileLeavesAUsableCache) { KilledDuringCompile("kill", "KILL"); }

}  // namespace
}  // namespace warpsafe::test
